"""States as JSON, and a validity check that lists every problem at once.

``to_json``/``from_json`` round-trip a state exactly. The JSON names things
the way the rulebook and the catalog do (district letters, worker colour
letters, component ids), so a person or the camera layer can write one by
hand. ``from_json`` validates what it reads; ``status(state)`` returns every
problem found (like python-chess's ``status()``): a state read off a table is
checked completely before anyone trusts it.

Example:
    >>> from engine.amritsar.game import new_game
    >>> state = new_game(3, seed=1)
    >>> from_json(to_json(state)) == state
    True
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from engine.amritsar import consistency
from engine.amritsar.board import (
    MAHARAJAH_SPACE_NAMES,
    SECTION_CAPACITY,
    SECTION_COUNT,
    District,
    Resource,
    WorkerColour,
)
from engine.amritsar.catalog import Catalog, default_catalog
from engine.amritsar.decisions import Pending
from engine.amritsar.effects import Step, Track, format_effect, parse_effect
from engine.amritsar.options import checked_options
from engine.amritsar.state import NONE, UNNAMED, Frame, GameState, MaharajahState, PlayerState

FORMAT = "amritsar-state/1"
_MOVEMENT = ("locked", "unlocked", "spent")


class StateError(ValueError):
    """A state that cannot be trusted; ``problems`` lists every fault found."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        body = "\n".join(f"  - {p}" for p in problems)
        super().__init__(
            f"the game state has {len(problems)} problem{'s' * (len(problems) != 1)}:\n{body}"
        )


def _colour(value: int) -> str | None:
    return None if value == NONE else WorkerColour(value).letter


def _district(value: int) -> str | None:
    return None if value == NONE else District(value).letter


def _ids(items: Sequence[Any], indices: Sequence[int]) -> list[str | None]:
    return [None if i == NONE else items[i].id for i in indices]


#: An objective nobody has named (``UNNAMED``, house rule ``objectives_at_end``).
UNNAMED_ID = "face-down"


def _objective_ids(c: Catalog, indices: Sequence[int]) -> list[str | None]:
    return [UNNAMED_ID if i == UNNAMED else _ids(c.objectives, [i])[0] for i in indices]


def _player_dict(c: Catalog, p: PlayerState) -> dict[str, Any]:
    return {
        "seat": p.seat,
        "pp": p.pp,
        "coins": p.coins,
        "resources": {r.name.lower(): p.resources[r] for r in Resource},
        "tracks": {t.name.lower(): p.tracks[t] for t in Track},
        "tax": p.tax,
        "elephant": _district(p.elephant),
        "on_elephant": p.on_elephant,
        "market_space": p.market_space,
        "mahouts": {
            WorkerColour(i).letter: _ids(c.mahout_tiles, [t])[0] for i, t in enumerate(p.mahouts)
        },
        "mahout_hand": _ids(c.mahout_tiles, p.mahout_hand),
        "objectives": _objective_ids(c, p.objectives),
        "objective_hand": _objective_ids(c, p.objective_hand),
        "storehouses": _ids(c.storehouses, p.storehouses),
        "storehouse_flipped": list(p.storehouse_flipped),
        "movement": _MOVEMENT[p.movement],
        "donations_made": p.donation_counters_placed,
        "ledger": [list(entry) for entry in p.ledger],
    }


def _maharajah_dict(c: Catalog, m: MaharajahState) -> dict[str, Any]:
    return {
        "pp": m.pp,
        "board_counters": m.board_counters,
        "on_elephant": m.on_elephant,
        "elephant": _district(m.elephant),
        "quarry": [None if r == NONE else Resource(r).name.lower() for r in m.quarry],
        "storehouse": {r.name.lower(): m.storehouse[r] for r in Resource},
        "white": m.white,
        "white_bounces": m.white_bounces,
        "objective": _ids(c.objectives, [m.objective])[0],
        "ledger": [list(entry) for entry in m.ledger],
    }


