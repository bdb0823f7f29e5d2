"""A position as a few lines of text a person reads, writes and pastes into a bug report.

The FEN of Amritsar: one line per area of the table, each area and each item
named by the rulebook's words, anything that can be worked out left out. The
grammar is documented in ``docs/position-notation.md``; a 3-player position
mid-game reads::

    game: 3 players, decade 1, round 3, turn 3, starting player 3, current player 2
    sections: N1 BW, N2 WYYG, E1 GY, E2 W, W1 B, W2 BG
    section coins: N1 1, E2 1
    maharajah token: ES
    district tiles: N DB2 DG2 DW1, E DG1 DW3 DY2, S DY1 DB3 DG3, W DW2 DY3 DB1
    temple tiles: T1 T2 T3
    bridge tiles: BR2 BR6 BR3
    donations: W1.3=3
    market: marble 3, copper 3, gold 3
    storehouses: S06 S14 S12 S03 S15 S10 S05 S13
    this turn: last active worker G
    player 1: pp 6, coins 0, elephant E, on elephant 2, mahouts B=donate, objectives C2, face down A6 B6 D1
    player 1 score: bridge BR2 +1
    ...
    pending: end-turn player 2
    pending: elephant player 2 a=3
    pending: actions player 2
    pending: sow-origin player 2

- ``format_position(state)`` writes it; ``parse_position(text)`` reads it back
  exactly (``format -> parse`` gives the same state, pending decision included).
- ``position_problems(text, language)`` names every problem at once, in a
  player's words (English or Spanish): each unreadable line or item, then
  every rule the position breaks (``engine.amritsar.serialize.status``).
  ``parse_position`` raises ``PositionError`` with the English list.
- ``at_turn(state, seat, stage, colour=, district=)`` builds a mid-turn position.
- The long one-fact-a-line form of earlier versions (``format: amritsar-state/1``)
  is still read (``engine.amritsar.position_long``).
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
from engine.amritsar.effects import Track, format_effect
from engine.amritsar.position_words import Problem, status_words
from engine.amritsar.serialize import FORMAT, StateError, from_dict
from engine.amritsar.state import CHANCE, MAHARAJAH, NOBODY, NONE, Frame, GameState, PlayerState

_MOVEMENT = ("locked", "unlocked", "spent")
_DONE = ("main", "secondary", "closed")
_DECIDERS = {CHANCE: "chance", MAHARAJAH: "maharajah", NOBODY: "nobody", NONE: "none"}
_FRAME_FIELDS = ("a", "b", "n", "flags")
_QUOTED = re.compile(r'(?:[^\s"]+=)?"(?:[^"\\]|\\.)*"|[^\s"]+')


class PositionError(ValueError):
    """The text is not a sound position; ``problems`` lists every one (English)."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        body = "\n".join(f"- {p}" for p in problems)
        super().__init__(
            f"the position has {len(problems)} problem{'s' * (len(problems) != 1)}:\n{body}"
        )


# -- writing -----------------------------------------------------------------


def _word(text: str) -> str:
    """A bare word, or a JSON-quoted string when it has spaces or quotes."""
    if text and re.fullmatch(r'[^\s"=,;]+', text):
        return text
    return json.dumps(text, ensure_ascii=False)


def _ids(items: Sequence[Any], indices: Sequence[int]) -> list[str]:
    return ["-" if i == NONE else items[i].id for i in indices]


def _trimmed(words: list[str]) -> list[str]:
    while words and words[-1] == "-":
        words.pop()
    return words


def _player_number(seat: int) -> str:
    return _DECIDERS.get(seat, f"player {seat + 1}")


def _donation_labels(c: Catalog, players: int, district: District) -> list[str]:
    """``N1.1``, ``N1.2``... (district, level, space) for each space of a donation tile."""
    tile = c.donation_tile(players, district)
    return [
        f"{district.letter}{level}.{space + 1}"
        for level, tier in enumerate(tile.levels, start=1)
        for space in range(len(tier.pp))
    ]


def derived_tax(c: Catalog, p: PlayerState) -> int:
    """The tax icons the upgrades on a personal board show."""
    return (
        sum(c.mahout_tiles[m].tax_icons for m in p.mahouts if m != NONE)
        + c.rules.objective_tax_icons * sum(1 for o in p.objectives if o != NONE)
        + sum(c.storehouses[h].tax_icons for h in p.storehouses if h != NONE)
    )


