"""I. Building Action and Las Juntas Provinciales: paying dice, placing tiles, yields, upgrades."""

from __future__ import annotations

from engine.rajas import RULES
from tests.engine.rajas.build import (
    CAT,
    play,
    position,
    put_tile,
    reason,
    set_player,
    tile_on_top,
    to_move,
)


def _at_quarry(dice: list[str], tile: str, money: int = 5):  # type: ignore[no-untyped-def]
    state = tile_on_top(position(4), tile)
    return to_move(set_player(state, 0, dice=dice, money=money), 0)


def test_rajesh_pays_one_money_and_dice_of_the_tile_colour_totalling_its_value() -> None:
    # "7 azul" paid with a blue 3 and a blue 5 (overpaying is allowed).
    state = _at_quarry(["b3", "b5", "g6"], "B8")
    state = play(state, "place Q1")
    assert state.players[0].money == 4 and RULES.decision(state).kind == "BUY"
    assert reason(state, "buy blue-cow b3") == "dice_short"
    assert reason(state, "buy blue-cow b3,b5,b5") == "no_die"
    state = play(state, "buy blue-cow b3,b5")
    assert state.players[0].dice_count() == 1 and state.tile == CAT.tile_index("B8")
    assert RULES.decision(state).kind == "TILE"


def test_the_quarry_is_refused_when_no_tile_on_display_can_be_paid() -> None:
    state = _at_quarry(["b1"], "B8")
    assert reason(state, "place Q1") == "nothing_to_build"
    refusal = RULES.why_illegal(state, RULES.parse_action("place Q1"))
    assert refusal is not None and refusal.rule.startswith("I. Building Action")


def test_a_tile_must_meet_a_road_to_the_residence_and_may_be_turned() -> None:
    state = play(_at_quarry(["b6"], "B1"), "place Q1", "buy blue-snake b6")  # B1: roads N+E
    assert reason(state, "tile C1 0") == "cell_taken"  # the residence
    assert reason(state, "tile A4 0") == "not_connected"
    assert reason(state, "tile C2 0") is None  # N meets the residence's south road
    assert reason(state, "tile C2 90") == "not_connected"  # turned: E+S, nothing above
    placed = play(state, "tile C2 0")
    assert placed.players[0].province[CAT.cell_index("C2")] == CAT.tile_index("B1") * 4


def test_a_building_gives_fame_by_its_upgrade_level_and_markets_give_money() -> None:
    # B9: a palace and a silk market of 2 (cost 7 blue).
    state = _at_quarry(["b6", "b1"], "B9", money=1)
    state = play(state, "place Q1", "buy blue-cow b1,b6", "tile B1 0")
    player = state.players[0]
    assert (player.fame, player.money) == (2, 0 + 2)
    upgraded = set_player(_at_quarry(["b6", "b1"], "B9", money=1), 0, levels=[0, 2, 0, 0])
    upgraded = play(upgraded, "place Q1", "buy blue-cow b1,b6", "tile B1 0")
    assert upgraded.players[0].fame == 4  # palace cube in the last column: 4 fame


def test_an_upgrade_counts_only_for_buildings_added_afterwards() -> None:
    state = put_tile(position(4), 0, "B3", "C2")  # a temple already in the province
    state = to_move(set_player(state, 0, dice=["g4"], fame=3), 0)
    state = play(state, "place mogul g4", "upgrade temple")
    assert state.players[0].fame == 3 and state.players[0].levels[0] == 1


def test_leila_corner_tile_reaching_two_yields_takes_a_die_and_five_money() -> None:
    # A3 carries a road down from above; the new tile at A4 joins it and its road
    # ends reach the two yields printed at the left corner (1 die, 5 money).
    state = put_tile(position(4), 0, "B8", "A3")  # B8: roads N+S
    state = tile_on_top(state, "B5")  # B5: roads N+S+W, a spice market of 3
    state = to_move(set_player(state, 0, dice=["b5"], money=1), 0)
    state = play(state, "place Q1", "buy blue-snake b5", "tile A4 0")
    assert state.players[0].money == 3  # the tile's own market first
    assert RULES.decision(state).kind == "COLOUR"  # then the die of any colour
    state = play(state, "colour orange", "roll o2")
    assert state.players[0].money == 3 + 5 and state.players[0].yields == 0b11


def test_a_yield_not_reached_gives_nothing() -> None:
    state = put_tile(position(4), 0, "B8", "A3")
    state = tile_on_top(state, "B8")
    state = to_move(set_player(state, 0, dice=["b6", "b1"], money=1), 0)
    state = play(state, "place Q1", "buy blue-cow b1,b6")
    assert reason(state, "tile A4 0") is None
    state = play(state, "tile A4 0")  # N+S: only the south yield (5 money)
    assert state.players[0].money == 5 and state.players[0].yields == 0b10
