"""Notation, past-tense descriptions in EN and ES, serialisation, views and the camera's observation."""

from __future__ import annotations

import json
import random

import pytest

from engine.imhotep import RULES
from engine.imhotep.actions import Action
from engine.imhotep.observe import DERIVED, ImhotepObservation
from tests.engine.imhotep.build import CARD, change, give, load, on_site, play, table


@pytest.mark.parametrize(
    "text",
    ["take", "place 3 2", "sail 3 pyramid", "play-hammer", "play-hammer 1 4", "play-chisel 1 1 6 2",
     "play-sail 3 2 temple", "play-lever 1 market", "pass", "order 2", "pick statue", "pick hidden",
     "keep sail", "pyramid centre", "bonus 3 1", "bonus", "temple stones", "first 2", "round 31", "card lever"],
)  # fmt: skip
def test_notation_round_trip(text):
    assert RULES.format_action(RULES.parse_action(text)) == text


@pytest.mark.parametrize(
    ("text", "words"),
    [("fly 3", "unknown action"), ("place 3", "takes 2"), ("sail 3 moon", "unknown site"),
     ("pick crown", "unknown market card"), ("place x 1", "must be a number"), ("", "empty")],
)  # fmt: skip
def test_bad_notation_says_what_is_wrong(text, words):
    with pytest.raises(ValueError, match=words):
        RULES.parse_action(text)


def test_describe_in_the_past_tense_in_both_languages():
    s = load(table(4), 3, "ww")
    sail = RULES.parse_action("sail 3 pyramid")
    assert RULES.describe_action(s, sail) == "Black sailed boat 3 to the pyramid"
    assert RULES.describe_action(s, sail, "es") == "Negro navegó el barco 3 a la pirámide"
    market = RULES.parse_action("sail 3 market")
    assert RULES.describe_action(s, market, "es") == "Negro navegó el barco 3 al mercado"
    spanish = [
        RULES.describe_action(s, RULES.parse_action(f"sail 3 {site}"), "es")
        for site in ("temple", "burial", "obelisk")
    ]
    assert spanish == [
        "Negro navegó el barco 3 al templo",
        "Negro navegó el barco 3 a la cámara funeraria",
        "Negro navegó el barco 3 a los obeliscos",
    ]
    after = play(s, "sail 3 market")
    pick = RULES.parse_action("pick statue")
    assert RULES.describe_action(after, pick) == "White took the Statue card"
    assert RULES.describe_action(after, pick, "es") == "Blanco cogió la carta Estatua del mercado"


def test_every_legal_action_has_words_in_both_languages():
    rng = random.Random(3)
    s = RULES.new_game(4, seed=3, options=("all-b", "pharaohs-wrath"))
    seen = set()
    while not s.over:
        for action in RULES.legal_actions(s):
            if action.kind not in seen:
                seen.add(action.kind)
                en, es = RULES.describe_action(s, action), RULES.describe_action(s, action, "es")
                assert en and es and en != es
        a = (
            RULES.random_chance(s, rng)
            if RULES.decision(s).is_chance
            else rng.choice(RULES.legal_actions(s))
        )
        s, _ = RULES.apply(s, a)
    assert {"take", "place", "sail", "card", "pick"} <= seen


def test_to_dict_round_trip_through_json():
    s = give(on_site(load(table(3, options=("all-b",)), 1, "bw"), "burial", "bwr"), 2, "lever")
    data = json.loads(json.dumps(RULES.to_dict(s)))
    assert RULES.from_dict(data) == s


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [("players", 7, "'players'"), ("sides", "AAAAC", "'sides'"), ("sled", [2, 3, 9], "'sled"),
     ("quarry", [28, 27, 20], "stones of seat 2"), ("boats", [{"id": 1}], "'boats'"),
     ("queue", [["fly", 0, 0, 0]], r"'queue\[0\]'"), ("deck", [0] * 12, "market cards in play")],
)  # fmt: skip
def test_from_dict_names_the_bad_field(field, value, words):
    data = RULES.to_dict(table(3))
    data[field] = value
    with pytest.raises(ValueError, match=words):
        RULES.from_dict(data)
    with pytest.raises(ValueError, match="JSON object"):
        RULES.from_dict([1, 2])


