"""A position as a few named lines of text: the shared reader and writer of each game's notation.

What it is for: Imhotep, Ceylon and Rajas of the Ganges each write a position
(the whole table at one moment, the pending decision included) as one line
per area of the board and one per player, named by the game's rulebook, in
the spirit of Amritsar's notation (``docs/position-notation.md``). Each game
declares its areas (``Area``): a list of keyed items (``Field``: a key, where
its value lives in the game's ``to_dict`` form, how its words are read and
written) or its own reader and writer (``Custom``) for a part of the board
that reads better as a picture (the boats, the province). This module does
the rest, once for every game:

- ``write(data, areas, game, players)``: the text of a ``to_dict`` form,
  leaving out every item at its default or equal to what the rest gives;
- ``read(text, areas, game, skeleton)``: the ``to_dict`` form back, every
  problem found at once, each naming its line in words a player understands,
  in English and Spanish (``PositionError``);
- ``locate(message, origin)``: the line a ``from_dict`` refusal concerns, so a
  position that cannot arise is refused naming its line and field.

Grammar (as Amritsar's): ``area: item, item``; an item is a key and its
words; ``#`` starts a comment; blank lines and extra spaces are free; areas
and keys are not case sensitive and come in any order. The game line names
the game and its number of players first (``game: imhotep, 3 players, ...``).
Pure standard library.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from typing import Any, Protocol

#: the word written for "nothing here" (an empty slot, no owner)
NONE = "-"

#: a path into the ``to_dict`` form; the string ``"#"`` stands for the seat of a player line
Path = tuple[str | int, ...]


class WordError(ValueError):
    """Words that cannot be read: what is wrong, in English and Spanish."""

    def __init__(self, en: str, es: str):
        super().__init__(en)
        self.en = en
        self.es = es


class PositionError(ValueError):
    """A position text that does not give a position: every problem, each naming its line."""

    def __init__(self, problems: Sequence[tuple[str, str]]):
        self.problems = [en for en, _ in problems]
        self.problems_es = [es for _, es in problems]
        super().__init__("; ".join(self.problems))

    def in_language(self, language: str) -> list[str]:
        return self.problems_es if language == "es" else self.problems


# -- codecs: a value's words -----------------------------------------------------------


class Codec(Protocol):
    """How one item's value is written and read; ``data`` is the whole form (for names
    that depend on it, like a seat's colour)."""

    def write(self, value: Any, data: dict[str, Any]) -> str: ...

    def read(self, words: list[str], data: dict[str, Any]) -> Any: ...


def whole(word: str, low: int, high: int) -> int:
    """``word`` as a whole number from ``low`` to ``high`` (``WordError`` otherwise)."""
    if not re.fullmatch(r"-?\d{1,9}", word):
        raise WordError(f"{word!r} is not a whole number", f"{word!r} no es un número entero")
    value = int(word)
    if not low <= value <= high:
        raise WordError(
            f"{value} is not from {low} to {high}", f"{value} no está entre {low} y {high}"
        )
    return value


def one_of(word: str, names: Sequence[str], what_en: str = "", what_es: str = "") -> int:
    """The index of ``word`` among ``names`` (case not minded)."""
    lowered = [n.lower() for n in names]
    if word.lower() in lowered:
        return lowered.index(word.lower())
    listed = ", ".join(n for n in names if n)
    raise WordError(
        f"{word!r} is not {what_en or 'one of'}: {listed}",
        f"{word!r} no es {what_es or 'ninguno de'}: {listed}",
    )


def single(words: list[str]) -> str:
    if len(words) != 1:
        raise WordError(
            f"one word expected after the key, not {len(words)}",
            f"se esperaba una palabra tras la clave, no {len(words)}",
        )
    return words[0]


@dataclass(frozen=True)
class Whole:
    low: int = 0
    high: int = 10**6
    offset: int = 0  # written = stored + offset (players counted from 1)

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return str(int(value) + self.offset)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        return whole(single(words), self.low + self.offset, self.high + self.offset) - self.offset


