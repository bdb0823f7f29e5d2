"""III. Palace (missing from the source text), IV. harbour and river, track bonuses."""

from __future__ import annotations

import pytest

from engine.rajas import RULES
from engine.rajas.state import FAME_UPGRADE, MONEY_MARKER
from tests.engine.rajas.build import CAT, play, position, reason, set_player, tile_on_top, to_move


def test_the_great_mogul_takes_a_die_showing_4_for_an_upgrade() -> None:
    state = to_move(set_player(position(4), 0, dice=["b3", "g4"]), 0)
    assert reason(state, "place mogul b3") == "die_value"
    state = play(state, "place mogul g4")
    assert RULES.decision(state).kind == "UPGRADE"
    with pytest.raises(ValueError, match="temple, palace, fort, mill"):
        RULES.parse_action("upgrade castle")
    state = play(state, "upgrade fort")
    assert state.players[0].levels == [0, 0, 1, 0] and state.players[0].dice_count() == 1


def test_an_upgrade_cube_stops_in_the_last_column() -> None:
    state = to_move(set_player(position(4), 0, dice=["g4"], levels=[2, 0, 0, 0]), 0)
    state = play(state, "place mogul g4")
    assert reason(state, "upgrade temple") == "upgrade_max"
    assert all(RULES.format_action(a) != "upgrade temple" for a in RULES.legal_actions(state))


def test_an_exchange_gives_two_dice_of_a_colour_for_one_new_die_rolled() -> None:
    state = to_move(set_player(position(4), 0, dice=["b2", "b5", "o1"]), 0)
    assert reason(state, "place swap-blue o1,b2") == "swap_colour"
    state = play(state, "place swap-blue b2,b5")
    assert RULES.decision(state).kind == "ROLL"
    assert {RULES.format_action(a) for a in RULES.legal_actions(state)} == {
        f"roll g{v}" for v in range(1, 7)
    }
    state = play(state, "roll g6")
    assert state.players[0].dice == set_player(state, 0, dice=["o1", "g6"]).players[0].dice


def test_the_harbour_moves_the_boat_by_the_die_over_free_spaces_and_pays_its_reward() -> None:
    state = to_move(set_player(position(4), 0, dice=["b2", "p3"], money=2), 0)
    state = set_player(state, 1, boat=1)  # another boat on space 1: skipped, not counted
    state = play(state, "place H1 b2")
    player = state.players[0]
    assert player.boat == 3 and player.money == 2 - 1 + 3  # space 3: 3 money
    assert state.spaces[CAT.space_index("H1")] == 0


def test_the_river_bridge_gives_the_waiting_worker_on_reaching_or_passing_it() -> None:
    state = to_move(set_player(position(4), 0, dice=["b3"], money=2, boat=4), 0)
    state = play(state, "place H1 b3")  # 5, 6 (bridge), 7
    assert state.players[0].boat == 7 and state.players[0].workers == 4


def test_the_boat_cannot_sail_past_the_end_of_the_river() -> None:
    last = len(CAT.river) - 1
    state = to_move(set_player(position(4), 0, dice=["b3"], money=2, boat=last - 2), 0)
    assert reason(state, "place H1 b3") == "harbour_far"


def test_fame_5_gives_an_upgrade_and_money_12_moves_the_boat() -> None:
    state = to_move(set_player(position(4), 0, fame=4, money=11), 0)
    state.pending = [("fame", 0, 1), ("money", 0, 1)]
    from engine.rajas import play as rules_play

    rules_play._settle(CAT, state, [])
    assert RULES.decision(state).kind == "UPGRADE"
    state = play(state, "upgrade mill")
    player = state.players[0]
    assert player.bonuses & (FAME_UPGRADE | MONEY_MARKER) == FAME_UPGRADE | MONEY_MARKER
    assert player.boat == 1  # the bonus marker's river side: one space (assumed)


def test_the_other_chambers_follow_the_assumed_catalog_values() -> None:
    base = to_move(set_player(position(4), 0, dice=["b1", "b2", "b3", "g5", "b6"], karma=1), 0)
    danced = play(base, "place dancer b1")
    assert danced.first == 0 and danced.round_first == base.round_first  # from the next round
    yogi = play(base, "place yogi b2")
    assert yogi.players[0].karma == 2
    singh = play(base, "place singh b3", "colour green", "roll g1", "colour orange", "roll o2")
    assert singh.players[0].dice_count() == 4 + 2
    ported = play(base, "place portuguese b6")
    assert ported.players[0].boat == 1
    builder = play(tile_on_top(base, "B1"), "place builder g5")
    assert (
        RULES.decision(builder).kind == "BUY" and builder.players[0].money == base.players[0].money
    )


def test_the_elephant_holder_starts_the_next_round() -> None:
    state = to_move(set_player(position(2, seed=4), 1, dice=["p1"]), 1)
    state.round_first = state.first = 0
    state = play(state, "place dancer p1")
    assert state.first == 1
    while state.round == 1:
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    assert state.round_first == 1 and RULES.decision(state).player == 1


def test_money_20_frees_the_worker_waiting_on_the_money_track() -> None:
    state = to_move(set_player(position(4), 0, money=19, bonuses=MONEY_MARKER), 0)
    state.pending = [("money", 0, 1)]
    from engine.rajas import play as rules_play

    rules_play._settle(CAT, state, [])
    assert state.players[0].workers == 4
