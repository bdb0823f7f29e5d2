"""Rajas of the Ganges' position notation: the table as a few named lines, read back exactly.

What it is for: setting up a position from a real table (a game played
without the companion, a rule case for a test) and printing one for a bug
report (``companion position --game rajas``, ``docs/position-notation.md``).
One line per area of the board and one per player, in the rulebook's words
(the province stacks, the action spaces, each player's province, Kali
statue, fame and money tracks, karma and boat on the river); action spaces
and tiles by their catalogue ids (``Q3``, ``mogul``; ``G5``), province
spaces by column and row (``B2``), dice by colour and value (``blue4``):

    game: rajas, 2 players, round 1, start player 1, decision place, decides 1
    stacks: blue-snake B3, blue-cow B8, ...
    action spaces: Q3 1, mogul 2
    player 1: money 4, karma 1, dice blue4 green6, province B2=G5/1
    player 2: money 5, karma 1, fame 2, buildings temple 1, dice orange3

A province tile is ``space=tile/turns`` (turns: quarter turns clockwise);
``space=residence`` for the residence where it is not at its printed place.
``write_position(state, catalog)`` gives the text, ``read_position(text,
catalog)`` the state (``PositionError``: every problem, each naming its
line). ``read_position(write_position(s)) == s`` for every reachable state.
Worked out and written only when they disagree: the tiles under the top of
each stack (the stack's tiles in the box less every one turned up, built or
being placed; their order is unknown at the table too) and the province
when it is the bare one of the setup. Pure standard library.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

from engine.core.position_text import (
    NONE,
    REQUIRED,
    Area,
    Choice,
    Custom,
    Field,
    Flag,
    Mask,
    Name,
    Names,
    PositionError,
    Repeated,
    Seat,
    Whole,
    WordError,
    Words,
    build_from_new_game,
    finish,
    one_of,
    players_of,
    read,
    whole,
    write,
)
from engine.rajas.catalog import BUILDINGS, COLOURS, SIDES, STACKS, Catalog
from engine.rajas.province import new_province
from engine.rajas.serialize import PENDING_KINDS, PHASES, from_dict, to_dict
from engine.rajas.state import EMPTY, RESIDENCE, State

GAME = "rajas"
BONUSES = ("fame-upgrade", "fame-worker", "money-marker", "money-worker", "bridge-worker")
RESIDENCE_WORD = "residence"


def _stack_names() -> list[str]:
    return [f"{colour}-{animal}" for colour in COLOURS for animal in STACKS]


def _under(catalog: Catalog, data: dict[str, Any], stack: int) -> list[int]:
    """The tiles of ``stack`` not turned up, built or being placed (sorted)."""
    out = {t for t in data["top"] if t >= 0} | {data["tile"]}
    out |= {v >> 2 for p in data["players"] for v in p["province"] if v >= 0}
    return [
        i
        for i, tile in enumerate(catalog.tiles)
        if tile.colour * 3 + tile.stack == stack and i not in out
    ]


def _stack_under(catalog: Catalog, stack: int) -> Callable[[dict[str, Any], int], list[int]]:
    return lambda data, _: _under(catalog, data, stack)


class _Province:
    """A province: the spaces that differ from the setup's (``B2=G5/1``, ``C1=residence``)."""

    def __init__(self, catalog: Catalog):
        self.catalog = catalog
        self.tiles = [t.id for t in catalog.tiles]
        self.bare = new_province(catalog)

    def write(self, value: Any, data: dict[str, Any]) -> str:
        words = []
        for cell, (v, bare) in enumerate(zip(value, self.bare, strict=True)):
            if v == bare:
                continue
            what = (
                NONE if v == EMPTY else RESIDENCE_WORD if v == RESIDENCE
                else f"{self.tiles[v >> 2]}/{v & 3}"
            )  # fmt: skip
            words.append(f"{self.catalog.cell_name(cell)}={what}")
        return " ".join(words)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        cells = list(self.bare)
        for word in words:
            space, equals, what = word.partition("=")
            try:
                cell = self.catalog.cell_index(space)
            except ValueError:
                raise WordError(
                    f"{space!r} is not a province space (A1 to "
                    f"{self.catalog.cell_name(len(cells) - 1)})",
                    f"{space!r} no es una casilla de la provincia (A1 a "
                    f"{self.catalog.cell_name(len(cells) - 1)})",
                ) from None
            tile, slash, turns = what.partition("/")
            if not equals or (tile.lower() not in (NONE, RESIDENCE_WORD) and not slash):
                raise WordError(
                    f"{word!r}: a province space is 'B2=G5/1' (tile and quarter turns), "
                    "'C1=residence' or 'B2=-'",
                    f"{word!r}: una casilla de la provincia es 'B2=G5/1' (loseta y cuartos de "
                    "vuelta), 'C1=residence' o 'B2=-'",
                )
            if tile == NONE:
                cells[cell] = EMPTY
            elif tile.lower() == RESIDENCE_WORD:
                cells[cell] = RESIDENCE
            else:
                index = one_of(tile, self.tiles, "a province tile", "una loseta de provincia")
                cells[cell] = index * 4 + whole(turns, 0, 3)
        return cells