@dataclass(frozen=True)
class Seat:
    """A seat written as its player number from 1 (``-`` for none, -1)."""

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return NONE if value < 0 else str(int(value) + 1)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        word = single(words)
        return -1 if word == NONE else whole(word, 1, 4) - 1


@dataclass(frozen=True)
class Flag:
    """A yes/no written as the bare key when true (left out when false)."""

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return ""

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        if words:
            raise WordError(
                f"nothing expected after the key, not {' '.join(words)!r}",
                f"no se espera nada tras la clave, no {' '.join(words)!r}",
            )
        return True


@dataclass(frozen=True)
class Ints:
    """A list of whole numbers (``offset`` added when written)."""

    low: int = 0
    high: int = 10**6
    offset: int = 0
    length: int | None = None

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(str(int(v) + self.offset) for v in value)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        if self.length is not None and len(words) != self.length:
            raise WordError(
                f"{self.length} numbers expected, not {len(words)}",
                f"se esperaban {self.length} números, no {len(words)}",
            )
        return [
            whole(w, self.low + self.offset, self.high + self.offset) - self.offset for w in words
        ]


@dataclass(frozen=True)
class Name:
    """An index written as its name (``NONE`` for ``empty``)."""

    names: Sequence[str]
    empty: int | None = -1

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return NONE if value == self.empty else self.names[int(value)]

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        word = single(words)
        if word == NONE and self.empty is not None:
            return self.empty
        return one_of(word, self.names)


@dataclass(frozen=True)
class Names:
    """A list of indices written as names (``NONE`` for ``empty``)."""

    names: Sequence[str]
    empty: int | None = None
    sort: bool = False

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(NONE if v == self.empty else self.names[int(v)] for v in value)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        got = [
            self.empty if w == NONE and self.empty is not None else one_of(w, self.names)
            for w in words
        ]
        return sorted(got) if self.sort else got


@dataclass(frozen=True)
class Repeated:
    """A count per kind written as the kind's name once per piece (``blue4 blue4 green6``)."""

    names: Sequence[str]

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(" ".join([self.names[i]] * int(v)) for i, v in enumerate(value) if v)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        counts = [0] * len(self.names)
        for word in words:
            counts[one_of(word, self.names)] += 1
        return counts


@dataclass(frozen=True)
class Choice:
    """One of ``names``, kept as the name itself and written in small letters."""

    names: Sequence[str]

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return str(value).lower()

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        return self.names[one_of(" ".join(words), self.names)]


@dataclass(frozen=True)
class Words:
    """A list of names kept as the names themselves (house rules)."""

    names: Sequence[str]

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(str(v) for v in value)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        return [self.names[one_of(w, self.names)] for w in words]


@dataclass(frozen=True)
class Mask:
    """A bit mask written as the names of its bits."""

    names: Sequence[str]

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(n for i, n in enumerate(self.names) if int(value) >> i & 1)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        mask = 0
        for word in words:
            bit = 1 << one_of(word, self.names)
            if mask & bit:
                raise WordError(f"{word!r} is given twice", f"{word!r} aparece dos veces")
            mask |= bit
        return mask


@dataclass(frozen=True)
class Counts:
    """A count per kind written as ``name N`` pairs (kinds at 0 left out)."""

    names: Sequence[str]

    def write(self, value: Any, data: dict[str, Any]) -> str:
        return " ".join(f"{self.names[i]} {v}" for i, v in enumerate(value) if v)

    def read(self, words: list[str], data: dict[str, Any]) -> Any:
        if len(words) % 2:
            raise WordError(
                "pairs of a name and a number expected",
                "se esperaban parejas de un nombre y un número",
            )
        counts = [0] * len(self.names)
        for name, number in zip(words[::2], words[1::2], strict=True):
            counts[one_of(name, self.names)] += whole(number, 0, 999)
        return counts


