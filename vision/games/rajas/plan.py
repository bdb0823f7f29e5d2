"""Rajas of the Ganges' marker plan: which ArUco id is which piece.

Ids come from :data:`vision.plan.USABLE_IDS` (the Amritsar kit's dictionary and
its well-separated codes). They are reused across games: only one game is on
the table at a time, and each game's reader is given only its own plan. Rajas
needs exactly the 80 usable ids, so pieces that the rules treat alike share an
id and are told apart by where they lie:

- the 64 province tiles each have their own id (a tile's identity and, from the
  sticker's turn, its rotation);
- the six workers of a colour share one id (the rules never tell them apart);
- a colour's fame marker, money marker and boat share one "token" id: the fame
  track, the money track and the river are apart on the board;
- one "spot" id is printed on every action space, every stack place of the
  quarry display, every empty province cell and every arm of the Kali
  statues (where a player's dice stand): seen, it is positive evidence that
  nothing stands there; one "out of play" id is printed on the two-player
  side's closed spaces and on the cover tiles of a three-player game;
- the four board corners, one id for the province boards' two corner stickers
  (top-left and bottom-right: the board's turn tells them apart) and the
  start player's elephant.

Sizes are the black square's side (mm); ``height_mm`` is how high the sticker
sits above the surface the piece stands on (a worker's top is seen displaced
by parallax and moved back by the reader).
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass
from functools import cache

from engine.rajas.catalog import default_catalog
from engine.rajas.scoring import COLOURS as SEAT_COLOURS

from ...plan import USABLE_IDS

CORNER_NAMES = ("NW", "NE", "SE", "SW")

#: kind -> (black square side mm, sticker height above its surface mm)
SIZES: dict[str, tuple[float, float]] = {
    "board-corner": (24.0, 0.0),
    "province-corner": (14.0, 0.0),
    "spot": (12.0, 0.0),
    "out-of-play": (12.0, 0.0),
    "worker": (12.0, 22.0),
    "token": (10.0, 8.0),
    "elephant": (12.0, 30.0),
    "tile": (20.0, 2.0),
}
#: Heights other than the sticker kind's: a boat's deck, a stack's top tile.
BOAT_HEIGHT_MM = 12.0
STACK_HEIGHT_MM = 6.0


@dataclass(frozen=True)
class Entry:
    """One marker id: its kind, the component (``red``, ``B7``, ``NW``...), size and copies."""

    marker_id: int
    kind: str
    component: str
    side_mm: float
    height_mm: float
    copies: int = 1

    @property
    def label(self) -> str:
        return f"{self.kind} {self.component}"


def _entries() -> tuple[Entry, ...]:
    cat = default_catalog()
    items: list[tuple[str, str, int]] = []
    items += [("board-corner", name, 1) for name in CORNER_NAMES]
    items += [("province-corner", "province", 8)]
    items += [("spot", "spot", 32 + 12 + 4 * 19 + 4 * 10)]
    items += [("out-of-play", "closed", 3)]
    items += [("worker", colour, 6) for colour in SEAT_COLOURS]
    items += [("token", colour, 3) for colour in SEAT_COLOURS]
    items += [("elephant", "elephant", 1)]
    items += [("tile", tile.id, 1) for tile in cat.tiles]
    if len(items) > len(USABLE_IDS):
        raise ValueError("the Rajas plan needs more ids than the dictionary offers")
    return tuple(
        Entry(USABLE_IDS[i], kind, comp, *SIZES[kind], copies=copies)
        for i, (kind, comp, copies) in enumerate(items)
    )


@dataclass(frozen=True)
class RajasPlan:
    """The whole assignment, with look-ups both ways (``ids`` for the detector)."""

    entries: tuple[Entry, ...]

    def __post_init__(self) -> None:
        ids = [e.marker_id for e in self.entries]
        if len(set(ids)) != len(ids):
            raise ValueError("Rajas marker plan: an id is assigned twice")

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(e.marker_id for e in self.entries)

    def by_id(self, marker_id: int) -> Entry | None:
        return _index(self).get(marker_id)

    def find(self, kind: str, component: str) -> Entry:
        for e in self.entries:
            if e.kind == kind and e.component == component:
                return e
        raise KeyError(f"no Rajas marker for {kind} {component!r}")

    def to_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["marker_id", "kind", "component", "side_mm", "height_mm", "copies"])
        for e in self.entries:
            w.writerow([e.marker_id, e.kind, e.component, e.side_mm, e.height_mm, e.copies])
        return out.getvalue()


@cache
def _index(plan: RajasPlan) -> dict[int, Entry]:
    return {e.marker_id: e for e in plan.entries}


@cache
def rajas_plan() -> RajasPlan:
    """The default plan (``hardware/rajas/markers.csv`` is written from it)."""
    return RajasPlan(_entries())
