"""Following, turn order and the end of a round (rulebook: Follow the Active
Player, End of Round).

Seat k's donation mahout tile starts on colour k's space (yellow, blue, white,
green); purple is seat 0, grey seat 1, pink seat 2.
"""

from __future__ import annotations

from engine.amritsar.decisions import Pending
from engine.amritsar.position import parse_position
from engine.amritsar.rules.effects_run import FOLLOWING, mahout_reason
from engine.amritsar.state import GameState
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


def rulebook_table() -> GameState:
    """Follow the Active Player: purple's active worker was white. Grey has its
    donation tile on white but no resources to donate; pink has the coin-and-
    marble tile on white."""
    return parse_position(
        "game: 3 players, decade 1, round 1, starting player 1\n"
        + BOARD
        + """
        this turn: active worker W, active district N
        player 1: pp 5, coins 1, elephant N, on elephant 2, mahouts Y=donate,
                  objectives A1, face down B1 C1 D1
        player 2: pp 5, coins 1, elephant E, on elephant 2, mahouts W=donate,
                  objectives A2, face down B2 C2 D2
        player 3: pp 5, coins 0, elephant S, on elephant 3, mahouts W=coin_marble G=donate,
                  objectives A3, face down B3 C3 D3
        decision: player 1 actions
        """
    )


def test_rulebook_follow_example() -> None:
    """Grey cannot pay its donation and is not asked; pink follows for 1 coin and
    1 marble; purple earns 1 PP."""
    s = play(rulebook_table(), "end")
    assert pending(s) is Pending.FOLLOW and s.pending[-1].player == 2
    assert legal(s) == {"follow", "pass"}
    s = play(s, "follow")
    purple, grey, pink = s.players
    assert (pink.coins, pink.resources) == (1, (1, 0, 0))
    assert purple.pp == 6 and ledger(s, 0, "follow") == 1
    assert grey.pp == 5 and grey.coins == 1
    # The turn then passes to grey, the next player clockwise.
    assert pending(s) is Pending.ELEPHANT and s.pending[-1].player == 1


def test_a_follower_who_can_pay_is_asked_and_may_pass() -> None:
    s = seat(rulebook_table(), 1, resources="M")  # grey can donate now (elephant in E)
    s = play(s, "end")
    assert s.pending[-1].player == 1 and legal(s) == {"follow", "pass"}
    s = play(s, "pass")
    assert s.pending[-1].player == 2
    s = play(s, "pass")
    assert s.players[0].pp == 5  # nobody followed


def test_followers_are_asked_clockwise_from_the_active_player() -> None:
    s = table(4)
    for number in (0, 1, 3):
        s = seat(s, number, mahouts={"W": "coin_pp"})
    s = at_turn(s, 2, "actions", colour="W", district="N")
    s = play(s, "end")
    order = []
    while pending(s) is Pending.FOLLOW:
        order.append(s.pending[-1].player)
        s = play(s, "follow")
    assert order == [3, 0, 1]
    assert s.players[2].pp == 5 + 3
    assert [p.pp for p in s.players] == [6, 6, 8, 6]


def test_only_the_workers_real_colour_is_followed() -> None:
    # Purple uses a white worker as yellow (S04); grey's yellow tile does not follow.
    s = seat(table(2), 0, storehouses=["S04"])
    s = seat(s, 1, mahouts={"Y": "coin_pp"})
    s = at_turn(s, 0, "actions", colour="W", district="N")
    s = play(s, "secondary L")  # DY1's secondary with the white worker
    s, _ = settle(play(s, "end") if pending(s) is Pending.ACTIONS else s)
    assert pending(s) is not Pending.FOLLOW
    assert s.players[1].pp == 5


def test_a_follower_cannot_follow_with_a_market_action_without_trading() -> None:
    s = seat(table(2), 1, mahouts={"W": "market"}, coins=0, resources="")
    s = at_turn(s, 0, "actions", colour="W", district="N")
    # Grey has nothing to trade: not asked at all.
    assert pending(play(s, "end")) is Pending.ELEPHANT
    s = seat(s, 1, coins=1)
    s = play(s, "end", "follow")
    assert pending(s) is Pending.MARKET
    reason = refusal(s, "done")
    assert reason.code == "follow_needs_trade"
    assert legal(s) == {"buy M", "buy C", "buy G"}


