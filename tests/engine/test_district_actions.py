"""Every action a district tile can give (rulebook: The District Tiles).

Each of the 12 tiles is played from where the fixed board puts it
(tests/engine/build.py), by a worker of its own colour so both halves are
open, with the elephant elsewhere.
"""

from __future__ import annotations

import pytest

from engine.amritsar.decisions import Pending
from engine.amritsar.state import GameState
from tests.engine.build import LAYOUT, at_turn, change, legal, pending, play, seat, table

SLOTS = "LCR"


def worker_on(tile_id: str, **player: object) -> tuple[GameState, str]:
    """The menu with a worker of the tile's colour in its district; returns the slot."""
    for district, ids in LAYOUT.items():
        if tile_id in ids:
            slot = SLOTS[ids.index(tile_id)]
            colour = tile_id[1]
            elephant = "S" if district != "S" else "N"
            s = seat(table(2), 0, **{"elephant": elephant, "coins": 0, **player})
            return at_turn(s, 0, "actions", colour=colour, district=district), slot
    raise KeyError(tile_id)


# tile, half, actions after it, expected (coins, resources, tracks, on_elephant)
SIMPLE = [
    ("DY1", "main", (), (0, (2, 0, 0), (0, 0, 0), 2)),
    ("DY1", "secondary", (), (0, (1, 0, 0), (0, 1, 0), 2)),  # resources 1: a marble
    ("DB1", "main", (), (0, (0, 1, 0), (0, 0, 0), 2)),
    ("DB1", "secondary", (), (1, (0, 0, 0), (0, 0, 1), 2)),  # money 1: a coin
    ("DW1", "main", ("gain C",), (0, (0, 1, 0), (0, 0, 0), 2)),
    ("DW1", "secondary", (), (0, (0, 0, 0), (1, 0, 0), 3)),  # development 1: a counter
    ("DB2", "secondary", (), (1, (0, 0, 0), (0, 0, 0), 2)),
    ("DW2", "secondary", (), (0, (1, 0, 0), (0, 0, 0), 2)),
    ("DG1", "main", (), (0, (0, 0, 1), (0, 0, 0), 2)),
    ("DG1", "secondary", (), (1, (0, 0, 0), (0, 0, 0), 2)),
    ("DW3", "main", ("track mon",), (1, (0, 0, 0), (0, 0, 1), 2)),
    ("DW3", "secondary", (), (1, (0, 0, 0), (0, 0, 0), 2)),
    ("DG2", "secondary", ("track res",), (0, (1, 0, 0), (0, 1, 0), 2)),
    ("DY2", "main", (), (2, (0, 0, 0), (0, 0, 0), 2)),
    ("DY2", "secondary", (), (0, (1, 0, 0), (0, 0, 0), 2)),
    ("DG3", "secondary", ("alternative 1",), (0, (2, 0, 0), (0, 0, 0), 2)),
    ("DG3", "secondary", ("alternative 2",), (0, (0, 1, 0), (0, 0, 0), 2)),
    ("DY3", "secondary", (), (1, (0, 0, 0), (0, 0, 0), 2)),
    ("DB3", "secondary", (), (0, (1, 0, 0), (0, 0, 0), 2)),
]


@pytest.mark.parametrize(("tile", "half", "then", "expected"), SIMPLE)
def test_tile_action_gives_what_it_shows(
    tile: str, half: str, then: tuple[str, ...], expected: tuple[object, ...]
) -> None:
    s, slot = worker_on(tile)
    s = play(s, f"{half} {slot}", *then)
    p = s.players[0]
    assert (p.coins, p.resources, p.tracks, p.on_elephant) == expected


def test_choices_inside_tile_actions_list_exactly_the_options() -> None:
    s, slot = worker_on("DW1")
    assert legal(play(s, f"main {slot}")) == {"gain M", "gain C", "gain G"}
    s, slot = worker_on("DW3")
    assert legal(play(s, f"main {slot}")) == {"track dev", "track res", "track mon"}
    s, slot = worker_on("DG3")
    assert legal(play(s, f"secondary {slot}")) == {"alternative 1", "alternative 2"}
    s, slot = worker_on("DB2", resources="M")
    assert pending(play(s, f"main {slot}")) is Pending.MARKET


def test_mahout_action_performs_any_placed_mahout_tile_whatever_its_colour() -> None:
    s, slot = worker_on("DG2", mahouts={"G": "coin_pp", "W": "resource"}, resources="")
    s = play(s, f"main {slot}")
    assert pending(s) is Pending.CHOOSE_MAHOUT
    # The donation tile (yellow) cannot pay; the other two can be performed.
    assert legal(s) == {"mahout G", "mahout W"}
    after = play(s, "mahout G")
    assert (after.players[0].coins, after.players[0].pp) == (1, 6)


def test_mahout_action_is_not_offered_when_no_tile_can_do_anything() -> None:
    s, slot = worker_on("DG2")  # only the donation tile, nothing to pay with
    assert f"main {slot}" not in legal(s)


def test_coin_and_market_in_either_order() -> None:
    """Regression: DW2's "1 coin and a market action" was coin-first only, so a
    full storehouse forced a discard the market action would have avoided."""
    s, slot = worker_on("DW2", coins=2, resources="MM")
    s = change(s, market=(3, 1, 3))  # one copper left: it costs 2
    s = play(s, f"main {slot}")
    assert legal(s) == {"alternative 1", "alternative 2"}
    s = play(s, "alternative 2", "buy C", "done")
    assert pending(s) is not Pending.DISCARD
    p = s.players[0]
    assert (p.coins, p.resources) == (1, (2, 1, 0))
    # Coin first still exists, and then the full storehouse needs a discard.
    coin_first, slot = worker_on("DW2", coins=2, resources="MM")
    coin_first = play(coin_first, f"main {slot}", "alternative 1")
    assert pending(coin_first) is Pending.DISCARD


# mahout tile, actions after it, expected (coins, pp, resources, tracks)
MAHOUT_TILES = [
    ("coin_pp", (), (1, 6, (1, 0, 0), (0, 0, 0))),
    ("coin_marble", (), (1, 5, (2, 0, 0), (0, 0, 0))),
    ("resource", ("gain G",), (0, 5, (1, 0, 1), (0, 0, 0))),
    ("knowledge", ("track res",), (0, 5, (2, 0, 0), (0, 1, 0))),
    ("market", ("sell M", "done"), (1, 5, (0, 0, 0), (0, 0, 0))),
    ("upgrade", ("upgrade objective B1 space 4 pay M",), (0, 7, (0, 0, 0), (0, 0, 0))),
]


@pytest.mark.parametrize(("tile", "then", "expected"), MAHOUT_TILES)
def test_each_mahout_tile_does_what_it_shows(
    tile: str, then: tuple[str, ...], expected: tuple[object, ...]
) -> None:
    """The rulebook's mahout tiles, each activated by the elephant (the donation
    tile is tested in test_donation). The upgrade tile pays its upgrade with a
    marble here thanks to the any-resource storehouse."""
    s = seat(table(2), 0, coins=0, resources="M", elephant="N", mahouts={"G": tile})
    if tile == "upgrade":
        s = seat(s, 0, storehouses=["S14"])
    s = at_turn(s, 0, "actions", colour="G", district="N")
    s = play(s, "elephant-mahout G", *then)
    p = s.players[0]
    assert (p.coins, p.pp, p.resources, p.tracks) == expected
