"""Random games keep the invariants of the rules at every step, for 2, 3 and 4 players."""

from __future__ import annotations

import random

import pytest

from engine.rajas import RULES
from engine.rajas.actions import Action
from engine.rajas.state import State

CAT = RULES.catalog


def _check(state: State) -> None:
    n = state.n
    for colour in range(4):
        held = sum(sum(p.dice[colour * 6 : colour * 6 + 6]) for p in state.players)
        assert held == state.held[colour] <= 12
    placed_on_board = [sum(1 for s in state.spaces if s == seat) for seat in range(n)]
    for seat, player in enumerate(state.players):
        assert player.dice_count() <= CAT.kali_capacity
        assert player.money >= 0 and player.karma >= 0 and player.fame >= 0
        assert 3 <= player.workers <= 5
        assert placed_on_board[seat] == player.placed <= player.workers
        tiles = [v for v in player.province if v >= 0]
        assert player.province.count(-2) == 1
        if tiles:
            assert len(set(tiles)) == len(tiles)
    boats = [p.boat for p in state.players if 0 < p.boat < len(CAT.river) - 1]
    assert len(boats) == len(set(boats))  # one boat per round river space
    tiles = [t for s in state.stacks for t in s] + [t for t in state.top if t >= 0]
    tiles += [v >> 2 for p in state.players for v in p.province if v >= 0]
    tiles += [state.tile] if state.tile >= 0 else []
    assert sorted(tiles) == list(range(64))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_the_invariants_and_end_with_a_winner(players: int) -> None:
    rng = random.Random(players)
    for seed in range(2):
        state = RULES.new_game(players, seed=seed)
        steps = 0
        while not RULES.decision(state).is_over:
            _check(state)
            decision = RULES.decision(state)
            legal = RULES.legal_actions(state)
            for action in legal[:8]:
                assert RULES.why_illegal(state, action) is None
            action = RULES.random_chance(state, rng) if decision.is_chance else rng.choice(legal)
            state, _ = RULES.apply(state, action)
            steps += 1
            assert steps < 5000
        _check(state)
        assert state.ending
        met = [p.fame + p.money >= CAT.value("track_length") for p in state.players]
        assert any(met)
        assert any(sheet.winner for sheet in RULES.score(state))


def test_actions_refused_are_exactly_those_not_generated() -> None:
    """Around a random game, each candidate of the current kind is accepted iff listed."""
    rng = random.Random(9)
    state = RULES.new_game(4, seed=9)
    for _ in range(150):
        decision = RULES.decision(state)
        if decision.is_over:
            break
        legal = {a for a in RULES.legal_actions(state) if isinstance(a, Action)}
        kinds = {a.kind for a in legal}
        for kind in kinds:
            for a in range(0, 40, 3):
                for b in (-1, 0, 3, 17, 121):
                    for c in (-1, 1):
                        candidate = Action(kind, a, b, c)
                        accepted = RULES.why_illegal(state, candidate) is None
                        assert accepted == (candidate in legal), candidate
        action = (
            RULES.random_chance(state, rng) if decision.is_chance else rng.choice(sorted(legal))
        )
        state, _ = RULES.apply(state, action)
