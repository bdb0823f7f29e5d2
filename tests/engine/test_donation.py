"""Donations to the Golden Temple (rulebook: The Golden Temple and Donations).

The 2-player North tile (catalog 2N): level 1 costs a marble, spaces worth
1, 2, 1, 2 PP; level 2 a copper (3, 3, 4); level 3 a gold (5, 6); level 4 one
of each (8). Seat 0 donates with its donation mahout tile (yellow space),
activated by its elephant in the North.
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
    refusal,
    seat,
    table,
    with_frame,
)

LEVEL_1 = {"donate 1.1", "donate 1.2", "donate 1.3", "donate 1.4"}


def donating(resources: str, spaces: dict[str, int] | None = None, **player: object) -> GameState:
    s = donated(table(2), spaces or {})
    s = seat(s, 0, resources=resources, coins=0, **player)
    s = at_turn(s, 0, "actions", colour="G", district="N")
    s = play(s, "elephant-mahout Y")
    assert pending(s) is Pending.DONATE
    return s


def test_level_one_needs_a_marble_and_a_free_space() -> None:
    assert legal(donating("M")) == LEVEL_1
    assert legal(donating("M", {"N1.2": 1})) == LEVEL_1 - {"donate 1.2"}
    reason = refusal(donating("M", {"N1.2": 1}), "donate 1.2")
    assert reason.code == "donation_space_taken" and "1.2" in reason.en


def test_a_higher_level_needs_both_spaces_below_filled_by_anyone() -> None:
    s = donating("MC", {"N1.1": 1})
    assert legal(s) == LEVEL_1 - {"donate 1.1"}
    reason = refusal(s, "donate 2.1")
    assert reason.code == "donation_needs_below" and "Level 2" in reason.en
    s = donating("MC", {"N1.1": 1, "N1.2": 0})
    assert legal(s) == {"donate 1.3", "donate 1.4", "donate 2.1"}


def test_each_level_costs_its_resources() -> None:
    full_below = {"N1.1": 1, "N1.2": 0, "N1.3": 1, "N2.1": 0, "N2.2": 1}
    up_to_three = {**full_below, "N1.4": 1, "N2.3": 0, "N3.1": 1, "N3.2": 0}
    s = donating("G", full_below)
    assert legal(s) == {"donate 3.1"}
    s = donating("MCG", up_to_three)
    assert legal(s) == {"donate 4.1"}
    # With only marble and copper nothing can be donated, so the tile cannot be
    # chosen; asked directly, the donation decision names the cost.
    s = seat(donated(table(2), up_to_three), 0, resources="MC")
    s = with_frame(at_turn(s, 0, "actions", colour="G", district="N"), Pending.DONATE, 0)
    assert legal(s) == set()
    reason = refusal(s, "donate 4.1")
    assert reason.code == "donation_cost"
    assert "1 marble, 1 copper, 1 gold" in reason.en and "1 marble, 1 copper" in reason.en


def test_the_donor_earns_the_space_and_each_counter_below_earns_its_owner_one() -> None:
    s = donating("C", {"N1.2": 1, "N1.3": 0})
    s = play(s, "donate 2.2")  # worth 3 PP
    me, other = s.players
    assert me.pp == 5 + 3 + 1 and other.pp == 5 + 1
    assert ledger(s, 0, "donation") == 3 and ledger(s, 0, "donation_below") == 1
    assert ledger(s, 1, "donation_below") == 1
    assert (me.on_elephant, me.donation_counters_placed, me.resources) == (1, 2, (0, 0, 0))
    assert s.donations[0][4 + 1] == 0


def test_only_in_the_district_where_the_elephant_is() -> None:
    # DG2 (South, centre) performs a mahout tile whatever the worker's district:
    # the donation still goes where the elephant stands (North).
    s = seat(table(2), 0, resources="M", coins=0)
    s = at_turn(s, 0, "actions", colour="G", district="S")
    s = play(s, "main C", "mahout Y")
    assert legal(s) == LEVEL_1
    s = play(s, "donate 1.2")
    assert s.donations[0][1] == 0 and s.players[0].pp == 7


def test_no_counter_on_the_elephant_no_donation() -> None:
    s = seat(table(2), 0, resources="M", coins=0, on_elephant=0, market_space=7)
    s = at_turn(s, 0, "actions", colour="G", district="N")
    reason = refusal(s, "elephant-mahout Y")
    assert reason.code == "nothing_to_do" and "no donation counters" in reason.en


def test_the_donation_bridge_tile_pays_a_coin() -> None:
    s = change(donating("M"), bridge=(2, 0, 1))  # BR3 active in decade I
    s = play(s, "donate 1.1")
    assert s.players[0].coins == 1