def _derived_mahout_hand(c: Catalog, mahouts: Sequence[int]) -> tuple[int, ...]:
    return tuple(i for i in range(len(c.mahout_tiles)) if i not in mahouts)


def _on_tiles(s: GameState, seat: int) -> int:
    return sum(1 for owners in s.donations for o in owners if o == seat)


def _derived_market_space(s: GameState, p: PlayerState) -> int:
    empty = sum(
        1 for spaces in (p.mahouts, p.objectives, p.storehouses) for x in spaces if x == NONE
    )
    return s.catalog.rules.counters_per_player - empty - p.on_elephant - _on_tiles(s, p.seat)


def _derived_ledger(c: Catalog, pp: int) -> tuple[tuple[str, str, int], ...]:
    gained = pp - c.rules.starting_pp
    return (("position", "", gained),) if gained else ()


def _resources(bits: int) -> list[str]:
    return [r.name.lower() for r in Resource if bits >> r & 1]


def _player_line(s: GameState, p: PlayerState) -> str:
    c = s.catalog
    items = [f"pp {p.pp}", f"coins {p.coins}"]
    items += [f"{r.name.lower()} {p.resources[r]}" for r in Resource if p.resources[r]]
    if any(p.tracks):
        items.append("knowledge " + " ".join(str(v) for v in p.tracks))
    if p.elephant != NONE:
        items.append(f"elephant {District(p.elephant).letter}")
    if p.on_elephant:
        items.append(f"on elephant {p.on_elephant}")
    if p.market_space != _derived_market_space(s, p):
        items.append(f"market space {p.market_space}")
    mahouts = [
        f"{WorkerColour(i).letter}={c.mahout_tiles[t].id}"
        for i, t in enumerate(p.mahouts)
        if t != NONE
    ]
    if mahouts:
        items.append("mahouts " + " ".join(mahouts))
    if p.mahout_hand != _derived_mahout_hand(c, p.mahouts):
        items.append("mahout hand " + " ".join(_ids(c.mahout_tiles, p.mahout_hand)))
    objectives = _trimmed(_ids(c.objectives, p.objectives))
    if objectives or len(p.objectives) != 4:
        items.append("objectives " + " ".join(objectives))
    if p.objective_hand:
        items.append("face down " + " ".join(_ids(c.objectives, p.objective_hand)))
    houses = _ids(c.storehouses, p.storehouses)
    flipped = [
        f"{h}/flipped" if f else h for h, f in zip(houses, p.storehouse_flipped, strict=False)
    ]
    if len(flipped) != len(houses):
        flipped = houses
    shown = _trimmed(flipped)
    if shown or len(p.storehouses) != 3 or len(p.storehouse_flipped) != 3:
        items.append("storehouses " + " ".join(shown))
    if p.movement:
        items.append(f"movement {_MOVEMENT[p.movement]}")
    if p.tax != derived_tax(c, p):
        items.append(f"tax {p.tax}")
    if p.donation_counters_placed != _on_tiles(s, p.seat):
        items.append(f"donations made {p.donation_counters_placed}")
    if s.bought[p.seat]:
        items.append("bought " + " ".join(_resources(s.bought[p.seat])))
    if s.sold[p.seat]:
        items.append("sold " + " ".join(_resources(s.sold[p.seat])))
    return f"player {p.seat + 1}: " + ", ".join(items)


def _component_words(text: str) -> str:
    """A score entry's "what": bare words when they read back the same, else quoted."""
    words = text.split()
    if words and " ".join(words) == text and not re.search(r'[";]', text):
        return text
    return json.dumps(text, ensure_ascii=False) if text else ""


def _ledger_line(
    who: str, c: Catalog, pp: int, ledger: Sequence[tuple[str, str, int]]
) -> list[str]:
    if tuple(ledger) == _derived_ledger(c, pp):
        return []
    entries = [
        " ".join(w for w in (_word(cat), _component_words(comp), f"{amount:+d}") if w)
        for cat, comp, amount in ledger
    ]
    return [f"{who} score: " + "; ".join(entries) if entries else f"{who} score: none"]


