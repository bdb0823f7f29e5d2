"""Imhotep's position notation: the table as a few named lines, read back exactly.

What it is for: setting up a position from a real table (a game played
without the companion, a rule case for a test) and printing one for a bug
report (``companion position --game imhotep``, ``docs/position-notation.md``).
One line per area of the board and one per player, in the rulebook's words
(boats, quarry, sled, market, pyramid, temple, burial chamber, obelisks);
stones and players are named by their colour, boats by their number, cards
by their catalogue id (``python -m engine.imhotep.catalog``):

    game: imhotep, 2 players, round 1, starting player 1, current player 2, round cards 21
    boats: 3 harbour black - -, 6 harbour - -, 7 harbour - -, 8 harbour -
    market: face up statue entrance hammer chisel
    player 1: colour black, sled 1
    player 2: colour white, sled 3

``write_position(state, catalog)`` gives the text, ``read_position(text,
catalog)`` the state (``PositionError``: every problem, each naming its
line). ``read_position(write_position(s)) == s`` for every reachable state.
Two fields are worked out, never written: each colour's stones in the
quarry (the 30 of the colour less every stone elsewhere) and the market
cards in the draw pile (the 34 cards less every card elsewhere); a
position that needs more stones or cards than the box holds is refused
naming the player or the card. The work pending inside a turn (stones
still to unload, a pick to make) is the ``pending`` line, one task an item
in the engine's own words (``deliver player 2 a 1 b 0``); it is empty at a
player's turn. Pure standard library.
"""

from __future__ import annotations

import sys
from typing import Any

from engine.core.position_text import (
    NONE,
    REQUIRED,
    Area,
    Counts,
    Custom,
    Field,
    Flag,
    Name,
    Names,
    PositionError,
    Whole,
    WordError,
    build_from_new_game,
    finish,
    one_of,
    players_of,
    read,
    whole,
    write,
)
from engine.imhotep.catalog import Catalog
from engine.imhotep.house import HOUSE_RULES
from engine.imhotep.serialize import VERSION, from_dict, to_dict
from engine.imhotep.state import COLOURS, LIVE, PYRAMID_NAMES, SITE_NAMES, State

GAME = "imhotep"
HARBOUR_WORD = "harbour"
UNLOADING = "unloading"


def _seat_of(word: str, data: dict[str, Any]) -> int:
    """The seat playing the colour ``word``."""
    colour = one_of(word, COLOURS, "a colour", "un color")
    if colour not in data["colours"]:
        raise WordError(f"nobody plays {word}", f"nadie juega con {word}")
    return int(data["colours"].index(colour))


def _colour_of(seat: int, data: dict[str, Any]) -> str:
    return NONE if seat < 0 else COLOURS[data["colours"][seat]]


class _Stones:
    """A row of stones written by their colours (``-`` an empty slot when allowed)."""

    def __init__(self, empty: bool = False):
        self.empty = empty

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(_colour_of(int(v), data) for v in value)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        return [-1 if self.empty and w == NONE else _seat_of(w, data) for w in words]


class _Sides:
    """The sites played on side B (``side B pyramid temple``); every other on side A."""

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(n for n, side in zip(SITE_NAMES, value, strict=True) if side == "B")

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        chosen = {one_of(w, SITE_NAMES, "a site", "un emplazamiento") for w in words}
        return "".join("B" if i in chosen else "A" for i in range(len(SITE_NAMES)))


def _row(path: str) -> Custom:
    """An area that is one row of stones in the order they were placed."""

    def write_row(data: dict[str, Any]) -> list[str]:
        stones = data[path]
        return [_Stones().write(stones, data)] if stones else []

    def read_row(items: list[tuple[int, list[str]]], data: dict[str, Any]) -> None:
        data[path] = [_seat_of(w, data) for _, words in items for w in words]

    return Custom(write_row, read_row, (path,))


def _write_boats(data: dict[str, Any]) -> list[str]:
    items = []
    for index, boat in enumerate(data["boats"]):
        place = HARBOUR_WORD if boat["site"] < 0 else SITE_NAMES[boat["site"]]
        flag = f" {UNLOADING}" if index == data["sailing"] else ""
        stones = _Stones(empty=True).write(boat["slots"], data)
        items.append(f"{boat['id']} {place}{flag} {stones}")
    return items


def _read_boats(items: list[tuple[int, list[str]]], data: dict[str, Any]) -> None:
    boats = []
    data["sailing"] = -1
    for index, (_, words) in enumerate(items):
        if len(words) < 2:
            raise WordError(
                "a boat is its number, where it is, then its slots bow first",
                "un barco es su número, dónde está y sus huecos desde la proa",
            )
        boat_id = whole(words[0], 1, 99)
        place = words[1].lower()
        site = -1 if place == HARBOUR_WORD else one_of(place, SITE_NAMES, "a site", "un sitio")
        rest = words[2:]
        if rest and rest[0].lower() == UNLOADING:
            data["sailing"] = index
            rest = rest[1:]
        boats.append({"id": boat_id, "site": site, "slots": _Stones(empty=True).read(rest, data)})
    data["boats"] = boats