# -- areas ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Field:
    """One keyed item: ``key`` (words), where the value lives, how it reads.

    ``default``: the value when the item is left out (``REQUIRED``: never left
    out). ``derive(data, seat)``: the value the rest of the position gives; the writer
    leaves the item out when the value equals it, the reader fills it in when
    the item is not given (so a disagreement is written and can be seen)."""

    key: str
    path: Path
    codec: Codec
    default: Any = None
    derive: Callable[[dict[str, Any], int], Any] | None = None


#: ``Field.default`` of an item that is always written
REQUIRED = object()


@dataclass(frozen=True)
class Custom:
    """An area read and written by the game: ``write(data) -> items``,
    ``read(items, data)`` with ``items`` as (line, words) and ``WordError``
    on what it cannot read (the line is named for it)."""

    write: Callable[[dict[str, Any]], list[str]]
    read: Callable[[list[tuple[int, list[str]]], dict[str, Any]], None]
    fills: tuple[str, ...] = ()  # the top-level fields it reads (for naming its line)
    absent: Callable[[dict[str, Any]], None] | None = None  # fills them when there is no line


@dataclass(frozen=True)
class Area:
    """An area of the table: ``name`` (``"player"`` for the player lines, one per seat,
    written ``player 1`` ...), its items, its Spanish name for the problems."""

    name: str
    name_es: str
    fields: tuple[Field, ...] = ()
    custom: Custom | None = None
    per_player: bool = False


def _resolve(path: Path, seat: int) -> list[str | int]:
    return [seat if part == "#" else part for part in path]


def get(data: Any, path: Sequence[str | int]) -> Any:
    for part in path:
        data = data[part]
    return data


def put(data: Any, path: Sequence[str | int], value: Any) -> None:
    for part in path[:-1]:
        data = data[part]
    data[path[-1]] = value


def _label(path: Sequence[str | int]) -> str:
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text


# -- writing --------------------------------------------------------------------------


def write(
    data: dict[str, Any], areas: Sequence[Area], game: str, players: int, game_items: Sequence[str]
) -> str:
    """The position text of ``data`` (a ``to_dict`` form): the game line first
    (the game, ``N players``, then ``game_items`` and the game area's items), then
    each area in order, one line per player for ``per_player`` areas."""
    lines = [f"game: {', '.join([game, f'{players} players', *game_items])}"]
    for area in areas:
        seats = range(players) if area.per_player else [0]
        for seat in seats:
            items = _items(data, area, seat)
            name = f"{area.name} {seat + 1}" if area.per_player else area.name
            if area.name == "game":
                lines[0] += "".join(f", {item}" for item in items)
            elif items or area.per_player:
                lines.append(f"{name}: {', '.join(items)}".rstrip())
    return "\n".join(lines) + "\n"


def _items(data: dict[str, Any], area: Area, seat: int) -> list[str]:
    if area.custom is not None:
        return area.custom.write(data)
    items = []
    for item in area.fields:
        value = get(data, _resolve(item.path, seat))
        if item.default is not REQUIRED and value == item.default:
            continue
        if item.derive is not None and value == item.derive(data, seat):
            continue
        words = item.codec.write(value, data)
        if isinstance(item.codec, Flag) and not value:
            continue
        items.append(f"{item.key} {words}".strip())
    return items


# -- reading --------------------------------------------------------------------------


@dataclass
class _Line:
    number: int
    area: Area
    seat: int
    items: list[tuple[str, int]]  # the item's text, its line (a line goes on after a ",")


@dataclass
class Reading:
    """What was read: the ``to_dict`` form so far, every problem, and the line each path came from."""

    data: dict[str, Any]
    problems: list[tuple[str, str]] = field(default_factory=list)
    origin: dict[str, tuple[int, str, str]] = field(default_factory=dict)  # line, area (EN, ES)

    def problem(self, line: int, where: tuple[str, str], en: str, es: str) -> None:
        self.problems.append(
            (f"line {line} ({where[0]}): {en}", f"línea {line} ({where[1]}): {es}")
        )


