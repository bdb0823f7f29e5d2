"""Hints on request: the companion's three best answers for the seat deciding.

What it is for: a table that wants help (a house choice on the start page, off
by default) lets the deciding phone ask what the companion would play. The
answers come from the search a seat the companion plays uses
(``engine.core.review.hints``: ``engine.core.search`` from that seat's side
only, every other seat's secrets redrawn) and go to that phone alone. Each is
played on over the same sampled futures, so the points one gives up against
the best of them is a paired difference, not luck; listed best first.

Bounded: one search per decision and seat (asking again gets the same hint), a
fraction of a CPU second here; its samples come from the OS, so a hint says
nothing about any seed.
"""

from __future__ import annotations

import secrets
import threading
from typing import Any

from engine.core.game import Rules, option_text

#: how many answers a hint lists
TOP = 3


def best_answers(rules: Rules, state: Any, seat: int) -> list[dict[str, Any]]:
    """The search's three best answers for ``seat`` at ``state``, best first, each with
    its words and the points it gives up against the first (0 for the first)."""
    from engine.core.review import hints

    found = sorted(
        hints(rules, state, seat, seed=secrets.randbelow(2**31), count=TOP),
        key=lambda hint: -hint.points,
    )
    best = found[0].points if found else 0.0
    return [
        {
            "action": rules.format_action(h.action),
            "en": option_text(rules, state, h.action, "en"),
            "es": option_text(rules, state, h.action, "es"),
            "behind": round(max(0.0, best - h.points), 1),
        }
        for h in found
    ]


class Hints:
    """The hints of one table: computed once per (seat, state id), kept for the latest."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._kept: dict[int, tuple[int, list[dict[str, Any]]]] = {}

    def for_seat(self, rules: Rules, state: Any, seat: int, state_id: int) -> list[dict[str, Any]]:
        with self._lock:
            kept = self._kept.get(seat)
            if kept is not None and kept[0] == state_id:
                return kept[1]
            answers = best_answers(rules, state, seat)
            self._kept[seat] = (state_id, answers)
            return answers
