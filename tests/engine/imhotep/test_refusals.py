"""``why_illegal`` agrees with ``legal_actions`` on every candidate action, with words for each refusal."""

from __future__ import annotations

import random

import pytest

from engine.core.game import Filter
from engine.core.reasons import IllegalActionError
from engine.imhotep import RULES
from engine.imhotep.actions import Action
from engine.imhotep.reasons import TABLE
from tests.engine.imhotep.build import give, load, table

SITES = range(5)
KINDS = len(RULES.catalog.cards)


def candidates() -> list[Action]:
    """Every action of the right shape, legal or not (boats 1-8, slots 1-4)."""
    boats = [(b, s) for b in range(1, 9) for s in range(1, 5)]
    result = [Action("take"), Action("pass"), Action("play-hammer"), Action("bonus")]
    result += [Action("place", bs) for bs in boats] + [Action("play-hammer", bs) for bs in boats]
    result += [Action("sail", (b, site)) for b in range(1, 9) for site in SITES]
    result += [Action("play-lever", (b, site)) for b in range(1, 9) for site in SITES]
    result += [Action("play-sail", (*bs, site)) for bs in boats for site in SITES]
    result += [Action("play-chisel", (*a, *b)) for a in boats[:12] for b in boats[:12] if a != b]
    result += [Action(kind, (k,)) for kind in ("pick", "keep", "card") for k in range(KINDS)]
    result += [Action("pyramid", (p,)) for p in range(3)] + [
        Action("temple", (c,)) for c in range(2)
    ]
    result += [Action("order", (s,)) for s in range(1, 5)] + [
        Action("first", (s,)) for s in range(4)
    ]
    result += [Action("round", (c.id,)) for c in RULES.catalog.round_cards]
    return result


CANDIDATES = candidates()


def positions():
    rng = random.Random(7)
    found = []
    for seed, options in ((1, ()), (2, ("all-b",))):
        state = RULES.new_game(4, seed=seed, options=options)
        state = give(state, state.current, "hammer", "chisel", "sail", "lever")
        step = 0
        while not state.over and len(found) < 12 * (seed):
            if step % 9 == 0:
                found.append(state)
            action = (
                RULES.random_chance(state, rng)
                if RULES.decision(state).is_chance
                else rng.choice(RULES.legal_actions(state))
            )
            state, _ = RULES.apply(state, action)
            step += 1
    return found


@pytest.mark.parametrize("state", positions())
def test_why_illegal_agrees_with_the_legal_actions(state):
    legal = set(RULES.legal_actions(state))
    assert legal
    for action in CANDIDATES:
        reason = RULES.why_illegal(state, action)
        assert (reason is None) == (action in legal or _chisel_swapped(action) in legal), action
        if reason is not None:
            assert reason.rule and reason.en and reason.es
            assert "{" not in reason.en + reason.es, (action, reason.en, reason.es)


def _chisel_swapped(action: Action) -> Action:
    if action.kind == "play-chisel":
        return Action(action.kind, action.args[2:] + action.args[:2])
    return action


def test_every_reason_has_a_rulebook_section_and_both_languages():
    for code, (rule, en, es) in TABLE.entries.items():
        assert rule and en and es and en != es, code


def test_malformed_actions_are_refused_not_crashed():
    s = table(4)
    for bad in [
        ("take",),
        Action("place", ()),
        Action("place", ("a", "b")),
        Action("sail", (1, 9)),
        "take",
        None,
    ]:
        reason = RULES.why_illegal(s, bad)
        assert reason is not None and reason.code == "not_choice", bad
        with pytest.raises(IllegalActionError):
            RULES.apply(s, bad)


def test_filter_keeps_only_the_kinds_and_boats_asked_for():
    s = load(table(4), 1, "wrg")
    only_sail = RULES.legal_actions(s, Filter(kinds={"sail"}))
    assert only_sail and {a.kind for a in only_sail} == {"sail"}
    boat_3 = RULES.legal_actions(s, Filter(kinds={"place"}, first={3}))
    assert [RULES.format_action(a) for a in boat_3] == ["place 3 1", "place 3 2", "place 3 3"]
    assert RULES.legal_actions(s, Filter(first={99})) == []
