"""The markers of Amritsar's personal boards: which ArUco id is which piece there.

The main board's plan (:mod:`vision.plan`) uses 75 of the 80 usable ids; the
boards add four of the five left, and reuse main-board ids where the piece is
the same or where the board it lies on tells it apart:

- ``board-mark`` (new): the two corner stickers of every personal board
  (top-left and bottom-right; the board's turn tells them apart);
- ``spot`` (new): printed on every knowledge and tax track space and every
  storage space: seen, nothing stands there;
- ``mahout-tile`` (new): one id on all 7 mahout tiles of every colour (a tile
  on a mahout space is an upgrade made; which tile it is, the phone says);
- ``objective`` (new): on the back of every objective (placed face down on an
  objective space by an upgrade; its face stays secret);
- the knowledge counters and the tax counter carry their colour's
  donation-counter id (same colour, same kind of wooden disc): on a personal
  board's track a colour's counter is a knowledge or tax counter; on an
  upgrade space it is the donation counter still waiting there;
- the storehouse tiles keep their own ids (``S01``..``S15``) when an upgrade
  moves them onto a storage space.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from engine.amritsar import PLAYER_COLOURS

from ...plan import DEFAULT_PLAN, STOREHOUSE_IDS, USABLE_IDS, Kind

#: kind -> (marker id, black square side mm, sticker height above the board mm)
NEW: dict[str, tuple[int, float, float]] = {
    "board-mark": (USABLE_IDS[75], 14.0, 0.0),
    "spot": (USABLE_IDS[76], 10.0, 0.0),
    "mahout-tile": (USABLE_IDS[77], 10.0, 2.0),
    "objective": (USABLE_IDS[78], 10.0, 2.0),
}


@dataclass(frozen=True)
class Entry:
    """One id: its kind (``board-corner``, ``board-mark``, ``spot``, ``counter``,
    ``storehouse``, ``mahout-tile``, ``objective``), component, size and height."""

    marker_id: int
    kind: str
    component: str
    side_mm: float
    height_mm: float

    @property
    def label(self) -> str:
        return f"{self.kind} {self.component}"


@dataclass(frozen=True)
class BoardsPlan:
    """The ids a reader of the table with its personal boards looks for."""

    entries: tuple[Entry, ...]

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(e.marker_id for e in self.entries)

    def by_id(self, marker_id: int) -> Entry | None:
        return _index(self).get(marker_id)

    def find(self, kind: str, component: str) -> Entry:
        for e in self.entries:
            if e.kind == kind and e.component == component:
                return e
        raise KeyError(f"no personal-board marker for {kind} {component!r}")


@cache
def _index(plan: BoardsPlan) -> dict[int, Entry]:
    return {e.marker_id: e for e in plan.entries}


@cache
def boards_plan() -> BoardsPlan:
    main = DEFAULT_PLAN
    out: list[Entry] = []
    for name in ("NW", "NE", "SE", "SW"):
        e = main.find(Kind.CORNER, name)
        out.append(Entry(e.marker_id, "board-corner", name, e.side_mm, e.height_mm))
    for kind, (mid, side, height) in NEW.items():
        out.append(Entry(mid, kind, kind, side, height))
    for colour in PLAYER_COLOURS:
        e = main.find(Kind.COUNTER, colour)
        out.append(Entry(e.marker_id, "counter", colour, e.side_mm, e.height_mm))
    for s in STOREHOUSE_IDS:
        e = main.find(Kind.STOREHOUSE, s)
        out.append(Entry(e.marker_id, "storehouse", s, e.side_mm, e.height_mm))
    used = {e.marker_id for e in main.entries}
    if any(mid in used for mid, _, _ in NEW.values()):
        raise ValueError("personal-board ids clash with the main board's plan")
    return BoardsPlan(tuple(out))
