"""Upgrades of the personal board (rulebook: Mahout and upgrades).

West holds DG3 (green: any upgrade), DY3 (yellow: storehouse or objective)
and DB3 (blue: storehouse or mahout) in slots L, C, R. Seat 0 starts with
objective A1 on space 1 and B1, C1, D1 in hand, the donation mahout tile on
the yellow space, tax 1 and 2 counters on the elephant.
"""

from __future__ import annotations

from engine.amritsar.decisions import Pending
from engine.amritsar.state import NONE, GameState
from tests.engine.build import (
    at_turn,
    change,
    ledger,
    legal,
    objective,
    pending,
    play,
    refusal,
    seat,
    storehouse,
    table,
)

REVEALED = ("S01", "S02")


def upgrade(slot: str, resources: str = "MCG", **player: object) -> GameState:
    """Seat 0 choosing the upgrade of the West tile in ``slot`` (main action)."""
    s = seat(table(2, storehouses=REVEALED), 0, **{"resources": resources, "coins": 0, **player})
    s = at_turn(s, 0, "actions", colour="W", district="W")
    s = play(s, f"main {slot}")
    assert pending(s) is Pending.UPGRADE
    return s


def paying(pay: str) -> str:
    return "free" if pay == "free" else f"pay {pay}"


def storehouse_options(pay: str, slots: tuple[int, ...] = (1, 2, 3)) -> set[str]:
    return {f"upgrade storehouse {h} slot {i} {paying(pay)}" for h in REVEALED for i in slots}


def objective_options(pay: str, spaces: tuple[int, ...] = (2, 3, 4)) -> set[str]:
    return {
        f"upgrade objective {o} space {i} {paying(pay)}" for o in ("B1", "C1", "D1") for i in spaces
    }


def mahout_options(pay: str, spaces: str = "BWG") -> set[str]:
    tiles = ("upgrade", "coin_pp", "market", "coin_marble", "resource", "knowledge")
    return {f"upgrade mahout {t} space {c} {paying(pay)}" for t in tiles for c in spaces}


def test_each_tile_offers_exactly_its_kinds_at_their_costs() -> None:
    assert legal(upgrade("C")) == storehouse_options("M") | objective_options("C")
    assert legal(upgrade("R")) == storehouse_options("M") | mahout_options("G")
    assert legal(upgrade("L")) == (
        storehouse_options("M") | objective_options("C") | mahout_options("G")
    )
    reason = refusal(upgrade("C"), "upgrade mahout market space B pay G")
    assert reason.code == "upgrade_kind" and "mahout" in reason.en


def test_each_kind_needs_its_resource() -> None:
    assert legal(upgrade("L", resources="C")) == objective_options("C")
    reason = refusal(upgrade("L", resources="C"), "upgrade objective B1 space 2 pay M")
    assert reason.code == "upgrade_payment"
    assert "costs 1 copper" in reason.en and "do not have" in reason.en
    reason = refusal(upgrade("L", resources="MC"), "upgrade objective B1 space 2 pay M")
    assert "you must pay copper" in reason.en


def test_storehouse_upgrade_tax_counter_and_the_counter_uncovered() -> None:
    s = play(upgrade("C"), "upgrade storehouse S02 slot 2 pay M")
    p = s.players[0]
    assert p.storehouses == (NONE, storehouse("S02"), NONE)
    assert s.revealed_storehouses == (storehouse("S01"),)
    assert (p.tax, p.on_elephant) == (1 + 1, 3)
    assert p.resources == (0 + 2, 1, 1)  # paid a marble; S02 gives 2 marble at once


def test_objective_upgrade_gives_the_spaces_benefit() -> None:
    s = play(upgrade("C"), "upgrade objective C1 space 2 pay C")
    assert pending(s) is Pending.CHOOSE_RESOURCE  # space 2: a resource of choice
    s = play(s, "gain G")
    p = s.players[0]
    assert p.objectives[1] == objective("C1")
    assert p.objective_hand == (objective("B1"), objective("D1"))
    assert (p.tax, p.on_elephant, p.resources) == (2, 3, (1, 0, 2))
    s = play(upgrade("C", coins=0), "upgrade objective C1 space 3 pay C")
    assert s.players[0].coins == 2  # space 3: 2 coins
    s = play(upgrade("C"), "upgrade objective C1 space 4 pay C")
    assert s.players[0].pp == 7 and ledger(s, 0, "objective_space") == 2  # space 4: 2 PP


