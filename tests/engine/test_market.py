"""The market (rulebook: Economy; catalog: market.toml).

Each column has 5 rows priced 2, 2, 1, 1, 1 from the top, with 2 PP and 1 PP
printed on rows 1 and 2; a column holding k resources fills rows 1..k. The
market action comes from DB2 (East, left) for a blue worker in the East.
"""

from __future__ import annotations

from engine.amritsar.decisions import Pending
from engine.amritsar.state import GameState
from tests.engine.build import (
    at_turn,
    change,
    donated,
    ledger,
    legal,
    pending,
    play,
    play_events,
    refusal,
    seat,
    table,
)

ALL_BUYS = {"buy M", "buy C", "buy G"}


def market(
    coins: int = 1, resources: str = "", stock: tuple[int, int, int] = (3, 3, 3), **player: object
) -> GameState:
    """Seat 0 inside a market action (DB2's main action), elephant in the North."""
    s = seat(table(2), 0, coins=coins, resources=resources, **player)
    s = change(s, market=stock)
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    s = play(s, "main L")
    assert pending(s) is Pending.MARKET
    return s


def test_buy_from_the_bottom_at_the_rows_price() -> None:
    s = market(coins=1)
    assert legal(s) == ALL_BUYS | {"done"}
    s = play(s, "buy M")
    assert s.market == (2, 3, 3)
    assert (s.players[0].coins, s.players[0].resources) == (0, (1, 0, 0))
    # Two left: the next marble is on row 2, which costs 2.
    dear = market(coins=1, stock=(2, 3, 3))
    assert legal(dear) == {"buy C", "buy G", "done"}
    reason = refusal(dear, "buy M")
    assert reason.code == "cannot_afford" and "2 coins" in reason.en


def test_an_empty_column_sells_from_the_reserve_at_two() -> None:
    s = market(coins=2, stock=(0, 3, 3))
    s = play(s, "buy M")
    assert s.market == (0, 3, 3)
    assert (s.players[0].coins, s.players[0].resources) == (0, (1, 0, 0))


def test_sell_into_the_first_free_space_from_the_top() -> None:
    cases = [
        # stock of marble, coins earned, PP earned, stock after
        (3, 1, 0, 4),  # row 4
        (1, 2, 1, 2),  # row 2: 2 coins and 1 PP
        (0, 2, 2, 1),  # row 1: 2 coins and 2 PP
        (5, 1, 0, 5),  # full: 1 coin, to the reserve
    ]
    for stock, coins, pp, after in cases:
        s = market(coins=0, resources="M", stock=(stock, 3, 3))
        assert legal(s) == {"sell M", "done"}
        s = play(s, "sell M")
        p = s.players[0]
        assert (p.coins, p.pp, s.market[0], p.resources) == (coins, 5 + pp, after, (0, 0, 0))
        assert ledger(s, 0, "market") == pp


def test_many_trades_in_one_market_action() -> None:
    s = market(coins=2, resources="G")
    s = play(s, "sell G", "buy M", "buy C")
    p = s.players[0]
    assert (p.coins, p.resources, s.market) == (2 + 1 - 1 - 1, (1, 1, 0), (2, 2, 4))
    assert pending(s) is Pending.MARKET and s.pending[-1].n == 3


def test_never_buy_and_sell_one_resource_type_in_the_same_turn() -> None:
    s = play(market(coins=3, resources="M"), "buy M")
    assert legal(s) == ALL_BUYS | {"done"}  # marble may not be sold now
    reason = refusal(s, "sell M")
    assert reason.code == "bought_and_sold" and "bought marble" in reason.en
    s = play(market(coins=2, resources="C"), "sell C")
    assert refusal(s, "buy C").code == "bought_and_sold"
    # Not even in a second market action of the same turn (the elephant's).
    s = seat(table(2), 0, coins=3, resources="C", elephant="E")
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    s = play(s, "main L", "sell C", "done", "elephant-main L")
    assert pending(s) is Pending.MARKET
    assert refusal(s, "buy C").code == "bought_and_sold"
    # A new turn starts afresh.
    assert s.sold == (0b010, 0)
    assert at_turn(s, 0, "actions", colour="Y", district="E").sold == (0, 0)


def test_a_market_action_with_a_trade_moves_a_counter_to_the_elephant() -> None:
    s, events = play_events(market(coins=1), "buy M", "done")
    p = s.players[0]
    assert (p.market_space, p.on_elephant) == (4, 3)
    assert ("counter", "market space", "elephant") in {(e.kind, e.what, e.where) for e in events}
    # Without a trade, no counter.
    p = play(market(coins=1), "done").players[0]
    assert (p.market_space, p.on_elephant) == (5, 2)


def test_six_on_the_elephant_leaves_the_counter_on_the_market_space() -> None:
    s = play(market(coins=1, on_elephant=6, market_space=1), "buy M", "done")
    p = s.players[0]
    assert (p.market_space, p.on_elephant, p.pp) == (1, 6, 5)


def test_no_counter_left_on_the_market_space_earns_one_pp() -> None:
    # All 5 counters of the market space already went on to the temple.
    s = donated(table(2), {"N1.1": 0, "N1.2": 0, "N1.3": 0, "N1.4": 0, "E1.1": 0})
    s = seat(s, 0, coins=1)
    assert s.players[0].market_space == 0
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    s = play(s, "main L", "buy M", "done")
    p = s.players[0]
    assert (p.market_space, p.on_elephant, p.pp) == (0, 2, 6)
    assert ledger(s, 0, "no_counter") == 1


def test_the_discount_storehouse_takes_one_coin_off_each_market_actions_purchase() -> None:
    s = market(coins=1, stock=(2, 3, 3), storehouses=["S07"])
    # Marble costs 2 here; with the discount 1, which the player has.
    assert legal(s) == ALL_BUYS | {"done"}
    s = play(s, "buy M")
    assert s.players[0].coins == 0
    # The discount is spent for this market action: copper now costs its full 1.
    assert refusal(s, "buy C").code == "cannot_afford"
    # A purchase of price 1 with the discount is free.
    s = play(market(coins=0, storehouses=["S07"]), "buy G")
    assert (s.players[0].coins, s.players[0].resources) == (0, (0, 0, 1))


def test_the_market_bridge_tile_pays_for_every_market_action() -> None:
    s = seat(table(2), 0, coins=1)
    s = change(s, bridge=(5, 0, 1))  # BR6 active in decade I: a market action, 1 PP
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    traded = play(s, "main L", "buy M", "done")
    assert ledger(traded, 0, "bridge") == 1
    # "Every time you perform the Market action": without a trade too (house
    # rule market_bridge_needs_trade: not then; tests/engine/test_house_rules.py).
    idle = play(s, "main L", "done")
    assert ledger(idle, 0, "bridge") == 1


def test_each_trade_is_completed_before_the_next_full_storehouse_discards_first() -> None:
    # 4 spaces: 2 coins, 1 marble, 1 copper. Selling copper into row 2 pays 2 coins.
    s = market(coins=2, resources="MC", stock=(3, 1, 3))
    s = play(s, "sell C")
    assert pending(s) is Pending.DISCARD
    assert legal(s) == {"discard M", "discard coin"}
    s = play(s, "discard coin")
    assert pending(s) is Pending.MARKET and s.players[0].coins == 3
