"""Knowledge tracks (rulebook: Knowledge tracks; catalog: personal_board.toml).

Steps above the start, 1 to 6:
    development: counter, (income: counter), upgrade, unlock movement, free upgrade, (end)
    resources:   marble, (income: any), copper, (income: any), 2 of choice, (end)
    money:       coin, (income: coin+PP), 2 coins, (tax discount), 1 of choice, (end)
Past the top: a counter, a resource of choice, a coin.
The step comes from DW3 (South, left: a step on a track of your choice).
"""

from __future__ import annotations

import pytest

from engine.amritsar.decisions import Pending
from engine.amritsar.state import Frame, GameState, PlayerState
from tests.engine.build import at_turn, legal, pending, play, refusal, seat, table

TRACKS = {"track dev", "track res", "track mon"}


def stepping(tracks: tuple[int, int, int], **player: object) -> GameState:
    s = seat(table(2, storehouses=("S01",)), 0, **{"tracks": tracks, "coins": 0, **player})
    s = at_turn(s, 0, "actions", colour="G", district="S")
    s = play(s, "main L")
    assert pending(s) is Pending.CHOOSE_TRACK and legal(s) == TRACKS
    return s


# track, position before, expected (coins, resources, on_elephant, market_space, pending)
IMMEDIATE = [
    ("dev", 0, (0, (0, 0, 0), 3, 4, None)),
    ("dev", 1, (0, (0, 0, 0), 2, 5, None)),  # income step: nothing now
    ("res", 0, (0, (1, 0, 0), 2, 5, None)),
    ("res", 1, (0, (0, 0, 0), 2, 5, None)),
    ("res", 2, (0, (0, 1, 0), 2, 5, None)),
    ("res", 4, (0, (0, 0, 0), 2, 5, Pending.CHOOSE_RESOURCE)),
    ("res", 5, (0, (0, 0, 0), 2, 5, None)),  # the end space scores at the end
    ("mon", 0, (1, (0, 0, 0), 2, 5, None)),
    ("mon", 1, (0, (0, 0, 0), 2, 5, None)),
    ("mon", 2, (2, (0, 0, 0), 2, 5, None)),
    ("mon", 3, (0, (0, 0, 0), 2, 5, None)),
    ("mon", 4, (0, (0, 0, 0), 2, 5, Pending.CHOOSE_RESOURCE)),
]


@pytest.mark.parametrize(("track", "before", "expected"), IMMEDIATE)
def test_reaching_a_step_gives_its_immediate_benefit(
    track: str, before: int, expected: tuple[object, ...]
) -> None:
    index = ("dev", "res", "mon").index(track)
    tracks = [0, 0, 0]
    tracks[index] = before
    s = play(stepping((tracks[0], tracks[1], tracks[2])), f"track {track}")
    p = s.players[0]
    assert p.tracks[index] == before + 1
    top = pending(s) if pending(s) in (Pending.CHOOSE_RESOURCE,) else None
    assert (p.coins, p.resources, p.on_elephant, p.market_space, top) == expected


def test_two_resources_of_choice_are_chosen_one_at_a_time() -> None:
    s = play(stepping((0, 4, 0)), "track res")
    assert legal(s) == {"gain M", "gain C", "gain G"}
    s = play(s, "gain C")
    assert pending(s) is Pending.CHOOSE_RESOURCE
    s = play(s, "gain C")
    assert s.players[0].resources == (0, 2, 0)


def test_development_steps_upgrade_unlock_and_free_upgrade() -> None:
    s = play(stepping((2, 0, 0), resources="M"), "track dev")
    assert pending(s) is Pending.UPGRADE
    assert legal(s) == {f"upgrade storehouse S01 slot {i} pay M" for i in (1, 2, 3)}
    # Nothing to pay with: the upgrade step passes without a decision.
    s = play(stepping((2, 0, 0)), "track dev")
    assert pending(s) is not Pending.UPGRADE and s.players[0].tracks[0] == 3
    s = play(stepping((3, 0, 0)), "track dev")
    assert s.players[0].movement == PlayerState.UNLOCKED
    s = play(stepping((4, 0, 0)), "track dev")
    assert pending(s) is Pending.UPGRADE and all(a.endswith("free") for a in legal(s))


def test_past_the_top_each_step_gives_the_tracks_overflow_benefit() -> None:
    s = play(stepping((6, 6, 6)), "track dev")
    p = s.players[0]
    assert (p.tracks, p.on_elephant, p.market_space) == ((6, 6, 6), 3, 4)
    s = play(stepping((6, 6, 6)), "track res")
    assert legal(s) == {"gain M", "gain C", "gain G"}
    s = play(stepping((6, 6, 6)), "track mon")
    assert (s.players[0].tracks, s.players[0].coins) == ((6, 6, 6), 1)


def test_a_named_track_moves_that_track() -> None:
    # DY1's secondary (North, left) is a step on the resources track.
    s = seat(table(2), 0, coins=0)
    s = at_turn(s, 0, "actions", colour="Y", district="N")
    s = play(s, "secondary L")
    assert s.players[0].tracks == (0, 1, 0) and s.players[0].resources == (1, 0, 0)


def test_the_substitute_storehouse_lets_another_track_move_instead() -> None:
    s = seat(table(2), 0, coins=0, storehouses=["S12"])
    s = at_turn(s, 0, "actions", colour="Y", district="N")
    s = play(s, "secondary L")
    assert pending(s) is Pending.CHOOSE_TRACK
    assert legal(s) == TRACKS
    s = play(s, "track mon")
    assert s.players[0].tracks == (0, 0, 1) and s.players[0].coins == 1


def test_without_it_another_track_is_refused() -> None:
    s = seat(table(2), 0, coins=0)
    s = at_turn(s, 0, "actions", colour="Y", district="N")
    s = s.copy()
    s.pending = (*s.pending, Frame(int(Pending.CHOOSE_TRACK), 0, a=1, n=1))
    assert legal(s) == {"track res"}
    reason = refusal(s, "track mon")
    assert reason.code == "track_not_allowed" and "resources" in reason.en


def test_two_steps_storehouse_one_track_up_two_or_two_tracks_up_one() -> None:
    s = seat(table(2, storehouses=("S03",)), 0, resources="M", coins=0)
    s = at_turn(s, 0, "actions", colour="W", district="W")
    s = play(s, "main C", "upgrade storehouse S03 slot 1 pay M")
    assert pending(s) is Pending.TWO_STEPS
    assert legal(s) == {
        "steps dev dev",
        "steps dev res",
        "steps dev mon",
        "steps res res",
        "steps res mon",
        "steps mon mon",
    }
    after = play(s, "steps mon mon")
    assert after.players[0].tracks == (0, 0, 2) and after.players[0].coins == 1
    after = play(s, "steps dev mon")
    assert after.players[0].tracks == (1, 0, 1)
