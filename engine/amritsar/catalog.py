"""The component catalog: every tile, board and number of the game, as data.

The values live in TOML files under ``engine/amritsar/data/``; this module loads them
into typed, frozen records, validates them, and applies an owner's override
file. Every entry carries its ``source``: ``rulebook: <section>`` when the text
states it, ``assumed: <reason>`` when it is printed only as an icon, or
``override: <file>`` when an owner changed it from their physical copy.

Loading reports every problem at once (``CatalogError.problems``): counts
against the component list, references that do not resolve, a donation
pyramid that does not stack, effects that do not parse.

Run ``python -m engine.amritsar.catalog [--override FILE]`` to print the catalog as
tables, with the list of every assumed value at the end.

Example:
    >>> catalog = load_catalog()
    >>> catalog.district_tile("DG1").colour.name
    'GREEN'
    >>> len(catalog.storehouses), len(catalog.objectives)
    (15, 24)
"""

from __future__ import annotations

import copy
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from functools import cache, cached_property, partial
from pathlib import Path
from typing import Any, TypeVar

from engine.amritsar.board import District, Resource, WorkerColour
from engine.amritsar.effects import Effect, Op, Track, format_effect, parse_effect
from engine.core.catalog import apply_override, read_data_files

_T = TypeVar("_T")

DATA_DIR = Path(__file__).resolve().parent / "data"

#: File name -> the kind of content (a table of values, or a list of entries
#: under the given key, addressed by their ``id`` in an override file).
FILES: dict[str, str | None] = {
    "rules": None,
    "district_tiles": "tile",
    "temple_tiles": "tile",
    "bridge_tiles": "tile",
    "donation_tiles": "tile",
    "market": "column",
    "personal_board": None,
    "storehouses": "storehouse",
    "objectives": "objective",
    "mahout_tiles": "mahout",
    "maharajah": None,
}


class CatalogError(ValueError):
    """The catalog (or an override) is broken; ``problems`` lists every fault."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        lines = "\n".join(f"  - {p}" for p in problems)
        super().__init__(
            f"the component catalog has {len(problems)} problem{'s' * (len(problems) != 1)}:\n{lines}"
        )


class Requirement(Enum):
    """What a bridge tile asks for (rulebook: The Bridge Tiles)."""

    GROUP_OF_FOUR = "group_of_four"
    DONATION = "donation"
    UPGRADE = "upgrade"
    MARKET = "market"


class DecadeBenefit(Enum):
    """End-of-decade benefits of knowledge steps (rulebook: Knowledge tracks)."""

    COUNTER = "counter"
    ANY = "any"
    COIN_PP = "coin_pp"
    TAX_DISCOUNT = "tax_discount"


class EndScoring(Enum):
    """End-of-game scoring of a track's last space (rulebook: Knowledge tracks)."""

    PER_COUNTER = "per_counter"
    PER_RESOURCE = "per_resource"
    PER_COIN = "per_coin"


class Perk(Enum):
    """Permanent storehouse benefits (rulebook: The Storehouses)."""

    WHITE_AS = "white_as"
    MARKET_DISCOUNT = "market_discount"
    TAX_DISCOUNT = "tax_discount"
    FREE_SKIP = "free_skip"
    NO_MAHARAJAH_PENALTY = "no_maharajah_penalty"
    ALL_BRIDGES = "all_bridges"
    TRACK_SUBSTITUTE = "track_substitute"
    EXCHANGE = "exchange"
    ANY_RESOURCE_UPGRADE = "any_resource_upgrade"
    TELEPORT = "teleport"


class ObjectiveKind(Enum):
    """Scoring formulas of the 24 objectives (rulebook: The Objectives)."""

    DISTRICT_MAJORITY = "district_majority"
    MOST_COINS = "most_coins"
    MOST_RESOURCES = "most_resources"
    TWO_SPACES = "two_spaces"
    TRACK_END = "track_end"
    PER_COUNTER_IN_DISTRICT = "per_counter_in_district"
    DISTRICTS_SPREAD = "districts_spread"
    LEVELS_SPREAD = "levels_spread"
    LEVELS_AT_LEAST = "levels_at_least"
    LEVEL_COUNT = "level_count"


@dataclass(frozen=True)
class DistrictTile:
    id: str
    colour: WorkerColour
    main: Effect
    secondary: Effect
    source: str


@dataclass(frozen=True)
class TempleTile:
    id: str
    pp: tuple[int, int, int, int]  # by District value
    source: str


@dataclass(frozen=True)
class BridgeTile:
    id: str
    requirement: Requirement
    benefit: Effect
    source: str


@dataclass(frozen=True)
class DonationLevel:
    cost: tuple[int, int, int]  # resources paid, by Resource value
    pp: tuple[int, ...]  # PP of each space, from the left


@dataclass(frozen=True)
class DonationTile:
    id: str
    players: int
    district: District
    levels: tuple[DonationLevel, ...]
    source: str

    @property
    def space_count(self) -> int:
        return sum(len(level.pp) for level in self.levels)

    @cached_property
    def offsets(self) -> tuple[int, ...]:
        """Index of each level's first space: spaces are numbered level by level."""
        offsets, total = [], 0
        for level in self.levels:
            offsets.append(total)
            total += len(level.pp)
        return tuple(offsets)


