"""Phases 1 and 3: moving the elephant (rulebook: Phase I, Phase 3).

Board geometry: districts N, E, S, W clockwise; Maharajah space i lies
between district i and the next (NE=0, ES=1, SW=2, WN=3).
"""

from __future__ import annotations

from engine.amritsar.decisions import Pending
from engine.amritsar.position import parse_position
from engine.amritsar.rules.core import capacity
from engine.amritsar.state import NONE, PlayerState
from tests.engine.build import (
    BOARD,
    at_turn,
    change,
    ledger,
    legal,
    pending,
    play,
    refusal,
    seat,
    settle,
    table,
)

NE, ES, SW, WN = range(4)


def phase1(coins: int = 1, elephant: str | int = "N", **player: object) -> object:
    s = seat(table(2), 0, coins=coins, elephant=elephant, **player)
    return at_turn(s, 0, "elephant")


def test_first_turn_places_the_elephant_on_any_path() -> None:
    s = phase1(elephant=NONE)
    assert legal(s) == {"elephant N", "elephant E", "elephant S", "elephant W"}
    assert refusal(s, "stay").code == "elephant_first_turn"
    after = play(s, "elephant W")
    assert after.players[0].elephant == 3
    # Placing costs nothing, wherever it goes and whatever it passes.
    assert after.players[0].coins == 1 and after.players[0].pp == 5


def test_first_step_free_each_further_step_one_coin() -> None:
    assert legal(phase1(coins=0)) == {"stay", "elephant E"}
    assert legal(phase1(coins=1)) == {"stay", "elephant E", "elephant S"}
    assert legal(phase1(coins=2)) == {"stay", "elephant E", "elephant S", "elephant W"}
    after = play(phase1(coins=2), "elephant W")
    assert after.players[0].coins == 0


def test_moving_is_clockwise_only_and_the_reason_says_so() -> None:
    reason = refusal(phase1(coins=0), "elephant W")
    assert reason.code == "elephant_cost"
    assert "clockwise" in reason.en and "3 steps" in reason.en and "2 coins" in reason.en
    assert reason.rule == "Phase I. Move your elephant"
    assert "horario" in reason.es


def test_staying_in_place_is_not_a_move() -> None:
    assert refusal(phase1(), "elephant N").code == "elephant_already_there"


def test_rulebook_example_east_to_west_costs_a_coin_and_a_pp_in_decade_one() -> None:
    """Phase I: purple moves their elephant 2 steps, from the East to the West:
    1 coin for the additional step, 1 PP for passing the Maharajah token in
    decade I."""
    s = parse_position(
        "game: 3 players, decade 1, round 1, starting player 1\nmaharajah token: SW"
        + BOARD
        + """
        player 1: pp 5, coins 1, elephant E, on elephant 2,
                  mahouts Y=donate, objectives A1, face down B1 C1 D1
        player 2: pp 5, coins 1, elephant E, on elephant 2,
                  mahouts B=donate, objectives A2, face down B2 C2 D2
        player 3: pp 5, coins 1, elephant S, on elephant 2,
                  mahouts W=donate, objectives A3, face down B3 C3 D3
        decision: player 1 elephant
        """
    )
    s = play(s, "elephant W")
    assert (s.players[0].coins, s.players[0].pp) == (0, 4)
    assert ledger(s, 0, "elephant_penalty") == -1


def test_penalty_grows_with_the_decade() -> None:
    for decade, penalty in ((1, 1), (2, 2), (3, 3)):
        s = change(phase1(coins=1, elephant="E"), maharajah_space=ES, decade=decade)
        assert play(s, "elephant S").players[0].pp == 5 - penalty


def test_no_penalty_when_the_token_is_not_passed() -> None:
    # E -> W crosses ES and SW; the token on WN or NE is not passed.
    for space in (WN, NE):
        s = change(phase1(coins=1, elephant="E"), maharajah_space=space)
        assert play(s, "elephant W").players[0].pp == 5
    # W -> N crosses WN.
    s = change(phase1(elephant="W"), maharajah_space=WN)
    assert play(s, "elephant N").players[0].pp == 4