def test_mahout_upgrade_adds_an_action_for_the_elephant_and_for_following() -> None:
    s = play(upgrade("R"), "upgrade mahout coin_pp space G pay G")
    p = s.players[0]
    assert p.mahouts[3] >= 0 and (p.tax, p.on_elephant) == (2, 3)
    s = at_turn(seat(s, 0, elephant="W"), 0, "actions", colour="B", district="W")
    assert "elephant-mahout G" in legal(s)


def test_six_on_the_elephant_sends_the_uncovered_counter_to_the_market_space() -> None:
    s = play(upgrade("C", on_elephant=6, market_space=1), "upgrade objective B1 space 4 pay C")
    p = s.players[0]
    assert (p.on_elephant, p.market_space) == (6, 2)


def test_no_free_space_no_upgrade_of_that_kind() -> None:
    s = table(2, storehouses=(*REVEALED, "S04", "S05", "S06"))
    s = seat(s, 0, storehouses=["S04", "S05", "S06"], resources="MCG", coins=0)
    s = at_turn(s, 0, "actions", colour="W", district="W")
    s = play(s, "main C")
    assert legal(s) == objective_options("C")
    reason = refusal(s, "upgrade storehouse S01 slot 1 pay M")
    assert reason.code == "upgrade_no_space"
    # Objectives full too: the tile cannot be chosen at all.
    full = seat(s, 0, objectives=["A1", "B1", "C1", "D1"], objective_hand=[])
    full = seat(full, 0, on_elephant=6, market_space=7)  # 16 counters, at most 6 carried
    full = at_turn(full, 0, "actions", colour="W", district="W")
    assert "main C" not in legal(full)
    assert refusal(full, "main C").code == "nothing_to_do"


def test_free_upgrade_pays_nothing_and_allows_every_kind() -> None:
    # Development 4 -> 5 gives a free upgrade (catalog).
    s = seat(table(2, storehouses=REVEALED), 0, tracks=(4, 0, 0), resources="")
    s = at_turn(s, 0, "actions", colour="W", district="N")
    s = play(s, "secondary R")  # DW1: a development step
    assert pending(s) is Pending.UPGRADE
    assert legal(s) == (
        storehouse_options("free") | objective_options("free") | mahout_options("free")
    )
    s = play(s, "upgrade mahout market space G free")
    p = s.players[0]
    assert p.resources == (0, 0, 0) and p.tax == 2 and p.on_elephant == 3
    # A paid upgrade offers no "free" payment.
    reason = refusal(upgrade("L"), "upgrade mahout market space G free")
    assert reason.code == "upgrade_payment" and "not free" in reason.en


def test_the_any_resource_storehouse_pays_an_upgrade_with_any_resource() -> None:
    s = upgrade("C", resources="G", storehouses=["S14"])
    expected = storehouse_options("G", (2, 3)) | objective_options("G")
    assert legal(s) == expected
    s = play(s, "upgrade objective B1 space 3 pay G")
    assert s.players[0].resources == (0, 0, 0) and s.players[0].coins == 2


def test_upgrade_bridge_tiles() -> None:
    s = change(upgrade("C"), bridge=(3, 4, 0))  # BR4 (decade I): 1 PP per upgrade
    s = play(s, "upgrade objective B1 space 3 pay C")
    assert ledger(s, 0, "bridge") == 1
    s = change(upgrade("C"), bridge=(4, 3, 0))  # BR5: 1 coin per upgrade
    s = play(s, "upgrade objective B1 space 4 pay C")
    assert s.players[0].coins == 1 and ledger(s, 0, "bridge") == 0
