"""Where Amritsar's personal boards lie beside the main board, in millimetres.

The rulebook gives no sizes, so this geometry is **assumed** (written out in
``hardware/amritsar-boards/layout.json``; an owner measures their own copy).
Frame of reference: the main board's (:mod:`vision.layout`), x east, y south,
origin at its north-west corner; the main board is 640 mm square and the
revealed storehouses lie east of it.

- Each seat's personal board (``BOARD_W`` x ``BOARD_H``) lies beyond the main
  board's south edge (seats 0 and 1) or north edge (seats 2 and 3, turned half
  round to face their player). A board may lie a little off its place: the
  reader finds it from its own two corner stickers (top-left, bottom-right).
- On a board, in its own mm (x right, y down as its player reads it):
  the tax track, a row of 16 spaces along the top (0 on the left); the three
  knowledge tracks (development, resources, money: the engine's order), one
  column each on the right, 7 spaces from the bottom (the start, 0) up to the
  last space (6); the three storage spaces (where an upgrade puts a
  storehouse tile); the four mahout spaces (yellow, blue, white, green) and
  the four objective spaces, each holding a donation counter until its
  upgrade puts a mahout tile or a face-down objective there.
- Every track space and every storage space has a printed spot sticker: seen,
  nothing stands on it. A counter, a tile or a storehouse is read from its own
  sticker (:mod:`vision.games.amritsar_boards.plan`).

The coins and resources in the storehouses (the starting storehouse's 4
spaces and each tile's) are read from their colour (:mod:`.goods`).
"""

from __future__ import annotations

import math
from functools import cache

from .. import beside
from ..beside import Point as Point  # the game's modules use L.Point, L.Pose
from ..beside import Pose as Pose

MAIN_BOARD_MM = 640.0
MAIN_CORNERS: dict[str, Point] = {
    "NW": (16.0, 16.0),
    "NE": (624.0, 16.0),
    "SE": (624.0, 624.0),
    "SW": (16.0, 624.0),
}
BOARD_W, BOARD_H = 320.0, 210.0
MARK_AT = 12.0  # corner sticker centre, from the board's edges
#: corner stickers, board-local mm (top-left, bottom-right)
MARKS: tuple[Point, Point] = ((MARK_AT, MARK_AT), (BOARD_W - MARK_AT, BOARD_H - MARK_AT))
TRACKS = 3
TRACK_LAST = 6  # a knowledge counter's last space (the engine's tracks run 0..6)
TRACK_X = (220.0, 250.0, 280.0)
TRACK_Y0, TRACK_PITCH = 186.0, 22.0
TAX_SPACES = 16
TAX_X0, TAX_PITCH, TAX_Y = 40.0, 16.0, 24.0
STORAGE = 3
STORAGE_X, STORAGE_Y = (40.0, 95.0, 150.0), 70.0
STORAGE_HALF = (24.0, 26.0)  # a tile with 4 coin-sized spaces round its sticker
UPGRADE_SPACES = 4
UPGRADE_X = (30.0, 68.0, 106.0, 144.0)
MAHOUT_Y, OBJECTIVE_Y = 124.0, 172.0
UPGRADE_HALF = 16.0
#: per seat: where the board's local origin lies on the table, and its turn (degrees)
SEAT_BOARDS: tuple[tuple[Point, float], ...] = (
    ((-10.0, 670.0), 0.0),
    ((330.0, 670.0), 0.0),
    ((650.0, -30.0), 180.0),
    ((310.0, -30.0), 180.0),
)
#: what the camera must see: the main board, the storehouse display, the boards
EXTENT: tuple[float, float, float, float] = (-20.0, -250.0, 790.0, 890.0)
#: with one or two seats the north boards are not there: a closer view
EXTENT_SOUTH: tuple[float, float, float, float] = (-20.0, -10.0, 790.0, 890.0)


def extent_for(players: int) -> tuple[float, float, float, float]:
    """What the camera must see with ``players`` boards (seats 0 and 1 lie south)."""
    return EXTENT_SOUTH if players <= 2 else EXTENT


def track_local(track: int, value: int) -> Point:
    """Centre of space ``value`` (0..6) of knowledge track ``track``."""
    return (TRACK_X[track], TRACK_Y0 - TRACK_PITCH * value)


def tax_local(value: int) -> Point:
    return (TAX_X0 + TAX_PITCH * value, TAX_Y)


def storage_local(space: int) -> Point:
    return (STORAGE_X[space], STORAGE_Y)


def mahout_local(space: int) -> Point:
    return (UPGRADE_X[space], MAHOUT_Y)


def objective_local(space: int) -> Point:
    return (UPGRADE_X[space], OBJECTIVE_Y)


def seat_pose(seat: int) -> Pose:
    """A board's nominal place (where the layout puts it)."""
    return beside.seat_pose(SEAT_BOARDS, seat)


def pose_from_marks(top_left: Point, bottom_right: Point) -> Pose:
    """The board whose two corner stickers are seen at these table points."""
    (ax, ay), (bx, by) = MARKS
    want = math.atan2(by - ay, bx - ax)
    got = math.atan2(bottom_right[1] - top_left[1], bottom_right[0] - top_left[0])
    angle = math.degrees(got - want)
    a = math.radians(angle)
    c, s = math.cos(a), math.sin(a)
    origin = (top_left[0] - (c * ax - s * ay), top_left[1] - (s * ax + c * ay))
    return Pose(origin, (angle + 180.0) % 360.0 - 180.0)


MARK_SPAN = math.dist(*MARKS)


@cache
def as_json() -> dict[str, object]:
    """The assumed geometry, for ``hardware/amritsar-boards/layout.json``."""
    from .goods import START_CELLS, TILE_CELLS

    def r(p: Point) -> list[float]:
        return [round(p[0], 2), round(p[1], 2)]

    return {
        "note": "assumed geometry (the rulebook gives no sizes); main board mm, x east, y south",
        "board_mm": [BOARD_W, BOARD_H],
        "extent_mm": list(EXTENT),
        "corner_marks_local": [r(p) for p in MARKS],
        "knowledge_tracks_local": [
            [r(track_local(t, v)) for v in range(TRACK_LAST + 1)] for t in range(TRACKS)
        ],
        "tax_track_local": [r(tax_local(v)) for v in range(TAX_SPACES)],
        "storage_spaces_local": [r(storage_local(s)) for s in range(STORAGE)],
        "mahout_spaces_local": [r(mahout_local(s)) for s in range(UPGRADE_SPACES)],
        "objective_spaces_local": [r(objective_local(s)) for s in range(UPGRADE_SPACES)],
        "storage_half_mm": list(STORAGE_HALF),
        "starting_storehouse_spaces_local": [r(p) for p in START_CELLS],
        "storehouse_tile_spaces_from_centre": [r(p) for p in TILE_CELLS],
        "seats": [{"origin": r(o), "turn_deg": a} for o, a in SEAT_BOARDS],
    }