def _maharajah_lines(s: GameState) -> list[str]:
    m = s.maharajah
    if m is None:
        return []
    c = s.catalog
    items = [f"pp {m.pp}"]
    on_tiles = _on_tiles(s, len(s.players))
    if m.board_counters != c.rules.counters_per_player - m.on_elephant - on_tiles:
        items.append(f"board counters {m.board_counters}")
    items.append(f"on elephant {m.on_elephant}")
    if m.elephant != NONE:
        items.append(f"elephant {District(m.elephant).letter}")
    items.append("quarry " + " ".join("-" if r == NONE else Resource(r).letter for r in m.quarry))
    if m.storehouse != _derived_maharajah_storehouse(c, m.quarry):
        items.append("storehouse " + " ".join(str(v) for v in m.storehouse))
    if m.white:
        items.append(f"white track {m.white}")
    if m.white_bounces:
        items.append(f"bounces {m.white_bounces}")
    if m.objective != NONE:
        items.append(f"objective {c.objectives[m.objective].id}")
    return ["maharajah: " + ", ".join(items), *_ledger_line("maharajah", c, m.pp, m.ledger)]


def _derived_maharajah_storehouse(c: Catalog, quarry: Sequence[int]) -> tuple[int, int, int]:
    printed = c.maharajah.quarry
    counts = [printed.count(r) - list(quarry).count(r) for r in Resource]
    return (counts[0], counts[1], counts[2])


def _frame_line(frame: Frame) -> str:
    words = [Pending(frame.kind).name.lower().replace("_", "-"), _player_number(frame.player)]
    words += [f"{name}={getattr(frame, name)}" for name in _FRAME_FIELDS if getattr(frame, name)]
    if frame.steps:
        words.append("steps=" + ";".join(format_effect((step,)) for step in frame.steps))
    if frame.src != ("", ""):
        words.append("src=" + _word(f"{frame.src[0]}:{frame.src[1]}"))
    return "pending: " + " ".join(words)


def _turn_items(s: GameState) -> list[str]:
    items = []
    if s.hand:
        items.append("in hand " + "".join(WorkerColour(w).letter for w in s.hand))
    if s.active_colour != NONE:
        items.append(f"active worker {WorkerColour(s.active_colour).letter}")
    if s.active_district != NONE:
        items.append(f"active district {District(s.active_district).letter}")
    if s.last_active_colour != NONE:
        items.append(f"last active worker {WorkerColour(s.last_active_colour).letter}")
    if s.tile_slot != NONE:
        slot = SLOT_NAMES[s.tile_slot] if 0 <= s.tile_slot < 3 else str(s.tile_slot)
        items.append(f"tile {slot}")
    if s.tile_done:
        done = [w for i, w in enumerate(_DONE) if s.tile_done >> i & 1]
        rest = s.tile_done & ~0b111
        items.append("done " + " ".join(done + ([str(rest)] if rest else [])))
    if s.elephant_used:
        items.append("elephant used")
    if s.exchange_used:
        items.append("exchange used")
    if s.followers:
        items.append(f"followers {s.followers}")
    return items