def players_of(text: str, game: str, low: int, high: int) -> int:
    """The number of players the game line gives (``PositionError`` naming the line)."""
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        head, _, rest = line.partition(":")
        if " ".join(head.lower().split()) != "game":
            continue
        words = [w.strip().lower() for w in rest.split(",")]
        if not words or words[0] != game:
            raise PositionError(
                [
                    (
                        f"line {number} (game): the game line starts with {game!r}, not {words[0]!r}",
                        f"línea {number} (partida): la línea de la partida empieza por {game!r}, "
                        f"no por {words[0]!r}",
                    )
                ]
            )
        for item in words[1:]:
            parts = item.split()
            if len(parts) == 2 and parts[1] in ("players", "player"):
                try:
                    return whole(parts[0], low, high)
                except WordError as error:
                    raise PositionError(
                        [
                            (
                                f"line {number} (game): players: {error.en}",
                                f"línea {number} (partida): jugadores: {error.es}",
                            )
                        ]
                    ) from None
        raise PositionError(
            [
                (
                    f"line {number} (game): the number of players is missing ('3 players')",
                    f"línea {number} (partida): falta el número de jugadores ('3 players')",
                )
            ]
        )
    raise PositionError(
        [
            (
                f"there is no game line ('game: {game}, 3 players, ...')",
                f"no hay línea de la partida ('game: {game}, 3 players, ...')",
            )
        ]
    )


def read(
    text: str, areas: Sequence[Area], game: str, data: dict[str, Any], players: int
) -> Reading:
    """Fill ``data`` (the game's skeleton: every item at its default) from ``text``.

    Areas are read in the order ``areas`` lists them (whatever the text's
    order), so an item may use what an earlier area gave (a seat's colour);
    items ``derive`` gives are filled in last. Every problem is kept."""
    reading = Reading(data)
    by_name = {a.name: a for a in areas}
    lines: dict[tuple[str, int], _Line] = {}
    last: _Line | None = None
    for number, raw in enumerate(text.splitlines(), 1):
        content = raw.split("#", 1)[0].strip()
        if not content:
            continue
        if last is not None and last.items and last.items[-1][0] == "":
            last.items.pop()  # the line before ended in ",": this one goes on with it
            last.items += [(t.strip(), number) for t in content.split(",")]
            continue
        head, colon, rest = content.partition(":")
        name = " ".join(head.lower().split())
        seat = 0
        words = name.split()
        if len(words) == 2 and words[0] == "player" and words[1].isdigit():
            name, seat = "player", int(words[1]) - 1
            if not 0 <= seat < players:
                reading.problem(
                    number, ("player", "jugador"),
                    f"there is no player {seat + 1} in a game of {players}",
                    f"no hay jugador {seat + 1} en una partida de {players}",
                )  # fmt: skip
                last = None
                continue
        area = by_name.get(name)
        if not colon or area is None:
            known = ", ".join(a.name + (" N" if a.per_player else "") for a in areas)
            reading.problem(
                number, (name or "?", name or "?"),
                f"not an area of the table; the areas are: {known}",
                f"no es una zona de la mesa; las zonas son: {known}",
            )  # fmt: skip
            last = None
            continue
        if (name, seat) in lines:
            reading.problem(
                number, (head.strip(), head.strip()),
                f"given twice (first on line {lines[(name, seat)].number})",
                f"aparece dos veces (la primera en la línea {lines[(name, seat)].number})",
            )  # fmt: skip
            last = None
            continue
        items = [(t.strip(), number) for t in rest.split(",")]
        if items == [("", number)]:
            items = []
        last = lines[(name, seat)] = _Line(number, area, seat, items)
    game_line = lines.get(("game", 0))
    if game_line is not None:  # the game's name and "N players", read by ``players_of``
        game_line.items = game_line.items[1:]
        game_line.items = [
            (t, n) for t, n in game_line.items if not re.fullmatch(r"\d+\s+players?", t.lower())
        ]
    for area in areas:
        for seat in range(players) if area.per_player else [0]:
            line = lines.get((area.name, seat))
            _read_area(reading, area, seat, line)
    for area in areas:  # derived items last, once everything else is read
        for seat in range(players) if area.per_player else [0]:
            line = lines.get((area.name, seat))
            given = set() if line is None else {k for k in _given_keys(area, line)}
            for item in area.fields:
                if item.derive is not None and item.key not in given:
                    # what it is derived from may have been refused already
                    with suppress(KeyError, IndexError, TypeError, ValueError):
                        put(data, _resolve(item.path, seat), item.derive(data, seat))
    return reading


