"""Ceylon's marker plan: which ArUco id is which component, and its sticker size.

Ids come from :data:`vision.plan.USABLE_IDS` (the same dictionary and the same
ids as Amritsar's kit: one game is on the table at a time, so the ids are
reused; the corner markers keep Amritsar's ids so one set of board corners
serves both). ``hardware/ceylon/markers.csv`` is written from :func:`rows`
and a test keeps the two in step.

Why these choices:

- Interchangeable components share an id and are told apart by where they
  are: the board's printed level-0 spots, the small elevation tiles, the
  free-plantation spots (one id for the board's, one per large tile, one
  for the small tiles: the spot tells the surface, so a hex's level is seen
  twice, at its level spot and its free spot), the empty wagon, advisor and discard spots. A
  printed "free" spot is covered by the piece that fills it, so an empty
  spot is read only from positive evidence (the spot's own marker seen),
  never from a marker the camera missed.
- Unique or per-seat things have their own id: each large elevation tile
  (its cells are identified by their tile), the leaf markers, pawn and discs of
  each colour, each contract, each advisor tile and each face of action card (the
  46 cards have 10 faces; only the top of the discard pile is in view). A
  colour's discs share its id: the space a disc lies on (an advisor's track
  or the tech track) tells which it is, and the tech track's free spaces
  carry the advisor tracks' printed spot.
- The sticker on an action card is printed with its top edge towards the
  card's first main action (in :data:`engine.ceylon.catalog.MAIN` order), so
  the marker's rotation tells which action faces the discard space's
  "active player" side (see :mod:`vision.games.ceylon.layout`).
- Sizes are the black square's side: 10 mm on the map (a hex is 59 mm across,
  it holds a level spot, a plantation and four pawns), 14 mm on contracts and
  advisor tiles, 20 mm on the action card, 24 mm at the board's corners.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.ceylon.catalog import load_catalog
from engine.ceylon.state import COLOURS
from vision.plan import USABLE_IDS

_CAT = load_catalog()
N_LARGE = len(_CAT.large_tiles)
N_CONTRACTS = len(_CAT.contracts)
N_ADVISORS = len(_CAT.advisors)
N_FACES = len(_CAT.faces)
SEATS = len(COLOURS)
TECH_SPACES = int(_CAT.value("tech_track_last")) + 1  # the start space and every step


@dataclass(frozen=True)
class Entry:
    """One id of the plan: what carries it, how big, how high above the board."""

    marker_id: int
    kind: str
    component: str
    side_mm: float
    height_mm: float
    copies: int


def _ids(start: int, count: int) -> tuple[int, ...]:
    return tuple(USABLE_IDS[start : start + count])


CORNER_IDS = _ids(0, 4)  # NW, NE, SE, SW
LEVEL0_ID = USABLE_IDS[4]  # printed on every hex of the map
LARGE_IDS = _ids(5, N_LARGE)  # one per large elevation tile, on each of its 4 cells
SMALL_ID = USABLE_IDS[5 + N_LARGE]  # every small elevation tile
#: plantation spot of a hex cell: on the board, on each large tile, on a small tile
#: (so a free spot tells the hex's surface too, a second look at its level)
FREE_IDS = _ids(6 + N_LARGE, N_LARGE + 2)
_AT = 8 + 2 * N_LARGE
LEAF_IDS = _ids(_AT, SEATS)  # leaf markers, per colour
PAWN_IDS = _ids(_AT + SEATS, SEATS)  # pawn, per colour
_AT += 2 * SEATS
CONTRACT_IDS = _ids(_AT, N_CONTRACTS)
WAGON_FREE_ID = USABLE_IDS[_AT + N_CONTRACTS]
_AT += N_CONTRACTS + 1
ADVISOR_IDS = _ids(_AT, N_ADVISORS)
ADVISOR_FREE_ID = USABLE_IDS[_AT + N_ADVISORS]
_AT += N_ADVISORS + 1
DISC_IDS = _ids(_AT, SEATS)  # a seat's discs on advisor tracks and the tech track
HIRE_FREE_ID = USABLE_IDS[_AT + SEATS]  # a free space of an advisor's track or the tech track
_AT += SEATS + 1
FACE_IDS = _ids(_AT, N_FACES)
DISCARD_FREE_ID = USABLE_IDS[_AT + N_FACES]

CORNER_MM = 24.0
MAP_MM = 10.0  # level, free spot, leaf marker, pawn
PIECE_MM = 14.0  # contract, advisor tile, empty wagon and advisor spots
CARD_MM = 20.0  # action card and empty discard spot

#: heights above the board of what carries a sticker (mm)
LARGE_MM = 2.0  # a large elevation tile's thickness
SMALL_MM = 4.0  # a small one on a large one
TOKEN_MM = 2.0  # plantation token
LEAF_MM = 3.0  # a leaf marker on its token (plus the level under it)
PAWN_MM = 16.0
DISC_MM = 4.0


def entries() -> tuple[Entry, ...]:
    """Every id of the plan, in id order of the groups above."""
    out: list[Entry] = []
    for mid, name in zip(CORNER_IDS, ("NW", "NE", "SE", "SW"), strict=True):
        out.append(Entry(mid, "board-corner", name, CORNER_MM, 0.0, 1))
    out.append(Entry(LEVEL0_ID, "level-0-spot", "map hex (printed)", MAP_MM, 0.0, 32))
    for mid, tile in zip(LARGE_IDS, _CAT.large_tiles, strict=True):
        out.append(Entry(mid, "large-elevation", tile.id, MAP_MM, LARGE_MM, len(tile.cells)))
    out.append(Entry(SMALL_ID, "small-elevation", "small tile", MAP_MM, SMALL_MM, _CAT.small_tiles))
    out.append(Entry(FREE_IDS[0], "plantation-spot", "board hex (printed)", MAP_MM, 0.0, 32))
    for mid, tile in zip(FREE_IDS[1:], _CAT.large_tiles, strict=False):
        out.append(Entry(mid, "plantation-spot", f"{tile.id} cell", MAP_MM, LARGE_MM, 4))
    out.append(
        Entry(FREE_IDS[-1], "plantation-spot", "small tile", MAP_MM, SMALL_MM, _CAT.small_tiles)
    )
    for mid, colour in zip(LEAF_IDS, COLOURS, strict=True):
        out.append(Entry(mid, "leaf-marker", colour, MAP_MM, LEAF_MM, 9))
    for mid, colour in zip(PAWN_IDS, COLOURS, strict=True):
        out.append(Entry(mid, "pawn", colour, MAP_MM, PAWN_MM, 1))
    for mid, contract in zip(CONTRACT_IDS, _CAT.contracts, strict=True):
        out.append(Entry(mid, "contract", contract.id, PIECE_MM, 0.0, 1))
    out.append(Entry(WAGON_FREE_ID, "wagon-spot", "empty wagon (printed)", PIECE_MM, 0.0, 3))
    for mid, (advisor, _ability) in zip(ADVISOR_IDS, _CAT.advisors, strict=True):
        out.append(Entry(mid, "advisor", advisor, PIECE_MM, 0.0, 1))
    out.append(Entry(ADVISOR_FREE_ID, "advisor-spot", "empty advisor (printed)", PIECE_MM, 0.0, 4))
    for mid, colour in zip(DISC_IDS, COLOURS, strict=True):
        # one disc per advisor's track and one on the tech track
        out.append(Entry(mid, "disc", colour, MAP_MM, DISC_MM, 4 + 1))
    spaces = 16 + TECH_SPACES
    out.append(
        Entry(
            HIRE_FREE_ID, "disc-spot", "advisor or tech track space (printed)", MAP_MM, 0.0, spaces
        )
    )
    for mid, face in zip(FACE_IDS, _CAT.faces, strict=True):
        out.append(Entry(mid, "action-card", face.id, CARD_MM, 0.0, face.count))
    out.append(Entry(DISCARD_FREE_ID, "discard-spot", "empty discard (printed)", CARD_MM, 0.0, 1))
    return tuple(out)


ENTRIES = entries()
BY_ID = {e.marker_id: e for e in ENTRIES}


class CeylonPlan:
    """The ids a detector should look for (``vision.detect.HasIds``)."""

    ids: tuple[int, ...] = tuple(sorted(BY_ID))


def rows() -> str:
    """The plan as CSV (``hardware/ceylon/markers.csv``)."""
    lines = ["id,kind,component,side_mm,height_mm,copies"]
    for e in ENTRIES:
        lines.append(
            f"{e.marker_id},{e.kind},{e.component},{e.side_mm:g},{e.height_mm:g},{e.copies}"
        )
    return "\n".join(lines) + "\n"
