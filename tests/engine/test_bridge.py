"""Bridge tiles (rulebook: The Bridge, The Bridge Tiles).

The fixed board puts BR1 (group of four: a resource of choice) on decade I,
BR2 (group of four: 1 PP) on decade II and BR3 (donation: 1 coin) on decade
III. Each requirement is exercised in its own area's tests; here: which tiles
count, and how often.
"""

from __future__ import annotations

from engine.amritsar.decisions import Pending
from engine.amritsar.state import GameState
from tests.engine.build import (
    at_turn,
    change,
    ledger,
    pending,
    play,
    seat,
    table,
)

FOUR = ("YBWG", "", "GY", "B", "WG", "Y", "BW", "")


def sow_four(decade: int = 1, **player: object) -> GameState:
    s = change(seat(table(2), 0, **player), sections=FOUR, decade=decade)
    return play(at_turn(s, 0, "sow"), "sow N1")


def donate(decade: int, **player: object) -> GameState:
    s = change(seat(table(2), 0, **{"resources": "M", "coins": 0, **player}), decade=decade)
    s = at_turn(s, 0, "actions", colour="G", district="N")
    return play(s, "elephant-mahout Y", "donate 1.1")


def test_only_the_tile_of_the_decade_in_play_counts() -> None:
    assert pending(sow_four(1)) is Pending.CHOOSE_RESOURCE  # BR1
    assert sow_four(2).players[0].pp == 6  # BR2, not BR1
    assert pending(sow_four(3)) is Pending.SOW_PLACE  # BR3 asks for donations
    assert donate(1).players[0].coins == 0  # BR3 is not yet active
    assert donate(3).players[0].coins == 1


def test_the_all_bridges_storehouse_counts_the_current_and_later_tiles() -> None:
    s = sow_four(1, storehouses=["S11"])
    assert ledger(s, 0, "bridge") == 1  # BR2 (decade II) counts too
    assert pending(s) is Pending.CHOOSE_RESOURCE  # and BR1
    assert donate(1, storehouses=["S11"]).players[0].coins == 1  # BR3 (decade III)
    # In decade II the decade I tile is flipped: it no longer counts.
    s = sow_four(2, storehouses=["S11"])
    assert ledger(s, 0, "bridge") == 1 and pending(s) is Pending.SOW_PLACE


def test_the_benefit_comes_each_time_the_requirement_is_met() -> None:
    s = change(seat(table(2), 0, resources="CC", coins=0), bridge=(3, 0, 1))  # BR4: upgrade, 1 PP
    s = at_turn(seat(s, 0, elephant="W"), 0, "actions", colour="Y", district="W")
    s = play(s, "main C", "upgrade objective B1 space 3 pay C")
    s = play(s, "elephant-main C", "upgrade objective C1 space 4 pay C")
    assert ledger(s, 0, "bridge") == 2
