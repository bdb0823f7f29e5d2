"""Reading the position notation into a state, naming every problem (EN and ES).

Each line is read into the dict form of ``engine.amritsar.serialize``; the
fields the notation leaves out are worked out from the rest; the state is then
built with ``from_dict`` and checked with ``status`` (in the notation's words,
``engine.amritsar.position_words``). Problems are collected, never raised, so
one reading names them all.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from typing import Any

from engine.amritsar.actions import SLOT_NAMES
from engine.amritsar.board import (
    MAHARAJAH_SPACE_NAMES,
    SECTION_NAMES,
    District,
    Resource,
    WorkerColour,
)
from engine.amritsar.catalog import Catalog, default_catalog
from engine.amritsar.decisions import Pending
from engine.amritsar.effects import Track
from engine.amritsar.options import OPTIONS
from engine.amritsar.position_build import STAGE_WORDS, rebuilt
from engine.amritsar.position_words import Problem, status_words
from engine.amritsar.position_write import (
    DECIDERS,
    DONE_WORDS,
    FRAME_FIELDS,
    MOVEMENT,
    QUOTED,
    derived_ledger,
    derived_maharajah_storehouse,
    donation_labels,
)
from engine.amritsar.serialize import FORMAT, UNNAMED_ID, StateError, from_dict
from engine.amritsar.state import NONE, GameState


def _norm(text: str) -> str:
    return " ".join(text.lower().split())


def _split(text: str, separator: str) -> list[str]:
    """Split on ``separator`` outside quoted strings; empty parts dropped."""
    parts, current, quoted, escaped = [], [], False, False
    for ch in text:
        if quoted:
            current.append(ch)
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
            current.append(ch)
        elif ch == separator:
            parts.append("".join(current).strip())
            current = []
        else:
            current.append(ch)
    parts.append("".join(current).strip())
    return [p for p in parts if p]


def _words(text: str) -> list[str]:
    """The words of a line whose items are single words (house rules, tiles, donations):
    items separated by commas or spaces, as the grammar allows (``item { "," item }``)."""
    return [word for item in _split(text, ",") for word in _tokens(item)]


def _tokens(text: str) -> list[str]:
    """Whitespace-separated words; a ``"quoted string"`` is one word (unquoted)."""
    out = []
    for match in QUOTED.finditer(text):
        word = match.group(0)
        name, quote, rest = word.partition('"')
        out.append(name + json.loads(quote + rest) if quote else word)
    return out


class _Bad(ValueError):
    """One unreadable item: English and Spanish."""

    def __init__(self, en: str, es: str):
        super().__init__(en)
        self.en = en
        self.es = es


def _int(word: str, what: str, what_es: str) -> int:
    if re.fullmatch(r"[+-]?\d+", word):
        return int(word)
    raise _Bad(
        f"{what}: {word!r} is not a whole number", f"{what_es}: {word!r} no es un número entero"
    )


def _one(words: list[str], what: str, what_es: str) -> str:
    if len(words) != 1:
        raise _Bad(f"{what}: give one value", f"{what_es}: indica un solo valor")
    return words[0]


def _number(words: list[str], what: str, what_es: str) -> int:
    return _int(_one(words, what, what_es), what, what_es)


def _pick(words: list[str], keys: Sequence[str]) -> tuple[str, list[str]] | None:
    """The longest key that starts ``words``, and the words after it."""
    lowered = [w.lower() for w in words]
    for key in sorted(keys, key=lambda k: -len(k.split())):
        parts = key.split()
        if lowered[: len(parts)] == parts:
            return key, words[len(parts) :]
    return None


class _Reader:
    """Reads the lines into the dict form of ``engine.amritsar.serialize``."""

    def __init__(self, catalog: Catalog):
        self.c = catalog
        self.problems: list[Problem] = []
        self.seen: set[str] = set()
        self.line_of: dict[str, int] = {}  # area (``player 2`` for a player) -> its line
        self.pending_lines: list[int] = []  # the line of each 'pending:' frame, bottom first

    def fail(self, number: int, en: str, es: str) -> None:
        self.problems.append(Problem(f"line {number}: {en}", f"línea {number}: {es}"))

    def items(
        self,
        number: int,
        text: str,
        keys: dict[str, Callable[[list[str]], None]],
        area: tuple[str, str],
    ) -> None:
        for item in _split(text, ","):
            words = _tokens(item)
            found = _pick(words, list(keys))
            if found is None:
                self.fail(
                    number,
                    f"{area[0]}: {item!r} is not one of: {', '.join(keys)}",
                    f"{area[1]}: {item!r} no es ninguno de: {', '.join(keys)}",
                )
                continue
            try:
                keys[found[0]](found[1])
            except _Bad as bad:
                self.fail(number, bad.en, bad.es)
            except ValueError as error:
                self.fail(
                    number, f"{area[0]}, {found[0]}: {error}", f"{area[1]}, {found[0]}: {error}"
                )


def _colour(word: str) -> str:
    return WorkerColour.parse(word).letter


def _district(word: str) -> str:
    return District.parse(word).letter


def _component(items: Sequence[Any], word: str, what: str, what_es: str) -> str | None:
    if word == "-":
        return None
    if any(item.id == word for item in items):
        return word
    raise _Bad(f"{what}: no {word!r} in the box", f"{what_es}: {word!r} no existe en la caja")


def _padded(values: list[Any], size: int) -> list[Any]:
    return values + [None] * (size - len(values))


def _seatquoted_word(word: str, players: int, solo: bool) -> int:
    if word.upper() == "M" and solo:
        return players
    value = _int(word, "player", "jugador")
    return value - 1


def _joined(text: str) -> list[tuple[int, str]]:
    """Numbered lines without blanks and comments; a line ending in a comma
    goes on on the next one."""
    out: list[tuple[int, str]] = []
    going_on = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if going_on:
            out[-1] = (out[-1][0], f"{out[-1][1]} {line}")
        else:
            out.append((number, line))
        going_on = line.endswith(",")
    return out


def _game_dict(text: str, reader: _Reader) -> dict[str, Any]:
    data: dict[str, Any] = {
        "format": FORMAT,
        "solo": False,
        "hard": False,
        "finished": False,
        "options": [],
        "board": {
            "sections": [""] * len(SECTION_NAMES),
            "section_coins": [0] * len(SECTION_NAMES),
            "maharajah_workers": [],
            "district_tiles": {d.letter: [] for d in District},
            "temple": [],
            "bridge": [],
            "revealed_storehouses": [],
        },
        "turn": {
            "hand": "",
            "active_colour": None,
            "active_district": None,
            "last_active_colour": None,
            "tile_slot": NONE,
            "tile_done": 0,
            "elephant_used": False,
            "exchange_used": False,
            "followers": 0,
        },
        "maharajah": None,
        "pending": [],
    }
    board = data["board"]
    turn = data["turn"]
    lines: list[tuple[int, str, str]] = []
    for number, raw in _joined(text):
        line = raw.strip()
        key, colon, rest = line.partition(":")
        if not colon or not key.strip():
            reader.fail(
                number,
                f"expected 'area: items', got {raw.strip()!r}",
                f"se esperaba 'zona: elementos', hay {raw.strip()!r}",
            )
            continue
        lines.append((number, _norm(key), rest.strip()))
        reader.line_of.setdefault(_norm(key), number)
        if _norm(key) == "pending":
            reader.pending_lines.append(number)
    games = [entry for entry in lines if entry[1] == "game"]
    if not games:
        reader.problems.append(
            Problem(
                "the 'game:' line is missing (players, decade, round, turn, starting and current player)",
                "falta la línea 'game:' (jugadores, década, ronda, turno, jugador inicial y actual)",
            )
        )
        number, text_game = 0, ""
    else:
        number, _, text_game = games[0]
    solo = any(_norm(w) == "solo" for w in _split(text_game, ","))
    data["solo"] = solo

    def players(words: list[str]) -> None:
        data["players"] = _number(words, "players", "jugadores")

    def flag(name: str) -> Callable[[list[str]], None]:
        def set_flag(words: list[str]) -> None:
            if words:
                raise _Bad(f"'{name}' takes no value", f"'{name}' no lleva valor")
            data[{"over": "finished"}.get(name, name)] = True

        return set_flag

    def counted(name: str, key: str, offset: int = 0) -> Callable[[list[str]], None]:
        def set_number(words: list[str]) -> None:
            data[key] = _number(words, name, name) - offset

        return set_number

    game_keys: dict[str, Callable[[list[str]], None]] = {
        "solo": flag("solo"),
        "hard": flag("hard"),
        "over": flag("over"),
        "decade": counted("decade", "decade"),
        "round": counted("round", "round"),
        "turn": counted("turn", "turn_in_round", 1),
        "starting player": counted("starting player", "starting_player", 1),
        "current player": counted("current player", "current", 1),
    }
    if games:
        for item in _split(text_game, ","):
            words = _tokens(item)
            if len(words) == 2 and words[1].lower() == "players":
                try:
                    players(words[:1])
                except _Bad as bad:
                    reader.fail(number, bad.en, bad.es)
                continue
            reader.items(number, item, game_keys, ("game", "partida"))
    if solo:
        data["players"] = 1
    data.setdefault("starting_player", NONE)
    data.setdefault("current", NONE)
    lines_named = {entry[1] for entry in lines}
    for key in ("players", "decade", "round", "turn_in_round"):
        if key == "turn_in_round" and "decision" in lines_named:
            data.setdefault(key, 0)  # the decision line says whose turn it is
        if key not in data and games:
            en = {
                "turn_in_round": "turn",
                "starting_player": "starting player",
                "current": "current player",
            }
            name = en.get(key, key)
            reader.fail(number, f"game: '{name}' is missing", f"partida: falta '{name}'")
            data[key] = 1 if key in ("decade", "round") else 0
        data.setdefault(key, 1 if key in ("decade", "round", "players") else 0)
    player_count = (
        data["players"] if isinstance(data["players"], int) and 0 < data["players"] <= 4 else 0
    )
    seats: list[dict[str, Any]] = [_empty_seat() for _ in range(player_count)]
    data["seats"] = seats
    bought = [0] * player_count
    sold = [0] * player_count
    donation_players = 2 if solo else player_count
    repeated = {"pending"}
    for number, key, rest in lines:
        if key == "game":
            if number != games[0][0]:
                reader.fail(number, "'game' is given twice", "'game' aparece dos veces")
            continue
        if key in reader.seen and key not in repeated:
            reader.fail(number, f"'{key}' is given twice", f"'{key}' aparece dos veces")
            continue
        reader.seen.add(key)
        try:
            _read_line(
                reader, data, board, turn, seats, bought, sold, donation_players, number, key, rest
            )
        except _Bad as bad:
            reader.fail(number, bad.en, bad.es)
    turn["bought"] = bought
    turn["sold"] = sold
    return data


def _empty_seat() -> dict[str, Any]:
    return {
        "pp": None,
        "coins": None,
        "resources": {r.name.lower(): 0 for r in Resource},
        "tracks": {t.name.lower(): 0 for t in Track},
        "elephant": None,
        "on_elephant": 0,
        "mahouts": {w.letter: None for w in WorkerColour},
        "objectives": [None] * 4,
        "objective_hand": [],
        "storehouses": [None] * 3,
        "storehouse_flipped": [False] * 3,
        "movement": "locked",
        "ledger": None,
    }


def _read_line(
    reader: _Reader,
    data: dict[str, Any],
    board: dict[str, Any],
    turn: dict[str, Any],
    seats: list[dict[str, Any]],
    bought: list[int],
    sold: list[int],
    donation_players: int,
    number: int,
    key: str,
    rest: str,
) -> None:
    c = reader.c
    words = _words(rest)
    if key == "house rules":
        known = [w for w in words if w in OPTIONS]
        for word in words:
            if word not in OPTIONS:
                reader.fail(
                    number,
                    f"house rules: there is no house rule {word!r} ({', '.join(OPTIONS)})",
                    f"reglas de la casa: no hay ninguna regla {word!r} ({', '.join(OPTIONS)})",
                )
        data["options"] = known
    elif key == "sections":

        def section(name: str) -> Callable[[list[str]], None]:
            def put(ws: list[str]) -> None:
                letters = "" if ws == ["-"] else "".join(ws)
                board["sections"][SECTION_NAMES.index(name)] = "".join(
                    _colour(ch) for ch in letters
                )

            return put

        reader.items(
            number, rest, {n.lower(): section(n) for n in SECTION_NAMES}, ("sections", "secciones")
        )
    elif key == "section coins":

        def coins(name: str) -> Callable[[list[str]], None]:
            def put(ws: list[str]) -> None:
                board["section_coins"][SECTION_NAMES.index(name)] = _number(
                    ws, f"coins in {name}", f"monedas en {name}"
                )

            return put

        reader.items(
            number,
            rest,
            {n.lower(): coins(n) for n in SECTION_NAMES},
            ("section coins", "monedas en secciones"),
        )
    elif key == "maharajah token":
        space = _one(words, "maharajah token", "ficha del marajá").upper()
        if space not in MAHARAJAH_SPACE_NAMES:
            raise _Bad(
                f"maharajah token: {space!r} is not a Maharajah space ({' '.join(MAHARAJAH_SPACE_NAMES)})",
                f"ficha del marajá: {space!r} no es un espacio del marajá ({' '.join(MAHARAJAH_SPACE_NAMES)})",
            )
        board["maharajah_space"] = space
    elif key == "workers beside the maharajah":
        beside: list[str | None] = [None] * len(MAHARAJAH_SPACE_NAMES)

        def worker(i: int) -> Callable[[list[str]], None]:
            def put(ws: list[str]) -> None:
                w = _one(ws, "worker", "trabajador")
                beside[i] = None if w == "-" else _colour(w)

            return put

        reader.items(
            number,
            rest,
            {n.lower(): worker(i) for i, n in enumerate(MAHARAJAH_SPACE_NAMES)},
            ("workers beside the maharajah", "trabajadores junto al marajá"),
        )
        board["maharajah_workers"] = beside
    elif key == "district tiles":

        def district(d: District) -> Callable[[list[str]], None]:
            def put(ws: list[str]) -> None:
                board["district_tiles"][d.letter] = [
                    _component(
                        c.district_tiles,
                        w,
                        f"district tiles {d.letter}",
                        f"losetas de distrito {d.letter}",
                    )
                    for w in ws
                ]

            return put

        reader.items(
            number,
            rest,
            {d.letter.lower(): district(d) for d in District},
            ("district tiles", "losetas de distrito"),
        )
    elif key == "temple tiles":
        board["temple"] = [
            _component(c.temple_tiles, w, "temple tiles", "losetas de templo") for w in words
        ]
    elif key == "bridge tiles":
        board["bridge"] = [
            _component(c.bridge_tiles, w, "bridge tiles", "losetas de puente") for w in words
        ]
    elif key == "donations":
        _read_donations(
            reader, c, board, donation_players, len(seats), bool(data["solo"]), number, words
        )
    elif key == "market":
        market = board.setdefault("market", {})

        def column(r: Resource) -> Callable[[list[str]], None]:
            def put(ws: list[str]) -> None:
                market[r.name.lower()] = _number(ws, f"market {r.name.lower()}", f"mercado {r.es}")

            return put

        reader.items(
            number, rest, {r.name.lower(): column(r) for r in Resource}, ("market", "mercado")
        )
    elif key == "storehouses":
        board["revealed_storehouses"] = [
            _component(c.storehouses, w, "storehouses", "almacenes") for w in words
        ]
    elif key == "this turn":
        _read_turn(reader, turn, number, rest)
    elif key == "decision":
        if len(words) < 3 or words[0].lower() != "player":
            raise _Bad(
                "decision: say whose turn and where it stands ('player 1 actions')",
                "decisión: indica de quién es el turno y en qué punto ('player 1 actions')",
            )
        stage = STAGE_WORDS.get(_norm(" ".join(words[2:])))
        if stage is None:
            raise _Bad(
                f"decision: {' '.join(words[2:])!r} is not a stage of a turn "
                "(elephant, sow, actions, phase3)",
                f"decisión: {' '.join(words[2:])!r} no es un punto del turno "
                "(elephant, sow, actions, phase3)",
            )
        data["decision"] = (_int(words[1], "decision: player", "decisión: jugador") - 1, stage)
    elif key == "pending":
        data["pending"].append(_read_frame(words, len(seats)))
    elif key == "maharajah":
        data["maharajah"] = _read_maharajah(reader, number, rest)
    elif key == "maharajah score":
        if data["maharajah"] is None:
            raise _Bad(
                "'maharajah score' comes after the 'maharajah' line",
                "'maharajah score' va tras la línea 'maharajah'",
            )
        data["maharajah"]["ledger"] = _read_ledger(rest)
    else:
        match = re.fullmatch(r"player (\d+)( score)?", key)
        if match is None:
            raise _Bad(
                f"{key!r} is not an area of the notation (docs/position-notation.md)",
                f"{key!r} no es una zona de la notación (docs/position-notation.md)",
            )
        seat = int(match.group(1)) - 1
        if not 0 <= seat < len(seats):
            raise _Bad(
                f"player {seat + 1}: the game line says {len(seats)} players",
                f"jugador {seat + 1}: la línea de partida dice {len(seats)} jugadores",
            )
        if match.group(2):
            seats[seat]["ledger"] = _read_ledger(rest)
        else:
            _read_player(reader, c, seats[seat], seat, bought, sold, number, rest)


def _read_donations(
    reader: _Reader,
    c: Catalog,
    board: dict[str, Any],
    donation_players: int,
    players: int,
    solo: bool,
    number: int,
    words: list[str],
) -> None:
    labels: dict[str, tuple[str, int]] = {}
    rows: dict[str, list[int]] = {}
    for d in District:
        try:
            spaces = donation_labels(c, donation_players, d)
        except KeyError:
            spaces = []
        rows[d.letter] = [NONE] * len(spaces)
        for i, label in enumerate(spaces):
            labels[label] = (d.letter, i)
    for word in words:
        place, eq, owner = word.partition("=")
        where = labels.get(place.upper())
        if not eq or where is None:
            reader.fail(
                number,
                f"donations: {word!r} should read like W1.3=2 (district, level.space = player)",
                f"donaciones: {word!r} debe leerse como W1.3=2 (distrito, nivel.espacio = jugador)",
            )
            continue
        try:
            rows[where[0]][where[1]] = _seatquoted_word(owner, players, solo)
        except _Bad as bad:
            reader.fail(number, f"donations {place}: {bad.en}", f"donaciones {place}: {bad.es}")
    board["donations"] = rows


def _read_turn(reader: _Reader, turn: dict[str, Any], number: int, rest: str) -> None:
    def setter(key: str, convert: Callable[[list[str]], Any]) -> Callable[[list[str]], None]:
        def put(ws: list[str]) -> None:
            turn[key] = convert(ws)

        return put

    def flag(key: str) -> Callable[[list[str]], None]:
        def put(ws: list[str]) -> None:
            if ws:
                raise _Bad(
                    f"'{key.replace('_', ' ')}' takes no value",
                    f"'{key.replace('_', ' ')}' no lleva valor",
                )
            turn[key] = True

        return put

    def slot(ws: list[str]) -> int:
        word = _one(ws, "tile", "loseta").upper()
        return SLOT_NAMES.index(word) if word in SLOT_NAMES else _int(word, "tile", "loseta")

    def done(ws: list[str]) -> int:
        bits = 0
        for w in ws:
            if w.lower() in DONE_WORDS:
                bits |= 1 << DONE_WORDS.index(w.lower())
            else:
                bits |= _int(w, "done", "hecho")
        return bits

    keys: dict[str, Callable[[list[str]], None]] = {
        "in hand": setter("hand", lambda ws: "".join(_colour(ch) for ch in "".join(ws))),
        "active worker": setter(
            "active_colour", lambda ws: _colour(_one(ws, "active worker", "trabajador activo"))
        ),
        "active district": setter(
            "active_district", lambda ws: _district(_one(ws, "active district", "distrito activo"))
        ),
        "last active worker": setter(
            "last_active_colour",
            lambda ws: _colour(_one(ws, "last active worker", "último trabajador activo")),
        ),
        "tile": setter("tile_slot", slot),
        "done": setter("tile_done", done),
        "elephant used": flag("elephant_used"),
        "exchange used": flag("exchange_used"),
        "followers": setter("followers", lambda ws: _number(ws, "followers", "seguidores")),
    }
    reader.items(number, rest, keys, ("this turn", "este turno"))


def _read_frame(words: list[str], players: int) -> dict[str, Any]:
    if len(words) < 2:
        raise _Bad(
            "pending: give the decision and who decides ('actions player 1')",
            "pendiente: indica la decisión y quién decide ('actions player 1')",
        )
    name = words[0].upper().replace("-", "_")
    if name not in Pending.__members__:
        raise _Bad(
            f"pending: {words[0]!r} is not a kind of decision",
            f"pendiente: {words[0]!r} no es un tipo de decisión",
        )
    frame: dict[str, Any] = {"kind": name, "steps": [], "src": ["", ""]}
    frame.update({field: 0 for field in FRAME_FIELDS})
    rest = words[1:]
    deciders = {v: k for k, v in DECIDERS.items()}
    if rest[0].lower() in deciders:
        frame["player"] = deciders[rest[0].lower()]
        rest = rest[1:]
    elif rest[0].lower() == "player" and len(rest) > 1:
        frame["player"] = _int(rest[1], "pending: player", "pendiente: jugador") - 1
        rest = rest[2:]
    else:
        raise _Bad(
            "pending: say who decides ('player 1', 'chance', 'maharajah')",
            "pendiente: indica quién decide ('player 1', 'chance', 'maharajah')",
        )
    for word in rest:
        field, eq, value = word.partition("=")
        if not eq:
            raise _Bad(
                f"pending: {word!r} should read name=value",
                f"pendiente: {word!r} debe leerse nombre=valor",
            )
        if field in FRAME_FIELDS:
            frame[field] = _int(value, f"pending {field}", f"pendiente {field}")
        elif field == "steps":
            frame["steps"] = value.split(";")
        elif field == "src":
            category, _, component = value.partition(":")
            frame["src"] = [category, component]
        else:
            raise _Bad(
                f"pending: unknown field {field!r}", f"pendiente: campo desconocido {field!r}"
            )
    return frame


def _read_ledger(text: str) -> list[list[Any]]:
    if _norm(text) == "none":
        return []
    entries = []
    for part in _split(text, ";"):
        words = _tokens(part)
        if len(words) < 2:
            raise _Bad(
                f"score: {part!r} should read 'source what +N'",
                f"puntuación: {part!r} debe leerse 'origen qué +N'",
            )
        amount = _int(words[-1], "score", "puntuación")
        entries.append([words[0], " ".join(words[1:-1]), amount])
    return entries


def _read_player(
    reader: _Reader,
    c: Catalog,
    seat: dict[str, Any],
    index: int,
    bought: list[int],
    sold: list[int],
    number: int,
    rest: str,
) -> None:
    who, who_es = f"player {index + 1}", f"jugador {index + 1}"

    def value(key: str, convert: Callable[[list[str]], Any]) -> Callable[[list[str]], None]:
        def put(ws: list[str]) -> None:
            seat[key] = convert(ws)

        return put

    def whole(name: str, name_es: str) -> Callable[[list[str]], int]:
        return lambda ws: _number(ws, f"{who} {name}", f"{who_es} {name_es}")

    def resource(r: Resource) -> Callable[[list[str]], None]:
        def put(ws: list[str]) -> None:
            seat["resources"][r.name.lower()] = _number(
                ws, f"{who} {r.name.lower()}", f"{who_es} {r.es}"
            )

        return put

    def knowledge(ws: list[str]) -> None:
        if len(ws) != 3:
            raise _Bad(
                f"{who} knowledge: three steps, development resources money ('knowledge 2 0 1')",
                f"{who_es} conocimiento: tres pasos, desarrollo recursos dinero ('knowledge 2 0 1')",
            )
        for track, w in zip(Track, ws, strict=True):
            seat["tracks"][track.name.lower()] = _int(
                w, f"{who} knowledge", f"{who_es} conocimiento"
            )

    def mahouts(ws: list[str]) -> None:
        for w in ws:
            colour, eq, tile = w.partition("=")
            if not eq:
                raise _Bad(
                    f"{who} mahouts: {w!r} should read like B=donate",
                    f"{who_es} mahouts: {w!r} debe leerse como B=donate",
                )
            seat["mahouts"][_colour(colour)] = _component(
                c.mahout_tiles, tile, f"{who} mahouts", f"{who_es} mahouts"
            )

    def ids(
        items: Sequence[Any], name: str, name_es: str
    ) -> Callable[[list[str]], list[str | None]]:
        return lambda ws: [_component(items, w, f"{who} {name}", f"{who_es} {name_es}") for w in ws]

    def objective_ids(name: str, name_es: str) -> Callable[[list[str]], list[str | None]]:
        """Objective ids, or ``face-down`` for one nobody has named (objectives_at_end)."""
        named = ids(c.objectives, name, name_es)
        return lambda ws: [w if w == UNNAMED_ID else named([w])[0] for w in ws]

    def storehouses(ws: list[str]) -> None:
        houses, flipped = [], []
        for w in ws:
            house, _, mark = w.partition("/")
            if mark and mark.lower() != "flipped":
                raise _Bad(
                    f"{who} storehouses: {w!r}: only '/flipped' may follow",
                    f"{who_es} almacenes: {w!r}: solo puede seguir '/flipped'",
                )
            houses.append(
                _component(c.storehouses, house, f"{who} storehouses", f"{who_es} almacenes")
            )
            flipped.append(bool(mark))
        size = max(3, len(houses))
        seat["storehouses"] = _padded(houses, size)
        seat["storehouse_flipped"] = flipped + [False] * (size - len(flipped))

    def movement(ws: list[str]) -> str:
        word = _one(ws, f"{who} movement", f"{who_es} movimiento").lower()
        if word not in MOVEMENT:
            raise _Bad(
                f"{who} movement: one of {', '.join(MOVEMENT)}",
                f"{who_es} movimiento: uno de {', '.join(MOVEMENT)}",
            )
        return word

    def trades(target: list[int]) -> Callable[[list[str]], None]:
        def put(ws: list[str]) -> None:
            for w in ws:
                target[index] |= 1 << Resource.parse(w)

        return put

    keys: dict[str, Callable[[list[str]], None]] = {
        "pp": value("pp", whole("pp", "PP")),
        "coins": value("coins", whole("coins", "monedas")),
        **{r.name.lower(): resource(r) for r in Resource},
        "knowledge": knowledge,
        "elephant": value(
            "elephant", lambda ws: _district(_one(ws, f"{who} elephant", f"{who_es} elefante"))
        ),
        "on elephant": value("on_elephant", whole("on elephant", "sobre el elefante")),
        "market space": value("market_space", whole("market space", "espacio de mercado")),
        "mahouts": mahouts,
        "mahout hand": value(
            "mahout_hand", ids(c.mahout_tiles, "mahout hand", "losetas de mahout en mano")
        ),
        "objectives": value(
            "objectives", lambda ws: _padded(objective_ids("objectives", "objetivos")(ws), 4)
        ),
        "face down": value("objective_hand", objective_ids("face down", "boca abajo")),
        "storehouses": storehouses,
        "movement": value("movement", movement),
        "tax": value("tax", whole("tax", "impuestos")),
        "donations made": value("donations_made", whole("donations made", "donaciones hechas")),
        "bought": trades(bought),
        "sold": trades(sold),
    }
    reader.items(number, rest, keys, (who, who_es))


def _read_maharajah(reader: _Reader, number: int, rest: str) -> dict[str, Any]:
    c = reader.c
    m: dict[str, Any] = {
        "pp": None,
        "on_elephant": 0,
        "elephant": None,
        "quarry": [],
        "white": 0,
        "white_bounces": 0,
        "objective": None,
        "ledger": None,
    }

    def value(key: str, convert: Callable[[list[str]], Any]) -> Callable[[list[str]], None]:
        def put(ws: list[str]) -> None:
            m[key] = convert(ws)

        return put

    def whole(name: str, name_es: str) -> Callable[[list[str]], int]:
        return lambda ws: _number(ws, f"maharajah {name}", f"marajá {name_es}")

    def quarry(ws: list[str]) -> list[str | None]:
        return [None if w == "-" else Resource.parse(w).name.lower() for w in ws]

    def storehouse(ws: list[str]) -> dict[str, int]:
        if len(ws) != 3:
            raise _Bad(
                "maharajah storehouse: three counts, marble copper gold",
                "marajá almacén: tres cantidades, mármol cobre oro",
            )
        return {
            r.name.lower(): _int(w, "maharajah storehouse", "marajá almacén")
            for r, w in zip(Resource, ws, strict=True)
        }

    keys: dict[str, Callable[[list[str]], None]] = {
        "pp": value("pp", whole("pp", "PP")),
        "board counters": value(
            "board_counters", whole("board counters", "contadores en su tablero")
        ),
        "on elephant": value("on_elephant", whole("on elephant", "sobre el elefante")),
        "elephant": value(
            "elephant", lambda ws: _district(_one(ws, "maharajah elephant", "elefante del marajá"))
        ),
        "quarry": value("quarry", quarry),
        "storehouse": value("storehouse", storehouse),
        "white track": value("white", whole("white track", "marcador blanco")),
        "bounces": value("white_bounces", whole("bounces", "rebotes")),
        "objective": value(
            "objective",
            lambda ws: _component(
                c.objectives,
                _one(ws, "maharajah objective", "objetivo del marajá"),
                "maharajah objective",
                "objetivo del marajá",
            ),
        ),
    }
    reader.items(number, rest, keys, ("maharajah", "marajá"))
    return m


def _fill_derived(data: dict[str, Any], c: Catalog) -> list[Problem]:
    """Fill what the notation leaves out (tax, counters, mahout hand...) from the rest."""
    problems = []
    players = len(data["seats"])
    owners = [o for row in data["board"].get("donations", {}).values() for o in row]
    for index, seat in enumerate(data["seats"]):
        who, who_es = f"player {index + 1}", f"jugador {index + 1}"
        for key, en, es in (("pp", "pp", "PP"), ("coins", "coins", "monedas")):
            if seat[key] is None:
                problems.append(Problem(f"{who}: '{en}' is missing", f"{who_es}: falta '{es}'"))
                seat[key] = 0
        on_board = [x for x in seat["mahouts"].values() if x is not None]
        seat.setdefault("mahout_hand", [t.id for t in c.mahout_tiles if t.id not in on_board])
        seat.setdefault("donations_made", owners.count(index))
        mahouts = [t.id for t in c.mahout_tiles]
        houses = [h.id for h in c.storehouses]
        objectives = [o.id for o in c.objectives]
        if "tax" not in seat:
            seat["tax"] = (
                sum(c.mahout_tiles[mahouts.index(m)].tax_icons for m in on_board if m in mahouts)
                + c.rules.objective_tax_icons
                * sum(1 for o in seat["objectives"] if o in objectives)
                + sum(
                    c.storehouses[houses.index(h)].tax_icons
                    for h in seat["storehouses"]
                    if h in houses
                )
            )
        if "market_space" not in seat:
            empty = (
                sum(1 for x in seat["mahouts"].values() if x is None)
                + sum(1 for x in seat["objectives"] if x is None)
                + sum(1 for x in seat["storehouses"] if x is None)
            )
            on_elephant = seat["on_elephant"] if isinstance(seat["on_elephant"], int) else 0
            seat["market_space"] = (
                c.rules.counters_per_player - empty - on_elephant - owners.count(index)
            )
            if seat["market_space"] < 0:
                problems.append(
                    Problem(
                        f"{who}: {-seat['market_space']} donation counters too many "
                        "(board spaces left empty, on the elephant and on the donation tiles)",
                        f"{who_es}: {-seat['market_space']} contadores de donación de más "
                        "(espacios vacíos del tablero, sobre el elefante y en las losetas de donación)",
                    )
                )
        if seat["ledger"] is None:
            pp = seat["pp"] if isinstance(seat["pp"], int) else c.rules.starting_pp
            seat["ledger"] = [list(e) for e in derived_ledger(c, pp)]
    m = data["maharajah"]
    if data["solo"] and m is None:
        problems.append(
            Problem(
                "a solo game needs the 'maharajah:' line",
                "una partida en solitario necesita la línea 'maharajah:'",
            )
        )
    if m is not None:
        if m["pp"] is None:
            problems.append(Problem("maharajah: 'pp' is missing", "marajá: falta 'pp'"))
            m["pp"] = c.rules.starting_pp
        if m["ledger"] is None:
            m["ledger"] = [
                list(e) for e in derived_ledger(c, m["pp"] if isinstance(m["pp"], int) else 0)
            ]
        on_elephant = m["on_elephant"] if isinstance(m["on_elephant"], int) else 0
        m.setdefault(
            "board_counters", c.rules.counters_per_player - on_elephant - owners.count(players)
        )
        if "storehouse" not in m:
            quarry = [Resource.parse(r) if r else NONE for r in m["quarry"]]
            counts = derived_maharajah_storehouse(c, quarry)
            m["storehouse"] = {r.name.lower(): counts[r] for r in Resource}
    board = data["board"]
    if "donations" not in board:
        board["donations"] = {}
        for d in District:
            try:
                spaces = len(donation_labels(c, 2 if data["solo"] else players, d))
            except KeyError:
                spaces = 0
            board["donations"][d.letter] = [NONE] * spaces
    board.setdefault("maharajah_space", MAHARAJAH_SPACE_NAMES[0])
    if "market" not in board:
        problems.append(Problem("the 'market:' line is missing", "falta la línea 'market:'"))
    return problems


def read_position(text: str, catalog: Catalog | None) -> tuple[GameState | None, list[Problem]]:
    """The state a text holds, or None, and every problem found."""
    c = catalog or default_catalog()
    if any(line.strip().lower().startswith("format:") for line in text.splitlines()):
        from engine.amritsar import position_long

        try:
            return position_long.parse_position(text), []
        except position_long.PositionError as error:
            return None, [Problem(p, p) for p in error.problems]
    reader = _Reader(c)
    data = _game_dict(text, reader)
    problems = reader.problems + _fill_derived(data, c)
    try:
        state = from_dict(data, c, validate=False)
    except StateError as error:
        return None, problems + [_located(Problem(p, p), reader) for p in error.problems]
    decision = data.get("decision")
    if decision is not None:
        if data["pending"]:
            problems.append(
                Problem(
                    "give the 'decision:' line or 'pending:' lines, not both",
                    "indica la línea 'decision:' o las líneas 'pending:', no ambas",
                )
            )
        elif not 0 <= decision[0] < len(state.players):
            problems.append(
                Problem(
                    f"decision: player {decision[0] + 1} is not at the table",
                    f"decisión: el jugador {decision[0] + 1} no está en la mesa",
                )
            )
        elif decision[1] in ("actions", "phase3") and NONE in (
            state.active_colour,
            state.active_district,
        ):
            problems.append(
                Problem(
                    "decision: at the actions or phase 3, 'this turn:' names the active worker "
                    "and the active district",
                    "decisión: en las acciones o la fase 3, 'this turn:' indica el trabajador "
                    "activo y el distrito activo",
                )
            )
        else:
            state = rebuilt(state, *decision)
    # The rules are checked on what could be read, so one look names everything.
    rules = status_words(state)
    if "decision" in reader.seen and not state.pending:  # the decision line's problem says it
        rules = [p for p in rules if not p.en.startswith("pending:")]
    problems += [_located(p, reader) for p in rules]
    return (None if problems else state), problems


#: a problem's leading words (``status`` and ``from_dict`` name fields) -> the area's line
_AREA_OF = {
    "options": "house rules",
    "score": "game",
    "decade": "game",
    "round": "game",
    "turn": "this turn",
    "maharajah": "maharajah",
    "tax": "game",
}


def _field_area(head: str) -> str:
    """The area of a saved form's field (``engine.amritsar.consistency`` names those):
    ``seats[1].coins`` -> ``player 2``, ``pending[3].a`` -> ``pending``."""
    seat = re.match(r"seats\[(\d+)\]", head)
    if seat:
        return f"player {int(seat[1]) + 1}"
    if head.startswith("pending["):
        return "pending"
    if head.startswith("board.revealed_storehouses"):
        return "storehouses"
    return head.split(".", 1)[0] if head.startswith("turn.") else ""


def _located(problem: Problem, reader: _Reader) -> Problem:
    """``problem`` with the line of the area it concerns (every problem names its line).

    A problem already naming a line, or about an area the text does not give (a line
    missing), is kept as it is."""
    if problem.en.startswith("line ") or problem.en.startswith("the '"):
        return problem
    head = _norm(re.split(r"[:,(]", problem.en, maxsplit=1)[0])
    words = head.split()
    candidates = [_field_area(head), head, " ".join(words[:2]), words[0] if words else ""]
    frame = re.match(r"pending\[(\d+)\]", head)
    if frame and int(frame[1]) < len(reader.pending_lines):  # the frame's own line
        number = reader.pending_lines[int(frame[1])]
        return Problem(f"line {number}: {problem.en}", f"línea {number}: {problem.es}")
    if frame and "decision" in reader.line_of:
        candidates.insert(0, "decision")
    for candidate in candidates:
        area = _AREA_OF.get(candidate, candidate)
        if area in reader.line_of:
            number = reader.line_of[area]
            return Problem(f"line {number}: {problem.en}", f"línea {number}: {problem.es}")
    if "game" in reader.line_of:  # a rule of the whole position: the game line
        number = reader.line_of["game"]
        return Problem(f"line {number}: {problem.en}", f"línea {number}: {problem.es}")
    return problem
