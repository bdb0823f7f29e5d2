"""The end of a decade, in the rulebook's order: donations, tax, income,
bridge, temple (rulebook: End of Decade).

Active temple tile T1: North 4, East 3, South 2, West 1. The tax track asks
one coin per step (catalog). The decade ends when the last player of round 4
finishes and the Maharajah token returns to WN.
"""

from __future__ import annotations

import pytest

from engine.amritsar.decisions import Pending
from engine.amritsar.observe import observe
from engine.amritsar.position import parse_position
from engine.amritsar.state import GameState
from tests.engine.build import (
    at_turn,
    change,
    donated,
    ledger,
    legal,
    pending,
    play,
    seat,
    table,
)

SW = 2


def last_turn(s: GameState, decade: int = 1) -> GameState:
    """The last player's menu in round 4 of ``decade`` (worker green in the West)."""
    s = change(s, round=4, maharajah_space=SW, decade=decade)
    last = (s.starting_player + s.player_count - 1) % s.player_count
    return at_turn(s, last, "actions", colour="G", district="W")


def end_decade(s: GameState, decade: int = 1) -> GameState:
    return play(last_turn(s, decade), "end")


def test_the_decade_ends_when_the_token_is_back_on_its_start_space() -> None:
    s = end_decade(table(3))
    assert s.decade == 2 and s.round == 1 and s.maharajah_space == 3
    assert (s.current, pending(s)) == (0, Pending.ELEPHANT)


def test_rulebook_example_tied_majority_both_score() -> None:
    """End of Decade: purple and pink have 2 donations each in the South, grey
    1; the active temple tile gives the South 2 PP, and both tied players earn them."""
    s = parse_position(
        """
        game: 3 players, decade 1, round 4, starting player 1
        maharajah token: SW
        sections: N1 YB, N2 W, E1 GY, E2 B, S1 WG, S2 Y, W1 BW, W2 G
        district tiles: N DY1 DB1 DW1, E DB2 DW2 DG1, S DW3 DG2 DY2, W DG3 DY3 DB3
        temple tiles: T1 T2 T3
        bridge tiles: BR1 BR2 BR3
        donations: S1.1=1 S1.2=3 S1.3=1 S1.4=3 S1.5=2
        market: marble 3, copper 3, gold 3
        this turn: active worker G, active district W
        player 1: pp 5, coins 1, elephant S, mahouts Y=donate, objectives A1, face down B1 C1 D1
        player 2: pp 5, coins 1, elephant S, on elephant 1,
                  mahouts B=donate, objectives A2, face down B2 C2 D2
        player 3: pp 5, coins 1, elephant S, mahouts W=donate, objectives A3, face down B3 C3 D3
        decision: player 3 actions
        """
    )
    s = play(s, "end")
    assert s.decade == 2
    assert [ledger(s, k, "majority") for k in range(3)] == [2, 0, 2]


def test_each_district_is_scored_separately() -> None:
    s = donated(table(3), {"N1.1": 1, "N1.2": 1, "N1.3": 0, "E1.1": 0, "W1.1": 2, "W1.2": 1})
    s = end_decade(s)
    # North: grey 2 > purple 1 (4 PP). East: purple alone (3). West: a tie (1 each).
    assert [ledger(s, k, "majority") for k in range(3)] == [3, 4 + 1, 1]


def test_the_decades_temple_tile_gives_the_values() -> None:
    s = donated(table(3), {"N1.1": 0})
    s = end_decade(s, decade=2)  # T2: North 1
    assert ledger(s, 0, "majority") == 1


@pytest.mark.parametrize(("decade", "penalty"), [(1, 1), (2, 2), (3, 3)])
def test_tax_and_the_penalty_per_unpaid_coin(decade: int, penalty: int) -> None:
    # Tax counter on 3 (first objective and two storehouses), 1 coin: 2 unpaid.
    s = seat(table(3), 0, storehouses=["S01", "S02"], coins=1)
    s = seat(s, 1, coins=4)
    s = end_decade(s, decade)
    assert s.players[0].coins == 0
    assert ledger(s, 0, "tax_penalty") == -2 * penalty
    assert (s.players[1].coins, ledger(s, 1, "tax_penalty")) == (3, 0)


