"""Each game's ``determinize``: draws a seat cannot tell apart, over exactly what it cannot rule out.

For a position reached by seeded random play, thousands of draws for one seat
must (1) keep that seat's view and every field outside the game's secrets,
(2) keep the unseen cards as a whole and each hidden place's size, and (3)
cover every arrangement of the hidden parts that (1) and (2) allow, counted
here by enumeration on a position small enough to list them all. So the
search (``engine.core.search``) samples exactly the consistent set, and
nothing it reads depends on a secret.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from itertools import combinations, permutations
from typing import Any

from engine.core.game import Rules
from engine.core.registry import get_rules
from engine.core.search.determinize import determinize, expand


def _play(
    rules: Rules,
    players: int,
    seed: int,
    until: Callable[[Any], bool],
    options: tuple[str, ...] = (),
) -> Any:
    """The first state ``until`` accepts in seeded random games (seed, seed + 1...)."""
    for attempt in range(seed, seed + 100):
        rng = random.Random(attempt)
        state = rules.new_game(players, seed=attempt, options=options)
        while not rules.decision(state).is_over:
            if until(state):
                return state
            decision = rules.decision(state)
            action = (
                rules.random_chance(state, rng)
                if decision.is_chance
                else rng.choice(rules.legal_actions(state))
            )
            state, _ = rules.apply(state, action, check=False)
    raise AssertionError("no such position in 100 games")


def _sub_multisets(pool: list[int], size: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(c)) for c in combinations(sorted(pool), size)}


def test_imhotep_deals_the_unseen_market_cards_back_over_every_split() -> None:
    rules = get_rules("imhotep")
    state = _play(
        rules,
        2,
        3,
        lambda s: bool(s.pair) and s.queue[0].kind == "keep" and 1 <= sum(s.discard) <= 3,
        ("market-b",),
    )
    picker = state.queue[0].seat
    other = 1 - picker
    pool = expand(state.deck) + expand(state.discard) + list(state.pair)
    seen_splits: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    rng = random.Random(1)
    for index in range(40000):
        draw = determinize(rules, state, other, rng)
        seen_splits.add((tuple(expand(draw.discard)), tuple(sorted(draw.pair))))
        if index >= 300:  # the rest only widen the coverage
            continue
        assert rules.view(draw, other) == rules.view(state, other)
        assert draw._replace(deck=state.deck, discard=state.discard, pair=state.pair) == state
        assert sum(draw.deck) == sum(state.deck) and len(draw.pair) == len(state.pair)
        assert Counter(expand(draw.deck) + expand(draw.discard) + list(draw.pair)) == Counter(pool)
    # every (discard, pair) the other seat cannot rule out, and nothing else
    expected = set()
    for hidden in _sub_multisets(pool, sum(state.discard) + len(state.pair)):
        for pair in _sub_multisets(list(hidden), len(state.pair)):
            rest = list((Counter(hidden) - Counter(pair)).elements())
            expected.add((tuple(sorted(rest)), pair))
    assert seen_splits == expected, (len(seen_splits), len(expected))
    # the picker sees the pair: only the piles are redrawn
    for _ in range(50):
        assert determinize(rules, state, picker, rng).pair == state.pair


def test_ceylon_deals_the_other_hands_and_the_pile_over_every_deal() -> None:
    rules = get_rules("ceylon")
    state = _play(
        rules,
        2,
        5,
        lambda s: s.phase == "PLAY" and sum(s.deck) <= 9 and all(p.hand for p in s.players),
    )
    seat = 0
    other = state.players[1]
    pool = expand(state.deck) + other.hand
    hands: set[tuple[int, ...]] = set()
    rng = random.Random(2)
    for index in range(4000):
        draw = determinize(rules, state, seat, rng)
        hands.add(tuple(draw.players[1].hand))
        if index >= 300:
            continue
        assert rules.view(draw, seat) == rules.view(state, seat)
        assert rules.view(draw, None) == rules.view(state, None)
        assert draw.players[seat] == state.players[seat]
        assert Counter(expand(draw.deck) + draw.players[1].hand) == Counter(pool)
        assert len(draw.players[1].hand) == len(other.hand)
        # nothing but the other hand and the pile changed
        rebuilt = draw.clone()
        rebuilt.mut(1).hand = list(other.hand)
        rebuilt.deck = list(state.deck)
        assert rules.to_dict(rebuilt) == rules.to_dict(state)
    assert hands == _sub_multisets(pool, len(other.hand))


def test_ceylon_with_unknown_hands_has_nothing_to_redraw() -> None:
    rules = get_rules("ceylon")
    state = _play(rules, 2, 5, lambda s: s.phase == "PLAY", ("unknown_hands",))
    assert determinize(rules, state, 0, random.Random(1)) is state


def test_amritsar_deals_the_other_objectives_over_every_arrangement() -> None:
    rules = get_rules("amritsar")
    state = _play(
        rules,
        2,
        4,
        lambda s: all(p.objectives[0] >= 0 for p in s.players) and not s.finished,
    )
    catalog = state.catalog
    seat = 0
    mine = set(state.players[0].objective_hand) | {o for o in state.players[0].objectives if o >= 0}
    other = state.players[1]
    hand_size = len(other.objective_hand)
    board = [i for i, o in enumerate(other.objectives) if o >= 0]
    seen: set[tuple[tuple[int, ...], tuple[int, ...]]] = set()
    rng = random.Random(3)
    for index in range(30000):
        draw = determinize(rules, state, seat, rng)
        theirs = draw.players[1]
        seen.add((theirs.objective_hand, theirs.objectives))
        if index >= 300:
            continue
        assert rules.view(draw, seat) == rules.view(state, seat)
        assert draw.players[0] == state.players[0]
        rebuilt = draw.copy()
        rebuilt.players[1].objective_hand = other.objective_hand
        rebuilt.players[1].objectives = other.objectives
        assert rebuilt == state
    # one objective of each type, none the seat holds, arranged any way over hand and board
    by_type: dict[str, list[int]] = {}
    for i, objective in enumerate(catalog.objectives):
        if i not in mine:
            by_type.setdefault(objective.type, []).append(i)
    held = [*other.objective_hand, *(other.objectives[space] for space in board)]
    kinds = sorted(catalog.objectives[o].type for o in held)
    expected = set()

    def choose(index: int, picked: list[int]) -> None:
        if index == len(kinds):
            for order in permutations(picked):
                objectives = list(other.objectives)
                for space, objective in zip(board, order[hand_size:], strict=True):
                    objectives[space] = objective
                expected.add((tuple(sorted(order[:hand_size])), tuple(objectives)))
            return
        for objective in by_type[kinds[index]]:
            choose(index + 1, [*picked, objective])

    choose(0, [])
    assert seen == expected


def test_rajas_has_nothing_hidden() -> None:
    rules = get_rules("rajas")
    state = _play(rules, 2, 6, lambda s: s.round >= 2)
    assert determinize(rules, state, 0, random.Random(1)) is state