def _frame_dict(frame: Frame) -> dict[str, Any]:
    return {
        "kind": Pending(frame.kind).name,
        "player": frame.player,
        "steps": [format_effect((step,)) for step in frame.steps],
        "a": frame.a,
        "b": frame.b,
        "n": frame.n,
        "src": list(frame.src),
        "flags": frame.flags,
    }


def to_dict(s: GameState) -> dict[str, Any]:
    """The whole state, secrets included, as plain JSON types."""
    c = s.catalog
    return {
        "format": FORMAT,
        "players": len(s.players),
        "solo": s.solo,
        "hard": s.hard,
        "decade": s.decade,
        "round": s.round,
        "turn_in_round": s.turn_in_round,
        "starting_player": s.starting_player,
        "current": s.current,
        "finished": s.finished,
        "options": list(s.options),
        "board": {
            "sections": ["".join(WorkerColour(w).letter for w in sec) for sec in s.sections],
            "section_coins": list(s.section_coins),
            "maharajah_workers": [_colour(w) for w in s.maharajah_workers],
            "maharajah_space": MAHARAJAH_SPACE_NAMES[s.maharajah_space],
            "district_tiles": {
                District(d).letter: _ids(c.district_tiles, row)
                for d, row in enumerate(s.district_tiles)
            },
            "temple": _ids(c.temple_tiles, s.temple),
            "bridge": _ids(c.bridge_tiles, s.bridge),
            "donations": {District(d).letter: list(row) for d, row in enumerate(s.donations)},
            "market": {r.name.lower(): s.market[r] for r in Resource},
            "revealed_storehouses": _ids(c.storehouses, s.revealed_storehouses),
        },
        "turn": {
            "hand": "".join(WorkerColour(w).letter for w in s.hand),
            "active_colour": _colour(s.active_colour),
            "active_district": _district(s.active_district),
            "last_active_colour": _colour(s.last_active_colour),
            "tile_slot": s.tile_slot,
            "tile_done": s.tile_done,
            "elephant_used": s.elephant_used,
            "bought": list(s.bought),
            "sold": list(s.sold),
            "exchange_used": s.exchange_used,
            "followers": s.followers,
        },
        "seats": [_player_dict(c, p) for p in s.players],
        "maharajah": None if s.maharajah is None else _maharajah_dict(c, s.maharajah),
        "pending": [_frame_dict(f) for f in s.pending],
    }


def to_json(s: GameState, indent: int | None = None) -> str:
    return json.dumps(to_dict(s), indent=indent, ensure_ascii=False)