def _write_pending(data: dict[str, Any]) -> list[str]:
    return [
        " ".join([kind, *([f"player {seat + 1}"] if seat >= 0 else []), str(amount)])
        for kind, seat, amount in data["pending"]
    ]


def _read_pending(items: list[tuple[int, list[str]]], data: dict[str, Any]) -> None:
    pending = []
    for _, words in items:
        if not words:
            continue
        seat = -1
        if len(words) == 4 and words[1].lower() == "player":
            seat = whole(words[2], 1, len(data["players"])) - 1
            words = [words[0], words[3]]
        if len(words) != 2:
            raise WordError(
                f"{' '.join(words)!r}: a task is its kind, 'player N' if it has one, and a number",
                f"{' '.join(words)!r}: una tarea es su tipo, 'player N' si lo tiene, y un número",
            )
        kind = PENDING_KINDS[one_of(words[0], PENDING_KINDS, "a task", "una tarea")]
        pending.append([kind, seat, whole(words[1], -1, 99)])
    data["pending"] = pending


def areas(catalog: Catalog) -> tuple[Area, ...]:
    """The areas of Rajas's notation, in the order they are read and written."""
    tiles = [t.id for t in catalog.tiles]
    stacks = _stack_names()
    dice = [f"{colour}{value}" for colour in COLOURS for value in range(1, 7)]
    yields = [f"{catalog.cell_name(cell)}{SIDES[side]}" for cell, side, _ in catalog.yields]
    province = _Province(catalog)
    return (
        Area(
            "game",
            "partida",
            (
                Field("round", ("round",), Whole(1, 9999), REQUIRED),
                Field("start player", ("first",), Whole(0, 3, 1), REQUIRED),
                Field("round began with", ("round_first",), Whole(0, 3, 1), 0),
                Field("placing player", ("turn",), Whole(0, 3, 1), 0),
                Field("decision", ("phase",), Choice(PHASES), REQUIRED),
                Field("decides", ("actor",), Seat(), REQUIRED),
                Field("tile to place", ("tile",), Name(tiles), -1),
                Field("master builder", ("free_build",), Flag(), False),
                Field("ending", ("ending",), Flag(), False),
                Field("workers placed", ("placements",), Whole(0, 99999), 0),
                Field("options", ("options",), Words(()), []),
            ),
        ),
        Area(
            "stacks",
            "montones",
            tuple(Field(name, ("top", i), Name(tiles), -1) for i, name in enumerate(stacks))
            + tuple(
                Field(
                    f"{name} under",
                    ("stacks", i),
                    Names(tiles, sort=True),
                    None,
                    _stack_under(catalog, i),
                )
                for i, name in enumerate(stacks)
            ),
        ),
        Area(
            "action spaces",
            "casillas de acción",
            tuple(
                Field(space.id, ("spaces", i), Seat(), -1) for i, space in enumerate(catalog.spaces)
            ),
        ),
        Area(
            "player",
            "jugador",
            (
                Field("money", ("players", "#", "money"), Whole(0, 999), REQUIRED),
                Field("karma", ("players", "#", "karma"), Whole(0, 99), REQUIRED),
                Field("fame", ("players", "#", "fame"), Whole(0, 999), 0),
                Field("buildings", ("players", "#", "levels"), _Levels(), [0, 0, 0, 0]),
                Field("dice", ("players", "#", "dice"), Repeated(dice), [0] * len(dice)),
                Field(
                    "workers",
                    ("players", "#", "workers"),
                    Whole(1, 9),
                    int(catalog.value("workers_start")),
                ),
                Field("placed", ("players", "#", "placed"), Whole(0, 9), 0),
                Field("boat", ("players", "#", "boat"), Whole(0, 99), 0),
                Field("bonuses", ("players", "#", "bonuses"), Mask(BONUSES), 0),
                Field("yields", ("players", "#", "yields"), Mask(yields), 0),
                Field("mixed market used", ("players", "#", "mixed_used"), Flag(), False),
                Field("province", ("players", "#", "province"), province, list(province.bare)),
            ),
            per_player=True,
        ),
        Area("pending", "pendiente", custom=Custom(_write_pending, _read_pending, ("pending",))),
    )


