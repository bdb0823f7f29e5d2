"""Como se Juega: one worker per space, rows in order, paying, dice on Kali, karma, rounds."""

from __future__ import annotations

from engine.rajas import RULES
from engine.rajas import play as rules_play
from engine.rajas.state import FAME_UPGRADE, FAME_WORKER
from tests.engine.rajas.build import CAT, play, position, reason, set_player, to_move


def test_each_action_space_holds_one_worker_and_the_quarry_fills_from_the_left() -> None:
    state = to_move(set_player(position(4), 0, dice=["b6", "b6"], money=10), 0)
    assert reason(state, "place Q2") == "row_order"
    state = play(state, "place take-green", "roll g3")
    state = to_move(state, 1)
    assert reason(state, "place take-green") == "space_taken"
    refusal = RULES.why_illegal(state, RULES.parse_action("place take-green"))
    assert refusal is not None and "one worker per action space" in refusal.en
    assert "solo uno por casilla" in refusal.es


def test_a_space_costing_money_needs_that_money() -> None:
    state = to_move(set_player(position(4), 0, money=0, dice=["b6", "b6", "b1"]), 0)
    assert reason(state, "place Q1") == "no_money"
    assert reason(state, "place H1 b1") == "no_money"
    rich = to_move(set_player(state, 0, money=1), 0)
    after = play(rich, "place H1 b1")
    assert after.players[0].money == 0 and after.players[0].boat == 1


def test_a_gained_die_is_rolled_and_the_kali_statue_holds_ten() -> None:
    ten = ["b1"] * 3 + ["g2"] * 3 + ["o3"] * 2 + ["p4"] * 2
    state = to_move(set_player(position(4), 0, dice=ten), 0)
    state = play(state, "place take-blue")
    assert RULES.decision(state).kind == "FULL"
    assert {RULES.format_action(a) for a in RULES.legal_actions(state)} == {
        "return b1", "return g2", "return o3", "return p4", "decline",
    }  # fmt: skip
    declined = play(state, "decline")
    assert declined.players[0].dice_count() == 10
    swapped = play(state, "return p4", "roll b5")
    player = swapped.players[0]
    assert player.dice_count() == 10 and player.dice[3 * 6 + 3] == 1 and player.dice[4] == 1


def test_a_colour_missing_from_the_supply_cannot_be_taken() -> None:
    state = position(4)
    for seat in range(3):
        state = set_player(state, seat, dice=["b1"] * 4)
    state = to_move(set_player(state, 3, dice=["g1"]), 3)
    assert state.supply(0, 12) == 0
    assert reason(state, "place take-blue") == "no_supply"
    assert RULES.parse_action("place take-blue") not in RULES.legal_actions(state)


def test_karma_turns_a_die_to_its_opposite_face_and_costs_a_karma() -> None:
    state = to_move(set_player(position(4), 0, dice=["o3"], karma=1), 0)
    assert reason(state, "place mogul o3") == "die_value"
    state = play(state, "karma o3")
    assert state.players[0].karma == 0 and state.players[0].dice[2 * 6 + 3] == 1
    assert RULES.decision(state).player == 0  # still your turn: now place the worker
    assert reason(state, "karma o4") == "no_karma"
    state = play(state, "place mogul o4", "upgrade mill")
    assert state.players[0].levels == [0, 0, 0, 1]


def test_turns_go_clockwise_and_the_round_ends_when_nobody_can_place() -> None:
    state = position(2, seed=4)
    order = []
    while state.round == 1:
        decision = RULES.decision(state)
        if decision.kind == "PLACE":
            order.append(decision.player)
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    assert order == [state.first, 1 - state.first] * 3  # 3 workers each, in turn
    assert all(seat < 0 for seat in state.spaces)  # workers back home
    assert [p.placed for p in state.players] == [0, 0]


def test_a_new_worker_is_usable_at_once_and_there_are_never_more_than_five() -> None:
    state = to_move(set_player(position(4), 0, fame=14, bonuses=FAME_UPGRADE), 0)
    gained = state.clone()
    gained.pending = [("fame", 0, 1)]  # reaching fame 15, where a worker waits
    rules_play._settle(CAT, gained, [])
    assert gained.players[0].workers == 4
    assert rules_play.can_place(CAT, gained, 0)  # and may be placed this round
    full = set_player(state, 0, workers=5)
    full.pending = [("fame", 0, 1)]
    rules_play._settle(CAT, full, [])
    assert full.players[0].workers == 5 and full.players[0].bonuses & FAME_WORKER