def format_position(state: GameState) -> str:
    """The whole state in the notation (secrets included: hands, face-down objectives)."""
    s = state
    c = s.catalog
    game = ["solo" if s.solo else f"{len(s.players)} players"]
    if s.hard:
        game.append("hard")
    game += [
        f"decade {s.decade}",
        f"round {s.round}",
        f"turn {s.turn_in_round + 1}",
    ]
    game += [
        f"{name} {seat + 1}"
        for name, seat in (("starting player", s.starting_player), ("current player", s.current))
        if seat != NONE
    ]
    if s.finished:
        game.append("over")
    lines = ["game: " + ", ".join(game)]
    if s.options:
        lines.append("house rules: " + " ".join(s.options))
    sections = [
        f"{SECTION_NAMES[i] if i < len(SECTION_NAMES) else i} "
        + "".join(WorkerColour(w).letter for w in workers)
        for i, workers in enumerate(s.sections)
        if workers
    ]
    if len(s.sections) != len(SECTION_NAMES):
        sections.append(f"count {len(s.sections)}")
    if sections:
        lines.append("sections: " + ", ".join(sections))
    coins = [f"{SECTION_NAMES[i]} {n}" for i, n in enumerate(s.section_coins) if n]
    if len(s.section_coins) != len(SECTION_NAMES):
        coins = [" ".join(str(n) for n in s.section_coins)]
    if coins:
        lines.append("section coins: " + ", ".join(coins))
    lines.append(f"maharajah token: {MAHARAJAH_SPACE_NAMES[s.maharajah_space]}")
    if s.maharajah_workers:
        lines.append(
            "workers beside the maharajah: "
            + ", ".join(
                f"{MAHARAJAH_SPACE_NAMES[i]} {'-' if w == NONE else WorkerColour(w).letter}"
                for i, w in enumerate(s.maharajah_workers)
            )
        )
    tiles = [
        f"{District(d).letter} {' '.join(_ids(c.district_tiles, row))}".rstrip()
        for d, row in enumerate(s.district_tiles)
        if row
    ]
    if tiles:
        lines.append("district tiles: " + ", ".join(tiles))
    if s.temple:
        lines.append("temple tiles: " + " ".join(_ids(c.temple_tiles, s.temple)))
    if s.bridge:
        lines.append("bridge tiles: " + " ".join(_ids(c.bridge_tiles, s.bridge)))
    donations = []
    for d, owners in enumerate(s.donations):
        labels = _donation_labels(c, s.donation_players, District(d))
        if len(owners) != len(labels):
            donations.append(f"{District(d).letter} " + " ".join(str(o) for o in owners))
            continue
        for label, owner in zip(labels, owners, strict=True):
            if owner != NONE:
                who = "M" if s.solo and owner == len(s.players) else str(owner + 1)
                donations.append(f"{label}={who}")
    if donations:
        lines.append("donations: " + " ".join(donations))
    lines.append("market: " + ", ".join(f"{r.name.lower()} {s.market[r]}" for r in Resource))
    if s.revealed_storehouses:
        lines.append("storehouses: " + " ".join(_ids(c.storehouses, s.revealed_storehouses)))
    turn = _turn_items(s)
    if turn:
        lines.append("this turn: " + ", ".join(turn))
    for p in s.players:
        lines.append(_player_line(s, p))
        lines += _ledger_line(f"player {p.seat + 1}", c, p.pp, p.ledger)
    lines += _maharajah_lines(s)
    stage = _decision_stage(s)
    if stage is not None:
        lines.append(f"decision: player {s.current + 1} {stage}")
    else:
        lines += [_frame_line(f) for f in s.pending]
    return "\n".join(lines) + "\n"


# -- reading -----------------------------------------------------------------


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


def _tokens(text: str) -> list[str]:
    """Whitespace-separated words; a ``"quoted string"`` is one word (unquoted)."""
    out = []
    for match in _QUOTED.finditer(text):
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


def _seat_word(word: str, players: int, solo: bool) -> int:
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
    words = _tokens(rest)
    if key == "house rules":
        data["options"] = words
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
        stage = _STAGE_WORDS.get(_norm(" ".join(words[2:])))
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
            spaces = _donation_labels(c, donation_players, d)
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
            rows[where[0]][where[1]] = _seat_word(owner, players, solo)
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
            if w.lower() in _DONE:
                bits |= 1 << _DONE.index(w.lower())
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
    frame.update({field: 0 for field in _FRAME_FIELDS})
    rest = words[1:]
    deciders = {v: k for k, v in _DECIDERS.items()}
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
        if field in _FRAME_FIELDS:
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
        if word not in _MOVEMENT:
            raise _Bad(
                f"{who} movement: one of {', '.join(_MOVEMENT)}",
                f"{who_es} movimiento: uno de {', '.join(_MOVEMENT)}",
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
            "objectives", lambda ws: _padded(ids(c.objectives, "objectives", "objetivos")(ws), 4)
        ),
        "face down": value("objective_hand", ids(c.objectives, "face down", "boca abajo")),
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
            seat["ledger"] = [list(e) for e in _derived_ledger(c, pp)]
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
                list(e) for e in _derived_ledger(c, m["pp"] if isinstance(m["pp"], int) else 0)
            ]
        on_elephant = m["on_elephant"] if isinstance(m["on_elephant"], int) else 0
        m.setdefault(
            "board_counters", c.rules.counters_per_player - on_elephant - owners.count(players)
        )
        if "storehouse" not in m:
            quarry = [Resource.parse(r) if r else NONE for r in m["quarry"]]
            counts = _derived_maharajah_storehouse(c, quarry)
            m["storehouse"] = {r.name.lower(): counts[r] for r in Resource}
    board = data["board"]
    if "donations" not in board:
        board["donations"] = {}
        for d in District:
            try:
                spaces = len(_donation_labels(c, 2 if data["solo"] else players, d))
            except KeyError:
                spaces = 0
            board["donations"][d.letter] = [NONE] * spaces
    board.setdefault("maharajah_space", MAHARAJAH_SPACE_NAMES[0])
    if "market" not in board:
        problems.append(Problem("the 'market:' line is missing", "falta la línea 'market:'"))
    return problems


