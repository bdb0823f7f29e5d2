"""States as JSON (``to_json``/``from_json``) and the validity check (``status``).

Random play round-trips every state it meets (test_random_play); here: the
positions random play seldom holds (a decision in the middle of an effect,
a solo table, a finished game) and broken states, whose every problem must be
listed at once.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.serialize import StateError, from_dict, from_json, status, to_dict, to_json
from engine.amritsar.state import GameState
from tests.engine.build import at_turn, play, seat, table


def round_trips(s: GameState) -> None:
    assert from_json(to_json(s)) == s
    assert from_dict(json.loads(json.dumps(to_dict(s)))) == s
    assert to_json(from_json(to_json(s))) == to_json(s)


def test_positions_in_the_middle_of_a_turn_round_trip() -> None:
    s = seat(table(3, storehouses=("S01", "S13")), 0, resources="MC", coins=2)
    s = at_turn(s, 0, "actions", colour="W", district="E")
    round_trips(s)
    s = play(s, "main C")  # DW2: coin and market, in either order
    round_trips(s)
    s = play(s, "alternative 2", "buy M")  # inside the market action, coin still to come
    assert s.pending[-2].steps  # the rest of the effect is on the stack
    round_trips(s)
    sowing = play(at_turn(table(2), 0, "sow"), "sow N1")  # workers in hand
    round_trips(sowing)


def test_setup_solo_and_finished_games_round_trip() -> None:
    round_trips(new_game(4))  # before any draw
    round_trips(new_game(3, seed=4))
    round_trips(new_game(1, solo=True, hard=True, seed=2))
    s = new_game(2, seed=8)
    rng = random.Random(8)
    while not s.finished:
        s, _ = apply(s, rng.choice(legal_actions(s)), check=False)
    round_trips(s)


def broken(edit: Any) -> list[str]:
    data = to_dict(at_turn(table(3), 0, "actions", colour="G", district="N"))
    edit(data)
    with pytest.raises(StateError) as caught:
        from_dict(data)
    return caught.value.problems


def test_reading_problems_are_listed_together() -> None:
    def edit(data: dict[str, Any]) -> None:
        data["board"]["district_tiles"]["N"][0] = "DZ9"
        data["board"]["maharajah_space"] = "XX"
        data["seats"][1]["coins"] = "three"
        data["seats"][2]["movement"] = "flying"

    found = broken(edit)
    assert found == [
        "board.maharajah_space: 'XX' is not one of ('NE', 'ES', 'SW', 'WN')",
        "board.district_tiles.N[0]: unknown component 'DZ9'",
        "seats[1].coins: expected a whole number, got 'three'",
        "seats[2].movement: expected one of ('locked', 'unlocked', 'spent')",
    ]


def test_rule_problems_are_listed_together() -> None:
    def edit(data: dict[str, Any]) -> None:
        data["board"]["sections"][0] += "YYY"  # 5 workers in N1, 15 in play
        data["seats"][0]["pp"] = 9  # not what the ledger says
        data["seats"][1]["tax"] = 4
        data["seats"][2]["on_elephant"] = 7
        data["board"]["donations"]["S"][5] = 1  # level 2 with nothing below
        data["board"]["market"]["gold"] = 6

    assert broken(edit) == [
        "board.sections[0]: 5 workers, a section holds 4",
        "workers: 15 in the sections (and in hand), the game uses 12",
        "workers: 6 yellow workers in play, expected 3",
        "board.donations.S: space 2.1 is filled but a space below it is empty",
        "board.market.gold: 6 resources, the column has 5 rows",
        "seats[0].pp: 9 does not match the PP ledger",
        "seats[1].donations_made: 0, but 1 counters are on the tiles",
        "seats[1]: 17 donation counters accounted for, each player has 16",
        "seats[1].tax: 4, but the upgrades on the board show 1 tax icons",
        "seats[2].on_elephant: 7, an elephant carries 0 to 6",
        "seats[2]: 21 donation counters accounted for, each player has 16",
    ]


def test_not_json_and_wrong_format() -> None:
    with pytest.raises(StateError, match="not valid JSON"):
        from_json("{nope")
    data = to_dict(table(2))
    data["format"] = "something-else"
    with pytest.raises(StateError, match="format: expected 'amritsar-state/1'"):
        from_dict(data)


def test_a_broken_state_can_still_be_read_for_inspection() -> None:
    data = to_dict(table(2))
    data["seats"][0]["pp"] = 99
    s = from_dict(data, validate=False)
    assert s.players[0].pp == 99 and status(s) == ["seats[0].pp: 99 does not match the PP ledger"]


def test_trades_are_kept_per_seat_and_older_saves_still_read() -> None:
    s = seat(table(3), 0, coins=2)
    s = play(at_turn(s, 0, "actions", colour="Y", district="E"), "main L", "buy M")
    data = to_dict(s)
    assert data["turn"]["bought"] == [1, 0, 0]
    round_trips(s)
    # Saves from before per-seat trades held one number: the active seat's.
    data["turn"]["bought"] = 1
    data["turn"]["sold"] = 0
    assert from_dict(data) == s
    data["turn"]["bought"] = [1, 0]
    with pytest.raises(StateError) as caught:
        from_dict(data)
    assert caught.value.problems == ["turn.bought: expected one entry per seat (3), got 2"]