class _Decoder:
    """Reads the dict form, collecting every problem instead of stopping."""

    def __init__(self, catalog: Catalog):
        self.c = catalog
        self.problems: list[str] = []

    def fail(self, message: str) -> None:
        self.problems.append(message)

    def get(self, data: Any, key: str, where: str, default: Any = None) -> Any:
        if not isinstance(data, dict) or key not in data:
            self.fail(f"{where}: missing '{key}'")
            return default
        return data[key]

    def number(self, value: Any, where: str, default: int = 0) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(f"{where}: expected a whole number, got {value!r}")
            return default
        return value

    def colour(self, value: Any, where: str) -> int:
        if value is None:
            return NONE
        try:
            return int(WorkerColour.parse(str(value)))
        except ValueError as error:
            self.fail(f"{where}: {error}")
            return NONE

    def district(self, value: Any, where: str) -> int:
        if value is None:
            return NONE
        try:
            return int(District.parse(str(value)))
        except ValueError as error:
            self.fail(f"{where}: {error}")
            return NONE

    def component(self, items: Sequence[Any], value: Any, where: str) -> int:
        if value is None:
            return NONE
        for index, item in enumerate(items):
            if item.id == value:
                return index
        self.fail(f"{where}: unknown component {value!r}")
        return NONE

    def components(self, items: Sequence[Any], values: Any, where: str) -> tuple[int, ...]:
        if not isinstance(values, list):
            self.fail(f"{where}: expected a list")
            return ()
        return tuple(self.component(items, v, f"{where}[{i}]") for i, v in enumerate(values))

    def objectives(self, values: Any, where: str) -> tuple[int, ...]:
        """Objective ids, or ``UNNAMED_ID`` for one face down that nobody has named."""
        if not isinstance(values, list):
            self.fail(f"{where}: expected a list")
            return ()
        return tuple(
            UNNAMED if v == UNNAMED_ID else self.component(self.c.objectives, v, f"{where}[{i}]")
            for i, v in enumerate(values)
        )

    def options(self, value: Any) -> tuple[str, ...]:
        """House rules by name (saves from before house rules have none)."""
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            self.fail("options: expected a list of house rule names")
            return ()
        try:
            return checked_options(value)
        except ValueError as error:
            self.fail(f"options: {error}")
            return ()

    def per_seat(self, value: Any, where: str, current: int, seats: int) -> tuple[int, ...]:
        """Resource bits per seat; a single number (saves before per-seat trades)
        belongs to the seat whose turn it is."""
        if isinstance(value, list):
            if len(value) != seats:
                self.fail(f"{where}: expected one entry per seat ({seats}), got {len(value)}")
                return (0,) * seats
            return tuple(self.number(v, where) for v in value)
        bits = self.number(value, where)
        return tuple(bits if seat == current else 0 for seat in range(seats))

    def per_resource(self, value: Any, where: str) -> tuple[int, int, int]:
        counts = [
            self.number(self.get(value, r.name.lower(), where, 0), f"{where}.{r.name.lower()}")
            for r in Resource
        ]
        return (counts[0], counts[1], counts[2])

    def player(self, data: Any, seat: int) -> PlayerState:
        where = f"seats[{seat}]"
        c = self.c
        p = PlayerState.__new__(PlayerState)
        p.seat = seat
        p.pp = self.number(self.get(data, "pp", where), f"{where}.pp")
        p.coins = self.number(self.get(data, "coins", where), f"{where}.coins")
        p.resources = self.per_resource(
            self.get(data, "resources", where, {}), f"{where}.resources"
        )
        tracks = self.get(data, "tracks", where, {})
        t = [
            self.number(self.get(tracks, k.name.lower(), f"{where}.tracks", 0), f"{where}.tracks")
            for k in Track
        ]
        p.tracks = (t[0], t[1], t[2])
        p.tax = self.number(self.get(data, "tax", where), f"{where}.tax")
        p.elephant = self.district(self.get(data, "elephant", where), f"{where}.elephant")
        p.on_elephant = self.number(self.get(data, "on_elephant", where), f"{where}.on_elephant")
        p.market_space = self.number(self.get(data, "market_space", where), f"{where}.market_space")
        mahouts = self.get(data, "mahouts", where, {})
        m = [
            self.component(
                c.mahout_tiles,
                self.get(mahouts, col.letter, f"{where}.mahouts"),
                f"{where}.mahouts.{col.letter}",
            )
            for col in WorkerColour
        ]
        p.mahouts = (m[0], m[1], m[2], m[3])
        p.mahout_hand = self.components(
            c.mahout_tiles, self.get(data, "mahout_hand", where, []), f"{where}.mahout_hand"
        )
        o = self.objectives(self.get(data, "objectives", where, []), f"{where}.objectives")
        if len(o) != 4:
            self.fail(f"{where}.objectives: expected 4 spaces, got {len(o)}")
            o = (NONE, NONE, NONE, NONE)
        p.objectives = (o[0], o[1], o[2], o[3])
        p.objective_hand = self.objectives(
            self.get(data, "objective_hand", where, []), f"{where}.objective_hand"
        )
        p.storehouses = self.components(
            c.storehouses, self.get(data, "storehouses", where, []), f"{where}.storehouses"
        )
        flipped = self.get(data, "storehouse_flipped", where, [])
        p.storehouse_flipped = tuple(bool(f) for f in flipped) if isinstance(flipped, list) else ()
        movement = self.get(data, "movement", where, "locked")
        if movement not in _MOVEMENT:
            self.fail(f"{where}.movement: expected one of {_MOVEMENT}")
            movement = "locked"
        p.movement = _MOVEMENT.index(movement)
        p.donation_counters_placed = self.number(
            self.get(data, "donations_made", where), f"{where}.donations_made"
        )
        p.ledger = self.ledger(self.get(data, "ledger", where, []), f"{where}.ledger")
        return p

    def ledger(self, value: Any, where: str) -> tuple[tuple[str, str, int], ...]:
        if not isinstance(value, list):
            self.fail(f"{where}: expected a list")
            return ()
        entries = []
        for i, entry in enumerate(value):
            if not (isinstance(entry, list) and len(entry) == 3 and isinstance(entry[2], int)):
                self.fail(f"{where}[{i}]: expected [category, component, amount]")
                continue
            entries.append((str(entry[0]), str(entry[1]), entry[2]))
        return tuple(entries)

    def maharajah(self, data: Any) -> MaharajahState:
        where = "maharajah"
        m = MaharajahState.__new__(MaharajahState)
        m.pp = self.number(self.get(data, "pp", where), f"{where}.pp")
        m.board_counters = self.number(
            self.get(data, "board_counters", where), f"{where}.board_counters"
        )
        m.on_elephant = self.number(self.get(data, "on_elephant", where), f"{where}.on_elephant")
        m.elephant = self.district(self.get(data, "elephant", where), f"{where}.elephant")
        quarry = []
        for i, r in enumerate(self.get(data, "quarry", where, [])):
            if r is None:
                quarry.append(NONE)
            else:
                try:
                    quarry.append(int(Resource.parse(str(r))))
                except ValueError as error:
                    self.fail(f"{where}.quarry[{i}]: {error}")
        m.quarry = tuple(quarry)
        m.storehouse = self.per_resource(
            self.get(data, "storehouse", where, {}), f"{where}.storehouse"
        )
        m.white = self.number(self.get(data, "white", where), f"{where}.white")
        m.white_bounces = self.number(
            self.get(data, "white_bounces", where), f"{where}.white_bounces"
        )
        m.objective = self.component(
            self.c.objectives, self.get(data, "objective", where), f"{where}.objective"
        )
        m.ledger = self.ledger(self.get(data, "ledger", where, []), f"{where}.ledger")
        return m

    def frame(self, data: Any, index: int) -> Frame:
        where = f"pending[{index}]"
        kind_name = self.get(data, "kind", where, "GAME_OVER")
        if kind_name not in Pending.__members__:
            self.fail(f"{where}.kind: unknown decision kind {kind_name!r}")
            kind_name = "GAME_OVER"
        steps: list[Step] = []
        for i, text in enumerate(self.get(data, "steps", where, [])):
            try:
                parsed = parse_effect(str(text))
            except ValueError as error:
                self.fail(f"{where}.steps[{i}]: {error}")
                continue
            steps.extend(parsed)
        src = self.get(data, "src", where, ["", ""])
        if not (isinstance(src, list) and len(src) == 2):
            self.fail(f"{where}.src: expected [category, component]")
            src = ["", ""]
        return Frame(
            int(Pending[kind_name]),
            self.number(self.get(data, "player", where), f"{where}.player"),
            tuple(steps),
            self.number(self.get(data, "a", where), f"{where}.a"),
            self.number(self.get(data, "b", where), f"{where}.b"),
            self.number(self.get(data, "n", where), f"{where}.n"),
            (str(src[0]), str(src[1])),
            self.number(self.get(data, "flags", where), f"{where}.flags"),
        )


