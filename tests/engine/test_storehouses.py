"""Storehouses (rulebook: The Storehouses; catalog: storehouses.toml).

Capacity: the starting storehouse holds 4, immediate-benefit storehouses 2,
permanent ones 3 (the teleport and any-resource ones 2). Each space holds one
coin or one resource. The permanent benefits are tested where they act:
white workers (test_actions_menu), the market discount (test_market), the
tax discount (test_decade), free skips (test_sowing), no Maharajah penalty and
the teleport (test_elephant), every bridge tile (test_bridge), the track
substitute (test_knowledge), any-resource upgrades (test_upgrades); the
exchange is here.
"""

from __future__ import annotations

import pytest

from engine.amritsar.decisions import Pending
from engine.amritsar.rules.core import capacity
from engine.amritsar.state import GameState
from tests.engine.build import (
    at_turn,
    legal,
    pending,
    play,
    refusal,
    seat,
    table,
)

EXCHANGES = {"exchange M C", "exchange C M", "exchange C G", "exchange G C"}


@pytest.mark.parametrize(
    ("storehouses", "spaces"),
    [
        ((), 4),
        (("S01",), 4 + 2),
        (("S04",), 4 + 3),
        (("S14", "S15"), 4 + 2 + 2),
        (("S02", "S07", "S13"), 4 + 2 + 3 + 3),
    ],
)
def test_capacity_is_the_starting_storehouse_plus_each_one_added(
    storehouses: tuple[str, ...], spaces: int
) -> None:
    s = seat(table(2), 0, storehouses=list(storehouses))
    assert capacity(s, s.players[0]) == spaces


def test_what_does_not_fit_is_discarded_one_at_a_time_the_player_choosing() -> None:
    # 4 spaces: a coin and 2 copper, then 2 marble from DY1.
    s = seat(table(2), 0, coins=1, resources="CC")
    s = at_turn(s, 0, "actions", colour="G", district="N")
    s = play(s, "main L")
    assert pending(s) is Pending.DISCARD
    assert legal(s) == {"discard M", "discard C", "discard coin"}
    assert refusal(s, "discard G").code == "discard_none"
    s = play(s, "discard coin")
    assert pending(s) is not Pending.DISCARD
    p = s.players[0]
    assert (p.coins, p.resources) == (0, (2, 2, 0))


def test_immediate_benefits_of_the_three_immediate_storehouses() -> None:
    def place(storehouse: str) -> GameState:
        s = seat(table(2, storehouses=(storehouse,)), 0, resources="M", coins=0)
        s = at_turn(s, 0, "actions", colour="W", district="W")
        return play(s, "main C", f"upgrade storehouse {storehouse} slot 1 pay M")

    s = place("S01")  # 1 coin and a resource of choice
    assert s.players[0].coins == 1 and legal(s) == {"gain M", "gain C", "gain G"}
    assert play(s, "gain G").players[0].resources == (0, 0, 1)
    assert place("S02").players[0].resources == (2, 0, 0)  # 2 marble
    assert pending(place("S03")) is Pending.TWO_STEPS  # 2 knowledge steps


def exchanging(resources: str, **player: object) -> GameState:
    s = seat(table(2), 0, **{"resources": resources, "storehouses": ["S13"], **player})
    return at_turn(s, 0, "actions", colour="G", district="N")


def test_exchange_marble_copper_and_copper_gold_both_ways() -> None:
    assert {a for a in legal(exchanging("M")) if a.startswith("exchange")} == {"exchange M C"}
    assert {a for a in legal(exchanging("C")) if a.startswith("exchange")} == {
        "exchange C M",
        "exchange C G",
    }
    assert {a for a in legal(exchanging("MCG")) if a.startswith("exchange")} == EXCHANGES
    reason = refusal(exchanging("MCG"), "exchange M G")
    assert reason.code == "exchange_unavailable" and "copper" in reason.en
    s = play(exchanging("C"), "exchange C G")
    assert s.players[0].resources == (0, 0, 1)


def test_exchange_once_per_turn() -> None:
    s = play(exchanging("MC"), "exchange M C")
    assert not {a for a in legal(s) if a.startswith("exchange")}
    assert "already exchanged" in refusal(s, "exchange C G").en
    # Also inside a market action on the same turn.
    s = play(s, "main C")  # DB1: 1 copper
    assert "already exchanged" in refusal(s, "exchange C G").en


def test_exchange_inside_a_market_action() -> None:
    s = seat(table(2), 0, resources="M", storehouses=["S13"], coins=0)
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    s = play(s, "main L")  # DB2: a market action
    assert pending(s) is Pending.MARKET
    assert legal(s) == {"sell M", "done", "exchange M C"}


def test_no_exchange_without_the_storehouse_or_when_following() -> None:
    s = seat(table(2), 0, resources="MC")
    s = at_turn(s, 0, "actions", colour="G", district="N")
    assert "no exchange storehouse" in refusal(s, "exchange M C").en
    # Seat 1 follows a yellow worker with its market mahout tile: no exchange then.
    s = seat(table(2), 1, resources="MC", storehouses=["S13"], mahouts={"Y": "market"})
    s = at_turn(s, 0, "actions", colour="Y", district="N")
    s = play(s, "end")
    assert pending(s) is Pending.FOLLOW and s.pending[-1].player == 1
    s = play(s, "follow")
    assert pending(s) is Pending.MARKET
    assert not {a for a in legal(s) if a.startswith("exchange")}
    assert "only on your own turn" in refusal(s, "exchange M C").en
