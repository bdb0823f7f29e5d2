"""The four actions of a turn and the illegal moves the table must name (rulebook: Turno)."""

from __future__ import annotations

import pytest

from engine.core.reasons import IllegalActionError
from engine.imhotep import RULES
from engine.imhotep.state import Boat
from tests.engine.imhotep.build import act, change, give, load, play, table, turn


def reason(state, text):
    found = RULES.why_illegal(state, act(text))
    assert found is not None, text
    return found


def test_take_stones_fills_the_sled_up_to_five():
    s = table(4)  # seat 0 starts with 2 stones
    s = play(s, "take")
    assert s.sled[0] == 5 and s.quarry[0] == 25
    s = turn(change(s, sled=(4, *s.sled[1:])), 0)
    s = play(s, "take")  # room for one stone only
    assert s.sled[0] == 5


def test_take_stones_only_what_the_quarry_has():
    s = change(table(4), quarry=(1, 27, 26, 25), sled=(2, 3, 4, 5))
    s = play(s, "take")
    assert s.sled[0] == 3 and s.quarry[0] == 0
    s = turn(s, 0)
    r = reason(s, "take")
    assert r.code == "quarry_empty" and "Black" in r.en and "Negro" in r.es


def test_a_sixth_stone_on_a_sled_is_refused_with_the_rule():
    s = table(4)
    s = turn(s, 3)  # the fourth player starts with 5 stones
    r = reason(s, "take")
    assert r.code == "sled_full"
    assert r.rule == "Obtener nuevas piedras"
    assert "5 stones" in r.en and "5 piedras" in r.es
    with pytest.raises(IllegalActionError) as error:
        RULES.apply(s, act("take"))
    assert error.value.reason.code == "sled_full"


def test_place_a_stone_on_an_empty_slot_of_a_harbour_boat():
    s = play(table(4), "place 3 2")
    assert s.boats[s.boat_index(3)].slots == (-1, 0, -1)
    assert s.sled[0] == 1 and s.current == 1
    assert reason(s, "place 3 2").code == "slot_taken"
    assert reason(s, "place 5 1").code == "no_boat"
    assert reason(s, "place 3 4").code == "no_slot"


def test_place_needs_a_stone_on_the_sled():
    s = change(table(4), sled=(0, 3, 4, 5), quarry=(30, 27, 26, 25))
    assert reason(s, "place 1 1").code == "no_stone"


def test_a_boat_sailed_under_its_minimum_load_is_refused():
    s = load(table(4), 1, "bw")  # boat 1 holds 4 and needs 3
    r = reason(s, "sail 1 pyramid")
    assert r.code == "under_minimum"
    assert r.fields == {"boat": 1, "load": 2, "minimum": 3}
    assert r.rule == "Enviar un barco a un emplazamiento"
    assert "needs at least 3" in r.en and "al menos 3" in r.es


def test_a_second_boat_to_a_docked_site_is_refused():
    s = load(load(table(4), 1, "bwr"), 6, "g")
    s = play(s, "sail 1 temple")
    assert s.docked_at(3 - 1) is not None  # the temple
    r = reason(s, "sail 6 temple")
    assert r.code == "site_taken" and r.fields["other"] == 1
    assert "only one boat per site" in r.en and "solo un barco por emplazamiento" in r.es
    assert r.es.startswith("El barco 1 ya amarró en el templo esta ronda")
    assert reason(s, "place 1 4").code == "boat_sailed"
    assert reason(s, "sail 1 burial").code == "boat_sailed"


def test_a_boat_may_be_sent_without_any_of_your_stones():
    s = load(table(4), 6, "w")
    s = play(s, "sail 6 burial")  # black sends white's stone
    assert s.burial == (1,)
    assert s.last_sender == 0 and s.current == 1


def test_unloading_goes_bow_to_stern_and_skips_empty_slots():
    s = load(table(4), 1, "r-gw")
    s = play(s, "sail 1 burial")
    assert s.burial == (2, 3, 1)
    assert s.boats[s.boat_index(1)].slots == (-1, -1, -1, -1)  # the empty boat stays docked