def from_dict(data: Any, catalog: Catalog | None = None, *, validate: bool = True) -> GameState:
    """Read a state; raises ``StateError`` listing every problem."""
    c = catalog or default_catalog()
    d = _Decoder(c)
    if not isinstance(data, dict):
        raise StateError(["the state must be a JSON object"])
    if data.get("format") != FORMAT:
        d.fail(f"format: expected {FORMAT!r}, got {data.get('format')!r}")
    s = GameState.__new__(GameState)
    s.catalog = c
    s.solo = bool(d.get(data, "solo", "state", False))
    s.hard = bool(d.get(data, "hard", "state", False))
    s.decade = d.number(d.get(data, "decade", "state"), "decade", 1)
    s.round = d.number(d.get(data, "round", "state"), "round", 1)
    s.turn_in_round = d.number(d.get(data, "turn_in_round", "state"), "turn_in_round")
    s.starting_player = d.number(d.get(data, "starting_player", "state"), "starting_player")
    s.current = d.number(d.get(data, "current", "state"), "current")
    s.finished = bool(d.get(data, "finished", "state", False))
    s.options = d.options(data.get("options", []))
    board = d.get(data, "board", "state", {})
    sections = d.get(board, "sections", "board", [""] * SECTION_COUNT)
    s.sections = tuple(
        tuple(d.colour(ch, f"board.sections[{i}]") for ch in str(sec))
        for i, sec in enumerate(sections)
    )
    s.section_coins = tuple(
        d.number(v, "board.section_coins") for v in d.get(board, "section_coins", "board", [])
    )
    s.maharajah_workers = tuple(
        d.colour(w, "board.maharajah_workers")
        for w in d.get(board, "maharajah_workers", "board", [])
    )
    space = d.get(board, "maharajah_space", "board", "WN")
    if space not in MAHARAJAH_SPACE_NAMES:
        d.fail(f"board.maharajah_space: {space!r} is not one of {MAHARAJAH_SPACE_NAMES}")
        space = MAHARAJAH_SPACE_NAMES[0]
    s.maharajah_space = MAHARAJAH_SPACE_NAMES.index(space)
    tiles = d.get(board, "district_tiles", "board", {})
    s.district_tiles = tuple(
        d.components(
            c.district_tiles,
            d.get(tiles, dist.letter, "board.district_tiles", []),
            f"board.district_tiles.{dist.letter}",
        )
        for dist in District
    )
    s.temple = d.components(c.temple_tiles, d.get(board, "temple", "board", []), "board.temple")
    s.bridge = d.components(c.bridge_tiles, d.get(board, "bridge", "board", []), "board.bridge")
    donations = d.get(board, "donations", "board", {})
    rows = []
    for dist in District:
        owners = d.get(donations, dist.letter, "board.donations", [])
        rows.append(tuple(d.number(o, f"board.donations.{dist.letter}") for o in owners))
    s.donations = tuple(rows)
    s.market = d.per_resource(d.get(board, "market", "board", {}), "board.market")
    s.revealed_storehouses = d.components(
        c.storehouses,
        d.get(board, "revealed_storehouses", "board", []),
        "board.revealed_storehouses",
    )
    turn = d.get(data, "turn", "state", {})
    s.hand = tuple(d.colour(ch, "turn.hand") for ch in str(d.get(turn, "hand", "turn", "")))
    s.active_colour = d.colour(d.get(turn, "active_colour", "turn"), "turn.active_colour")
    s.active_district = d.district(d.get(turn, "active_district", "turn"), "turn.active_district")
    s.last_active_colour = d.colour(
        d.get(turn, "last_active_colour", "turn"), "turn.last_active_colour"
    )
    s.tile_slot = d.number(d.get(turn, "tile_slot", "turn"), "turn.tile_slot")
    s.tile_done = d.number(d.get(turn, "tile_done", "turn"), "turn.tile_done")
    s.elephant_used = bool(d.get(turn, "elephant_used", "turn", False))
    bought = d.get(turn, "bought", "turn")
    sold = d.get(turn, "sold", "turn")
    s.exchange_used = bool(d.get(turn, "exchange_used", "turn", False))
    s.followers = d.number(d.get(turn, "followers", "turn"), "turn.followers")
    seats = d.get(data, "seats", "state", [])
    s.players = tuple(
        d.player(p, i) for i, p in enumerate(seats if isinstance(seats, list) else [])
    )
    s.bought = d.per_seat(bought, "turn.bought", s.current, len(s.players))
    s.sold = d.per_seat(sold, "turn.sold", s.current, len(s.players))
    maharajah = data.get("maharajah")
    s.maharajah = None if maharajah is None else d.maharajah(maharajah)
    s.pending = tuple(d.frame(f, i) for i, f in enumerate(d.get(data, "pending", "state", [])))
    if d.problems:
        raise StateError(d.problems)
    if validate:
        problems = status(s)
        if problems:
            raise StateError(problems)
    return s