def test_the_reason_a_player_cannot_follow() -> None:
    s = seat(table(2), 1, mahouts={"W": None})
    s = at_turn(s, 0, "actions", colour="B", district="N")
    s = play(s, "end")  # grey's blue tile is the donation: nothing to pay with
    assert pending(s) is Pending.ELEPHANT
    reason = mahout_reason(s, 1, 1, FOLLOWING)
    assert reason is not None and reason.code == "follow_cannot"
    assert reason.en == (
        "You cannot perform your blue mahout tile now: no free space in the Eastern District that you can pay for."
    )
    assert reason.rule == "Follow the Active Player"


def test_turns_go_clockwise_and_the_last_player_moves_the_maharajah_token() -> None:
    s = table(3)
    seen = []
    for _ in range(3):
        seen.append((s.round, s.current, s.maharajah_space))
        s = play(at_turn(s, s.current, "actions", colour="G", district="N"), "end")
    assert seen == [(1, 0, 3), (1, 1, 3), (1, 2, 3)]
    assert (s.round, s.current, s.maharajah_space) == (2, 0, 0)  # WN -> NE


def test_two_player_games_follow_the_worker_beside_the_maharajahs_new_space() -> None:
    # Beside NE stands the yellow worker (tests/engine/build.py); seat 0 has
    # its yellow donation tile, seat 1 a coin-and-PP tile on yellow.
    s = seat(table(2), 1, mahouts={"Y": "coin_pp"})
    s = seat(s, 0, resources="M")
    s = change(s, starting_player=1)
    s = at_turn(s, 0, "actions", colour="G", district="S")  # seat 0 plays last
    s = play(s, "end")
    assert s.maharajah_space == 0
    # Starting player first, then clockwise; nobody earns PP for it.
    assert pending(s) is Pending.FOLLOW and s.pending[-1].player == 1
    s = play(s, "follow")
    assert s.players[1].pp == 6 and s.players[0].pp == 5
    assert pending(s) is Pending.FOLLOW and s.pending[-1].player == 0
    s = play(s, "follow", "donate 1.1")
    assert s.players[1].pp == 6  # the player who moved the token earns nothing either
    assert (s.round, s.current) == (2, 1)


def test_no_maharajah_follow_with_three_or_four_players() -> None:
    s = seat(table(3), 0, mahouts={"G": "coin_pp"})
    s = at_turn(s, 2, "actions", colour="B", district="N")
    s = play(s, "end")
    assert (s.round, s.current, pending(s)) == (2, 0, Pending.ELEPHANT)


def test_a_follower_is_judged_by_their_own_trades_not_the_active_players() -> None:
    """ "On the same turn, you cannot buy and sell the same type of Resource"
    binds the player who trades: purple buys a marble; grey may still follow
    with its market tile and sell its own marble."""
    s = seat(table(2), 0, coins=1)
    s = seat(s, 1, mahouts={"Y": "market"}, coins=0, resources="M")
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    s = play(s, "main L", "buy M", "done")
    if pending(s) is Pending.ACTIONS:
        s = play(s, "end")
    assert pending(s) is Pending.FOLLOW and s.pending[-1].player == 1
    s = play(s, "follow")
    assert legal(s) == {"sell M"}
    s = play(s, "sell M", "done")
    grey = s.players[1]
    assert (grey.coins, grey.resources) == (1, (0, 0, 0))


def test_the_maharajah_follow_judges_each_player_by_their_own_trades() -> None:
    """2 players: purple plays last and buys a marble; beside the token's new
    space (NE) stands the yellow worker, and grey, holding a marble and no coin,
    may follow it with its yellow market tile and sell."""
    s = seat(table(2), 0, coins=1)
    s = seat(s, 1, mahouts={"Y": "market"}, coins=0, resources="M")
    s = change(s, starting_player=1)
    s = at_turn(s, 0, "actions", colour="G", district="E")
    s = play(s, "main L", "buy M", "done")
    if pending(s) is Pending.ACTIONS:
        s = play(s, "end")
    assert s.maharajah_space == 0
    assert pending(s) is Pending.FOLLOW and s.pending[-1].player == 1
    s = play(s, "follow", "sell M", "done")
    assert s.players[1].resources == (0, 0, 0) and s.players[1].coins == 1
