"""The main actions, the alternatives and the advisors (rulebook: Acciones principales,
Acciones alternativas, Losetas de consejero)."""

from __future__ import annotations

from engine.ceylon.moves import distances
from engine.ceylon.state import DISCARD, HARVEST, State
from tests.engine.ceylon.build import CAT, H, R, advisor, code, edit, levels, play, seat, table


def _acting(state: State, card: str, side: str) -> State:
    """Seat 0 holds ``card`` and has played it turned to ``side``."""
    state = edit(state)
    f = next(i for i, x in enumerate(CAT.faces) if x.id == card)
    state.players[0].hand[0] = f
    state.players[0].hand.sort()
    return play(state, f"play {card} as {side}")


def _with_advisor(state: State, seat_index: int, district: str, ability: str) -> State:
    state = edit(state)
    d = next(i for i, x in enumerate(CAT.districts) if x.id == district)
    state.advisors[d] = advisor(ability)
    state.players[seat_index].hired |= 1 << d
    return state


# -- plant --------------------------------------------------------------------
def test_plant_costs_5_and_puts_a_plantation_and_leaf_marker_under_the_pawn() -> None:
    state = _acting(seat(table(2), 0, pawn="D6"), "plant/harvest", "plant")
    after = play(state, "plant D6")
    p = after.players[0]
    assert (p.rupees, p.markers, after.owner[H("D6")]) == (10, 1, 0)


def test_plant_is_refused_elsewhere_on_a_taken_hex_or_without_money() -> None:
    state = seat(table(2), 1, plantations=["D6"])
    state = _acting(seat(state, 0, pawn="D6"), "plant/harvest", "plant")
    assert (
        code(state, "plant D6") == "plant_taken"
    )  # another pawn may share the hex, not the plantation
    assert code(state, "plant D7") == "plant_where"
    poor = seat(_acting(seat(table(2), 0, pawn="D6", rupees=4), "plant/harvest", "plant"), 0)
    reason = R.why_illegal(poor, R.parse_action("plant D6"))
    assert (
        reason is not None
        and reason.code == "rupees"
        and "5" in reason.en
        and "2 rupias" in reason.es
        and "para plantar" in reason.es  # the action named in Spanish, not "para plant"
    )


def test_surveyor_plants_next_to_the_pawn_in_the_same_district_only() -> None:
    state = _with_advisor(seat(table(2), 0, pawn="D4"), 0, "dimbula", "plant_adjacent")
    state = _acting(state, "plant/harvest", "plant")
    assert CAT.neighbours[H("D4")] >> H("K1") & 1 and CAT.neighbours[H("D4")] >> H("D3") & 1
    assert code(state, "plant D3") is None
    assert code(state, "plant K1") == "plant_where"  # across the river: another district


def test_foreman_plants_for_4() -> None:
    state = _with_advisor(seat(table(2), 0, pawn="D6"), 0, "dimbula", "plant_discount")
    after = play(_acting(state, "plant/harvest", "plant"), "plant D6")
    assert after.players[0].rupees == 11


def test_district_bonus_goes_10_then_6_once_per_player() -> None:
    state = seat(table(3), 0, plantations=["K1", "R1", "U1"], pawn="D6")
    state = seat(state, 1, plantations=["K2", "R2", "U2", "D1"])
    state.players[1].bonus = 10
    state.bonus_stack = [6, 3, 1]
    after = play(_acting(state, "plant/harvest", "plant"), "plant D6")
    assert (
        after.players[0].bonus == 6
        and after.players[0].points[1] == 6
        and after.bonus_stack == [3, 1]
    )


def test_the_last_leaf_marker_ends_the_game_after_the_round() -> None:
    names = ["K1", "K2", "K3", "R1", "R2", "R3", "U1"]
    state = seat(table(2), 0, plantations=names, pawn="D6")
    after = play(_acting(state, "plant/harvest", "plant"), "plant D6")
    assert after.players[0].markers == 8 and after.ending
    assert code(after, "plant D6") == "not_on_card"  # seat 1 has harvest


