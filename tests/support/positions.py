"""Building game positions for tests: play to a decision, then edit the table.

``play_to(state, kind, seat)`` plays the first legal action until the wanted
decision is pending for the wanted seat. ``edit(state, change)`` passes the
state's JSON form (``engine.amritsar.serialize.to_dict``) to ``change`` and reads the
result back, validated: a built position is a sound game state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.amritsar import GameState, apply, from_dict, legal_actions, to_dict
from engine.amritsar.decisions import Pending


def play_to(
    state: GameState, kind: Pending, seat: int | None = None, *, limit: int = 2000
) -> GameState:
    for _ in range(limit):
        top = state.pending[-1]
        if top.kind == kind and (seat is None or top.player == seat):
            return state
        state, _ = apply(state, legal_actions(state)[0])
    raise AssertionError(f"{kind.name} for seat {seat} not reached")


def edit(
    state: GameState, change: Callable[[dict[str, Any]], None], *, validate: bool = True
) -> GameState:
    data = to_dict(state)
    change(data)
    return from_dict(data, state.catalog, validate=validate)
