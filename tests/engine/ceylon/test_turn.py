"""The turn (rulebook: Turno de juego; ficha de tecnología; robar una carta)."""

from __future__ import annotations

from engine.ceylon.state import ACT, DRAW, PLAY, TOKEN
from tests.engine.ceylon.build import R, code, edit, face, kinds, play, seat, table


def test_the_active_player_takes_the_side_turned_to_them_and_the_others_the_other_side() -> None:
    state = table(3)
    state = play(state, "play plant/harvest as plant")
    assert state.card == face("plant/harvest") and state.phase == ACT and state.actor == 0
    assert kinds(state) == {"plant", "move", "rupees"}
    assert code(state, "harvest") == "not_on_card"
    reason = R.why_illegal(state, R.parse_action("hire dimbula"))
    assert reason is not None and "plant" in reason.en and "plantar" in reason.es
    state = play(state, "rupees")
    # then clockwise: seat 1, then seat 2, each with the other main action or an alternative
    assert state.actor == 1 and code(state, "plant D1") == "not_on_card"
    assert code(state, "harvest") == "harvest_none"  # no plantation within reach
    state = play(state, "rupees")
    assert state.actor == 2
    state = play(state, "move D2")
    assert state.phase == DRAW and state.actor == 0 and R.decision(state).is_chance
    assert len(state.players[0].hand) == 2
    state = play(state, "draw trade/tech")
    assert len(state.players[0].hand) == 3
    assert state.phase == PLAY and state.active == 1


def test_the_card_can_be_turned_either_way() -> None:
    state = play(table(2), "play plant/harvest as harvest")
    assert state.side == 1 and code(state, "plant D1") == "not_on_card"
    assert code(state, "play plant/harvest as plant") == "wrong_decision"


def test_a_card_not_in_hand_is_refused() -> None:
    reason = R.why_illegal(table(2), R.parse_action("play trade/hire as trade"))
    assert reason is not None and reason.code == "not_in_hand" and "trade / hire" in reason.en
    assert "comerciar / contratar un consejero" in reason.es  # in words, never "trade/hire"


def test_a_tech_token_gives_the_active_player_one_extra_action_before_or_after() -> None:
    state = seat(table(3), 0, tokens=2, rupees=20)
    state = play(state, "play plant/harvest as plant")
    # before the card's action: any main action but tech, or an alternative
    assert code(state, "token tech") == "token_tech"
    state = play(state, "token rupees")
    assert (
        state.players[0].tokens == 1
        and state.token_used
        and state.actor == 0
        and state.phase == ACT
    )
    assert code(state, "token rupees") == "token_used"  # one per turn
    state = play(state, "plant D1")
    assert state.actor == 1  # no token left to use this turn: the others act
    assert code(state, "token rupees") == "token_used"  # not on another player's action


def test_after_the_cards_action_the_active_player_may_use_a_token_or_pass() -> None:
    state = seat(table(2), 0, tokens=1)
    state = play(state, "play plant/harvest as plant", "plant D1")
    assert state.phase == TOKEN and kinds(state) >= {"pass", "move", "rupees"}
    assert code(state, "rupees") == "wrong_decision"
    passed = play(state, "pass")
    assert passed.actor == 1 and passed.players[0].tokens == 1
    used = play(state, "token move D2")
    assert used.actor == 1 and used.players[0].tokens == 0 and used.players[0].pawn == 1


def test_a_token_earned_as_the_active_player_can_be_used_at_once() -> None:
    state = seat(table(2), 0, rupees=10)
    state = play(state, "play hire/tech as tech", "tech")
    assert state.players[0].tokens == 1 and state.phase == TOKEN
    assert code(state, "token tech") == "token_tech"


def test_no_token_means_no_token_action() -> None:
    state = play(table(2), "play plant/harvest as plant")
    assert code(state, "token rupees") == "token_none"


def test_empty_wagons_are_refilled_after_the_active_player_draws() -> None:
    state = table(2)
    contract = state.train[0]
    state = seat(state, 0, cubes=[3, 3, 3], plantations=["D1"])
    state = edit(state)
    state.players[0].hand = sorted([face("trade/hire"), face("hire/tech"), face("hire/tech")])
    state.deck[face("trade/hire")] -= 1
    state.deck[face("plant/harvest")] += 1
    cat_contract = R.catalog.contracts[contract]
    state = play(state, "play trade/hire as trade", "trade 1 points", "rupees")
    assert state.train[0] == -1 and cat_contract.id
    state = play(state, "draw hire/tech")
    assert R.decision(state).kind == "CONTRACT"
    assert code(state, f"contract {cat_contract.id}") == "chance_unavailable"
    state, _ = R.apply(state, R.legal_actions(state)[0])
    assert state.train[0] >= 0 and state.phase == PLAY and state.active == 1