def from_json(text: str, catalog: Catalog | None = None, *, validate: bool = True) -> GameState:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise StateError([f"not valid JSON: {error}"]) from error
    return from_dict(data, catalog, validate=validate)


# --------------------------------------------------------------------------
# Validation


def status(s: GameState) -> list[str]:
    """Every way this state breaks the game's invariants (empty when sound).

    Each field and component first (``field_problems``); once those are sound,
    how the fields fit together (``engine.amritsar.consistency``)."""
    return field_problems(s) or [en for en, _ in consistency.problems(s)]


def field_problems(s: GameState) -> list[str]:
    """Every field out of range and every component miscounted (empty when sound)."""
    problems: list[str] = []
    c = s.catalog
    rules = c.rules
    seats = len(s.players) + (1 if s.maharajah is not None else 0)
    if s.solo != (s.maharajah is not None):
        problems.append("solo: a solo game has a Maharajah and only a solo game does")
    if not (1 if s.solo else 2) <= len(s.players) <= (1 if s.solo else 4):
        problems.append(f"players: {len(s.players)} seats is not a valid table")
    if not 1 <= s.decade <= rules.decades:
        problems.append(f"decade: {s.decade} is not between 1 and {rules.decades}")
    if not 1 <= s.round <= rules.rounds_per_decade:
        problems.append(f"round: {s.round} is not between 1 and {rules.rounds_per_decade}")
    setting_up = any(Pending(f.kind).name.startswith(("CHANCE", "SETUP")) for f in s.pending)
    # workers
    if len(s.sections) != SECTION_COUNT:
        problems.append(
            f"board.sections: {len(s.sections)} sections, the board has {SECTION_COUNT}"
        )
    for i, section in enumerate(s.sections):
        if len(section) > SECTION_CAPACITY:
            problems.append(
                f"board.sections[{i}]: {len(section)} workers, a section holds {SECTION_CAPACITY}"
            )
    if len(s.section_coins) != SECTION_COUNT or any(v < 0 for v in s.section_coins):
        problems.append("board.section_coins: one non-negative count per section")
    workers = [w for sec in s.sections for w in sec] + list(s.hand)
    beside = [w for w in s.maharajah_workers if w != NONE]
    if not setting_up:
        if len(workers) != 12:
            problems.append(
                f"workers: {len(workers)} in the sections (and in hand), the game uses 12"
            )
        for colour in WorkerColour:
            if workers.count(colour) != 3:
                problems.append(
                    f"workers: {workers.count(colour)} {colour.name.lower()} workers in play, expected 3"
                )
        if s.maharajah_workers and sorted(beside) != list(WorkerColour):
            problems.append(
                "board.maharajah_workers: one worker of each colour beside the Maharajah spaces"
            )
    if s.maharajah_workers and len(s.maharajah_workers) != 4:
        problems.append("board.maharajah_workers: one place beside each of the 4 Maharajah spaces")
    # tiles
    placed = [t for row in s.district_tiles for t in row if t != NONE]
    if len(placed) != len(set(placed)):
        problems.append("board.district_tiles: a district tile is in two places")
    for d, row in enumerate(s.district_tiles):
        colours = [c.district_tiles[t].colour for t in row if t != NONE]
        if len(colours) != len(set(colours)):
            problems.append(
                f"board.district_tiles.{District(d).letter}: two tiles of the same colour"
            )
        if not setting_up and len(colours) != 3:
            problems.append(f"board.district_tiles.{District(d).letter}: needs 3 tiles")
    for name, values in (("temple", s.temple), ("bridge", s.bridge)):
        if len(values) != len(set(values)):
            problems.append(f"board.{name}: a tile appears twice")
        if not setting_up and len(values) != rules.decades:
            problems.append(f"board.{name}: one tile per decade ({rules.decades})")
    # donation tiles
    donors = set(range(seats))
    for d, owners in enumerate(s.donations):
        tile = c.donation_tile(s.donation_players, District(d))
        if len(owners) != tile.space_count:
            problems.append(
                f"board.donations.{District(d).letter}: {len(owners)} spaces, the tile has {tile.space_count}"
            )
            continue
        position = 0
        previous = 0
        for level, tier in enumerate(tile.levels, start=1):
            for index in range(len(tier.pp)):
                owner = owners[position]
                if owner != NONE and owner not in donors:
                    problems.append(
                        f"board.donations.{District(d).letter}: seat {owner} is not at the table"
                    )
                if owner != NONE and level > 1:
                    below = previous + index
                    if owners[below] == NONE or owners[below + 1] == NONE:
                        problems.append(
                            f"board.donations.{District(d).letter}: space {level}.{index + 1} is filled "
                            "but a space below it is empty"
                        )
                position += 1
            previous = position - len(tier.pp)
    for r in Resource:
        if not 0 <= s.market[r] <= len(c.market[r].price):
            problems.append(
                f"board.market.{r.name.lower()}: {s.market[r]} resources, the column has {len(c.market[r].price)} rows"
            )
    # storehouses
    taken = [h for p in s.players for h in p.storehouses if h != NONE]
    everywhere = taken + list(s.revealed_storehouses)
    if len(everywhere) != len(set(everywhere)):
        problems.append("storehouses: a storehouse is in two places")
    # objectives
    dealt = [o for p in s.players for o in (*p.objectives, *p.objective_hand) if o >= 0]
    if s.maharajah is not None and s.maharajah.objective != NONE:
        dealt.append(s.maharajah.objective)
    if len(dealt) != len(set(dealt)):
        problems.append("objectives: an objective is held twice")
    for p in s.players:
        problems += _player_problems(s, p, setting_up)
    if s.maharajah is not None:
        m = s.maharajah
        on_tiles = sum(1 for owners in s.donations for o in owners if o == len(s.players))
        total = m.board_counters + m.on_elephant + on_tiles
        if total != rules.counters_per_player:
            problems.append(
                f"maharajah: {total} donation counters accounted for, he has {rules.counters_per_player}"
            )
        if m.pp != rules.starting_pp + sum(e[2] for e in m.ledger):
            problems.append("maharajah.pp: does not match his PP ledger")
        problems += _maharajah_board_problems(s, m)
    if not s.pending and not s.finished:
        problems.append("pending: nothing is pending but the game is not over")
    return problems


