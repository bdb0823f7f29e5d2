"""The Maharajah's turn as a trace, instructions and data (engine.amritsar.solo).

A person moves the pieces from the instructions, and the reconciler compares
the camera's view with ``observe(next_state)``; so the structured moves alone
must turn the main board before his turn into the one after it.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import WorkerColour
from engine.amritsar.game import apply
from engine.amritsar.maharajah_report import MaharajahTurn, describe_events
from engine.amritsar.observe import observe
from engine.amritsar.reasons import IllegalActionError
from engine.amritsar.rules.core import Event
from engine.amritsar.serialize import to_json
from engine.amritsar.solo import maharajah_turn, play_maharajah_turn, turn_from_events
from engine.amritsar.state import GameState
from tests.engine.solo_positions import (
    HIM,
    at_his_turn,
    play_to_his_turn,
    position,
    predict,
)

BASE = at_his_turn()

#: Moves that happen on his own board, quarry and storehouse only.
OFF_BOARD = {"pay", "take", "white_track", "mark_actions"}


def donating_position() -> GameState:
    return position(
        BASE,
        storehouse=(0, 1, 0),
        donations={"N": "H... ... .. .", "E": "HHHH ... .. ."},
        last="Y",
        beside="W",
    )


def test_preview_leaves_the_state_alone_and_matches_the_played_turn() -> None:
    state = donating_position()
    before = to_json(state)
    preview = maharajah_turn(state)
    assert to_json(state) == before
    after, events, played = play_maharajah_turn(state)
    assert preview == played
    turn_events = [e for e in events if e.kind == "maharajah_turn"]
    assert len(turn_events) == 1 and turn_events[0].amount == played.pp_gained
    assert after.maharajah is not None and played.pp_after == after.maharajah.pp


def test_preview_refuses_when_it_is_not_his_turn() -> None:
    after, _ = apply(BASE, Action(Act.MAHARAJAH))
    with pytest.raises(IllegalActionError) as error:
        maharajah_turn(after)
    assert error.value.reason.code in ("wrong_decision", "game_over")


def test_the_report_round_trips_through_json() -> None:
    turn = maharajah_turn(donating_position())
    assert MaharajahTurn.from_json(turn.to_json()) == turn
    with pytest.raises(ValueError, match="not a Maharajah turn report"):
        MaharajahTurn.from_dict({"decade": 1})


def test_turn_from_events_is_none_without_his_turn() -> None:
    assert turn_from_events([]) is None


def test_instructions_name_component_and_place_in_both_languages() -> None:
    turn = maharajah_turn(donating_position())
    lines = turn.lines("en")
    assert lines[0] == (
        "1. Move the Maharajah's elephant from the Northern District to the Eastern District "
        "(free, no penalty)."
    )
    assert turn.lines("es")[0] == (
        "1. Mueve el elefante del marajá del Norte al Este (gratis, sin penalización)."
    )
    assert "Put 1 copper from his storehouse back in his quarry." in turn.lines("en")[1]
    assert turn.instructions[2].en == (
        "Take one donation counter off the Maharajah's elephant and put it on the donation "
        "tile of the Eastern District, level 2, space 1 from the left."
    )
    assert any("Return 1 marble from the market (marble column, row 3)" in line for line in lines)
    state = donating_position()
    beside = state.maharajah_workers[(state.maharajah_space + 1) % 4]
    assert lines[-1].endswith(f"the {WorkerColour(beside).name.lower()} worker stands beside it.")
    for instruction in turn.all_instructions:
        assert instruction.en and instruction.es and instruction.en != instruction.es
        assert "{" not in instruction.en + instruction.es
    for line in turn.trace:
        assert "{" not in line.en + line.es and line.en != line.es


def test_main_board_and_off_board_moves_are_told_apart() -> None:
    turn = maharajah_turn(donating_position())
    off = {i.kind for i in turn.off_main_board()}
    on = {i.kind for i in turn.main_board()}
    assert off and off <= OFF_BOARD
    assert {"elephant", "donation", "market_return", "token", "pp"} <= on
    assert not on & OFF_BOARD
    assert set(turn.observed()) == {"elephants", "donations", "market", "maharajah_space"}
    for instruction in turn.off_main_board():
        assert instruction.observed == ()


def test_the_moves_turn_the_board_before_into_the_board_after() -> None:
    state = donating_position()
    after, _, turn = play_maharajah_turn(state)
    assert predict(observe(state), turn, state) == observe(after)
    assert set(observe(state).differences(observe(after))) == set(turn.observed())


def test_a_missing_move_is_seen_as_a_difference() -> None:
    state = donating_position()
    after, _, turn = play_maharajah_turn(state)
    without_donation = replace(
        turn, instructions=tuple(i for i in turn.instructions if i.kind != "donation")
    )
    assert predict(observe(state), without_donation, state).differences(observe(after)) == [
        "donations"
    ]


def _fourth_turn(seed: int) -> GameState:
    """His last turn of decade I, with the human unable to follow the token's worker."""
    rng = random.Random(seed)
    state = at_his_turn(seed)
    while state.round < 4:
        state, _ = apply(state, Action(Act.MAHARAJAH))
        state = play_to_his_turn(state, rng)
    human = state.players[0]
    no_mahout = next(c for c in range(4) if human.mahouts[c] < 0)
    workers = list(state.maharajah_workers)
    start = state.catalog.rules.maharajah_start_space
    here = state.maharajah_space
    other = workers.index(no_mahout)
    if other != here:
        workers[start], workers[other] = workers[other], workers[start]
    state = state.copy()
    state.maharajah_workers = tuple(workers)
    return state