def _write_pyramid(data: dict[str, Any]) -> list[str]:
    pyramid = data["pyramid"]
    if data["sides"][1] == "A":
        return [_Stones().write(pyramid[0], data)] if pyramid[0] else []
    names = (*PYRAMID_NAMES, "beside")
    return [f"{names[i]} {_Stones().write(p, data)}" for i, p in enumerate(pyramid) if p]


def _read_pyramid(items: list[tuple[int, list[str]]], data: dict[str, Any]) -> None:
    if data["sides"][1] == "A":
        data["pyramid"] = [[_seat_of(w, data) for _, words in items for w in words]]
        return
    names = (*PYRAMID_NAMES, "beside")
    pyramid: list[list[int]] = [[], [], [], []]
    for _, words in items:
        if words:
            pyramid[one_of(words[0], names, "a pyramid", "una pirámide")] = [
                _seat_of(w, data) for w in words[1:]
            ]
    data["pyramid"] = pyramid


def _no_pyramid(data: dict[str, Any]) -> None:
    data["pyramid"] = [[]] if data["sides"][1] == "A" else [[], [], [], []]


def _write_pending(data: dict[str, Any]) -> list[str]:
    items = []
    for kind, seat, a, b in data["queue"]:
        words = [kind] + ([f"player {seat + 1}"] if seat >= 0 else [])
        words += ([f"a {a}"] if a != -1 else []) + ([f"b {b}"] if b != -1 else [])
        items.append(" ".join(words))
    return items


def _read_pending(items: list[tuple[int, list[str]]], data: dict[str, Any]) -> None:
    queue = []
    for _, words in items:
        if not words:
            continue
        task: list[Any] = [words[0].lower(), -1, -1, -1]
        rest = words[1:]
        while rest:
            if len(rest) < 2 or rest[0].lower() not in ("player", "a", "b"):
                raise WordError(
                    f"{' '.join(words)!r}: a task is its kind, then 'player N', 'a N', 'b N'",
                    f"{' '.join(words)!r}: una tarea es su tipo y luego 'player N', 'a N', 'b N'",
                )
            key, value = rest[0].lower(), rest[1]
            if key == "player":
                task[1] = whole(value, 1, data["players"]) - 1
            else:
                task[2 if key == "a" else 3] = whole(value, -1, 99)
            rest = rest[2:]
        queue.append(task)
    data["queue"] = queue


def _quarry(data: dict[str, Any], seat: int, stones: int = 30) -> int:
    """The seat's stones in the quarry: the colour's stones less every one elsewhere."""
    elsewhere: int = data["sled"][seat] + data["obelisk"][seat] + 3 * data["towers"].count(seat)
    elsewhere += sum(b["slots"].count(seat) for b in data["boats"])
    elsewhere += sum(1 for t in data["queue"] if t[0] == "deliver" and t[1] == seat and t[3] == 0)
    elsewhere += sum(1 for t in data["queue"] if t[0] == "back" and t[1] == seat)
    elsewhere += sum(p.count(seat) for p in data["pyramid"])
    elsewhere += data["temple"].count(seat) + data["burial"].count(seat)
    return stones - elsewhere


def _deck(catalog: Catalog, data: dict[str, Any]) -> list[int]:
    """The market cards in the draw pile: every card of the box less those elsewhere."""
    left = [card.count for card in catalog.cards]
    for kind in [k for k in data["market"] if k >= 0] + list(data["pair"]):
        left[kind] -= 1
    for counts in [data["discard"], *data["hands"]]:
        for kind, count in enumerate(counts):
            left[kind] -= count
    return left


