"""The 24 objectives' formulas (rulebook: The Objectives; catalog: objectives.toml).

Positions use 4 players (4-player donation tiles: 6, 5, 4, 3 spaces per
level). ``pyramid`` writes a donation tile level by level as seat digits, ``.``
for an empty space: ``pyramid("N", "0123..", "012..")``.

Ties share a position and the next position counts the players above it
(competition ranking, 1-1-3; catalog: rules.objective_ranking, assumed).
"""

from __future__ import annotations

import pytest

from engine.amritsar.rules.scoring import objective_value
from engine.amritsar.state import GameState
from tests.engine.build import CATALOG, donated, seat, sound, table


def pyramid(district: str, *levels: str) -> dict[str, int]:
    spaces = {}
    for level, row in enumerate(levels, start=1):
        for index, owner in enumerate(row, start=1):
            if owner != ".":
                spaces[f"{district}{level}.{index}"] = int(owner)
    return spaces


def values(s: GameState, objective_id: str) -> list[int]:
    """What the objective is worth to each seat."""
    objective = CATALOG.objective(objective_id)
    return [objective_value(s, k, objective) for k in range(len(s.players))]


def on_tiles(*tiles: dict[str, int]) -> GameState:
    merged: dict[str, int] = {}
    for tile in tiles:
        merged.update(tile)
    return sound(donated(table(4), merged))


@pytest.mark.parametrize(
    ("tiles", "expected"),
    [
        # most 5, second 2, none with no counter
        ((pyramid("N", "001..."),), [5, 2, 0, 0]),
        # a tie for first: both first; the next is third and scores nothing
        ((pyramid("N", "01012."),), [5, 5, 0, 0]),
        # a tie for second: both second
        ((pyramid("N", "0012.."),), [5, 2, 2, 0]),
        # everyone tied with one: all first
        ((pyramid("N", "0123.."),), [5, 5, 5, 5]),
        # counters elsewhere do not count, higher levels do
        ((pyramid("N", "11222."), pyramid("E", "000...")), [0, 2, 5, 0]),
        ((pyramid("N", "1122..", "000"),), [5, 2, 2, 0]),
    ],
)
def test_district_majority(tiles: tuple[dict[str, int], ...], expected: list[int]) -> None:
    assert values(on_tiles(*tiles), "A1") == expected


def test_district_majority_names_its_district() -> None:
    s = on_tiles(pyramid("E", "1....."), pyramid("S", "2....."), pyramid("W", "3....."))
    assert values(s, "A2") == [0, 5, 0, 0]
    assert values(s, "A3") == [0, 0, 5, 0]
    assert values(s, "A4") == [0, 0, 0, 5]
    assert values(s, "A1") == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("amounts", "expected"),
    [
        ((3, 1, 0, 0), [5, 2, 0, 0]),
        ((2, 2, 1, 0), [5, 5, 0, 0]),
        ((3, 1, 1, 0), [5, 2, 2, 0]),
        ((0, 0, 0, 0), [0, 0, 0, 0]),  # at least one to score
        ((1, 0, 0, 0), [5, 0, 0, 0]),
    ],
)
def test_most_coins_and_most_resources(amounts: tuple[int, ...], expected: list[int]) -> None:
    coins = table(4)
    resources = table(4)
    for k, amount in enumerate(amounts):
        coins = seat(coins, k, coins=amount)
        resources = seat(
            resources, k, coins=0, resources="MCG"[: min(amount, 3)] + "M" * (amount - 3)
        )
    assert values(coins, "A5") == expected
    assert values(resources, "A6") == expected


def test_coins_do_not_count_as_resources_nor_the_reverse() -> None:
    s = seat(seat(table(4), 0, coins=3, resources=""), 1, coins=0, resources="MM")
    assert values(s, "A5")[:2] == [5, 0]
    assert values(s, "A6")[:2] == [0, 5]


@pytest.mark.parametrize(
    ("objective", "tracks", "worth"),
    [
        ("B1", (4, 4, 0), 6),  # development and resources 4
        ("B1", (4, 3, 6), 0),
        ("B1", (6, 5, 0), 6),  # exceeded counts as reached
        ("B2", (0, 4, 4), 6),  # resources and money 4
        ("B2", (6, 6, 3), 0),
        ("B3", (4, 0, 4), 6),  # money and development 4
        ("B3", (3, 6, 6), 0),
        ("B4", (6, 0, 0), 5),  # the last space of development
        ("B4", (5, 6, 6), 0),
        ("B5", (0, 6, 0), 5),
        ("B5", (6, 5, 6), 0),
        ("B6", (0, 0, 6), 5),
        ("B6", (6, 6, 5), 0),
    ],
)
def test_knowledge_objectives(objective: str, tracks: tuple[int, int, int], worth: int) -> None:
    s = seat(table(4), 0, tracks=tracks)
    assert values(s, objective)[0] == worth


