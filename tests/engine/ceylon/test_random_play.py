"""Random games to the end, checking every invariant and the agreement of the
legal-move generator with ``why_illegal`` (both ways) at every step."""

from __future__ import annotations

import json
import random

import pytest

from engine.ceylon.state import OVER
from tests.engine.ceylon.build import R
from tests.engine.ceylon.invariants import check, choose, universe

GAMES = [
    (2, 4, ()),
    (3, 2, ("start_tiles",)),
    (4, 3, ()),
    (4, 4, ("start_tiles",)),
    (2, 5, ("leave_out_dimbula",)),
]


@pytest.mark.parametrize(("players", "seed", "options"), GAMES)
def test_random_games_reach_the_end_with_every_invariant_held(
    players: int, seed: int, options: tuple[str, ...]
) -> None:
    rng = random.Random(seed)
    state = R.new_game(players, options=options)
    steps = 0
    kinds_seen: set[str] = set()
    while state.phase != OVER:
        check(state)
        legal = R.legal_actions(state)
        assert legal and len(set(legal)) == len(legal)
        for action in legal:
            assert R.why_illegal(state, action) is None, R.format_action(action)
            assert R.parse_action(R.format_action(action)) == action
        if steps % 7 == 0:
            legal_set = set(legal)
            for candidate in universe(state):
                if candidate not in legal_set:
                    reason = R.why_illegal(state, candidate)
                    assert reason is not None, (
                        f"{state.phase}: {candidate} not generated but accepted"
                    )
                    assert reason.en and reason.es
            assert R.from_dict(json.loads(json.dumps(R.to_dict(state)))) == state
        action = choose(state, rng)
        kinds_seen.add(action.kind)
        before = R.to_dict(state)
        state, _ = R.apply(state, action)
        assert R.to_dict(R.from_dict(before)) == before  # apply never changed the state given
        steps += 1
        assert steps < 5000
    check(state)
    assert R.from_dict(json.loads(json.dumps(R.to_dict(state)))) == state
    sheets = R.score(state)
    assert sum(s.winner for s in sheets) == 1 and all(s.final for s in sheets)
    assert {"play", "plant", "harvest", "trade", "move", "rupees"} <= kinds_seen