def test_tax_discounts_from_the_money_track_and_the_storehouse() -> None:
    s = table(3)
    s = seat(s, 0, storehouses=["S01", "S02"], coins=0, tracks=(0, 0, 4))  # tax 3 - 1
    s = seat(s, 1, storehouses=["S08", "S03"], coins=0)  # tax 3 - 1
    s = seat(s, 2, coins=0)  # tax 1
    s = end_decade(s)
    assert [ledger(s, k, "tax_penalty") for k in range(3)] == [-2, -2, -1]
    # Both discounts together.
    s = seat(table(3), 0, storehouses=["S08", "S01"], coins=0, tracks=(0, 0, 5))  # 3 - 2
    assert ledger(end_decade(s), 0, "tax_penalty") == -1
    s = seat(table(3), 0, storehouses=["S08"], coins=2, tracks=(0, 0, 5))  # 2 - 2
    s = end_decade(s)
    assert (s.players[0].coins, ledger(s, 0, "tax_penalty")) == (2 + 1, 0)  # + income


def test_income_from_every_step_reached_after_the_tax() -> None:
    s = seat(table(3), 0, coins=0, tracks=(2, 4, 2))
    s = end_decade(s)
    p = s.players[0]
    # Tax 1 unpaid: the income coin comes after the tax.
    assert ledger(s, 0, "tax_penalty") == -1
    assert (p.on_elephant, p.market_space) == (3, 4)  # development 2: a counter
    # Resources 2 and 4: two resources of choice.
    assert pending(s) is Pending.CHOOSE_RESOURCE and s.pending[-1].player == 0
    s = play(s, "gain G")
    assert pending(s) is Pending.CHOOSE_RESOURCE
    s = play(s, "gain M")
    p = s.players[0]
    assert p.resources == (1, 0, 1)
    assert (p.coins, ledger(s, 0, "income")) == (1, 1)  # money 2: 1 coin and 1 PP
    assert s.decade == 2 and (s.current, pending(s)) == (0, Pending.ELEPHANT)


def test_income_counter_with_none_left_on_the_market_space_earns_one_pp() -> None:
    s = donated(table(3), {f"N1.{i}": 0 for i in range(1, 6)})
    s = seat(s, 0, tracks=(2, 0, 0), coins=1)
    assert s.players[0].market_space == 0
    s = end_decade(s)
    assert ledger(s, 0, "no_counter") == 1


def test_bridge_flips_and_the_next_temple_tile_becomes_active() -> None:
    s = table(3)
    before = observe(s)
    s = end_decade(s)
    after = observe(s)
    assert before.bridge_face_up == s.bridge and after.bridge_face_up == s.bridge[1:]
    assert (before.temple_active, after.temple_active) == (s.temple[0], s.temple[1])


def test_storehouses_overflowing_at_the_end_of_the_last_decade_discard_before_scoring() -> None:
    """Regression: income in decade III could overflow the storehouses; the game
    was scored with the extra resources and a discard was left pending after it
    ended."""
    # 4 spaces and 3 coins; no tax (money 4 discounts the one coin due). Income:
    # 2 resources, then 1 coin and 1 PP: 6 things for 4 spaces. Money 6 scores
    # 1 PP per coin at the end, resources 6 one per resource.
    s = seat(table(3), 0, coins=3, tracks=(0, 6, 6))
    s = end_decade(s, decade=3)
    assert pending(s) is Pending.CHOOSE_RESOURCE
    s = play(s, "gain G")
    assert pending(s) is Pending.CHOOSE_RESOURCE
    s = play(s, "gain G")
    assert pending(s) is Pending.DISCARD and not s.finished
    assert legal(s) == {"discard G", "discard coin"}
    s = play(s, "discard G", "discard G")
    assert s.finished and pending(s) is Pending.GAME_OVER
    p = s.players[0]
    assert (p.coins, p.resources) == (4, (0, 0, 0))
    assert ledger(s, 0, "knowledge_end") == 4


def test_two_players_follow_the_start_spaces_worker_before_the_decade_is_scored() -> None:
    # Beside WN stands the green worker; seat 0 has a coin-and-PP tile on green.
    s = seat(table(2), 0, mahouts={"G": "coin_pp"}, coins=0)  # tax 2
    s = change(s, round=4, maharajah_space=SW)
    s = play(at_turn(s, 1, "actions", colour="Y", district="W"), "end")
    assert pending(s) is Pending.FOLLOW and s.pending[-1].b == 1 and s.decade == 1
    s = play(s, "follow")
    # The coin it gave paid half the tax: the decade was scored after the follow.
    assert s.decade == 2 and ledger(s, 0, "tax_penalty") == -1
    assert s.players[0].coins == 0 and ledger(s, 0, "mahout") == 1