class _Levels:
    """The cube on each building scroll: ``temple 1 fort 2`` (columns moved right)."""

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(f"{BUILDINGS[i]} {v}" for i, v in enumerate(value) if v)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        if len(words) % 2:
            raise WordError(
                "pairs of a building and a number expected ('temple 1')",
                "se esperaban parejas de un edificio y un número ('temple 1')",
            )
        levels = [0, 0, 0, 0]
        for name, number in zip(words[::2], words[1::2], strict=True):
            levels[one_of(name, BUILDINGS, "a building", "un edificio")] = whole(number, 0, 2)
        return levels


def write_position(state: State, catalog: Catalog) -> str:
    """The position of ``state`` as text (see the module's docstring)."""
    return write(to_dict(state), areas(catalog), GAME, state.n, ())


def _skeleton(players: int, catalog: Catalog) -> dict[str, Any]:
    def player() -> dict[str, Any]:
        return {
            "money": 0, "karma": 0, "province": new_province(catalog), "fame": 0,
            "levels": [0, 0, 0, 0], "dice": [0] * 24, "workers": 3, "placed": 0, "boat": 0,
            "bonuses": 0, "yields": 0, "mixed_used": False,
        }  # fmt: skip

    return {
        "game": GAME, "players": [player() for _ in range(players)], "options": [],
        "stacks": [[] for _ in range(12)], "top": [-1] * 12, "spaces": [-1] * len(catalog.spaces),
        "first": 0, "round_first": 0, "phase": "", "actor": -1, "turn": 0, "pending": [],
        "tile": -1, "free_build": False, "ending": False, "round": 1, "placements": 0,
    }  # fmt: skip


def read_position(text: str, catalog: Catalog) -> State:
    """The state ``text`` gives; ``PositionError`` names every problem and its line."""
    players = players_of(text, GAME, 2, 4)
    data = _skeleton(players, catalog)
    reading = read(text, areas(catalog), GAME, data, players)
    state: State = finish(reading, lambda d: from_dict(catalog, d))
    return state


def build_position(
    players: int,
    lines: dict[str, str] | None = None,
    *,
    seed: int = 0,
    options: tuple[str, ...] = (),
    catalog: Catalog | None = None,
) -> State:
    """A position for a test (``engine.core.position_text.build_from_new_game``)."""
    state: State = build_from_new_game(
        sys.modules[__name__], GAME, players, lines, seed=seed, options=options, catalog=catalog
    )
    return state


__all__ = ["PositionError", "build_position", "read_position", "write_position"]
