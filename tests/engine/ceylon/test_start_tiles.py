"""The start tiles of the variant: each ability once per game (rulebook: Variante de juego)."""

from __future__ import annotations

import pytest

from engine.ceylon.state import State
from tests.engine.ceylon.build import CAT, H, R, code, face, play, seat, table


def _with_tile(ability: str, card: str, side: str, **changes: object) -> State:
    number = next(n for n, a in CAT.start_tiles if a == ability)
    state = seat(table(2, options=("start_tiles",)), 0, start_tile=number, **changes)
    state.players[0].hand[0] = face(card)
    state.players[0].hand.sort()
    return play(state, f"play {card} as {side}")


def test_tech_double_moves_two_steps_with_one_token_and_only_once() -> None:
    state = _with_tile("tech_double", "hire/tech", "tech")
    after = play(state, "tech start")
    p = after.players[0]
    assert (p.tech, p.tokens, p.start_used) == (2, 1, True)
    again = seat(state, 0, start_used=True)
    assert code(again, "tech start") == "start_used"


def test_rupees_plus5_takes_7() -> None:
    after = play(_with_tile("rupees_plus5", "plant/harvest", "plant"), "rupees start")
    assert after.players[0].rupees == 22


def test_hire_anywhere_hires_in_another_district() -> None:
    state = _with_tile("hire_anywhere", "hire/tech", "hire", pawn="D1")
    assert code(state, "hire kandy") == "hire_where"
    after = play(state, "hire kandy start")
    assert after.players[0].hired == 2


def test_move_free_goes_anywhere_for_nothing() -> None:
    after = play(_with_tile("move_free", "plant/harvest", "plant", pawn="D1"), "move R8 start")
    assert after.players[0].pawn == H("R8") and after.players[0].rupees == 15


def test_harvest_anywhere_takes_from_plantations_out_of_reach() -> None:
    state = seat(table(2, options=("start_tiles",)), 1, plantations=["R8"])
    number = next(n for n, a in CAT.start_tiles if a == "harvest_anywhere")
    state = seat(state, 0, start_tile=number, pawn="D1", cubes=[0, 0, 0])
    state.players[0].hand[0] = face("plant/harvest")
    state = play(state, "play plant/harvest as harvest")
    assert code(state, "harvest") == "harvest_none"
    after = play(state, "harvest start", "pick R8")
    assert after.players[0].cubes == [1, 0, 0] and after.players[1].points[0] == 1


def test_plant_double_adds_a_second_marker_worth_two_in_the_majority() -> None:
    state = _with_tile("plant_double", "plant/harvest", "plant", pawn="D6", plantations=["D6"])
    assert code(state, "plant D6") == "plant_taken"
    after = play(state, "plant D6 start")
    assert after.players[0].markers == 2 and after.double >> H("D6") & 1
    from engine.ceylon.scoring import plantation_counts

    assert plantation_counts(CAT, after, 0) == {0: 2}


def test_trade_one_less_fills_a_contract_with_2_cubes() -> None:
    state = _with_tile(
        "trade_one_less", "plant/trade", "trade", plantations=["D1"], cubes=[2, 0, 0]
    )
    state.train = [CAT.contracts.index(CAT.contract("C1-1")), -1, -1]
    assert code(state, "trade 1 points") == "trade_cubes"
    assert code(state, "trade 1 points start white") == "trade_colour"
    after = play(state, "trade 1 points start black")
    assert after.players[0].cubes == [0, 0, 0] and after.players[0].start_used


@pytest.mark.parametrize("text", ["rupees start", "move D2 start"])
def test_a_start_tile_only_strengthens_its_own_action(text: str) -> None:
    state = _with_tile("tech_double", "plant/harvest", "plant")
    reason = R.why_illegal(state, R.parse_action(text))
    assert (
        reason is not None and reason.code == "start_wrong" and reason.rule.startswith("Variante")
    )


def test_a_start_tile_may_serve_on_another_players_turn() -> None:
    number = next(n for n, a in CAT.start_tiles if a == "rupees_plus5")
    state = seat(table(2, options=("start_tiles",)), 1, start_tile=number)
    state = play(state, "play plant/harvest as plant", "rupees")
    assert state.actor == 1
    after = play(state, "rupees start")
    assert after.players[1].rupees == 22 and after.players[1].start_used


def test_a_tech_token_action_can_use_the_start_tile() -> None:
    state = _with_tile("move_free", "plant/harvest", "plant", pawn="D1", tokens=1)
    after = play(state, "token move R8 start")
    p = after.players[0]
    assert (p.pawn, p.rupees, p.tokens, p.start_used) == (H("R8"), 15, 0, True)
