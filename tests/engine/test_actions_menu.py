"""The active worker's actions (rulebook: Phase 2, the actions after moving).

North holds DY1 (yellow: 2 marble / a resources step), DB1 (blue: 1 copper /
a money step) and DW1 (white: a resource of choice / a development step), in
slots L, C, R (tests/engine/build.py).
"""

from __future__ import annotations

from engine.amritsar.decisions import Pending
from engine.amritsar.state import GameState
from tests.engine.build import (
    at_turn,
    change,
    legal,
    pending,
    play,
    refusal,
    seat,
    settle,
    table,
)

TILE_ACTIONS = {"main L", "main C", "main R"}
ELEPHANT_MAINS = {"elephant-main L", "elephant-main C", "elephant-main R"}


def menu(colour: str, elephant: str = "E", district: str = "N", **player: object) -> GameState:
    s = seat(table(2), 0, elephant=elephant, **player)
    return at_turn(s, 0, "actions", colour=colour, district=district)


def test_main_of_any_tile_secondary_only_in_the_workers_colour() -> None:
    assert legal(menu("Y")) == TILE_ACTIONS | {"secondary L", "end"}
    assert legal(menu("B")) == TILE_ACTIONS | {"secondary C", "end"}
    assert legal(menu("W")) == TILE_ACTIONS | {"secondary R", "end"}
    assert legal(menu("G")) == TILE_ACTIONS | {"end"}
    reason = refusal(menu("G"), "secondary L")
    assert reason.code == "secondary_colour"
    assert "DY1" in reason.en and "yellow" in reason.en and "green" in reason.en


def test_the_elephant_in_the_same_district_adds_a_main_or_a_mahout_action() -> None:
    s = menu("G", elephant="N")
    assert legal(s) == TILE_ACTIONS | ELEPHANT_MAINS | {"end"}
    # Its mahout tile (donate, on yellow) needs a resource to pay the donation.
    assert refusal(s, "elephant-mahout Y").code == "nothing_to_do"
    with_marble = menu("G", elephant="N", resources="M")
    assert legal(with_marble) == TILE_ACTIONS | ELEPHANT_MAINS | {"elephant-mahout Y", "end"}
    assert refusal(with_marble, "elephant-mahout B").code == "no_mahout_there"
    elsewhere = menu("G", elephant="S", resources="M")
    reason = refusal(elsewhere, "elephant-main L")
    assert reason.code == "elephant_not_here" and "North" in reason.en


def test_the_two_halves_of_a_tile_in_either_order_then_nothing_more_from_tiles() -> None:
    s = play(menu("Y"), "main L")
    assert legal(s) == {"secondary L", "end"}
    assert refusal(s, "main C").code == "tile_chosen"
    s = play(s, "secondary L")
    # 2 marble, and the resources step 1 gives one more.
    assert s.players[0].resources == (3, 0, 0) and s.players[0].tracks == (0, 1, 0)
    # Nothing is left: the menu closes by itself and the turn moves on.
    assert s.current == 1
    s = play(menu("Y"), "secondary L")
    assert legal(s) == {"main L", "end"}
    assert play(s, "main L").players[0].resources == (3, 0, 0)


def test_the_elephant_before_or_after_the_tile_never_between() -> None:
    before = play(menu("Y", elephant="N"), "elephant-main C")
    assert before.players[0].resources == (0, 1, 0)
    assert legal(before) == TILE_ACTIONS | {"secondary L", "end"}
    before = play(before, "main L")
    assert legal(before) == {"secondary L", "end"}
    between = play(menu("Y", elephant="N"), "main L")
    # With 2 marble the donation mahout tile can pay a level-1 space.
    assert legal(between) == ELEPHANT_MAINS | {"elephant-mahout Y", "secondary L", "end"}
    between = play(between, "elephant-main L")  # the same tile's main again is allowed
    assert between.players[0].resources == (4, 0, 0)
    # 4 marble and a coin do not fit the starting storehouse: one goes first.
    assert pending(between) is Pending.DISCARD
    between = play(between, "discard M")
    # Activating the elephant after one half closes the tile: nothing is left.
    assert between.current == 1
    after = play(menu("Y", elephant="N", coins=0), "main L", "secondary L")
    assert legal(after) == ELEPHANT_MAINS | {"elephant-mahout Y", "end"}
    done = play(after, "elephant-main R", "gain G")
    assert done.players[0].resources == (3, 0, 1) and done.current == 1


def test_the_elephant_once_per_turn() -> None:
    s = play(menu("G", elephant="N", resources="M"), "elephant-main L")
    assert refusal(s, "elephant-main C").code == "elephant_used"
    assert refusal(s, "elephant-mahout Y").code == "elephant_used"


def test_nothing_is_compulsory() -> None:
    s = play(menu("Y"), "end")
    assert s.current == 1 and s.players[0].resources == (0, 0, 0)


def test_white_worker_storehouses_match_white_and_their_colour_both_ways() -> None:
    # S04: white as yellow and vice versa.
    assert legal(menu("W", storehouses=["S04"])) == TILE_ACTIONS | {
        "secondary L",
        "secondary R",
        "end",
    }
    assert legal(menu("Y", storehouses=["S04"])) == TILE_ACTIONS | {
        "secondary L",
        "secondary R",
        "end",
    }
    # It does not make white blue, nor yellow blue.
    assert refusal(menu("W", storehouses=["S04"]), "secondary C").code == "secondary_colour"
    assert refusal(menu("Y", storehouses=["S04"]), "secondary C").code == "secondary_colour"
    # S05 (blue) and S06 (green) likewise; green has no tile in the North.
    assert "secondary C" in legal(menu("W", storehouses=["S05"]))
    assert legal(menu("G", storehouses=["S06"])) == TILE_ACTIONS | {"secondary R", "end"}
    # Two of them together.
    assert legal(menu("W", storehouses=["S04", "S05"])) == TILE_ACTIONS | {
        "secondary L",
        "secondary C",
        "secondary R",
        "end",
    }


def test_rulebook_actions_example_elephant_first_then_right_tile_main_and_secondary() -> None:
    """Purple's white worker in the West with their elephant: the centre tile's
    main action by the elephant, then the right tile's main and, white matching
    its background, its secondary action."""
    tiles = {"S": ("DB3", "DG2", "DY2"), "W": ("DG3", "DY3", "DW3")}
    s = change(menu("W", elephant="W", district="W", resources="C"), district_tiles=tiles)
    s = play(s, "elephant-main C")  # DY3: a storehouse or objective upgrade
    assert pending(s) is Pending.UPGRADE
    s = play(s, "upgrade objective B1 space 2 pay C")
    assert s.players[0].objectives[1] >= 0
    s = play(s, "gain G")  # objective space 2 gives a resource of choice
    # DY3 has nothing left to pay with; DG3 can place a mahout tile with the gold.
    assert legal(s) == {"main L", "main R", "secondary R", "end"}
    s = play(s, "main R", "track mon", "secondary R")
    p = s.players[0]
    assert p.tracks == (0, 0, 1) and p.coins == 1 + 1 + 1  # money step 1 and the secondary
    assert s.current == 1


def test_the_menu_closes_itself_when_nothing_can_be_done() -> None:
    # West: three upgrade tiles; with nothing to pay, no elephant there and no white
    # tile for the white worker's secondary action, nothing can be done.
    s = menu("W", elephant="N", district="W")
    settled, _ = settle(s)
    assert settled.current == 1
