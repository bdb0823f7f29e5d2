"""Ceylon's main board as the camera table assumes it, in board millimetres.

The rulebook gives no sizes, so every number here is assumed (and written to
``hardware/ceylon/layout.json``, which a test keeps equal to this module): a
560 x 440 mm board, x to the east, y to the south, origin at the north-west
corner. Measure your board and adjust the JSON; the reader reads from it.

- The map: 32 pointy-top hexes of 36 mm radius (62 mm across) in the
  catalog's odd-r rows (``engine/ceylon/data/map.toml``). In every hex cell,
  as printed on the board and on each elevation tile's cells: a level spot
  at the north (``LEVEL``), the plantation spot in the middle (``PLANT``,
  covered by a plantation token), four pawn places, one per colour, around it
  (``PAWN_SLOTS``: where the renderer stands pawns; the reader takes a pawn
  anywhere in the hex).
- The train along the north edge (three wagons), the discard space of the
  action cards to its east, the four advisor spaces south of the map
  (Dimbula, Kandy, Ruhuna, Uva) each with its track of four disc spaces
  (a player who hires the advisor puts a disc on a free one), and each colour's pawn home (where a pawn
  waits before its starting placement) in the south-east.
- The tech track (rulebook: "marcador de tecnología"): 11 spaces, the green
  start space 0 and steps 1 to 10 (``tech_track_last``), in a row along the
  strip between the train and the map, west to east (``TECH_SPACES``). Each
  space carries a printed spot (the advisor tracks' spot: an empty space is
  read from it); the discs of every colour start stacked on space 0, and a
  disc that advances is put on top of those already on its new space, so
  from above a space shows its top disc or its printed spot. On the real
  board the track is right of the map: measure it and move these spaces.
- The discard space's two sides: the rulebook (Turno de juego) prints one
  side for the active player and the opposite side for the others; the card
  is turned so that the action the active player takes faces the active
  side. Here the active side is the space's south edge. The read is the
  card's rotation relative to the board, so it does not depend on where the
  active player sits around the table.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass

from engine.ceylon.catalog import load_catalog

Point = tuple[float, float]

_TECH_LAST = int(load_catalog().value("tech_track_last"))  # steps after the start space

BOARD_MM = (560.0, 440.0)
EXTENT_MM = (0.0, 0.0, 560.0, 440.0)
HEX_R = 36.0
HEX_W = HEX_R * math.sqrt(3)
MAP_ORIGIN = (14.0, 128.0)  # north-west of the map's bounding box
CORNERS: dict[str, Point] = {
    "NW": (18.0, 18.0),
    "NE": (542.0, 18.0),
    "SE": (542.0, 422.0),
    "SW": (18.0, 422.0),
}
#: offsets from a hex centre (mm)
LEVEL: Point = (0.0, -22.0)
PLANT: Point = (0.0, 6.0)
TOKEN_R = 17.0  # plantation token (pointy-top hex)
LEAF_PAIR_DX = 7.5  # two leaf markers side by side on a double plantation
PAWN_SLOTS: tuple[Point, ...] = ((-21.0, -9.0), (21.0, -9.0), (-22.0, 15.0), (22.0, 15.0))
PAWN_R = 9.5
#: pieces: centre, and their size (w, h) in mm
WAGONS: tuple[Point, ...] = ((110.0, 62.0), (190.0, 62.0), (270.0, 62.0))
CONTRACT_MM = (60.0, 80.0)
DISCARD: Point = (440.0, 66.0)
CARD_MM = (63.0, 88.0)
ACTIVE_SIDE = "south"
ADVISORS: tuple[Point, ...] = ((60.0, 398.0), (152.0, 398.0), (244.0, 398.0), (336.0, 398.0))
ADVISOR_MM = (44.0, 44.0)
#: each advisor's track: four spaces (2 x 2) east of its tile, one disc each
HIRE_SPACES: tuple[tuple[Point, ...], ...] = tuple(
    tuple((x + dx, y + dy) for dy in (-10.0, 10.0) for dx in (40.0, 60.0)) for x, y in ADVISORS
)
DISC_R = 8.0
#: the tech track's spaces (0 the green start space), one row along the strip
#: between the train and the map, 34 mm apart: a stack of up to four discs
#: (16 mm) seen askew from the camera still tops out on its own space
TECH_Y = 116.0
TECH_PITCH = 34.0
TECH_SPACES: tuple[Point, ...] = tuple(
    (36.0 + TECH_PITCH * k, TECH_Y) for k in range(_TECH_LAST + 1)
)
HOMES: tuple[Point, ...] = ((430.0, 400.0), (455.0, 400.0), (480.0, 400.0), (505.0, 400.0))
#: words printed on the board (harsh: print that is not a marker)
WORDS: tuple[tuple[str, Point], ...] = (
    ("CEYLON", (330.0, 30.0)),
    ("DIMBULA", (60.0, 122.0)),
    ("KANDY", (300.0, 122.0)),
    ("RUHUNA", (60.0, 368.0)),
    ("UVA", (300.0, 368.0)),
    ("PLANT / PLANTAR", (380.0, 120.0)),
    ("TEA EXPORT", (100.0, 112.0)),
)


@dataclass(frozen=True)
class Layout:
    """Where everything is (board mm): hex centres in catalog order, spaces."""

    hexes: tuple[Point, ...]
    districts: tuple[int, ...]  # per hex: district index

    def hex_at(self, p: Point, margin: float = 3.0) -> int | None:
        """The hex ``p`` is in, at least ``margin`` mm inside its edges (near an
        edge a pawn could be on either side: ``None``)."""
        for i, (x, y) in enumerate(self.hexes):
            dx, dy = abs(p[0] - x), abs(p[1] - y)
            # distance to the farthest pair of parallel sides (pointy-top hexagon)
            if max(dx, dx / 2 + dy * math.sqrt(3) / 2) <= HEX_W / 2 - margin:
                return i
        return None

    def to_dict(self) -> dict[str, object]:
        return {
            "assumed": "the rulebook gives no sizes: measure your board and adjust",
            "units": "mm, x east, y south, origin at the board's north-west corner",
            "board_mm": list(BOARD_MM),
            "corners": {k: list(v) for k, v in CORNERS.items()},
            "hex_radius": HEX_R,
            "hexes": {
                h.id: [round(x, 2), round(y, 2)]
                for h, (x, y) in zip(_CAT.hexes, self.hexes, strict=True)
            },
            "in_each_hex": {
                "level_spot": list(LEVEL),
                "plantation_spot": list(PLANT),
                "plantation_token_radius": TOKEN_R,
                "double_plantation_leaf_dx": LEAF_PAIR_DX,
                "pawn_places": [list(p) for p in PAWN_SLOTS],
            },
            "wagons": [list(p) for p in WAGONS],
            "contract_mm": list(CONTRACT_MM),
            "discard": {
                "centre": list(DISCARD),
                "card_mm": list(CARD_MM),
                "active_side": ACTIVE_SIDE,
            },
            "advisor_spaces": {
                d.id: list(p) for d, p in zip(_CAT.districts, ADVISORS, strict=True)
            },
            "advisor_mm": list(ADVISOR_MM),
            "advisor_disc_spaces": {
                d.id: [list(p) for p in spaces]
                for d, spaces in zip(_CAT.districts, HIRE_SPACES, strict=True)
            },
            "tech_track_spaces": [list(p) for p in TECH_SPACES],
            "pawn_homes": {c: list(p) for c, p in zip(_COLOURS, HOMES, strict=True)},
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1) + "\n"


_CAT = load_catalog()
_COLOURS = ("red", "blue", "green", "yellow")


def hex_centre(q: int, r: int) -> Point:
    """Centre of the hex at axial (q, r) in the catalog's odd-r rows."""
    col = q + (r - (r & 1)) // 2
    x = MAP_ORIGIN[0] + HEX_W / 2 + HEX_W * (col + 0.5 * (r & 1))
    y = MAP_ORIGIN[1] + HEX_R + 1.5 * HEX_R * r
    return (x, y)


def hex_corners(centre: Point, radius: float) -> list[Point]:
    """A pointy-top hexagon's six corners."""
    cx, cy = centre
    return [
        (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
        for a in (-90, -30, 30, 90, 150, 210)
    ]


def default_layout() -> Layout:
    return Layout(
        hexes=tuple(hex_centre(h.q, h.r) for h in _CAT.hexes),
        districts=tuple(h.district for h in _CAT.hexes),
    )


LAYOUT = default_layout()
