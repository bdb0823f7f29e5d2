"""A table seen right, but not all of it: whole games through unknowns, fast.

The camera at a real table leaves zones unknown: some for the whole game
(under the resolution floor, at the far edge of a tilted view), some for a
look or two (a hand, glare). ``PartlySeenTable`` is the engine's own
observation of the true table with such items made unknown (``None``): never
a wrong value, so whatever the companion does wrong through it is
reconciliation's (inference through unknowns), not vision's. A game through
it takes a fraction of a second, against minutes through rendered frames
(``bench/vision_games.py``), so thousands of games can look for the rare
wrong decision or false alert (``bench/partly_seen_games.py``).

Which items are unknown comes from its own seeded stream: an item is
unknown for the whole game with probability ``floor`` (decided the first
time it is looked at), and in any one look with probability ``transient``.
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.games.amritsar.reconcile.seen import Seen
from engine.amritsar import GameState, observe

#: Fields whose items may be unknown (the whole-board ones, the Maharajah's
#: token, the temple and bridge tiles, are large and always seen here).
ITEM_FIELDS = (
    "sections",
    "section_coins",
    "elephants",
    "market_spaces",
    "market",
    "maharajah_workers",
)


class PartlySeenTable:
    """The ``Table`` protocol (``companion.games.amritsar.sim.simulate``) over a truth seen in part."""

    def __init__(self, seed: int, floor: float = 0.15, transient: float = 0.05) -> None:
        self._random = random.Random(f"partly-seen:{seed}")
        self.floor = floor
        self.transient = transient
        self._decided: set[tuple[str, object]] = set()
        self._hidden: set[tuple[str, object]] = set()
        self._truth: GameState | None = None

    def show(self, truth: GameState) -> None:
        self._truth = truth

    def _unknown(self, key: tuple[str, object]) -> bool:
        if key not in self._decided:
            self._decided.add(key)
            if self._random.random() < self.floor:
                self._hidden.add(key)
        return key in self._hidden or self._random.random() < self.transient

    def look(self) -> tuple[Seen, bool]:
        assert self._truth is not None
        seen = Seen.of(observe(self._truth))
        items: dict[str, object] = {}
        for name in ITEM_FIELDS:
            value = getattr(seen, name)
            items[name] = tuple(
                None if self._unknown((name, i)) else item for i, item in enumerate(value)
            )
        items["donations"] = tuple(
            tuple(
                None if self._unknown(("donations", (d, k))) else owner
                for k, owner in enumerate(row or ())
            )
            for d, row in enumerate(seen.donations or ())
        )
        return replace(seen, **items), False  # type: ignore[arg-type]
