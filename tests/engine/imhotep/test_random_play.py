"""Random Imhotep games with invariants checked after every action.

Stones are conserved (30 per colour: quarry, sled, boats, sites), market cards
too (34), live points only go up, no sled holds more than 5 stones, no site
takes two boats in a round, every legal action is accepted by ``why_illegal``,
and the game ends after exactly six rounds.
"""

from __future__ import annotations

import random

import pytest

from engine.imhotep import RULES
from engine.imhotep.serialize import cards_in_play, stones_of

CASES = [
    (2, (), 1),
    (3, ("pharaohs-wrath",), 2),
    (4, (), 3),
    (4, ("all-b",), 4),
    (3, ("market-b", "temple-b"), 5),
    (2, ("pyramid-b", "burial-b", "obelisk-b", "pharaohs-wrath"), 6),
]


def check_step(before, after, events) -> None:
    for seat in range(after.players):
        said = sum(e.amount for e in events if e.kind == "points" and e.player == seat)
        assert sum(after.points[seat]) - sum(before.points[seat]) == said
        assert stones_of(after, seat) == 30, seat
        assert 0 <= after.sled[seat] <= 5
        assert sum(after.points[seat]) >= sum(before.points[seat])
    assert cards_in_play(after) == 34
    docked = [b.site for b in after.boats if b.site != -1]
    assert len(docked) == len(set(docked))
    assert after.round >= before.round and after.round <= 6


@pytest.mark.parametrize(("players", "options", "seed"), CASES)
def test_random_games_hold_the_invariants(players, options, seed):
    rng = random.Random(seed)
    state = RULES.new_game(players, seed=seed, options=options)
    kinds = set()
    rounds = {state.round}
    while not state.over:
        decision = RULES.decision(state)
        legal = RULES.legal_actions(state)
        for action in rng.sample(legal, min(3, len(legal))):
            assert RULES.why_illegal(state, action) is None
        action = RULES.random_chance(state, rng) if decision.is_chance else rng.choice(legal)
        kinds.add(decision.kind)
        after, events = RULES.apply(state, action)
        check_step(state, after, events)
        rounds.add(after.round)
        state = after
    assert rounds == {1, 2, 3, 4, 5, 6}
    assert {"TURN", "MARKET_CARD", "ROUND_CARD"} <= kinds
    sheets = RULES.score(state)
    assert all(sheet.final and sheet.total == sheet.provisional_total for sheet in sheets)


def test_many_short_games_end_and_reach_every_decision():
    rng = random.Random(99)
    kinds, private = set(), 0
    for seed in range(12):
        state = RULES.new_game(4, seed=seed, options=("all-b",))
        while not state.over:
            decision = RULES.decision(state)
            kinds.add(decision.kind)
            if decision.is_chance:
                action = RULES.random_chance(state, rng)
                private += RULES.privacy(state, action)[0] is not None
            else:
                action = rng.choice(RULES.legal_actions(state))
            state, _ = RULES.apply(state, action, check=False)
    assert {"MARKET_PICK", "KEEP_CARD", "PYRAMID", "BONUS_PLACE", "TEMPLE_BONUS"} <= kinds
    assert private > 0
