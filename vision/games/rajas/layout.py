"""Where everything of a Rajas of the Ganges table lies, in millimetres.

The rulebook gives no sizes, so this geometry is **assumed** (written out in
``hardware/rajas/layout.json``; an owner measures their own copy). One frame
of reference, the *table*: x right, y down, the main board's top-left corner
at the origin.

- The main board is ``BOARD_MM`` square. The fame track (outer ring) and the
  money track (inner ring) run round it in opposite directions, 50 spaces
  each (the catalog's track length: a corner space, a straight stretch,
  ...); every space has four places, one per seat, so markers never stack.
- Inside the rings: the 32 action spaces in the catalog's order, 8 a row,
  then the river's 13 spaces (four boat places each).
- The quarry display (12 stacks of province tiles) is a printed strip along
  the board's east edge, two columns of six, in the engine's stack order.
- Each seat's province board (5 x 4 cells of 40 mm in a 20 mm border) lies
  beyond the board's south edge (seats 0 and 1) or north edge (seats 2 and 3,
  turned half round to face their player). A board may lie a little off its
  place; the reader finds it from its own two corner stickers. The start
  player's elephant stands on a spot beside the province board.
- Each seat's Kali statue is a strip of ten printed arms along the province
  board's outer edge (``arm_local``), a spot sticker printed on each: a die
  stands on an arm, its top read for colour and pips
  (:mod:`vision.games.rajas.dice`); an arm's spot seen is an empty arm.
"""

from __future__ import annotations

from functools import cache

from .. import beside
from ..beside import Point as Point  # the game's modules use L.Point, L.Pose
from ..beside import Pose as Pose

BOARD_MM = 660.0
CORNER_AT = 18.0  # corner sticker centre, from the board's edges
TRACK_SPACES = 50
FAME_INSET = 58.0  # centre line of the fame ring, from the board's edge
MONEY_INSET = 102.0
RING_DEPTH = 44.0
#: spaces on each straight stretch of a ring (top, right, bottom, left), between
#: its four corner spaces: 4 + 46 = 50
STRAIGHT = (12, 11, 12, 11)
SPACE_PITCH = 44.0
SPACES_X0, SPACES_Y0 = 176.0, 176.0
RIVER_SPACES = 13
RIVER_Y0 = 362.0
STACK_X = (700.0, 752.0)
STACK_Y0, STACK_PITCH = 170.0, 56.0
CELL_MM = 40.0
PROVINCE_COLS, PROVINCE_ROWS = 5, 4
PROVINCE_BORDER = 20.0
PROVINCE_W = PROVINCE_COLS * CELL_MM + 2 * PROVINCE_BORDER
PROVINCE_H = PROVINCE_ROWS * CELL_MM + 2 * PROVINCE_BORDER
#: province corner stickers, local mm (top-left, bottom-right)
PROVINCE_MARKS: tuple[Point, Point] = (
    (PROVINCE_BORDER / 2, PROVINCE_BORDER / 2),
    (PROVINCE_W - PROVINCE_BORDER / 2, PROVINCE_H - PROVINCE_BORDER / 2),
)
ELEPHANT_LOCAL: Point = (-22.0, PROVINCE_H / 2)
#: the Kali statue's arms: one die each (the basic game's ten), beside the board
KALI_ARMS = 10
ARM_PITCH = 24.0
ARM_Y = PROVINCE_H + 14.0
#: per seat: where the province board's local origin lies, and its turn (degrees)
SEAT_BOARDS: tuple[tuple[Point, float], ...] = (
    ((40.0, 680.0), 0.0),
    ((360.0, 680.0), 0.0),
    ((620.0, -20.0), 180.0),
    ((300.0, -20.0), 180.0),
)
EXTENT: tuple[float, float, float, float] = (-20.0, -240.0, 785.0, 900.0)
#: action spaces out of play: on the two-player side, and under 3-player cover tiles
CLOSED_2P = ("Q7", "Q8", "H3", "H4", "S3", "S4")
CLOSED_3P = ("Q8", "H4", "S4")
Rect = tuple[float, float, float, float]


def corners() -> dict[str, Point]:
    b = BOARD_MM
    c = CORNER_AT
    return {"NW": (c, c), "NE": (b - c, c), "SE": (b - c, b - c), "SW": (c, b - c)}