def test_one_pp_per_counter_in_the_district() -> None:
    s = on_tiles(pyramid("N", "0011..", "00"), pyramid("S", "0....."))
    assert values(s, "C1") == [4, 2, 0, 0]
    assert values(s, "C3") == [1, 0, 0, 0]
    assert values(s, "C2") == values(s, "C4") == [0, 0, 0, 0]


@pytest.mark.parametrize(
    ("tiles", "worth"),
    [
        ((), 0),
        ((pyramid("N", "00...."),), 1),
        ((pyramid("N", "0....."), pyramid("W", "0.....")), 2),
        ((pyramid("N", "0....."), pyramid("E", "0....."), pyramid("S", "0.....")), 3),
        (tuple(pyramid(d, "0.....") for d in "NESW"), 5),
    ],
)
def test_districts_spread(tiles: tuple[dict[str, int], ...], worth: int) -> None:
    assert values(on_tiles(*tiles), "C5")[0] == worth


@pytest.mark.parametrize(
    ("tiles", "worth"),
    [
        ((pyramid("N", "0....."),), 1),
        ((pyramid("N", "11...."), pyramid("E", "0....."), pyramid("S", "11....", "0")), 2),
        ((pyramid("N", "0111..", "110", "0"),), 4),
        ((pyramid("E", "0122..", "001", "01", "0"),), 6),
    ],
)
def test_levels_spread(tiles: tuple[dict[str, int], ...], worth: int) -> None:
    assert values(on_tiles(*tiles), "C6")[0] == worth


def test_six_on_levels_one_and_two() -> None:
    six = on_tiles(pyramid("N", "000111", "00"), pyramid("E", "0....."))
    assert values(six, "D1")[0] == 6
    five = on_tiles(pyramid("N", "000111", "00"))
    assert values(five, "D1")[0] == 0
    # Level 3 does not count for it.
    high = on_tiles(pyramid("N", "000111", "00111", "0"))
    assert values(high, "D1")[0] == 0


def test_four_on_levels_two_and_three() -> None:
    four = on_tiles(pyramid("N", "111222", "00333", "00"))
    assert values(four, "D2")[0] == 5
    three = on_tiles(pyramid("N", "111222", "00333", "0."))
    assert values(three, "D2")[0] == 0


@pytest.mark.parametrize(("count", "worth"), [(0, 0), (1, 1), (2, 2), (3, 3), (4, 5), (6, 5)])
def test_counters_on_level_one(count: int, worth: int) -> None:
    row = ("0" * count).ljust(6, ".")
    assert values(on_tiles(pyramid("N", row)), "D3")[0] == worth


@pytest.mark.parametrize(("count", "worth"), [(0, 0), (1, 2), (2, 3), (3, 4), (4, 6)])
def test_counters_on_level_two(count: int, worth: int) -> None:
    row = ("0" * count).ljust(5, ".")
    assert values(on_tiles(pyramid("N", "123123", row)), "D4")[0] == worth


@pytest.mark.parametrize(("count", "worth"), [(0, 0), (1, 3), (2, 4), (3, 5), (4, 7)])
def test_counters_on_level_three(count: int, worth: int) -> None:
    row = ("0" * count).ljust(4, ".")
    assert values(on_tiles(pyramid("N", "123123", "12312", row)), "D5")[0] == worth


def test_a_counter_on_level_four() -> None:
    top = on_tiles(pyramid("N", "123123", "12312", "3123", "0"))
    assert values(top, "D6") == [5, 0, 0, 0]
    below = on_tiles(pyramid("N", "123123", "12312", "0000"))
    assert values(below, "D6")[0] == 0


def test_every_objective_in_the_catalog_is_tested_here() -> None:
    tested = {"A1", "A2", "A3", "A4", "A5", "A6"} | {f"B{i}" for i in range(1, 7)}
    tested |= {"C1", "C2", "C3", "C4", "C5", "C6"} | {f"D{i}" for i in range(1, 7)}
    assert {o.id for o in CATALOG.objectives} == tested
