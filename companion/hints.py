"""Hints on request: the search player's three best answers for the seat deciding.

What it is for: a table that wants help (a house choice on the start page, off
by default) lets the deciding phone ask what the companion would play. The
answer comes from the same search a seat the companion plays uses
(``engine.core.search``), from that seat's side only (``determinize`` redraws
every other seat's secrets), and goes to that phone alone. Each answer comes
with how many points it is worth against the best one, read off the search's
mean reward (a lead in points squashed to 0..1, ``ismcts.sigmoid_lead``).

Bounded: one search per decision and seat (asking again gets the same hint),
at the ``normal`` level (a fraction of a second here).
"""

from __future__ import annotations

import math
import secrets
import threading
from typing import Any

from engine.core.game import Rules, option_text

#: how many answers a hint lists
TOP = 3


def _lead(value: float, scale: float) -> float:
    """The lead in points a mean reward stands for (the inverse of ``sigmoid_lead``)."""
    clipped = min(max(value, 1e-6), 1 - 1e-6)
    return scale * math.atanh(2 * clipped - 1)


def best_answers(rules: Rules, state: Any, seat: int) -> list[dict[str, Any]]:
    """The search's three best answers for ``seat`` at ``state``, each with its words
    and the points it is expected to give up against the first (0 for the first)."""
    from engine.core.search.ismcts import SCALE
    from engine.core.search.players import LEVELS, SearchBot

    estimates = SearchBot(LEVELS["normal"]).estimates(rules, state, secrets.SystemRandom())
    top = estimates[:TOP]
    best = _lead(top[0].value, SCALE)
    return [
        {
            "action": rules.format_action(e.action),
            "en": option_text(rules, state, e.action, "en"),
            "es": option_text(rules, state, e.action, "es"),
            "behind": round(max(0.0, best - _lead(e.value, SCALE)), 1),
        }
        for e in top
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