def test_pass_only_when_nothing_is_possible():
    s = table(4)
    assert reason(s, "pass").code == "no_pass"
    stuck = change(s, sled=(0, 3, 4, 5), quarry=(0, 27, 26, 25))
    assert [RULES.format_action(a) for a in RULES.legal_actions(stuck)] == ["pass"]
    assert play(stuck, "pass").current == 1


def test_play_a_blue_card_only_if_you_have_it():
    s = table(4)
    r = reason(s, "play-hammer 1 1")
    assert r.code == "no_card" and r.rule == "Jugar una carta azul de mercado"
    assert "Hammer" in r.en and "Martillo" in r.es


def test_hammer_takes_three_stones_then_places_one():
    s = give(change(table(4), sled=(0, 3, 4, 5), quarry=(30, 27, 26, 25)), 0, "hammer")
    s = play(s, "play-hammer 2 1")
    assert s.sled[0] == 2 and s.boats[s.boat_index(2)].slots[0] == 0
    assert s.hands[0][RULES.catalog.card_index("hammer")] == 0
    assert s.discard[RULES.catalog.card_index("hammer")] == 1


def test_chisel_places_two_stones_in_one_or_two_boats():
    s = give(table(4), 0, "chisel")
    s1 = play(s, "play-chisel 1 1 1 2")
    assert s1.boats[0].slots[:2] == (0, 0) and s1.sled[0] == 0
    s2 = play(s, "play-chisel 6 2 1 1")  # any order of the two slots
    assert s2.boats[s2.boat_index(6)].slots == (-1, 0) and s2.boats[0].slots[0] == 0
    lone = change(s, sled=(1, 3, 4, 5), quarry=(29, 27, 26, 25))
    assert reason(lone, "play-chisel 1 1 1 2").code == "chisel_two"


def test_sail_card_places_a_stone_then_sends_that_boat():
    s = load(give(table(4), 0, "sail"), 3, "w")
    assert reason(s, "sail 3 pyramid").code == "under_minimum"
    s = play(s, "play-sail 3 2 pyramid")
    assert s.pyramid[0] == (1, 0) and s.sled[0] == 1
    assert reason(give(s, 1, "sail"), "play-sail 6 1 pyramid").code == "site_taken"


def test_lever_lets_its_player_order_the_unloading():
    s = load(give(table(4), 0, "lever"), 1, "wrg")
    s = play(s, "play-lever 1 pyramid")
    d = RULES.decision(s)
    assert d.kind == "UNLOAD_ORDER" and d.player == 0
    s = play(s, "order 3", "order 1")  # grey, then white; brown last goes alone
    assert s.pyramid[0] == (3, 1, 2)
    assert s.current == 1


def test_one_action_per_turn_then_the_next_player():
    s = play(table(3), "take", "place 1 1", "place 1 2")
    assert s.current == 0


def test_hammer_with_no_empty_slot_still_takes_stones():
    s = give(change(table(4), sled=(0, 3, 4, 5), quarry=(30, 27, 26, 25)), 0, "hammer")
    full = tuple(Boat(b.id, (1,) * len(b.slots), b.site) for b in s.boats)  # 13 white stones
    s = change(s, boats=full, quarry=(30, 27 - 13, 26, 25))
    assert [RULES.format_action(a) for a in RULES.legal_actions(s) if a.kind == "play-hammer"] == [
        "play-hammer"
    ]
    s = play(s, "play-hammer")
    assert s.sled[0] == 3


def test_a_market_stone_with_no_card_left_goes_back_to_the_quarry():
    s = change(table(4), market=(-1, -1, -1, RULES.catalog.card_index("statue")))
    s = play(load(s, 3, "ww"), "sail 3 market", "pick statue")
    assert s.quarry[1] == 27 - 2 + 2 and s.hands[1][RULES.catalog.card_index("statue")] == 1
    assert RULES.decision(s).kind == "TURN"


def test_a_lever_with_one_owner_left_unloads_by_itself():
    s = load(give(table(4), 0, "lever"), 3, "ww")
    s = play(s, "play-lever 3 burial")
    assert s.burial == (1, 1) and RULES.decision(s).kind == "TURN"