def test_an_end_of_decade_after_his_turn_is_in_the_report() -> None:
    state = _fourth_turn(seed=3)
    after, _, turn = play_maharajah_turn(state)
    assert after.decade == 2, "the decade ended in the same step"
    kinds = [i.kind for i in turn.after]
    assert "bridge_flip" in kinds and "temple" in kinds
    assert "decade_ends" in [t.code for t in turn.trace]
    temple = next(i for i in turn.after if i.kind == "temple")
    assert temple.target == f"temple:{after.catalog.temple_tiles[after.temple[1]].id}"
    assert predict(observe(state), turn, state) == observe(after)
    # Majorities: his PP moves carry totals that end on his score.
    his_pp = [i for i in turn.after if i.kind == "pp" and i.seat == HIM]
    if his_pp:
        assert after.maharajah is not None
        assert his_pp[-1].target == f"pp_track:{after.maharajah.pp}"


def test_bookkeeping_events_become_moves_a_person_makes() -> None:
    events = [
        Event("pp", 0, 2, "majority", "decade I, North (T1)"),
        Event("coins", 0, -2),
        Event("resource", 0, 2, "gold"),
        Event("counter", 0, 1, "market space", "elephant"),
        Event("bridge_flipped", -1, 1, "B3"),
        Event("temple", -1, 2, "T4"),
        Event("decade_end", -1, 1),
    ]
    moves = describe_events(events, None)
    assert [m.kind for m in moves] == [
        "pp",
        "coins",
        "resource",
        "counter_from_market",
        "bridge_flip",
        "temple",
    ]
    pp, coins, gold, counter, bridge, temple = moves
    assert pp.en == "Move your PP counter forward 2 (Majority, North)."
    assert pp.es == "Mueve tu contador de PP 2 casillas adelante (Mayoría, Norte)."
    assert (coins.source, coins.target, coins.amount) == ("your_storehouses", "reserve", -2)
    assert coins.en == "Pay 2 coins from your storehouses to the reserve."
    assert coins.es == "Paga 2 monedas de tus almacenes a la reserva."
    assert gold.en == "Take 2 gold from the reserve into your storehouses."
    assert (gold.resource, gold.es) == (2, "Coge 2 oros de la reserva para tus almacenes.")
    assert counter.observed == ("market_spaces",) and counter.main_board
    assert (bridge.target, bridge.observed) == ("bridge:1", ("bridge_face_up",))
    assert (temple.target, temple.observed) == ("temple:T4", ("temple_active",))
    # Named by what is printed on it, not by the engine's id.
    assert "T4" not in temple.en + temple.es
    assert "(the one showing North 3, East 2, South 1, West 4)" in temple.en
    assert "(la que muestra Norte 3, Este 2, Sur 1, Oeste 4)" in temple.es


def test_every_pp_change_of_his_reaches_the_table_whatever_action_carries_it() -> None:
    """A human decision right after his turn (a follow, an income choice) or a
    human donation above his counters moves his PP with the human's events:
    his majorities, his objective, his white-track end. Each must come out as
    an instruction, totals ending on his score."""
    from engine.amritsar.game import legal_actions, new_game
    from engine.amritsar.solo import maharajah_report

    carried_by_the_human = set()
    for seed in range(4):
        state = new_game(1, solo=True, seed=seed)
        rng = random.Random(seed)
        while not state.finished:
            action = rng.choice(legal_actions(state))
            after, events = apply(state, action, check=False)
            assert after.maharajah is not None and state.maharajah is not None
            change = after.maharajah.pp - state.maharajah.pp
            report = maharajah_report(events, after)
            moves = [] if report is None else [i for i in report.all_instructions]
            his_pp = [i for i in moves if i.kind == "pp" and i.seat == HIM]
            assert sum(i.amount for i in his_pp) == change, (seed, action)
            if his_pp:
                assert his_pp[-1].target == f"pp_track:{after.maharajah.pp}"
            if change and action.kind is not Act.MAHARAJAH:
                carried_by_the_human |= {
                    e.what for e in events if e.kind == "pp" and e.player == HIM
                }
            state = after
    # The seeds reach majorities, his objective and his white track's end this way.
    assert {"majority", "objective", "maharajah_end"} <= carried_by_the_human