# -- harvest --------------------------------------------------------------------
def test_harvest_takes_a_cube_by_level_and_the_owner_scores_a_point() -> None:
    # rulebook example: two own level-0 plantations and David's level-1 next to the pawn
    state = levels(table(2), D7=1)
    state = seat(state, 0, plantations=["D6", "D2"], pawn="D6", cubes=[0, 0, 0])
    state = seat(state, 1, plantations=["D7"])
    state = play(_acting(state, "plant/harvest", "harvest"), "harvest")
    assert state.phase == HARVEST
    assert code(state, "pick D1") == "pick_reach"
    state = play(state, "pick D2", "pick D6")
    assert code(state, "pick D2") == "pick_order"
    state = play(state, "pick D7")
    assert state.players[0].cubes == [2, 1, 0]
    assert state.players[1].points[0] == 1 and state.players[0].points[0] == 0
    assert state.actor == 1  # all picked: the harvest ends by itself


def test_harvest_may_stop_early_and_needs_a_plantation_within_reach() -> None:
    state = seat(table(2), 0, plantations=["D6", "D2"], pawn="D6", cubes=[0, 0, 0])
    state = play(_acting(state, "plant/harvest", "harvest"), "harvest")
    assert code(state, "done") == "done_empty"
    state = play(state, "pick D2", "done")
    assert state.players[0].cubes == [1, 0, 0] and state.actor == 1
    far = _acting(seat(table(2), 0, pawn="U8"), "plant/harvest", "harvest")
    assert code(far, "harvest") == "harvest_none"


def test_storehouse_holds_5_cubes_then_discard() -> None:
    state = levels(table(2), D2=2)
    state = seat(state, 0, plantations=["D6", "D2"], pawn="D6", cubes=[3, 1, 0])
    state = play(_acting(state, "plant/harvest", "harvest"), "harvest", "pick D2", "pick D6")
    assert state.phase == DISCARD and sum(state.players[0].cubes) == 6
    assert code(state, "discard green") is None
    state = play(state, "discard black")
    assert state.players[0].cubes == [3, 1, 1] and state.actor == 1
    wide = _with_advisor(levels(table(2), D2=2), 0, "dimbula", "storage")
    wide = seat(wide, 0, plantations=["D6", "D2"], pawn="D6", cubes=[3, 1, 0])
    wide = play(_acting(wide, "plant/harvest", "harvest"), "harvest", "pick D2", "pick D6")
    assert wide.actor == 1 and sum(wide.players[0].cubes) == 6


# -- trade --------------------------------------------------------------------
def _train(state: State, *ids: str) -> State:
    state = edit(state)
    state.train = [CAT.contracts.index(CAT.contract(i)) for i in ids]
    return state


def test_trade_gives_3_cubes_for_a_contract_and_rupees_or_points() -> None:
    # rulebook example: company 2, 2 green and 1 black, 11 rupees instead of 4 points
    state = _train(table(2), "C2-1", "C4-1", "C2-4")
    state = seat(state, 0, plantations=["D1"], cubes=[1, 2, 1])
    state.players[0].companies[1] = 1
    state.players[0].contracts = [CAT.contracts.index(CAT.contract("C2-2"))]
    state = _acting(state, "plant/trade", "trade")
    assert (
        code(state, "trade 2 points") == "trade_slot"
    )  # company 4: its only open slot holds company 2
    assert code(state, "trade 3 points") == "trade_cubes"
    rupees = play(state, "trade 1 rupees")
    p = rupees.players[0]
    assert (p.rupees, p.cubes, p.companies[1], rupees.train[0]) == (26, [0, 0, 1], 2, -1)
    points = play(state, "trade 1 points")
    assert points.players[0].points[2] == 4 and points.players[0].rupees == 15


def test_planting_frees_slots_for_new_companies() -> None:
    state = _train(table(2), "C4-1", "C4-2", "C1-1")
    state = seat(state, 0, plantations=["D1"], cubes=[3, 0, 0])
    state.players[0].companies[1] = 1
    state.players[0].contracts = [0]
    state = _acting(state, "plant/trade", "trade")
    assert code(state, "trade 3 rupees") == "trade_slot"
    more = seat(state, 0, plantations=["D1", "D2"])
    assert code(more, "trade 3 rupees") is None
    assert code(_train(state, "C2-2", "C4-2", "C1-1"), "trade 1 rupees") != "trade_slot"


