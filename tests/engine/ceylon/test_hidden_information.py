"""Hands and draws are secret (rulebook: Preparación J); views and the record hide them."""

from __future__ import annotations

import json

from engine.ceylon.state import DEAL, State
from tests.engine.ceylon.build import CAT, R, play, table


def _setup_with_hands(hands: list[list[str]]) -> State:
    state = R.new_game(2)
    while state.phase != DEAL:
        state, _ = R.apply(state, R.legal_actions(state)[0])
    for hand in hands:
        for card in hand:
            state = play(state, f"deal {card}")
    return state


def test_draws_are_private_to_the_drawer_and_other_chance_is_public() -> None:
    state = _setup_with_hands([])
    action = R.parse_action("deal plant/harvest")
    assert R.privacy(state, action) == (0, True)
    fresh = R.new_game(2)
    assert R.privacy(fresh, R.legal_actions(fresh)[0]) == (None, True)
    turn = table(2)
    assert R.privacy(turn, R.legal_actions(turn)[0]) == (None, False)


def test_a_seat_sees_its_own_hand_and_only_the_count_of_others() -> None:
    state = table(3)
    mine = R.view(state, 1)
    assert mine["seats"][1]["hand"] == ["plant/harvest", "hire/tech", "hire/tech"]
    assert "hand" not in mine["seats"][0] and mine["seats"][0]["hand_count"] == 3
    public = R.view(state, None)
    assert all("hand" not in s for s in public["seats"])
    text = json.dumps(public)
    assert "hire/tech" not in text and "plant/harvest" not in text
    assert "deck" not in public and public["deck_left"] == sum(state.deck)


def test_same_public_history_with_different_hands_gives_identical_public_views() -> None:
    a = _setup_with_hands([["plant/harvest"] * 3, ["trade/hire"] * 3])
    b = _setup_with_hands([["hire/tech"] * 3, ["plant/trade", "harvest/tech", "trade/tech"]])
    assert a.players[0].hand != b.players[0].hand
    assert R.view(a, None) == R.view(b, None)
    assert json.dumps(R.view(a, None)) == json.dumps(R.view(b, None))
    # each seat still sees only its own cards
    assert R.view(a, 0)["seats"][1] == R.view(b, 0)["seats"][1]
    assert R.view(a, 0)["seats"][0] != R.view(b, 0)["seats"][0]


def test_describing_a_draw_never_names_the_card() -> None:
    state = _setup_with_hands([])
    action = R.parse_action("deal trade/tech")
    for language in ("en", "es"):
        text = R.describe_action(state, action, language)
        assert "trade" not in text and "tech" not in text and text.endswith(".")
    assert R.describe_action(state, action) == "Red drew a card."
    assert R.describe_action(state, action, "es") == "Rojo robó una carta."
    assert len(CAT.faces) == 10


def test_the_view_says_whose_phone_supplies_a_secret_draw() -> None:
    state = _setup_with_hands([["plant/harvest"] * 2])
    assert state.actor == 0 and R.view(state, None)["draw_for"] == 0
    assert R.decision(state).is_chance and R.view(state, 1)["decision"]["kind"] == "DEAL"


def test_the_events_of_a_draw_do_not_name_the_card() -> None:
    state = _setup_with_hands([])
    _, events = R.apply(state, R.parse_action("deal trade/tech"))
    assert events and all("trade" not in repr(e) and "tech" not in repr(e) for e in events)


def test_the_drawers_choices_give_no_other_hand_away() -> None:
    # Red holds three of the four plant/hire cards; Blue draws the fourth. The pile
    # has none left, but Blue cannot know that: offering only the faces left in the
    # pile would tell Blue what Red holds.
    a = _setup_with_hands([["plant/hire"] * 3, ["plant/hire"]])
    b = _setup_with_hands([["trade/tech"] * 3, ["plant/hire"]])
    assert a.actor == b.actor == 1 and a.players[1].hand == b.players[1].hand
    assert R.legal_actions(a) != R.legal_actions(b)  # the pile differs ...
    assert R.draw_choices(a) == R.draw_choices(b)  # ... the drawer's phone does not
    named = R.parse_action("deal plant/hire")
    assert named in R.draw_choices(a) and named not in R.legal_actions(a)
    # naming it says the entries do not add up, never where the cards are
    reason = R.why_illegal(a, named)
    assert reason is not None and reason.code == "draw_unaccounted"
    assert "Red" not in reason.en and "Rojo" not in reason.es
    # a face the drawer can rule out (every copy played or in their own hand) is not offered
    played = R.parse_action("deal plant/tech")
    a.deck[played.a] = 0
    assert played not in R.draw_choices(a)
    assert R.why_illegal(a, played).code == "chance_unavailable"  # type: ignore[union-attr]
    # every legal outcome stays offered, and other chance decisions are unchanged
    assert set(R.legal_actions(b)) <= set(R.draw_choices(b))
    fresh = R.new_game(2)
    assert R.draw_choices(fresh) == R.legal_actions(fresh)