def _maharajah_board_problems(s: GameState, m: MaharajahState) -> list[str]:
    """His resources only move between his quarry and storehouse (Solo Mode)."""
    board = s.catalog.maharajah
    problems = []
    if len(m.quarry) != len(board.quarry) or any(
        r != NONE and r != printed for r, printed in zip(m.quarry, board.quarry, strict=False)
    ):
        problems.append("maharajah.quarry: each quarry space holds its printed resource or nothing")
    for r in Resource:
        total = m.quarry.count(r) + m.storehouse[r]
        printed = board.quarry.count(r)
        if total != printed or m.storehouse[r] < 0:
            problems.append(
                f"maharajah.storehouse.{r.name.lower()}: {m.storehouse[r]} in his storehouse and "
                f"{m.quarry.count(r)} in his quarry, but his quarry prints {printed}"
            )
    if not 0 <= m.white <= len(board.white_steps):
        problems.append(f"maharajah.white: {m.white} is off his white track")
    if m.board_counters < 0 or m.on_elephant < 0:
        problems.append("maharajah: a negative number of donation counters")
    return problems


def _player_problems(s: GameState, p: PlayerState, setting_up: bool) -> list[str]:
    c = s.catalog
    rules = c.rules
    where = f"seats[{p.seat}]"
    problems = []
    if p.coins < 0 or min(p.resources) < 0:
        problems.append(f"{where}: negative coins or resources")
    if not 0 <= p.on_elephant <= rules.elephant_capacity:
        problems.append(
            f"{where}.on_elephant: {p.on_elephant}, an elephant carries 0 to {rules.elephant_capacity}"
        )
    if p.pp != rules.starting_pp + sum(e[2] for e in p.ledger):
        problems.append(f"{where}.pp: {p.pp} does not match the PP ledger")
    on_tiles = sum(1 for owners in s.donations for o in owners if o == p.seat)
    if on_tiles != p.donation_counters_placed:
        problems.append(
            f"{where}.donations_made: {p.donation_counters_placed}, but {on_tiles} counters are on the tiles"
        )
    upgrades = (
        sum(1 for m in p.mahouts if m != NONE)
        + sum(1 for o in p.objectives if o != NONE)
        + sum(1 for h in p.storehouses if h != NONE)
    )
    board_spaces = len(p.mahouts) + len(p.objectives) + len(p.storehouses)
    counters = (board_spaces - upgrades) + p.on_elephant + p.market_space + on_tiles
    if counters != rules.counters_per_player:
        problems.append(
            f"{where}: {counters} donation counters accounted for, each player has {rules.counters_per_player}"
        )
    mahouts = [m for m in p.mahouts if m != NONE] + list(p.mahout_hand)
    if sorted(mahouts) != list(range(len(c.mahout_tiles))):
        problems.append(
            f"{where}: mahout tiles on the board and in hand must be the 7 tiles, once each"
        )
    objectives = [o for o in p.objectives if o != NONE] + list(p.objective_hand)
    named = sorted(c.objectives[o].type for o in objectives if o >= 0)
    if UNNAMED in objectives and "objectives_at_end" not in s.options:
        problems.append(
            f"{where}: an objective is face down unnamed, but objectives are entered when dealt"
        )
    if s.finished and UNNAMED in p.objectives:
        problems.append(f"{where}: the game is over with an objective played but not named")
    if not setting_up and (len(objectives) != 4 or len(set(named)) != len(named)):
        problems.append(f"{where}: a player holds one objective of each type A, B, C, D")
    icons = (
        sum(c.mahout_tiles[m].tax_icons for m in p.mahouts if m != NONE)
        + rules.objective_tax_icons * sum(1 for o in p.objectives if o != NONE)
        + sum(c.storehouses[h].tax_icons for h in p.storehouses if h != NONE)
    )
    if p.tax != icons:
        problems.append(
            f"{where}.tax: {p.tax}, but the upgrades on the board show {icons} tax icons"
        )
    for t in Track:
        if not 0 <= p.tracks[t] <= len(c.board.tracks[t].steps):
            problems.append(f"{where}.tracks.{t.name.lower()}: {p.tracks[t]} is off the track")
    if len(p.storehouse_flipped) != len(p.storehouses):
        problems.append(f"{where}.storehouse_flipped: one flag per storehouse space")
    return problems


__all__ = [
    "StateError",
    "field_problems",
    "from_dict",
    "from_json",
    "status",
    "to_dict",
    "to_json",
]