def test_broker_adds_2_rupees_to_every_trade() -> None:
    state = _with_advisor(_train(table(2), "C1-1", "C4-2", "C1-2"), 0, "dimbula", "trade_rupees")
    state = seat(state, 0, plantations=["D1"], cubes=[3, 0, 0])
    after = play(_acting(state, "plant/trade", "trade"), "trade 1 points")
    assert (
        after.players[0].rupees == 17 and after.players[0].points[2] == CAT.contract("C1-1").points
    )


# -- hire -----------------------------------------------------------------------
def test_hire_the_advisor_of_the_pawns_district_for_5_once() -> None:
    state = _acting(seat(table(2), 0, pawn="K2"), "hire/tech", "hire")
    assert code(state, "hire dimbula") == "hire_where"
    after = play(state, "hire kandy")
    assert after.players[0].hired == 2 and after.players[0].rupees == 10
    again = seat(state, 0, hired=2)
    assert code(again, "hire kandy") == "hire_twice"


def test_agent_makes_hiring_cost_2() -> None:
    state = _with_advisor(seat(table(2), 0, pawn="K2"), 0, "dimbula", "hire_discount")
    after = play(_acting(state, "hire/tech", "hire"), "hire kandy")
    assert after.players[0].rupees == 13


# -- tech -----------------------------------------------------------------------
def test_tech_costs_5_gives_a_token_and_1_rupee_to_each_other_player() -> None:
    state = _acting(table(3), "hire/tech", "tech")
    after = play(state, "tech")
    assert [p.rupees for p in after.players] == [10, 16, 16]
    assert after.players[0].tech == 1 and after.players[0].tokens == 1


def test_the_sixth_space_scores_5_and_the_last_space_stops_the_counter() -> None:
    state = seat(table(2), 0, tech=5)
    after = play(_acting(state, "hire/tech", "tech"), "tech")
    assert after.players[0].points[3] == 5
    top = _acting(seat(table(2), 0, tech=10), "hire/tech", "tech")
    assert code(top, "tech") == "tech_last"


def test_reaching_an_occupied_space_stacks_on_top() -> None:
    state = seat(seat(table(2), 1, tech=1, tech_order=5), 0, tech=0)
    state.tech_counter = 6
    after = play(_acting(state, "hire/tech", "tech"), "tech")
    assert after.players[0].tech == 1 and after.players[0].tech_order > after.players[1].tech_order


def test_engineer_scores_a_point_per_advance() -> None:
    state = _with_advisor(table(2), 0, "dimbula", "tech_point")
    after = play(_acting(state, "hire/tech", "tech"), "tech")
    assert after.players[0].points[4] == 1


# -- alternatives --------------------------------------------------------------------
def test_moving_n_steps_costs_n_times_n_minus_1_over_2() -> None:
    dist = distances(CAT, (1 << 32) - 1)
    state = _acting(seat(table(2), 0, pawn="D1"), "plant/harvest", "plant")
    for target in ("D2", "D3", "D4", "K1"):
        n = dist[H("D1")][H(target)]
        after = play(state, f"move {target}")
        assert after.players[0].rupees == 15 - n * (n - 1) // 2
        assert after.players[0].pawn == H(target)
    # rulebook example: 3 steps cost 1 + 2 = 3 rupees
    assert dist[H("D1")][H("D4")] == 3
    poor = seat(state, 0, rupees=0)
    assert code(poor, "move D2") is None and code(poor, "move D3") == "rupees"
    assert code(state, "move D1") == "move_same"


def test_guide_moves_for_1_rupee_per_step_after_the_first() -> None:
    state = _with_advisor(seat(table(2), 0, pawn="D1"), 0, "dimbula", "move_one_rupee")
    after = play(_acting(state, "plant/harvest", "plant"), "move K1")
    assert after.players[0].rupees == 15 - (distances(CAT, (1 << 32) - 1)[H("D1")][H("K1")] - 1)


def test_take_2_rupees_and_banker_3() -> None:
    state = _acting(table(2), "plant/harvest", "plant")
    assert play(state, "rupees").players[0].rupees == 17
    banker = _with_advisor(table(2), 0, "dimbula", "extra_rupee")
    assert play(_acting(banker, "plant/harvest", "plant"), "rupees").players[0].rupees == 18
