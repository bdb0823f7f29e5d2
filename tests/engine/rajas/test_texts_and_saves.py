"""Refusals, descriptions and prompts in English and Spanish; the notation; saved games."""

from __future__ import annotations

import json
import random
import re

import pytest

from engine.rajas import RULES
from engine.rajas.reasons import TABLE
from tests.engine.rajas.build import position

PLACEHOLDER = re.compile(r"\{\w+\}")


def test_every_refusal_names_its_rule_in_english_and_spanish() -> None:
    for code, (rule, en, es) in TABLE.entries.items():
        assert en and es and en != es, code
        if code != "bad_value":
            assert rule, code


def _game(players: int, seed: int):  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    state = position(players, seed)
    while not RULES.decision(state).is_over:
        decision = RULES.decision(state)
        action = (
            RULES.random_chance(state, rng)
            if decision.is_chance
            else rng.choice(RULES.legal_actions(state))
        )
        yield state, action
        state, _ = RULES.apply(state, action)


def test_every_action_of_a_game_reads_in_both_languages_without_placeholders() -> None:
    kinds = set()
    for state, action in _game(4, 3):
        kinds.add(action.kind)
        for language in ("en", "es"):
            text = RULES.describe_action(state, action, language)
            assert text.endswith(".") and not PLACEHOLDER.search(text), text
        assert RULES.parse_action(RULES.format_action(action)) == action
    assert {"roll", "place", "reveal"} <= kinds


def test_every_refusal_met_in_a_game_is_filled_in() -> None:
    seen = set()
    for state, _action in _game(3, 8):
        for other in RULES.legal_actions(position(3, 8))[:40]:
            reason = RULES.why_illegal(state, other)
            if reason is not None and reason.code not in seen:
                seen.add(reason.code)
                assert not PLACEHOLDER.search(reason.en) and not PLACEHOLDER.search(reason.es)
        if len(seen) > 6:
            break
    assert len(seen) >= 3


def test_a_saved_game_comes_back_equal_and_a_broken_one_names_its_field() -> None:
    state = position(3, seed=6)
    data = json.loads(json.dumps(RULES.to_dict(state)))
    assert RULES.from_dict(data) == state
    broken = json.loads(json.dumps(data))
    broken["players"][1]["money"] = -3
    with pytest.raises(ValueError, match=r"players\[1\]\.money"):
        RULES.from_dict(broken)
    twice = json.loads(json.dumps(data))
    twice["top"][0] = twice["top"][1]
    with pytest.raises(ValueError, match="two places"):
        RULES.from_dict(twice)
    with pytest.raises(ValueError, match="'game' must be 'rajas'"):
        RULES.from_dict({"game": "ceylon"})


def test_the_notation_refuses_bad_words_clearly() -> None:
    for text, message in [
        ("place Q9", "no action space"),
        ("place S1 b4", "a die and a goods kind"),
        ("place S1 x4 tea", "not a die"),
        ("buy blue-cow g3", "not a blue die"),
        ("tile Z9 0", "not on the"),
        ("fly", "unknown action"),
    ]:
        with pytest.raises(ValueError, match=message):
            RULES.parse_action(text)


def test_views_are_the_same_for_every_seat_and_public() -> None:
    state = position(4, seed=2)
    public = RULES.view(state, None)
    assert public["decision"]["en"] and public["decision"]["es"]
    for seat in range(4):
        mine = RULES.view(state, seat)
        assert {**mine, "viewer": None} == public
    json.dumps(public)