@dataclass(frozen=True)
class MarketColumn:
    resource: Resource
    price: tuple[int, ...]  # by row, row 1 (top) first
    pp: tuple[int, ...]
    filled_at_setup: int
    source: str


@dataclass(frozen=True)
class TrackStep:
    immediate: Effect = ()
    decade: DecadeBenefit | None = None
    end: EndScoring | None = None


@dataclass(frozen=True)
class KnowledgeTrack:
    track: Track
    steps: tuple[TrackStep, ...]  # positions 1..len
    overflow: Effect
    source: str


@dataclass(frozen=True)
class PersonalBoard:
    mahout_colours: tuple[WorkerColour, ...]
    objective_benefits: tuple[Effect, ...]
    storehouse_spaces: int
    starting_storehouse_capacity: int
    tax_coins: tuple[int, ...]
    tracks: tuple[KnowledgeTrack, ...]
    sources: Mapping[str, str]


@dataclass(frozen=True)
class Storehouse:
    id: str
    capacity: int
    tax_icons: int
    immediate: Effect
    permanent: Perk | None
    colour: WorkerColour | None
    source: str


@dataclass(frozen=True)
class Objective:
    id: str
    type: str
    kind: ObjectiveKind
    pp: tuple[int, ...]
    source: str
    district: District | None = None
    track: Track | None = None
    spaces: tuple[tuple[Track, int], ...] = ()
    levels: tuple[int, ...] = ()
    count: int = 0
    solo_star: bool = False


@dataclass(frozen=True)
class MahoutTile:
    id: str
    action: Effect
    tax_icons: int
    starting: bool
    source: str


@dataclass(frozen=True)
class MaharajahBoard:
    counter_rows: tuple[int, ...]
    row_benefits: tuple[Effect, ...]
    quarry: tuple[Resource, ...]
    storehouse_capacity: int
    white_steps: tuple[Effect, ...]
    white_end: tuple[EndScoring | None, ...]
    blue_by_decade: tuple[tuple[Resource, ...], ...]
    hard_counters_on_elephant: int
    hard_objective_times: int
    sources: Mapping[str, str]
    #: His four actions from the top of his board down (performed in this order).
    action_order: tuple[WorkerColour, ...] = tuple(WorkerColour)


@dataclass(frozen=True)
class Rules:
    starting_pp: int
    decades: int
    rounds_per_decade: int
    elephant_capacity: int
    section_capacity: int
    starting_coins: int
    counters_per_player: int
    counters_on_market_space: int
    elephant_extra_step_cost: int
    maharajah_penalty: tuple[int, ...]
    tax_penalty: tuple[int, ...]
    storehouses_revealed: Mapping[int, int]
    follow_pp: int
    buy_from_reserve_price: int
    sell_to_reserve_price: int
    upgrade_cost: tuple[Resource, Resource, Resource]  # by Upgrade value
    temple_tiles_in_play: int
    bridge_tiles_in_play: int
    maharajah_start_space: int
    starting_workers_per_section: tuple[int, ...]
    player_colours: tuple[str, ...]
    objective_tax_icons: int
    sources: Mapping[str, str]


@dataclass(frozen=True)
class SourcedValue:
    """One catalog value with where it comes from, for the printed listing."""

    path: str
    value: str
    source: str

    @property
    def assumed(self) -> bool:
        return self.source.startswith("assumed")


@dataclass(frozen=True)
class Catalog:
    rules: Rules
    district_tiles: tuple[DistrictTile, ...]
    temple_tiles: tuple[TempleTile, ...]
    bridge_tiles: tuple[BridgeTile, ...]
    donation_tiles: tuple[DonationTile, ...]
    market: tuple[MarketColumn, ...]  # by Resource value
    board: PersonalBoard
    storehouses: tuple[Storehouse, ...]
    objectives: tuple[Objective, ...]
    mahout_tiles: tuple[MahoutTile, ...]
    maharajah: MaharajahBoard
    values: tuple[SourcedValue, ...] = field(repr=False)

    def district_tile(self, tile_id: str) -> DistrictTile:
        return _by_id(self.district_tiles, tile_id, "district tile")

    def storehouse(self, storehouse_id: str) -> Storehouse:
        return _by_id(self.storehouses, storehouse_id, "storehouse")

    def objective(self, objective_id: str) -> Objective:
        return _by_id(self.objectives, objective_id, "objective")

    def donation_tile(self, players: int, district: District | int) -> DonationTile:
        tile = self._donation_index.get((players, int(district)))
        if tile is None:
            raise KeyError(f"no donation tile for {players} players in {District(district).title}")
        return tile

    @cached_property
    def _donation_index(self) -> dict[tuple[int, int], DonationTile]:
        return {(t.players, int(t.district)): t for t in self.donation_tiles}

    @cached_property
    def perks_cache(self) -> dict[tuple[tuple[int, ...], tuple[bool, ...]], tuple[Perk, ...]]:
        """Filled by ``engine.amritsar.rules.core.perks``: a player's storehouses
        and which are flipped -> the permanent perks they give (the rules ask
        "has this player that perk?" many times per action)."""
        return {}

    def assumed_values(self) -> list[SourcedValue]:
        return [value for value in self.values if value.assumed]


