"""The marker plan: which ArUco marker id is which physical component.

Every token the camera must tell apart carries a printed marker. This module is
the single source of that assignment; ``hardware/markers.csv`` is written from
it (``companion markers plan``) and a test keeps the two in step.

Why these choices (measured; see ``docs/vision.md`` and ``bench/RESULTS.md``):

- Dictionary ``DICT_4X4_100``, only the ids in :data:`USABLE_IDS`. A 4x4 code
  has the fewest cells (6 across with its border), so each cell is largest for
  a given sticker and camera: small markers stay readable. The usable ids keep
  a Hamming distance of at least 4 between any two codes in any rotation
  (DICT_4X4_100 as a whole has 3), and have 5 to 11 white cells of 16: codes
  that are nearly all black or all white were read off plain dark blobs in the
  hard benchmark set. The detector is given a dictionary holding only the ids
  of this plan and corrects at most one bit, so a misread needs three wrong
  cells to become another of our ids.
- Components that are interchangeable in the rules share one id: the sixteen
  donation counters of a colour, the board's printed coin spots and market
  cells (those are identified by where they are, not by id). Unique things
  (workers, elephants, tiles) have their own id, so "one worker seen in two
  places" can be caught.
- Sizes are the black square's side. At the design camera (12 MP stills, the
  board filling the short side) 10 mm is about 40 px seen straight down and
  about 25 px at the far side of a 45 degree tilt: above the 24 px where the
  tuned detector stays at full recall.
- ``height_mm`` is where the sticker sits above the board surface: a tall
  worker's top is seen displaced by parallax, and the pipeline moves it back.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol

from engine.amritsar import PLAYER_COLOURS, WorkerColour

#: The ArUco dictionary every marker of the kit comes from.
DICTIONARY_NAME = "DICT_4X4_100"
#: Ids of that dictionary the plan may use: pairwise distance >= 4 in every
#: rotation, 5 to 11 white cells (tests/vision/test_plan.py checks both).
USABLE_IDS: tuple[int, ...] = tuple(i for i in range(85) if i not in (8, 17, 54, 60, 62))


class Kind(StrEnum):
    """What sort of component a marker sits on."""

    WORKER = "worker"
    ELEPHANT = "elephant"
    COUNTER = "donation-counter"
    MAHARAJAH = "maharajah"
    CORNER = "board-corner"
    DISTRICT_TILE = "district-tile"
    TEMPLE_TILE = "temple-tile"
    BRIDGE_TILE = "bridge-tile"
    STOREHOUSE = "storehouse"
    COIN_SPOT = "coin-spot"
    MARKET_CELL = "market-cell"


@dataclass(frozen=True)
class MarkerEntry:
    """One marker id of the plan and the component it identifies.

    ``component`` is the id the rest of the project uses (``Y1``, ``purple``,
    ``DB2``, ``BR4``, ``maharajah-board``); ``face`` is ``front``/``back`` for
    bridge tiles (a flipped tile shows its back). ``copies`` is how many
    stickers carry this id (16 for a colour's donation counters).
    """

    marker_id: int
    kind: Kind
    component: str
    side_mm: float
    height_mm: float
    copies: int = 1
    face: str = ""

    @property
    def label(self) -> str:
        """The name printed under the sticker."""
        suffix = f" ({self.face})" if self.face else ""
        return f"{self.kind.value} {self.component}{suffix}"


#: Sticker sizes (black square side, mm) and heights of the sticker above the board (mm).
SIZES: Mapping[Kind, tuple[float, float]] = {
    Kind.WORKER: (10.0, 16.0),
    Kind.ELEPHANT: (12.0, 22.0),
    Kind.COUNTER: (10.0, 5.0),
    Kind.MAHARAJAH: (14.0, 2.0),
    Kind.CORNER: (24.0, 0.0),
    Kind.DISTRICT_TILE: (12.0, 2.0),
    Kind.TEMPLE_TILE: (14.0, 2.0),
    Kind.BRIDGE_TILE: (12.0, 2.0),
    Kind.STOREHOUSE: (12.0, 2.0),
    Kind.COIN_SPOT: (10.0, 0.0),
    Kind.MARKET_CELL: (10.0, 0.0),
}

CORNER_NAMES: tuple[str, ...] = ("NW", "NE", "SE", "SW")
WORKER_IDS: tuple[str, ...] = tuple(f"{c.letter}{n}" for c in WorkerColour for n in range(1, 5))
DISTRICT_TILE_IDS: tuple[str, ...] = tuple(
    f"D{c.letter}{n}" for c in WorkerColour for n in range(1, 4)
)
TEMPLE_TILE_IDS: tuple[str, ...] = tuple(f"T{n}" for n in range(1, 5))
BRIDGE_TILE_IDS: tuple[str, ...] = tuple(f"BR{n}" for n in range(1, 7))
STOREHOUSE_IDS: tuple[str, ...] = tuple(f"S{n:02d}" for n in range(1, 16))
MAHARAJAH_IDS: tuple[str, ...] = ("maharajah-board", "maharajah-reminder")
COUNTERS_PER_PLAYER = 16


def _entries() -> tuple[MarkerEntry, ...]:
    items: list[tuple[Kind, str, int, str]] = []
    items += [(Kind.CORNER, name, 1, "") for name in CORNER_NAMES]
    items += [(Kind.WORKER, w, 1, "") for w in WORKER_IDS]
    items += [(Kind.ELEPHANT, c, 1, "") for c in PLAYER_COLOURS]
    items += [(Kind.COUNTER, c, COUNTERS_PER_PLAYER, "") for c in PLAYER_COLOURS]
    items += [(Kind.MAHARAJAH, m, 1, "") for m in MAHARAJAH_IDS]
    items += [(Kind.DISTRICT_TILE, t, 1, "") for t in DISTRICT_TILE_IDS]
    items += [(Kind.TEMPLE_TILE, t, 1, "") for t in TEMPLE_TILE_IDS]
    items += [(Kind.BRIDGE_TILE, b, 1, face) for b in BRIDGE_TILE_IDS for face in ("front", "back")]
    items += [(Kind.STOREHOUSE, s, 1, "") for s in STOREHOUSE_IDS]
    # Printed on the board itself, one shared id each: identified by position.
    items += [(Kind.COIN_SPOT, "coin-spot", 8, ""), (Kind.MARKET_CELL, "market-cell", 15, "")]
    return tuple(
        MarkerEntry(USABLE_IDS[i], kind, comp, *SIZES[kind], copies=copies, face=face)
        for i, (kind, comp, copies, face) in enumerate(items)
    )


class HasIds(Protocol):
    """Any game's marker plan as the detector needs it: the ids it uses (all
    from :data:`USABLE_IDS`; games reuse ids, one game is on the table)."""

    @property
    def ids(self) -> tuple[int, ...]: ...


@dataclass(frozen=True)
class MarkerPlan:
    """The whole assignment, with look-ups both ways."""

    entries: tuple[MarkerEntry, ...]

    def __post_init__(self) -> None:
        ids = [e.marker_id for e in self.entries]
        if len(set(ids)) != len(ids):
            raise ValueError("marker plan: a marker id is assigned twice")
        bad = [i for i in ids if i not in USABLE_IDS]
        if bad:
            raise ValueError(f"marker plan: ids {bad} are not usable (see USABLE_IDS)")

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(e.marker_id for e in self.entries)

    def by_id(self, marker_id: int) -> MarkerEntry:
        for entry in self.entries:
            if entry.marker_id == marker_id:
                return entry
        raise KeyError(f"marker id {marker_id} is not in the plan")

    def find(self, kind: Kind, component: str, face: str = "") -> MarkerEntry:
        for entry in self.entries:
            if entry.kind is kind and entry.component == component and entry.face == face:
                return entry
        raise KeyError(f"no marker for {kind.value} {component!r} {face}".rstrip())

    def of_kind(self, kind: Kind) -> tuple[MarkerEntry, ...]:
        return tuple(e for e in self.entries if e.kind is kind)

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(
            ["marker_id", "kind", "component", "face", "side_mm", "height_mm", "copies"]
        )
        for e in self.entries:
            writer.writerow(
                [e.marker_id, e.kind.value, e.component, e.face, e.side_mm, e.height_mm, e.copies]
            )
        return out.getvalue()

    @classmethod
    def from_csv(cls, text: str) -> MarkerPlan:
        """Read a plan written by :meth:`to_csv` (an owner may resize stickers)."""
        rows = list(csv.DictReader(io.StringIO(text)))
        entries = []
        for n, row in enumerate(rows, start=2):
            try:
                entries.append(
                    MarkerEntry(
                        marker_id=int(row["marker_id"]),
                        kind=Kind(row["kind"]),
                        component=row["component"],
                        face=row["face"],
                        side_mm=float(row["side_mm"]),
                        height_mm=float(row["height_mm"]),
                        copies=int(row["copies"]),
                    )
                )
            except (KeyError, ValueError) as exc:
                raise ValueError(f"marker plan line {n}: {exc}") from exc
        return cls(tuple(entries))

    def as_rows(self) -> Iterable[dict[str, Any]]:
        for e in self.entries:
            yield {"id": e.marker_id, "label": e.label, "side_mm": e.side_mm, "copies": e.copies}


DEFAULT_PLAN = MarkerPlan(_entries())
