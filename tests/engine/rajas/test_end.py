"""Objeto del juego and the end: the markers meet, the round of turns finishes, the winner."""

from __future__ import annotations

from engine.rajas import RULES
from engine.rajas.scoring import winners
from tests.engine.rajas.build import CAT, play, position, put_tile, set_player, to_move

LENGTH = int(CAT.value("track_length"))


def _markers_meet_on_seat(seat: int, players: int = 4):  # type: ignore[no-untyped-def]
    """Seat sells at a one-kind market and its markers meet (fame + money = length)."""
    state = position(players, seed=2)
    state = put_tile(state, seat, "B7", "C2")  # tea 2, spice 3
    fame = LENGTH - 20
    state = set_player(state, seat, fame=fame, money=17, dice=["p1"], bonuses=31)
    return to_move(state, seat), fame


def test_meeting_markers_trigger_the_end_and_the_round_of_turns_is_finished() -> None:
    state, _ = _markers_meet_on_seat(1)
    order = [(state.round_first + i) % 4 for i in range(4)]
    state = play(state, "place S1 p1 spice")
    assert state.ending and state.players[1].fame + state.players[1].money == LENGTH
    played_after = []
    while not RULES.decision(state).is_over:
        decision = RULES.decision(state)
        if decision.kind == "PLACE":
            played_after.append(decision.player)
        if decision.is_chance:
            state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
        else:
            state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    # every seat after seat 1 in this round's order plays once more; then the game ends
    assert played_after == order[order.index(1) + 1 :]
    assert RULES.legal_actions(state) == []


def test_the_winner_passed_the_other_marker_by_the_greatest_distance() -> None:
    state = position(3)
    state = set_player(state, 0, fame=30, money=25)  # 5 past
    state = set_player(state, 1, fame=10, money=48)  # 8 past
    state = set_player(state, 2, fame=40, money=5)  # not met
    state.phase = "OVER"
    sheets = RULES.score(state)
    assert [s.extra["distance"] for s in sheets] == [5, 8, -5]
    assert [s.total for s in sheets] == [55, 58, 45]  # fame + money: ranks as the distance
    assert [s.winner for s in sheets] == [False, True, False]
    assert all(s.final for s in sheets)
    for sheet in sheets:
        assert sheet.total == sum(line.amount for line in sheet.lines)
        assert {line.category for line in sheet.lines} == {"fame", "money"}
        assert all(line.label_en and line.label_es for line in sheet.lines)


def test_a_tie_goes_to_more_fame_then_is_shared() -> None:
    state = position(3)
    state = set_player(state, 0, fame=30, money=28)
    state = set_player(state, 1, fame=20, money=38)
    state = set_player(state, 2, fame=30, money=28)
    assert winners(CAT, state) == [0, 2]
    state = set_player(state, 2, fame=31, money=27)
    assert winners(CAT, state) == [2]


def test_score_sheets_are_live_during_play() -> None:
    state = to_move(set_player(position(2), 0, fame=7, money=9), 0)
    sheets = RULES.score(state)
    assert not any(s.final or s.winner for s in sheets)
    assert sheets[0].total == 7 + 9
    assert sheets[0].extra == {"fame": 7, "money": 9, "distance": 16 - LENGTH}