def _area_words(area: Area, seat: int) -> tuple[str, str]:
    if area.per_player:
        return f"player {seat + 1}", f"jugador {seat + 1}"
    return area.name, area.name_es


def _match(area: Area, text: str) -> tuple[Field | None, list[str]]:
    words = text.split()
    best: Field | None = None
    for item in area.fields:
        key = item.key.lower().split()
        if [w.lower() for w in words[: len(key)]] == key and (
            best is None or len(key) > len(best.key.split())
        ):
            best = item
    return best, words[len(best.key.split()) :] if best is not None else words


def _given_keys(area: Area, line: _Line) -> list[str]:
    return [f.key for f, _ in (_match(area, t) for t, _ in line.items) if f is not None]


def _read_area(reading: Reading, area: Area, seat: int, line: _Line | None) -> None:
    where = _area_words(area, seat)
    if line is None and area.custom is not None and area.custom.absent is not None:
        area.custom.absent(reading.data)
        return
    if line is None:
        required = [f.key for f in area.fields if f.default is REQUIRED]
        if required and area.name != "game":
            reading.problems.append(
                (
                    f"{where[0]}: the line is missing (it gives {', '.join(required)})",
                    f"{where[1]}: falta la línea (da {', '.join(required)})",
                )
            )
        elif required:
            reading.problems.append(
                (f"game: {', '.join(required)} missing", f"partida: falta {', '.join(required)}")
            )
        return
    at = (line.number, *where)
    if area.per_player:
        reading.origin[f"players[{seat}]"] = at
    if area.custom is not None:
        try:
            area.custom.read([(n, t.split()) for t, n in line.items], reading.data)
        except WordError as error:
            reading.problem(line.number, where, error.en, error.es)
        for name in area.custom.fills:
            reading.origin.setdefault(name, at)
        return
    seen: set[str] = set()
    for text, number in line.items:
        item, words = _match(area, text)
        if item is None:
            keys = ", ".join(f.key for f in area.fields)
            reading.problem(
                number,
                where,
                f"{text!r} is not one of: {keys}",
                f"{text!r} no es ninguno de: {keys}",
            )
            continue
        if item.key in seen:
            reading.problem(
                number, where, f"{item.key} given twice", f"{item.key} aparece dos veces"
            )
            continue
        seen.add(item.key)
        path = _resolve(item.path, seat)
        try:
            put(reading.data, path, item.codec.read(words, reading.data))
        except WordError as error:
            reading.problem(number, where, f"{item.key}: {error.en}", f"{item.key}: {error.es}")
            continue
        reading.origin.setdefault(_label(path), (number, *where))
        if not area.per_player:  # a player's list is named by its seat, not the first line
            reading.origin.setdefault(str(path[0]), (number, *where))
    missing = [f.key for f in area.fields if f.default is REQUIRED and f.key not in seen]
    if missing:
        reading.problem(
            line.number, where, f"{', '.join(missing)} missing", f"falta {', '.join(missing)}"
        )


def locate(message: str, origin: dict[str, tuple[int, str, str]]) -> tuple[str, str]:
    """A ``from_dict`` refusal as a problem naming the line its field came from
    (the engine's message, in English, after the line)."""
    shown = re.sub(  # the engine counts seats from 0, the notation from 1
        r"players\[(\d+)\]\.?", lambda m: f"player {int(m.group(1)) + 1} ", message
    )
    for match in re.finditer(r"([a-z_]+)((?:\[\d+\])*)", message):
        name, index = match.group(1), match.group(2)
        seat = re.match(r"\[(\d+)\]", index)
        for key in (f"{name}{index}", f"players[{seat.group(1)}]" if seat else "", name):
            if key and key in origin:
                line, en, es = origin[key]
                return (
                    f"line {line} ({en}): this position cannot arise: {shown}",
                    f"línea {line} ({es}): esta posición no puede darse: {shown}",
                )
    return (
        f"this position cannot arise: {shown}",
        f"esta posición no puede darse: {shown}",
    )


