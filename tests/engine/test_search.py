"""The search player (``engine.core.search``): it cannot see another seat's secrets.

Per game, a position where the seat to move faces hidden cards: the same
position with the other seats' secrets changed (drawn anew by
``determinize``, so the seat's view is the same) must get the very same
answer and the very same statistics from a seeded search, and from the greedy
player. Rajas hides nothing, so its check is that the search is deterministic
for a seed. Small iteration counts keep it quick; the strength is measured in
``bench/bots.py``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core.registry import get_rules
from engine.core.search.determinize import determinize
from engine.core.search.ismcts import Settings, search
from engine.core.search.players import BOT_NAMES, GreedyBot, SearchBot, make_bot, play_game

SMALL = Settings(iterations=40, depth=10)


def _position(game: str, seed: int, options: tuple[str, ...] = ()) -> Any:
    """A seat's decision with at least two answers, some way into a seeded random game,
    with something hidden from that seat (except in Rajas)."""
    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.new_game(2, seed=seed, options=options)
    steps = 0
    while True:
        decision = rules.decision(state)
        assert not decision.is_over
        if decision.is_chance:
            action = rules.random_chance(state, rng)
        else:
            actions = rules.legal_actions(state)
            if steps > 30 and len(actions) > 2:
                seat = decision.player
                changed = determinize(rules, state, seat, random.Random(seed))
                if game == "rajas" or rules.to_dict(changed) != rules.to_dict(state):
                    return state
            action = rng.choice(actions)
            steps += 1
        state, _ = rules.apply(state, action, check=False)


@pytest.mark.parametrize(
    ("game", "options"),
    [("imhotep", ("market-b",)), ("ceylon", ()), ("amritsar", ()), ("rajas", ())],
)
def test_the_choice_does_not_depend_on_another_seats_secrets(
    game: str, options: tuple[str, ...]
) -> None:
    rules = get_rules(game)
    state = _position(game, 11, options)
    seat = rules.decision(state).player
    others = state
    for attempt in range(50):  # the other seats' secrets changed, the seat's view the same
        others = determinize(rules, state, seat, random.Random(attempt))
        if game == "rajas" or rules.to_dict(others) != rules.to_dict(state):
            break
    assert rules.view(others, seat) == rules.view(state, seat)
    if game != "rajas":
        assert rules.to_dict(others) != rules.to_dict(state)
    if game in ("ceylon", "amritsar"):  # the other seat's own cards did change
        other = 1 - seat
        assert rules.view(others, other) != rules.view(state, other)
    first = search(rules, state, seat, SMALL, random.Random(5))
    second = search(rules, others, seat, SMALL, random.Random(5))
    assert first == second
    assert sum(e.visits for e in first) == SMALL.iterations
    greedy = GreedyBot()
    assert greedy.choose(rules, state, random.Random(6)) == greedy.choose(
        rules, others, random.Random(6)
    )


def test_a_seeded_game_between_bots_repeats() -> None:
    rules = get_rules("imhotep")
    bots = [SearchBot(Settings(iterations=8, depth=6)), make_bot("greedy")]
    first = play_game(rules, bots, 3)
    again = play_game(rules, bots, 3)
    assert rules.to_dict(first) == rules.to_dict(again)
    assert rules.decision(first).is_over


def test_bots_by_name() -> None:
    for name in BOT_NAMES:
        assert hasattr(make_bot(name), "choose")
    with pytest.raises(ValueError, match="no player 'best'; players: random, greedy"):
        make_bot("best")
    rules = get_rules("rajas")
    over = play_game(rules, [make_bot("random"), make_bot("random")], 1)
    with pytest.raises(ValueError, match="no seat decides now"):
        make_bot("strong").choose(rules, over, random.Random(1))
