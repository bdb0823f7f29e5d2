"""The candidate generators leave out only actions their checks refuse.

Issue 35 made the action menu and the donation menu skip actions that cannot
pass their checks. Along seeded random games, the engine's candidates must be
``could_take``'s actions in the same order minus some, and every action left
out must be refused by ``why_illegal`` (so ``legal_actions`` is unchanged and
a player who tries one still reads why not).
"""

from __future__ import annotations

import random

import pytest

from engine.amritsar.decisions import Pending
from engine.amritsar.game import apply, legal_actions, new_game, why_illegal
from engine.amritsar.options import OPTIONS
from engine.amritsar.rules.core import CANDIDATES
from tests.engine.could_take import could_take


@pytest.mark.parametrize(("players", "seed", "options"), [(2, 31, False), (4, 32, True)])
def test_left_out_actions_are_refused(players: int, seed: int, options: bool) -> None:
    rng = random.Random(seed)
    state = new_game(players, seed=seed, options=tuple(OPTIONS) if options else ())
    left_out = 0
    while not state.finished:
        top = state.pending[-1]
        offered = list(CANDIDATES[Pending(top.kind)](state, top))
        every = could_take(state)
        assert [a for a in every if a in offered] == offered
        for action in every:
            if action not in offered:
                left_out += 1
                assert why_illegal(state, action) is not None, action
        state, _ = apply(state, rng.choice(legal_actions(state)), check=False)
    assert left_out > 20