def _line_order(problem: tuple[str, str]) -> int:
    """Problems in the order of their lines (those of no one line last)."""
    found = re.match(r"line (\d+)", problem[0])
    return int(found.group(1)) if found else 10**9


def finish(reading: Reading, build: Callable[[dict[str, Any]], Any]) -> Any:
    """The state ``build`` (the game's ``from_dict``) makes of what was read, or
    ``PositionError`` with every problem (a refusal of ``build`` naming its line)."""
    if reading.problems:
        raise PositionError(sorted(reading.problems, key=_line_order))
    try:
        return build(reading.data)
    except ValueError as error:
        raise PositionError([locate(str(error), reading.origin)]) from None


def replace_lines(text: str, lines: dict[str, str], game: str, players: int) -> str:
    """``text`` with the line of each area in ``lines`` (``"player 2"``, ``"temple"``)
    replaced by the items given, or added when it has none; an empty string
    leaves the area out. ``"game"`` keeps the game's name and players first.
    The builder tests use: a new game's position with the areas a case needs."""
    wanted = {" ".join(k.lower().split()): v for k, v in lines.items()}
    out = []
    for raw in text.splitlines():
        head, colon, _ = raw.partition(":")
        key = " ".join(head.lower().split())
        if colon and key in wanted:
            items = wanted.pop(key)
            if key == "game":
                out.append(f"game: {', '.join([game, f'{players} players', items])}".rstrip(", "))
            elif items:
                out.append(f"{key}: {items}")
        else:
            out.append(raw)
    out += [f"{key}: {items}" for key, items in wanted.items() if items and key != "game"]
    return "\n".join(out) + "\n"


class CatalogNotation(Protocol):
    """A game's position module whose writer and reader take the game's catalog."""

    def write_position(self, state: Any, catalog: Any, /) -> str: ...

    def read_position(self, text: str, catalog: Any, /) -> Any: ...


def build_from_new_game(
    notation: CatalogNotation,
    game: str,
    players: int,
    lines: dict[str, str] | None,
    *,
    seed: int,
    options: tuple[str, ...],
    catalog: Any,
) -> Any:
    """A position for a test, the same way for every game: a new game of
    ``players`` (its setup drawn from ``seed``, with the house rules
    ``options``) with each area line of ``lines`` put in its place
    (``{"player 1": "...", "pending": ""}``: the items after the area's name;
    ``""`` clears the area), read back and checked like any position text
    (``PositionError`` names what is wrong)."""
    from engine.core.registry import get_rules

    rules: Any = get_rules(game)
    cat = catalog if catalog is not None else rules.catalog
    text = notation.write_position(rules.new_game(players, seed=seed, options=options), cat)
    return notation.read_position(replace_lines(text, lines or {}, game, players), cat)


class PositionsWithCatalog:
    """The ``engine.core.game.WritesPositions`` methods of a ``Rules`` object whose
    game's notation module (``notation``) reads and writes with its ``catalog``."""

    catalog: Any
    notation: CatalogNotation

    def write_position(self, state: Any) -> str:
        """``state`` in the game's position notation."""
        return self.notation.write_position(state, self.catalog)

    def read_position(self, text: str) -> Any:
        """The state a position text gives (``PositionError`` names every problem)."""
        return self.notation.read_position(text, self.catalog)

    def position_problems(self, text: str, language: str = "en") -> list[str]:
        """Every problem of ``text`` in ``language`` (none for a good position)."""
        try:
            self.notation.read_position(text, self.catalog)
        except PositionError as error:
            return error.in_language(language)
        return []
