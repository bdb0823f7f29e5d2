"""A coin spot read covered is evidence of a coin: a skip seen, not asked (issue 33).

The camera tells a covered coin spot from a clear one, never how many coins
lie on it (``vision.snapshot.observable``), so ``Seen.section_coins`` is
``None`` there and every explanation fitted: a skip that leaves a coin on an
empty section was asked on the phone. ``Seen.coins_covered`` keeps what the
camera does know: a covered spot where the engine has no coin holds at least
one, which only the skip explains. A covered spot that already had coins, or
one the camera could not read, is no evidence: nothing is inferred from it.
"""

from __future__ import annotations

import random
from dataclasses import replace

from companion.games.amritsar.reconcile.instructions import instructions
from companion.games.amritsar.reconcile.search import infer
from companion.games.amritsar.reconcile.seen import Seen, mismatches
from engine.amritsar import Act, GameState, apply, legal_actions, new_game, observe


def _skip_onto(empty: bool, seed: int = 1) -> tuple[GameState, GameState, int]:
    """A sowing where the mover may skip a section (with no coin there when
    ``empty``, else with coins there already): the state, the state after the
    skip and the section's index."""
    rng = random.Random(seed)
    for game_seed in range(40):
        state = new_game(2, seed=game_seed)
        for _ in range(400):
            if state.finished:
                break
            skips = [a for a in legal_actions(state) if a.kind is Act.SKIP]
            for skip in skips:
                after, _ = apply(state, skip)
                grew = [
                    i
                    for i, (a, b) in enumerate(
                        zip(state.section_coins, after.section_coins, strict=True)
                    )
                    if b > a
                ]
                if grew and (state.section_coins[grew[0]] == 0) == empty:
                    return state, after, grew[0]
            state, _ = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("no skip found")


def _camera(after: GameState, section: int, covered: bool) -> Seen:
    """The table after the skip as the camera reads it: the coin spot's count
    unknown, and read covered (or not read at all)."""
    seen = Seen.of(observe(after))
    coins = list(seen.section_coins or ())
    coins[section] = None
    return replace(
        seen,
        section_coins=tuple(coins),
        coins_covered=frozenset({section}) if covered else frozenset(),
    )


def test_a_coin_spot_read_covered_where_there_was_none_shows_the_skip() -> None:
    state, after, section = _skip_onto(empty=True)
    found = infer(state, _camera(after, section, covered=True))
    assert found.kind == "apply"
    assert [a.kind for a in found.actions] == [Act.SKIP]


def test_a_coin_spot_not_read_leaves_the_skip_unseen() -> None:
    state, after, section = _skip_onto(empty=True)
    found = infer(state, _camera(after, section, covered=False))
    assert not any(a.kind is Act.SKIP for a in found.actions)


def test_a_coin_spot_covered_before_the_skip_is_no_evidence_of_it() -> None:
    state, after, section = _skip_onto(empty=False)
    found = infer(state, _camera(after, section, covered=True))
    assert not any(a.kind is Act.SKIP for a in found.actions)


def test_a_covered_spot_the_game_has_no_coin_on_is_a_mismatch_with_words() -> None:
    state, after, section = _skip_onto(empty=True)
    seen = _camera(after, section, covered=True)
    off = [m for m in mismatches(observe(state), seen) if m.field == "section_coins"]
    assert [m.index for m in off] == [(section,)]
    assert mismatches(observe(after), seen) == []
    words = [
        i
        for i in instructions(state, observe(state), seen, ("purple", "grey"))
        if i.field == "section_coins"
    ]
    assert words and "(it has some)" in words[0].en and "(tiene alguna)" in words[0].es


def test_coins_covered_is_logged_and_read_back_and_old_logs_read_without_it() -> None:
    _, after, section = _skip_onto(empty=True)
    seen = _camera(after, section, covered=True)
    assert Seen.from_dict(seen.to_dict()) == seen
    old = seen.to_dict()
    del old["coins_covered"]
    assert Seen.from_dict(old).coins_covered == frozenset()