def areas(catalog: Catalog) -> tuple[Area, ...]:
    """The areas of Imhotep's notation, in the order they are read and written."""
    cards = [card.id for card in catalog.cards]
    stones = int(catalog.value("stones_per_colour"))
    return (
        Area(
            "game",
            "partida",
            (
                Field("side B", ("sides",), _Sides(), "AAAAA"),
                Field("pharaohs wrath", ("wrath",), Flag(), False),
                Field("round", ("round",), Whole(0, 99), 0),
                Field("starting player", ("first_player",), Whole(0, 3, 1), -1),
                Field("current player", ("current",), Whole(0, 3, 1), REQUIRED),
                Field("last sender", ("last_sender",), Whole(0, 3, 1), -1),
                Field("round cards", ("round_cards",), _Ints(), []),
                Field("over", ("over",), Flag(), False),
                Field("house rules", ("house",), _Words(tuple(HOUSE_RULES)), []),
            ),
        ),
        Area(
            "player",
            "jugador",
            (
                Field("colour", ("colours", "#"), Name(COLOURS, None), REQUIRED),
                Field("sled", ("sled", "#"), Whole(0, 5), REQUIRED),
                Field("cards", ("hands", "#"), Counts(cards), [0] * len(cards)),
                Field("points", ("points", "#"), Counts(LIVE), [0] * len(LIVE)),
                Field("obelisk", ("obelisk", "#"), Whole(0, 30), 0),
                Field(
                    "quarry",
                    ("quarry", "#"),
                    Whole(0, 30),
                    None,
                    lambda data, seat: _quarry(data, seat, stones),
                ),
            ),
            per_player=True,
        ),
        Area("boats", "barcos", custom=Custom(_write_boats, _read_boats, ("boats", "sailing"))),
        Area(
            "market",
            "mercado",
            (
                Field("face up", ("market",), Names(cards, -1), []),
                Field("face down", ("hidden",), Whole(0, 2), 0),
                Field("pair", ("pair",), Names(cards), []),
                Field("discard", ("discard",), Counts(cards), [0] * len(cards)),
                Field("draw pile", ("deck",), Counts(cards), None, lambda d, _: _deck(catalog, d)),
            ),
        ),
        Area(
            "pyramid",
            "pirámide",
            custom=Custom(_write_pyramid, _read_pyramid, ("pyramid",), _no_pyramid),
        ),
        Area("temple", "templo", custom=_row("temple")),
        Area("burial chamber", "cámara funeraria", custom=_row("burial")),
        Area("obelisk towers", "torres de obeliscos", custom=_row("towers")),
        Area("pending", "pendiente", custom=Custom(_write_pending, _read_pending, ("queue",))),
    )


class _Words:
    """Names among a fixed list, written as they are (the house rules)."""

    def __init__(self, names: tuple[str, ...]):
        self.names = names

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(str(v) for v in value)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        return sorted(
            {
                self.names[one_of(w, self.names, "a house rule", "una regla de la casa")]
                for w in words
            }
        )


class _Ints:
    """Numbers as they are (round card ids)."""

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(str(v) for v in value)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        return [whole(w, 0, 999) for w in words]


def write_position(state: State, catalog: Catalog) -> str:
    """The position of ``state`` as text (see the module's docstring)."""
    data = to_dict(state)
    return write(data, areas(catalog), GAME, state.players, ())


def _skeleton(players: int, catalog: Catalog) -> dict[str, Any]:
    kinds = len(catalog.cards)
    return {
        "game": GAME, "version": VERSION, "players": players, "sides": "AAAAA", "wrath": False,
        "colours": list(range(players)), "round": 0, "first_player": -1, "current": 0,
        "last_sender": -1, "round_cards": [], "boats": [], "sailing": -1, "market": [],
        "hidden": 0, "pair": [], "deck": [0] * kinds, "discard": [0] * kinds,
        "quarry": [0] * players, "sled": [0] * players, "hands": [[0] * kinds] * players,
        "points": [[0] * len(LIVE)] * players, "pyramid": None, "temple": [], "burial": [],
        "obelisk": [0] * players, "towers": [], "queue": [], "over": False, "house": [],
    }  # fmt: skip


def read_position(text: str, catalog: Catalog) -> State:
    """The state ``text`` gives; ``PositionError`` names every problem and its line."""
    players = players_of(text, GAME, 2, 4)
    data = _skeleton(players, catalog)
    data["hands"] = [[0] * len(catalog.cards) for _ in range(players)]
    data["points"] = [[0] * len(LIVE) for _ in range(players)]
    table = areas(catalog)
    reading = read(text, table, GAME, data, players)
    if not reading.problems:
        for seat in range(players):
            if data["quarry"][seat] < 0:
                colour = COLOURS[data["colours"][seat]]
                reading.problems.append(
                    (
                        f"player {seat + 1}: more {colour} stones on the table than the "
                        f"{catalog.value('stones_per_colour')} of the box",
                        f"jugador {seat + 1}: más piedras de color {colour} en la mesa que las "
                        f"{catalog.value('stones_per_colour')} de la caja",
                    )
                )
        for kind, left in enumerate(data["deck"]):
            if left < 0:
                card = catalog.cards[kind]
                reading.problems.append(
                    (
                        f"market: more {card.id} cards on the table than the {card.count} of the box",
                        f"mercado: más cartas {card.id} en la mesa que las {card.count} de la caja",
                    )
                )
    state: State = finish(reading, lambda d: from_dict(d, catalog))
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
