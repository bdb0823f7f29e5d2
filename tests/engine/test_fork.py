"""``apply`` on a fork that shares the players is the same as on a full copy.

``apply`` copies a player only when the rules change it (``GameState.fork``
and ``own``, issue 35). A rule that changed a player it had not taken through
``own`` would change the state it was given (and every earlier state sharing
that player), or read a stale value after another change. So, along seeded
random games (solo, 2-4 players, with and without every house rule), every
legal action of every state is applied both ways: the results must be equal,
events included, and the state given must not change.
"""

from __future__ import annotations

import random

import pytest

from engine.amritsar.actions import Action
from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.options import OPTIONS
from engine.amritsar.rules.core import APPLY, Event, advance
from engine.amritsar.state import GameState, SharedPlayers


def apply_on_a_full_copy(state: GameState, action: Action) -> tuple[GameState, list[Event]]:
    """``apply`` as it was before the fork: every player copied first."""
    new = state.copy()
    events: list[Event] = []
    APPLY[action.kind](new, new.pending[-1], action, events)
    advance(new, events)
    return new, events


GAMES = [
    (1, True, False, 21, False),
    (1, True, True, 22, False),
    (2, False, False, 23, False),
    (3, False, False, 24, True),
    (4, False, False, 25, False),
    (4, False, False, 26, True),
]


@pytest.mark.parametrize(("players", "solo", "hard", "seed", "options"), GAMES)
def test_every_action_on_a_fork_equals_it_on_a_copy(
    players: int, solo: bool, hard: bool, seed: int, options: bool
) -> None:
    rng = random.Random(seed)
    chosen = tuple(OPTIONS) if options else ()
    state = new_game(players, solo=solo, hard=hard, seed=seed, options=chosen)
    steps = 0
    while not state.finished:
        before = state.copy()
        actions = legal_actions(state)
        for action in actions:
            forked, events = apply(state, action, check=False)
            copied, copied_events = apply_on_a_full_copy(state, action)
            assert forked == copied, (steps, str(action))
            assert events == copied_events, (steps, str(action))
            assert state == before, f"applying {action} changed the state given"
        state, _ = apply(state, rng.choice(actions), check=False)
        steps += 1
    assert steps > 50


def test_own_copies_one_player_once() -> None:
    state = new_game(4, seed=5)
    fork = state.fork()
    assert isinstance(fork.players, SharedPlayers)
    assert all(a is b for a, b in zip(fork.players, state.players, strict=True))
    mine = fork.own(2)
    assert mine is not state.players[2] and mine == state.players[2]
    assert fork.own(2) is mine
    mine.coins += 3
    assert state.players[2].coins == mine.coins - 3
    assert fork.players[0] is state.players[0] and fork.players[2] is mine
    # a full copy owns every player: own() changes them in place
    copied = state.copy()
    assert copied.own(1) is copied.players[1]
