"""Imhotep's marker plan: which ArUco id is printed on or stuck to which thing.

Ids come from :data:`vision.plan.USABLE_IDS` (the kit's dictionary), reused
across games: only one game is on the table at a time, and a reader refuses
an id where its own plan never puts it. Stones carry no stickers: they are
read by colour (:mod:`vision.games.imhotep.colour`), next to printed markers
whose paper and ink tell the reader the local light.

Sizes are the black square's side in mm (the paper margin adds a cell each
side). ``where`` says where the sticker goes, in a player's words.
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass

from engine.imhotep.catalog import default_catalog
from engine.imhotep.state import SITE_NAMES

from ...plan import USABLE_IDS


@dataclass(frozen=True)
class Entry:
    """One marker id of the plan."""

    marker_id: int
    kind: str  # corner, guard, free-card, round-card, card, boat, side, sled
    name: str  # the thing: "NW", a card's id, a boat's id, "burial-A", ...
    side_mm: float
    copies: int
    where: str


CORNER_MM = 28.0
GUARD_MM = 18.0
FREE_MM = 14.0
CARD_MM = 18.0
BOAT_MM = 16.0
SIDE_MM = 16.0
SLED_MM = 14.0


def _entries() -> tuple[Entry, ...]:
    catalog = default_catalog()
    rows: list[tuple[str, str, float, int, str]] = []
    for corner in ("NW", "NE", "SE", "SW"):
        rows.append(("corner", corner, CORNER_MM, 1, f"printed at the mat's {corner} corner"))
    rows.append(("guard", "edge", GUARD_MM, 50, "printed along the mat's edge (hands cross it)"))
    rows.append(("free-card", "free", FREE_MM, 37, "printed on every card space (seen: empty)"))
    for card in catalog.round_cards:
        rows.append(("round-card", str(card.id), CARD_MM, 1, "centre of the round card's face"))
    for spec in catalog.cards:
        rows.append(("card", spec.id, CARD_MM, spec.count, "centre of the market card's face"))
    for boat in catalog.boats:
        for end in ("bow", "stern"):
            rows.append(
                ("boat", f"{boat.id}-{end}", BOAT_MM, 1, f"the boat's {end}, past the slots")
            )
    for site in SITE_NAMES:
        for face in "AB":
            copies = 2 if site == "burial" else 1
            rows.append(("side", f"{site}-{face}", SIDE_MM, copies, f"{site} board, side {face}"))
    rows.append(("sled", "sled", SLED_MM, 8, "both ends of each seat's sled space"))
    return tuple(
        Entry(USABLE_IDS[k], kind, name, side, copies, where)
        for k, (kind, name, side, copies, where) in enumerate(rows)
    )


class ImhotepPlan:
    """The plan, looked up by id or by (kind, name)."""

    def __init__(self, entries: tuple[Entry, ...]) -> None:
        self.entries = entries
        self._by_id = {e.marker_id: e for e in entries}
        self._by_name = {(e.kind, e.name): e for e in entries}

    @property
    def ids(self) -> tuple[int, ...]:
        return tuple(self._by_id)

    def by_id(self, marker_id: int) -> Entry | None:
        return self._by_id.get(marker_id)

    def id_of(self, kind: str, name: str) -> int:
        return self._by_name[(kind, name)].marker_id

    def entry(self, kind: str, name: str) -> Entry:
        return self._by_name[(kind, name)]

    def to_csv(self) -> str:
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\n")
        w.writerow(["id", "kind", "name", "side_mm", "copies", "where"])
        for e in self.entries:
            w.writerow([e.marker_id, e.kind, e.name, f"{e.side_mm:g}", e.copies, e.where])
        return out.getvalue()


PLAN = ImhotepPlan(_entries())