def test_observation_shows_boats_sites_cards_and_sleds():
    s = give(
        on_site(on_site(load(table(4), 3, "w-g"), "temple", "bwrgbw"), "obelisk", "rrr"),
        1,
        "statue",
    )
    s = play(s, "place 1 1")
    o = RULES.observe(s)
    assert isinstance(o, ImhotepObservation)
    assert o.boats[2] == (3, "harbour", ("white", "", "grey"))
    assert o.boats[0][2] == ("black", "", "", "")
    assert o.temple_top == ("white", "white", "brown", "grey", "black") and o.temple_covered == 1
    assert o.obelisk_tops == ("brown",) and o.obelisk_heights == (0, 0, 3, 0)
    assert o.market == ("statue", "lever", "entrance", "pyramid_decoration")
    assert o.cards[1] == ("statue",) and o.sleds == (1, 3, 4, 5)
    assert set(DERIVED) <= set(o.field_values())
    assert "obelisk_heights" in DERIVED and "temple_covered" in DERIVED
    # a camera snapshot leaves the derived fields unseen (None): it still matches
    seen = ImhotepObservation(**{**o.field_values(), **{k: None for k in DERIVED}})
    assert seen.matches(o)
    moved = play(load(s, 6, "r"), "sail 6 burial")
    assert RULES.observe(moved).differences(o) == ["boats", "burial"]


def test_the_b_market_pair_is_seen_only_by_its_picker():
    s = table(4, options=("market-b",), market=("statue", "lever", "sail"))
    s = play(load(s, 6, "w"), "sail 6 market", "pick hidden")
    assert RULES.decision(s).kind == "MARKET_CARD"
    assert RULES.privacy(s, RULES.legal_actions(s)[0]) == (1, True)
    s = play(s, "card hammer", "card statue")
    d = RULES.decision(s)
    assert d.kind == "KEEP_CARD" and d.player == 1
    assert "pair" not in RULES.view(s, None) and "pair" not in RULES.view(s, 0)
    assert RULES.view(s, 1)["pair"] == ["hammer", "statue"]
    s = play(s, "keep hammer")
    assert s.hands[1][CARD["hammer"]] == 1 and s.discard[CARD["statue"]] == 1 and s.hidden == 0


def test_public_reveals_are_not_secret():
    s = RULES.new_game(2)
    assert RULES.privacy(s, Action("first", (0,))) == (None, True)
    s = table(2)
    assert RULES.privacy(s, Action("take")) == (None, False)


def test_score_sheets_tie_break_and_pharaohs_wrath():
    s = table(2, options=("pharaohs-wrath",))
    s = on_site(
        on_site(on_site(on_site(s, "pyramid", "b"), "temple", "b"), "burial", "b"), "obelisk", "b"
    )
    s = change(s, points=((3, 0, 0), (4, 0, 0)), over=True, sled=(2, 3))
    sheets = RULES.score(s)
    assert sheets[0].by_category().get("wrath") is None
    assert sheets[1].by_category()["wrath"] == -5
    live = RULES.score(change(s, over=False))
    assert live[1].total == 4 and live[1].provisional_total == 4 - 5 and not live[1].final
    assert all(line.provisional for line in live[1].lines if line.category == "wrath")
    tie = change(s, wrath=False, points=((0, 0, 0), (0, 0, 0)))
    # black 1 burial + 10 obelisk; white nothing: black wins; the sled decides a tie
    both = change(tie, points=((0, 0, 0), (12, 0, 0)))
    sheets = RULES.score(both)
    assert sheets[0].total == 11 and sheets[1].total == 12 and sheets[1].winner
    even = change(tie, points=((0, 0, 0), (11, 0, 0)), sled=(2, 3))
    assert [sh.winner for sh in RULES.score(even)] == [False, True]
    shared = change(even, sled=(3, 3))
    assert [sh.winner for sh in RULES.score(shared)] == [True, True]


def test_from_dict_refuses_inconsistent_states_with_the_field():
    data = RULES.to_dict(table(3))
    for field, value, words in [
        ("round_cards", [41], "round_cards"),
        ("sailing", 2, "sailing"),
        ("queue", [["unload", -1, -1, -1]], r"queue\[0\]"),
        ("market", [0, 1, 2, 3, 4], "market"),
    ]:
        bad = {**data, field: value}
        with pytest.raises(ValueError, match=words):
            RULES.from_dict(bad)


def test_mangled_saves_are_refused_or_playable():
    """Random changes to a saved game: a clear ValueError, or a state the rules can use."""
    rng = random.Random(4)
    base = RULES.to_dict(play(load(table(4, options=("all-b",)), 1, "wrg"), "sail 1 market"))
    keys = sorted(base)
    accepted = 0
    for _ in range(300):
        data = json.loads(json.dumps(base))
        key = rng.choice(keys)
        value = data[key]
        if isinstance(value, list) and value and rng.random() < 0.6:
            index = rng.randrange(len(value))
            value[index] = rng.choice([-2, -1, 0, 1, 3, 7, 99, "x", None, [0], {}])
        else:
            data[key] = rng.choice([-1, 0, 2, 5, "x", None, [], [1, 2], {}, True])
        try:
            state = RULES.from_dict(data)
        except ValueError as error:
            assert str(error)
            continue
        accepted += 1
        RULES.legal_actions(state)
        RULES.view(state, None)
        RULES.score(state)
        RULES.observe(state)
    assert accepted < 300