def test_penalty_may_take_pp_below_zero() -> None:
    s = change(phase1(elephant="E", pp=1, ledger=(("x", "", -4),)), maharajah_space=ES, decade=3)
    assert play(s, "elephant S").players[0].pp == -2


def test_storehouse_removes_the_penalty_but_not_the_coins() -> None:
    s = phase1(coins=1, elephant="E", storehouses=["S10"])
    s = change(s, maharajah_space=ES)
    p = play(s, "elephant W").players[0]
    assert (p.coins, p.pp) == (0, 5)


def test_movement_token_places_anywhere_once_for_free() -> None:
    s = change(phase1(coins=0, movement=PlayerState.UNLOCKED), maharajah_space=NE)
    assert legal(s) == {
        "stay",
        "elephant E",
        "elephant E token",
        "elephant S token",
        "elephant W token",
    }
    after = play(s, "elephant W token")
    p = after.players[0]
    assert (p.elephant, p.coins, p.pp, p.movement) == (3, 0, 5, PlayerState.SPENT)
    # Spent: later turns only move normally, but phase 3 stays unlocked.
    later = at_turn(after, 0, "elephant")
    assert legal(later) == {"stay", "elephant N"}


def test_spent_token_cannot_be_used_again() -> None:
    s = phase1(movement=PlayerState.SPENT)
    assert refusal(s, "elephant W token").code == "elephant_token_unavailable"


def test_teleport_storehouse_places_anywhere_once_then_is_a_plain_storehouse() -> None:
    s = change(phase1(coins=0, storehouses=["S15"]), maharajah_space=NE)
    assert capacity(s, s.players[0]) == 4 + 2
    assert {a for a in legal(s) if "teleport" in a} == {
        "elephant E teleport",
        "elephant S teleport",
        "elephant W teleport",
    }
    after = play(s, "elephant S teleport")
    p = after.players[0]
    assert (p.elephant, p.coins, p.pp) == (2, 0, 5)
    assert p.storehouse_flipped[0] is True
    assert capacity(after, p) == 4 + 4
    assert refusal(at_turn(after, 0), "elephant N teleport").code == (
        "elephant_teleport_unavailable"
    )


def test_phase_three_only_with_the_movement_token_unlocked() -> None:
    locked = at_turn(phase1(), 0, "phase3", colour="Y", district="N")
    assert pending(locked) is Pending.ELEPHANT  # built, not yet settled
    settled, _ = settle(locked)
    # Phase 3 passed over: the turn ended and the next player's phase 1 is pending.
    top = settled.pending[-1]
    assert (top.kind, top.player, top.a) == (Pending.ELEPHANT, 1, 1)
    unlocked = at_turn(
        phase1(coins=1, movement=PlayerState.SPENT), 0, "phase3", colour="Y", district="N"
    )
    assert legal(settle(unlocked)[0]) == {"stay", "elephant E", "elephant S"}
    assert settle(unlocked)[0].pending[-1].a == 3


def test_unlocking_the_movement_token_mid_turn_opens_phase_three_that_turn() -> None:
    # Development 3 -> 4 unlocks the token (catalog); DW1's secondary is a development step.
    s = seat(table(2), 0, tracks=(3, 0, 0), elephant="S")
    s = at_turn(s, 0, "actions", colour="W", district="N")
    s = play(s, "secondary R")  # DW1 (right in N): track:development
    assert s.players[0].movement == PlayerState.UNLOCKED
    s = play(s, "end") if pending(s) is Pending.ACTIONS else s
    assert pending(s) is Pending.ELEPHANT and s.pending[-1].a == 3
    assert "elephant W token" in legal(s)


def test_any_number_of_elephants_share_a_district() -> None:
    s = seat(table(3), 1, elephant="E")
    s = seat(s, 2, elephant="E")
    s = at_turn(seat(s, 0, elephant="N"), 0, "elephant")
    after = play(s, "elephant E")
    assert [p.elephant for p in after.players] == [1, 1, 1]