def _read(text: str, catalog: Catalog | None) -> tuple[GameState | None, list[Problem]]:
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
        return None, problems + [Problem(p, p) for p in error.problems]
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
            state = _rebuilt(state, *decision)
    # The rules are checked on what could be read, so one look names everything.
    rules = status_words(state)
    if "decision" in reader.seen and not state.pending:  # the decision line's problem says it
        rules = [p for p in rules if not p.en.startswith("pending:")]
    problems += rules
    return (None if problems else state), problems


def position_problems(text: str, language: str = "en", catalog: Catalog | None = None) -> list[str]:
    """Every problem of a position text in a player's words (empty: a sound position)."""
    _, problems = _read(text, catalog)
    return [p.es if language == "es" else p.en for p in problems]


def parse_position(text: str, catalog: Catalog | None = None) -> GameState:
    """Read a position; raises ``PositionError`` naming every problem."""
    state, problems = _read(text, catalog)
    if problems or state is None:
        raise PositionError([p.en for p in problems])
    return state


# -- building mid-turn positions ----------------------------------------------

STAGES = ("elephant", "sow", "actions", "phase3")


def at_turn(
    state: GameState,
    seat: int,
    stage: str = "elephant",
    *,
    colour: str | None = None,
    district: str | None = None,
) -> GameState:
    """A copy with ``seat``'s turn pending at ``stage`` of the current round.

    Stages: ``elephant`` (phase 1), ``sow`` (choose the origin section),
    ``actions`` (the active worker's menu: give the worker's ``colour`` and the
    ``district`` it stands in, as letters) and ``phase3``. The decision stack
    is rebuilt as the turn would have it; the rest of the position is kept.
    """
    from engine.amritsar.rules.turn import start_turn

    if stage not in STAGES:
        raise ValueError(f"stage {stage!r}: expected one of {', '.join(STAGES)}")
    if not 0 <= seat < len(state.players):
        raise ValueError(f"seat {seat}: this table has seats 0 to {len(state.players) - 1}")
    new = state.copy()
    new.turn_in_round = (seat - new.starting_player) % new.player_count
    new.pending = ()
    start_turn(new)
    new.pending = new.pending[: len(new.pending) - STAGES.index(stage)]
    if stage in ("actions", "phase3"):
        if colour is None or district is None:
            raise ValueError("say which worker is active and where: colour= and district=")
        new.active_colour = int(WorkerColour.parse(colour))
        new.active_district = int(District.parse(district))
    return new


#: Words of the ``decision:`` line -> ``at_turn`` stages.
_STAGE_WORDS = {
    "elephant": "elephant",
    "phase 1": "elephant",
    "sow": "sow",
    "move workers": "sow",
    "actions": "actions",
    "phase3": "phase3",
    "phase 3": "phase3",
}
_TURN_FIELDS = (
    "hand",
    "tile_slot",
    "tile_done",
    "elephant_used",
    "bought",
    "sold",
    "exchange_used",
    "followers",
)


def _rebuilt(s: GameState, seat: int, stage: str) -> GameState:
    """``at_turn`` keeping this turn's other fields (trades, tile done...)."""
    colour = district = None
    if stage in ("actions", "phase3"):
        if s.active_colour == NONE or s.active_district == NONE:
            raise ValueError("say which worker is active and where: colour= and district=")
        colour = WorkerColour(s.active_colour).letter
        district = District(s.active_district).letter
    new = at_turn(s, seat, stage, colour=colour, district=district)
    for name in _TURN_FIELDS:
        setattr(new, name, getattr(s, name))
    return new


def _decision_stage(s: GameState) -> str | None:
    """The stage ``decision:`` names when the pending stack is exactly a turn's."""
    if s.finished or not 0 <= s.current < len(s.players) or not s.pending:
        return None
    for stage in STAGES:
        try:
            if _rebuilt(s, s.current, stage) == s:
                return stage
        except ValueError:
            continue
    return None


__all__ = [
    "STAGES",
    "PositionError",
    "at_turn",
    "derived_tax",
    "format_position",
    "parse_position",
    "position_problems",
]
