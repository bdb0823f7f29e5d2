"""II. Acción de mercado: mixed goods (one market per kind), one kind (up to a die's value)."""

from __future__ import annotations

from engine.rajas import RULES
from engine.rajas.catalog import load_catalog
from engine.rajas.province import mixed_income, single_income
from engine.rajas.rules_object import RajasRules
from tests.engine.rajas.build import CAT, play, position, put_tile, reason, set_player, to_move

# Rajesh's province: three tea markets and one silk market (the rulebook's examples).
_OVERRIDE = {
    "tiles": {
        "B7": {"markets": ["tea:2"]},
        "B10": {"markets": ["tea:2"]},
        "B13": {"markets": ["tea:3"]},
        "B9": {"markets": ["silk:2"]},
    }
}


def _rajesh() -> tuple[RajasRules, list[int]]:
    rules = RajasRules(load_catalog(_OVERRIDE))
    cat = rules.catalog
    province = [-1] * 20
    for cell, tile in zip((6, 7, 8, 11), ("B7", "B10", "B13", "B9"), strict=True):
        province[cell] = cat.tile_index(tile) * 4
    return rules, province


def test_rajesh_mixed_goods_scores_the_silk_market_and_one_tea_market_for_5() -> None:
    rules, province = _rajesh()
    assert mixed_income(rules.catalog, province) == 5


def test_rajesh_one_kind_with_a_4_scores_all_three_tea_markets_for_7() -> None:
    rules, province = _rajesh()
    assert single_income(rules.catalog, province, 1, 4) == 7
    assert single_income(rules.catalog, province, 1, 2) == 5  # a 2: the two best tea markets
    assert single_income(rules.catalog, province, 2, 6) == 0  # no spice market


def test_the_one_kind_market_takes_any_die_and_pays_the_markets_on_the_table() -> None:
    state = put_tile(position(4), 0, "B7", "C2")  # tea 2, spice 3
    state = put_tile(state, 0, "B10", "C3")  # tea 2, spice 3
    state = to_move(set_player(state, 0, dice=["p1", "g6"], money=0), 0)
    assert reason(state, "place S1 b4 tea") == "no_die"
    state = play(state, "place S1 p1 spice")
    assert state.players[0].money == 3 and state.players[0].dice_count() == 1


def test_with_three_or_four_players_a_player_uses_one_mixed_space_per_round() -> None:
    state = to_move(position(4), 0)
    state = to_move(play(state, "place M1"), 0)
    assert reason(state, "place M2") == "mixed_limit"
    refusal = RULES.why_illegal(state, RULES.parse_action("place M2"))
    assert refusal is not None and "3 o 4 jugadores" in refusal.es
    assert reason(to_move(state, 1), "place M2") is None  # another player may


def test_with_two_players_the_mixed_limit_does_not_apply() -> None:
    state = to_move(position(2), 0)
    state = to_move(play(state, "place M1"), 0)
    assert reason(state, "place M2") is None
    assert CAT.value("mixed_market_limit_players") == [3, 4]