@cache
def ring(track: str) -> tuple[Rect, ...]:
    """The 50 spaces of a ring as rectangles (x0, y0, x1, y1), clockwise from the
    top-left corner space: a corner space, a straight stretch, and so on."""
    inset = FAME_INSET if track == "fame" else MONEY_INSET
    lo, hi = inset - RING_DEPTH / 2, BOARD_MM - inset + RING_DEPTH / 2
    a, b = lo + RING_DEPTH, hi - RING_DEPTH  # the straight stretches run from a to b
    out: list[Rect] = []
    for edge, count in enumerate(STRAIGHT):
        pitch = (b - a) / count
        if edge == 0:
            out.append((lo, lo, a, a))
            out += [(a + k * pitch, lo, a + (k + 1) * pitch, a) for k in range(count)]
        elif edge == 1:
            out.append((b, lo, hi, a))
            out += [(b, a + k * pitch, hi, a + (k + 1) * pitch) for k in range(count)]
        elif edge == 2:
            out.append((b, b, hi, hi))
            out += [(b - (k + 1) * pitch, b, b - k * pitch, hi) for k in range(count)]
        else:
            out.append((lo, b, a, hi))
            out += [(lo, b - (k + 1) * pitch, a, b - k * pitch) for k in range(count)]
    return tuple(out)


def track_space(track: str, value: int) -> Rect:
    """The space of ``value`` on ``track``: fame clockwise, money anticlockwise,
    both from the top-left corner, so the markers meet when fame + money = 50."""
    index = value if track == "fame" else (TRACK_SPACES - value) % TRACK_SPACES
    return ring(track)[index]


def track_place(track: str, value: int, seat: int) -> Point:
    """Where seat ``seat``'s marker lies on space ``value`` of ``track``: each
    space has a place per seat, at its quarter points."""
    x0, y0, x1, y1 = track_space(track, value)
    fx = 0.25 if seat % 2 == 0 else 0.75
    fy = 0.25 if seat // 2 == 0 else 0.75
    return (x0 + fx * (x1 - x0), y0 + fy * (y1 - y0))


def space_centre(index: int) -> Point:
    return (SPACES_X0 + SPACE_PITCH * (index % 8), SPACES_Y0 + SPACE_PITCH * (index // 8))


def river_centre(index: int) -> Point:
    row, col = divmod(index, 7)
    return (SPACES_X0 + SPACE_PITCH * col + (SPACE_PITCH / 2 if row else 0), RIVER_Y0 + 48 * row)


def river_place(index: int, seat: int) -> Point:
    x, y = river_centre(index)
    return (x + (seat % 2 - 0.5) * 20, y + (seat // 2 - 0.5) * 20)


def stack_centre(index: int) -> Point:
    return (STACK_X[index % 2], STACK_Y0 + STACK_PITCH * (index // 2))


def cell_local(cell: int) -> Point:
    """Centre of province cell ``cell`` (row-major, A1 = 0) in board-local mm."""
    col, row = cell % PROVINCE_COLS, cell // PROVINCE_COLS
    return (PROVINCE_BORDER + CELL_MM * (col + 0.5), PROVINCE_BORDER + CELL_MM * (row + 0.5))


def seat_pose(seat: int) -> Pose:
    """The province board's nominal place (where the layout puts it)."""
    return beside.seat_pose(SEAT_BOARDS, seat)


def arm_local(arm: int) -> Point:
    """Centre of Kali arm ``arm`` (0-9) in province-board-local mm."""
    return (18.0 + ARM_PITCH * arm, ARM_Y)


def elephant_spot(seat: int) -> Point:
    return seat_pose(seat).to_table(ELEPHANT_LOCAL)


@cache
def as_json() -> dict[str, object]:
    """The assumed geometry, for ``hardware/rajas/layout.json``."""
    from engine.rajas.catalog import default_catalog

    cat = default_catalog()

    def r(p: Point) -> list[float]:
        return [round(p[0], 2), round(p[1], 2)]

    return {
        "note": "assumed geometry (the rulebook gives no sizes); table mm, x right, y down",
        "board_mm": [BOARD_MM, BOARD_MM],
        "extent_mm": list(EXTENT),
        "corners": {k: r(v) for k, v in corners().items()},
        "action_spaces": {s.id: r(space_centre(i)) for i, s in enumerate(cat.spaces)},
        "river": [r(river_centre(i)) for i in range(RIVER_SPACES)],
        "stacks": [r(stack_centre(i)) for i in range(12)],
        "fame_track": [[round(c, 2) for c in track_space("fame", v)] for v in range(50)],
        "money_track": [[round(c, 2) for c in track_space("money", v)] for v in range(50)],
        "province": {
            "cell_mm": CELL_MM,
            "size_mm": [PROVINCE_W, PROVINCE_H],
            "corner_marks_local": [r(p) for p in PROVINCE_MARKS],
            "elephant_local": r(ELEPHANT_LOCAL),
            "kali_arms_local": [r(arm_local(a)) for a in range(KALI_ARMS)],
            "seats": [{"origin": r(o), "turn_deg": a} for o, a in SEAT_BOARDS],
        },
        "closed_2p": list(CLOSED_2P),
        "closed_3p": list(CLOSED_3P),
    }