def _by_id(items: tuple[_T, ...], item_id: str, what: str) -> _T:
    for item in items:
        if getattr(item, "id", None) == item_id:
            return item
    raise KeyError(f"no {what} {item_id!r}")


# --------------------------------------------------------------------------
# Loading


def _read_raw() -> dict[str, Any]:
    return read_data_files(DATA_DIR, FILES)


def _apply_override(raw: dict[str, Any], override: Mapping[str, Any], label: str) -> list[str]:
    """Merge an owner's override into the raw data; return problems found."""

    def change(where: str, target: dict[str, Any], new_values: Mapping[str, Any]) -> list[str]:
        problems: list[str] = []
        for field_name, value in new_values.items():
            if field_name != "source" and field_name not in target:
                problems.append(
                    f"override: {where} has no field {field_name!r} "
                    f"(fields: {', '.join(sorted(k for k in target if k != 'source'))})"
                )
                continue
            target[field_name] = copy.deepcopy(value)
        if "source" not in new_values:
            target["source"] = f"override: {label}"
        return problems

    return apply_override(raw, override, FILES, change, id_fields={"market": "resource"})


class _Reader:
    """Collects problems while turning raw TOML into typed records."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.values: list[SourcedValue] = []

    def fail(self, message: str) -> None:
        self.problems.append(message)

    def source(self, where: str, entry: Mapping[str, Any]) -> str:
        source = entry.get("source")
        if not isinstance(source, str) or source.split(":")[0] not in (
            "rulebook",
            "assumed",
            "override",
        ):
            self.fail(f"{where}: 'source' must start with rulebook:, assumed: or override:")
            return "unknown"
        return source

    def record(self, where: str, entry: Mapping[str, Any], skip: tuple[str, ...] = ()) -> str:
        source = self.source(where, entry)
        shown = {k: v for k, v in entry.items() if k not in ("source", "id", *skip)}
        text = ", ".join(f"{k}={_compact(v)}" for k, v in shown.items())
        self.values.append(SourcedValue(where, text, source))
        return source

    def section(
        self, file: str, table: Mapping[str, Any], sources: dict[str, str], key: str
    ) -> dict[str, Any]:
        """A ``[key]`` table of a data file, its source recorded; ``{}`` (and a
        problem) when it is missing."""
        entry = table.get(key)
        if not isinstance(entry, dict):
            self.fail(f"{file}: missing [{key}]")
            return {}
        sources[key] = self.record(f"{file}.{key}", entry)
        return entry

    def effect(self, where: str, text: Any) -> Effect:
        if not isinstance(text, str):
            self.fail(f"{where}: effect must be text, got {text!r}")
            return ()
        try:
            return parse_effect(text)
        except ValueError as error:
            self.fail(f"{where}: {error}")
            return ()

    def enum(self, where: str, enum_type: Callable[[str], Any], text: Any) -> Any:
        try:
            return enum_type(str(text))
        except (ValueError, KeyError):
            self.fail(f"{where}: unknown value {text!r}")
            return None

    def int_value(self, where: str, value: Any, minimum: int = 0) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            self.fail(f"{where}: expected a whole number >= {minimum}, got {value!r}")
            return minimum
        return value

    def ints(self, where: str, value: Any, minimum: int = 0) -> tuple[int, ...]:
        if not isinstance(value, list):
            self.fail(f"{where}: expected a list of whole numbers, got {value!r}")
            return ()
        return tuple(self.int_value(where, v, minimum) for v in value)


def _compact(value: Any) -> str:
    if isinstance(value, list):
        return "[" + " ".join(_compact(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + " ".join(f"{k}={_compact(v)}" for k, v in value.items()) + "}"
    return str(value)


def _colour(reader: _Reader, where: str, text: Any) -> WorkerColour:
    colour = reader.enum(where, WorkerColour.parse, text)
    return colour if colour is not None else WorkerColour.YELLOW


def _district(reader: _Reader, where: str, text: Any) -> District:
    district = reader.enum(where, District.parse, text)
    return district if district is not None else District.NORTH


def _resource(reader: _Reader, where: str, text: Any) -> Resource:
    resource = reader.enum(where, Resource.parse, text)
    return resource if resource is not None else Resource.MARBLE


def _entries(reader: _Reader, raw: dict[str, Any], name: str) -> list[dict[str, Any]]:
    key = FILES[name]
    assert key is not None
    entries = raw[name].get(key, [])
    ids = [str(e.get("id", e.get("resource"))) for e in entries]
    for duplicate in sorted({i for i in ids if ids.count(i) > 1}):
        reader.fail(f"{name}: id {duplicate!r} appears more than once")
    result: list[dict[str, Any]] = entries
    return result


def _expect_count(reader: _Reader, what: str, found: int, expected: int, why: str) -> None:
    if found != expected:
        reader.fail(f"{what}: found {found}, the game has {expected} ({why})")


def _read_rules(reader: _Reader, raw: dict[str, Any]) -> Rules:
    table = raw["rules"]
    sources: dict[str, str] = {}

    def value(key: str) -> Any:
        entry = table.get(key)
        if not isinstance(entry, dict) or "value" not in entry:
            reader.fail(f"rules: missing [{key}] with a value and a source")
            return None
        sources[key] = reader.record(f"rules.{key}", entry)
        return entry["value"]

    def number(key: str, minimum: int = 0) -> int:
        return reader.int_value(f"rules.{key}", value(key), minimum)

    def per_decade(key: str) -> tuple[int, ...]:
        numbers = reader.ints(f"rules.{key}", value(key))
        if len(numbers) != 3:
            reader.fail(f"rules.{key}: expected one value per decade (3), got {len(numbers)}")
            return (0, 0, 0)
        return numbers

    revealed_raw = value("storehouses_revealed")
    revealed: dict[int, int] = {}
    if isinstance(revealed_raw, dict):
        for k, v in revealed_raw.items():
            revealed[int(k)] = reader.int_value(f"rules.storehouses_revealed.{k}", v, 1)
    cost_raw = value("upgrade_cost") or {}
    costs = tuple(
        _resource(reader, f"rules.upgrade_cost.{kind}", cost_raw.get(kind))
        for kind in ("storehouse", "objective", "mahout")
    )
    start_text = str(value("maharajah_start_space"))
    from engine.amritsar.board import MAHARAJAH_SPACE_NAMES

    if start_text.upper() in MAHARAJAH_SPACE_NAMES:
        start = MAHARAJAH_SPACE_NAMES.index(start_text.upper())
    else:
        reader.fail(
            f"rules.maharajah_start_space: {start_text!r} is not one of {MAHARAJAH_SPACE_NAMES}"
        )
        start = 0
    colours = value("player_colours")
    if not isinstance(colours, list) or len(colours) != 4 or len(set(colours)) != 4:
        reader.fail("rules.player_colours: expected 4 different colour names")
        colours = ["purple", "grey", "pink", "orange"]
    for key in (
        "pp_floor",
        "objective_ranking",
        "solo_majority_rivals",
        "bridge_market_needs_trade",
        "follow_needs_effect",
    ):
        value(key)  # documented rule readings: recorded with their sources
    objective_tax = raw["objectives"].get("tax_icons", {})
    sources["objective_tax_icons"] = reader.record("objectives.tax_icons", objective_tax)
    return Rules(
        starting_pp=number("starting_pp"),
        decades=number("decades", 1),
        rounds_per_decade=number("rounds_per_decade", 1),
        elephant_capacity=number("elephant_capacity", 1),
        section_capacity=number("section_capacity", 1),
        starting_coins=number("starting_coins"),
        counters_per_player=number("counters_per_player", 1),
        counters_on_market_space=number("counters_on_market_space"),
        elephant_extra_step_cost=number("elephant_extra_step_cost"),
        maharajah_penalty=per_decade("maharajah_penalty"),
        tax_penalty=per_decade("tax_penalty"),
        storehouses_revealed=revealed,
        follow_pp=number("follow_pp"),
        buy_from_reserve_price=number("buy_from_reserve_price"),
        sell_to_reserve_price=number("sell_to_reserve_price"),
        upgrade_cost=(costs[0], costs[1], costs[2]),
        temple_tiles_in_play=number("temple_tiles_in_play", 1),
        bridge_tiles_in_play=number("bridge_tiles_in_play", 1),
        maharajah_start_space=start,
        starting_workers_per_section=reader.ints(
            "rules.starting_workers_per_section", value("starting_workers_per_section")
        ),
        player_colours=tuple(str(c) for c in colours),
        objective_tax_icons=reader.int_value("objectives.tax_icons", objective_tax.get("value", 1)),
        sources=sources,
    )


def _read_district_tiles(reader: _Reader, raw: dict[str, Any]) -> tuple[DistrictTile, ...]:
    tiles = []
    for entry in _entries(reader, raw, "district_tiles"):
        where = f"district_tiles.{entry.get('id')}"
        tiles.append(
            DistrictTile(
                id=str(entry.get("id")),
                colour=_colour(reader, f"{where}.colour", entry.get("colour")),
                main=reader.effect(f"{where}.main", entry.get("main")),
                secondary=reader.effect(f"{where}.secondary", entry.get("secondary")),
                source=reader.record(where, entry),
            )
        )
    _expect_count(reader, "district tiles", len(tiles), 12, "rulebook: Components")
    for colour in WorkerColour:
        count = sum(1 for t in tiles if t.colour is colour)
        _expect_count(
            reader,
            f"{colour.name.lower()} district tiles",
            count,
            3,
            "three of each back colour (Game Setup step 9)",
        )
    return tuple(tiles)


def _read_temple_tiles(reader: _Reader, raw: dict[str, Any]) -> tuple[TempleTile, ...]:
    tiles = []
    for entry in _entries(reader, raw, "temple_tiles"):
        where = f"temple_tiles.{entry.get('id')}"
        pp_raw = entry.get("pp", {})
        pp = tuple(
            reader.int_value(f"{where}.pp.{d.letter}", pp_raw.get(d.letter)) for d in District
        )
        tiles.append(
            TempleTile(
                str(entry.get("id")), (pp[0], pp[1], pp[2], pp[3]), reader.record(where, entry)
            )
        )
    _expect_count(reader, "temple tiles", len(tiles), 4, "rulebook: Components")
    return tuple(tiles)


def _read_bridge_tiles(reader: _Reader, raw: dict[str, Any]) -> tuple[BridgeTile, ...]:
    tiles = []
    for entry in _entries(reader, raw, "bridge_tiles"):
        where = f"bridge_tiles.{entry.get('id')}"
        requirement = reader.enum(f"{where}.requirement", Requirement, entry.get("requirement"))
        tiles.append(
            BridgeTile(
                id=str(entry.get("id")),
                requirement=requirement or Requirement.DONATION,
                benefit=reader.effect(f"{where}.benefit", entry.get("benefit")),
                source=reader.record(where, entry),
            )
        )
    _expect_count(reader, "bridge tiles", len(tiles), 6, "rulebook: Components")
    return tuple(tiles)


def _cost(reader: _Reader, where: str, text: Any) -> tuple[int, int, int]:
    counts = [0, 0, 0]
    for part in str(text).split("+"):
        resource = reader.enum(where, Resource.parse, part)
        if resource is not None:
            counts[resource] += 1
    return (counts[0], counts[1], counts[2])


def _read_donation_tiles(reader: _Reader, raw: dict[str, Any]) -> tuple[DonationTile, ...]:
    tiles = []
    for entry in _entries(reader, raw, "donation_tiles"):
        where = f"donation_tiles.{entry.get('id')}"
        levels = []
        for number, level in enumerate(entry.get("levels", []), start=1):
            pp = reader.ints(f"{where}.level{number}.pp", level.get("pp"), 0)
            cost = _cost(reader, f"{where}.level{number}.cost", level.get("cost"))
            if sum(cost) == 0:
                reader.fail(f"{where}.level{number}: a donation must cost at least one resource")
            levels.append(DonationLevel(cost, pp))
        tile = DonationTile(
            id=str(entry.get("id")),
            players=reader.int_value(f"{where}.players", entry.get("players"), 2),
            district=_district(reader, f"{where}.district", entry.get("district")),
            levels=tuple(levels),
            source=reader.record(where, entry),
        )
        if len(levels) != 4:
            reader.fail(f"{where}: a donation tile has 4 levels, found {len(levels)}")
        for number in range(1, len(levels)):
            below, above = len(levels[number - 1].pp), len(levels[number].pp)
            if above != below - 1:
                reader.fail(
                    f"{where}: level {number + 1} has {above} spaces on {below} below; "
                    f"each space needs the 2 below it, so it must have {below - 1}"
                )
        if levels and not levels[-1].pp:
            reader.fail(f"{where}: the top level has no space")
        tiles.append(tile)
    _expect_count(reader, "donation tiles", len(tiles), 12, "rulebook: Components")
    for players in (2, 3, 4):
        for district in District:
            found = [t for t in tiles if t.players == players and t.district is district]
            if len(found) != 1:
                reader.fail(
                    f"donation tiles: expected one for {players} players in {district.title}, "
                    f"found {len(found)}"
                )
    return tuple(tiles)


def _read_market(reader: _Reader, raw: dict[str, Any]) -> tuple[MarketColumn, ...]:
    columns: dict[Resource, MarketColumn] = {}
    for entry in _entries(reader, raw, "market"):
        resource = _resource(reader, "market.resource", entry.get("resource"))
        where = f"market.{resource.name.lower()}"
        price = reader.ints(f"{where}.price", entry.get("price"), 1)
        pp = reader.ints(f"{where}.pp", entry.get("pp"))
        if len(price) != len(pp) or not price:
            reader.fail(f"{where}: price and pp need one value per row ({len(price)} vs {len(pp)})")
        filled = reader.int_value(f"{where}.filled_at_setup", entry.get("filled_at_setup"))
        if filled > len(price):
            reader.fail(f"{where}: {filled} filled at setup but only {len(price)} rows")
        columns[resource] = MarketColumn(resource, price, pp, filled, reader.record(where, entry))
    missing = [r.name.lower() for r in Resource if r not in columns]
    if missing:
        reader.fail(f"market: no column for {', '.join(missing)}")
        return ()
    return tuple(columns[r] for r in Resource)


def _read_board(reader: _Reader, raw: dict[str, Any]) -> PersonalBoard:
    table = raw["personal_board"]
    sources: dict[str, str] = {}
    section = partial(reader.section, "personal_board", table, sources)

    mahout = section("mahout_spaces")
    colours = tuple(
        _colour(reader, "personal_board.mahout_spaces", c) for c in mahout.get("colours", [])
    )
    if sorted(colours) != sorted(WorkerColour):
        reader.fail("personal_board.mahout_spaces: need one space per worker colour (4)")
    objective = section("objective_spaces")
    benefits = tuple(
        reader.effect(f"personal_board.objective_spaces[{i}]", text)
        for i, text in enumerate(objective.get("benefits", []))
    )
    if len(benefits) != 4:
        reader.fail(f"personal_board.objective_spaces: need 4 spaces, found {len(benefits)}")
    storehouse_spaces = reader.int_value(
        "personal_board.storehouse_spaces", section("storehouse_spaces").get("value"), 0
    )
    capacity = reader.int_value(
        "personal_board.starting_storehouse.capacity",
        section("starting_storehouse").get("capacity"),
        1,
    )
    tax = reader.ints("personal_board.tax_track.coins", section("tax_track").get("coins"))
    tracks: list[KnowledgeTrack] = []
    for entry in table.get("track", []):
        track = reader.enum("personal_board.track.name", Track.parse, entry.get("name"))
        where = f"personal_board.track.{entry.get('name')}"
        steps = []
        for position, step in enumerate(entry.get("steps", []), start=1):
            decade = step.get("decade")
            end = step.get("end")
            steps.append(
                TrackStep(
                    immediate=reader.effect(f"{where}[{position}]", step.get("immediate", "")),
                    decade=None
                    if decade is None
                    else reader.enum(f"{where}[{position}]", DecadeBenefit, decade),
                    end=None
                    if end is None
                    else reader.enum(f"{where}[{position}]", EndScoring, end),
                )
            )
        tracks.append(
            KnowledgeTrack(
                track=track or Track.DEVELOPMENT,
                steps=tuple(steps),
                overflow=reader.effect(f"{where}.overflow", entry.get("overflow")),
                source=reader.record(where, entry, skip=("steps",)),
            )
        )
    if sorted(t.track for t in tracks) != list(Track):
        reader.fail("personal_board: need exactly one track each: development, resources, money")
    tracks.sort(key=lambda t: t.track)
    unlocks = sum(
        1 for t in tracks for s in t.steps for op in s.immediate if op.op is Op.UNLOCK_MOVEMENT
    )
    if unlocks != 1:
        reader.fail(
            f"personal_board: one knowledge step must unlock the movement token, found {unlocks}"
        )
    return PersonalBoard(
        mahout_colours=colours,
        objective_benefits=benefits,
        storehouse_spaces=storehouse_spaces,
        starting_storehouse_capacity=capacity,
        tax_coins=tax,
        tracks=tuple(tracks),
        sources=sources,
    )


def _read_storehouses(reader: _Reader, raw: dict[str, Any]) -> tuple[Storehouse, ...]:
    result = []
    for entry in _entries(reader, raw, "storehouses"):
        where = f"storehouses.{entry.get('id')}"
        permanent_text = entry.get("permanent")
        permanent = None if permanent_text is None else reader.enum(where, Perk, permanent_text)
        colour = None
        if permanent is Perk.WHITE_AS:
            colour = _colour(reader, f"{where}.colour", entry.get("colour"))
            if colour is WorkerColour.WHITE:
                reader.fail(f"{where}: a white-worker storehouse names yellow, blue or green")
        immediate = reader.effect(f"{where}.immediate", entry.get("immediate", ""))
        if (permanent is None) == (not immediate):
            reader.fail(f"{where}: needs exactly one benefit, immediate or permanent")
        result.append(
            Storehouse(
                id=str(entry.get("id")),
                capacity=reader.int_value(f"{where}.capacity", entry.get("capacity"), 1),
                tax_icons=reader.int_value(f"{where}.tax_icons", entry.get("tax_icons", 0)),
                immediate=immediate,
                permanent=permanent,
                colour=colour,
                source=reader.record(where, entry),
            )
        )
    _expect_count(reader, "storehouses", len(result), 15, "rulebook: Components")
    return tuple(result)


def _read_objectives(reader: _Reader, raw: dict[str, Any]) -> tuple[Objective, ...]:
    result = []
    for entry in _entries(reader, raw, "objectives"):
        where = f"objectives.{entry.get('id')}"
        kind = reader.enum(f"{where}.kind", ObjectiveKind, entry.get("kind"))
        spaces = tuple(
            (
                reader.enum(f"{where}.spaces", Track.parse, pair[0]) or Track.DEVELOPMENT,
                reader.int_value(f"{where}.spaces", pair[1], 1),
            )
            for pair in entry.get("spaces", [])
        )
        objective = Objective(
            id=str(entry.get("id")),
            type=str(entry.get("type")),
            kind=kind or ObjectiveKind.TRACK_END,
            pp=reader.ints(f"{where}.pp", entry.get("pp"), 1),
            source=reader.record(where, entry),
            district=None
            if "district" not in entry
            else _district(reader, where, entry["district"]),
            track=None if "track" not in entry else reader.enum(where, Track.parse, entry["track"]),
            spaces=spaces,
            levels=reader.ints(f"{where}.levels", entry.get("levels", [])),
            count=reader.int_value(f"{where}.count", entry.get("count", 0)),
            solo_star=bool(entry.get("solo_star", False)),
        )
        needs = {
            ObjectiveKind.DISTRICT_MAJORITY: objective.district is not None
            and len(objective.pp) == 2,
            ObjectiveKind.MOST_COINS: len(objective.pp) == 2,
            ObjectiveKind.MOST_RESOURCES: len(objective.pp) == 2,
            ObjectiveKind.TWO_SPACES: len(spaces) == 2 and len(objective.pp) == 1,
            ObjectiveKind.TRACK_END: objective.track is not None and len(objective.pp) == 1,
            ObjectiveKind.PER_COUNTER_IN_DISTRICT: objective.district is not None,
            ObjectiveKind.DISTRICTS_SPREAD: len(objective.pp) == 4,
            ObjectiveKind.LEVELS_SPREAD: len(objective.pp) == 4,
            ObjectiveKind.LEVELS_AT_LEAST: bool(objective.levels) and objective.count >= 1,
            ObjectiveKind.LEVEL_COUNT: len(objective.levels) == 1 and len(objective.pp) >= 1,
        }
        if kind is not None and not needs[kind]:
            reader.fail(f"{where}: the parameters do not fit a {kind.value} objective")
        if any(not 1 <= level <= 4 for level in objective.levels):
            reader.fail(f"{where}: levels are numbered 1 to 4")
        result.append(objective)
    _expect_count(reader, "objectives", len(result), 24, "rulebook: Components")
    for letter in "ABCD":
        count = sum(1 for o in result if o.type == letter)
        _expect_count(reader, f"type {letter} objectives", count, 6, "rulebook: Components")
    if not any(o.solo_star for o in result if o.type == "C"):
        reader.fail("objectives: no type C objective shows the solo star; the Maharajah needs one")
    return tuple(result)


def _read_mahout_tiles(reader: _Reader, raw: dict[str, Any]) -> tuple[MahoutTile, ...]:
    result = []
    for entry in _entries(reader, raw, "mahout_tiles"):
        where = f"mahout_tiles.{entry.get('id')}"
        result.append(
            MahoutTile(
                id=str(entry.get("id")),
                action=reader.effect(f"{where}.action", entry.get("action")),
                tax_icons=reader.int_value(f"{where}.tax_icons", entry.get("tax_icons", 0)),
                starting=bool(entry.get("starting", False)),
                source=reader.record(where, entry),
            )
        )
    _expect_count(reader, "mahout tiles per player", len(result), 7, "28 in the box, 7 per colour")
    starting = [t for t in result if t.starting]
    if len(starting) != 1 or (starting and starting[0].action != parse_effect("donate")):
        reader.fail("mahout tiles: exactly one, the donation tile, starts on the board")
    return tuple(result)


def _read_maharajah(reader: _Reader, raw: dict[str, Any], rules: Rules) -> MaharajahBoard:
    table = raw["maharajah"]
    sources: dict[str, str] = {}
    section = partial(reader.section, "maharajah", table, sources)

    rows_entry = section("counter_rows")
    rows = reader.ints("maharajah.counter_rows.rows", rows_entry.get("rows"), 1)
    benefits = tuple(
        reader.effect("maharajah.counter_rows.benefits", b) for b in rows_entry.get("benefits", [])
    )
    if len(benefits) != len(rows):
        reader.fail("maharajah.counter_rows: one benefit per row")
    if sum(rows) + 1 != rules.counters_per_player:
        reader.fail(
            f"maharajah.counter_rows: {sum(rows)} counters on his board plus 1 on his elephant "
            f"should make {rules.counters_per_player}"
        )
    quarry = tuple(
        _resource(reader, "maharajah.quarry.order", r) for r in section("quarry").get("order", [])
    )
    if not quarry:
        reader.fail("maharajah.quarry: empty quarry")
    white = section("white_track")
    steps = tuple(reader.effect("maharajah.white_track.steps", s) for s in white.get("steps", []))
    ends = tuple(
        None if not e else reader.enum("maharajah.white_track.end", EndScoring, e)
        for e in white.get("end", [])
    )
    if len(ends) != len(steps) or len(steps) < 2 or any(ends[:-2]) or not all(ends[-2:]):
        reader.fail("maharajah.white_track: one end entry per step; only the last two score")
    blue = tuple(
        tuple(_resource(reader, "maharajah.blue_action", r) for r in pair)
        for pair in section("blue_action").get("by_decade", [])
    )
    if len(blue) != rules.decades:
        reader.fail("maharajah.blue_action: one pair of resources per decade")
    hard = section("hard")
    named = [
        reader.enum("maharajah.actions.order", WorkerColour.parse, c)
        for c in section("actions").get("order", [])
    ]
    order = tuple(c for c in named if c is not None)
    if sorted(order) != list(WorkerColour):
        reader.fail("maharajah.actions.order: each of the four worker colours once, top first")
    return MaharajahBoard(
        counter_rows=rows,
        row_benefits=benefits,
        quarry=quarry,
        storehouse_capacity=reader.int_value(
            "maharajah.storehouse.capacity", section("storehouse").get("capacity"), 1
        ),
        white_steps=steps,
        white_end=ends,
        blue_by_decade=blue,
        hard_counters_on_elephant=reader.int_value(
            "maharajah.hard.counters_on_elephant", hard.get("counters_on_elephant"), 1
        ),
        hard_objective_times=reader.int_value(
            "maharajah.hard.objective_times", hard.get("objective_times"), 1
        ),
        sources=sources,
        action_order=order if sorted(order) == list(WorkerColour) else tuple(WorkerColour),
    )


def _cross_checks(reader: _Reader, catalog: Catalog) -> None:
    rules, board = catalog.rules, catalog.board
    on_board = len(board.mahout_colours) + len(board.objective_benefits) + board.storehouse_spaces
    if on_board + rules.counters_on_market_space != rules.counters_per_player:
        reader.fail(
            f"personal board: {on_board} counter spaces plus {rules.counters_on_market_space} on "
            f"the market space should make {rules.counters_per_player} (Game Setup step 14)"
        )
    if sum(rules.starting_workers_per_section) * 4 != 12:
        reader.fail("rules.starting_workers_per_section: the marked spaces must hold 12 workers")
    for players, count in rules.storehouses_revealed.items():
        if count > len(catalog.storehouses):
            reader.fail(f"rules.storehouses_revealed: {count} for {players} players, only 15 exist")
    if rules.temple_tiles_in_play > len(catalog.temple_tiles):
        reader.fail("rules.temple_tiles_in_play: more than there are temple tiles")
    if rules.bridge_tiles_in_play != rules.decades:
        reader.fail("rules.bridge_tiles_in_play: one bridge tile per decade")
    if rules.temple_tiles_in_play != rules.decades:
        reader.fail("rules.temple_tiles_in_play: one temple tile per decade")
    max_tax = (
        rules.objective_tax_icons * len(board.objective_benefits)
        + max((s.tax_icons for s in catalog.storehouses), default=0) * board.storehouse_spaces
        + sum(sorted((t.tax_icons for t in catalog.mahout_tiles), reverse=True)[:4])
    )
    if len(board.tax_coins) <= max_tax:
        reader.fail(
            f"personal_board.tax_track: {len(board.tax_coins)} positions, but upgrades can "
            f"carry {max_tax} tax icons"
        )
    for track in board.tracks:
        if not track.steps or track.steps[-1].end is None:
            name = track.track.name.lower()
            reader.fail(f"personal_board.track.{name}: the last space scores at game end")


def load_catalog(override: Path | str | Mapping[str, Any] | None = None) -> Catalog:
    """Load, override and validate the catalog. Raises ``CatalogError``."""
    raw = _read_raw()
    problems: list[str] = []
    if override is not None:
        if isinstance(override, Mapping):
            data: Mapping[str, Any] = override
            label = "override"
        else:
            path = Path(override)
            label = path.name
            try:
                with path.open("rb") as handle:
                    data = tomllib.load(handle)
            except OSError as error:
                raise CatalogError([f"override: cannot read {path}: {error.strerror}"]) from error
            except tomllib.TOMLDecodeError as error:
                raise CatalogError([f"override: {path} is not valid TOML: {error}"]) from error
        problems += _apply_override(raw, data, label)
    reader = _Reader()
    reader.problems = problems
    rules = _read_rules(reader, raw)
    catalog = Catalog(
        rules=rules,
        district_tiles=_read_district_tiles(reader, raw),
        temple_tiles=_read_temple_tiles(reader, raw),
        bridge_tiles=_read_bridge_tiles(reader, raw),
        donation_tiles=_read_donation_tiles(reader, raw),
        market=_read_market(reader, raw),
        board=_read_board(reader, raw),
        storehouses=_read_storehouses(reader, raw),
        objectives=_read_objectives(reader, raw),
        mahout_tiles=_read_mahout_tiles(reader, raw),
        maharajah=_read_maharajah(reader, raw, rules),
        values=tuple(reader.values),
    )
    if not reader.problems:
        _cross_checks(reader, catalog)
    if reader.problems:
        raise CatalogError(reader.problems)
    return catalog


@cache
def default_catalog() -> Catalog:
    """The shipped catalog, loaded once per process."""
    return load_catalog()


__all__ = [
    "BridgeTile",
    "Catalog",
    "CatalogError",
    "DecadeBenefit",
    "DistrictTile",
    "DonationTile",
    "EndScoring",
    "MahoutTile",
    "Objective",
    "ObjectiveKind",
    "Perk",
    "Requirement",
    "Storehouse",
    "TempleTile",
    "default_catalog",
    "format_effect",
    "load_catalog",
]


if __name__ == "__main__":  # python -m engine.amritsar.catalog [--override FILE]
    from engine.amritsar.catalog_report import main

    raise SystemExit(main())
