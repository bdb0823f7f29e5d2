"""Rajas of the Ganges' component catalog: numbers, action spaces, river, yields and tiles.

The values live in TOML files under ``engine/rajas/data/``. The Spanish text
is incomplete, so every value carries its provenance: ``source = "rulebook"``
with the ``section`` that states it; ``source = "published"`` with a ``note``
citing the gathered facts (``../shared/rules/rajas-of-the-ganges-missing-rules.md``)
for a rule missing from the source text; or ``source = "assumed"`` with a
``note`` saying what was chosen and why. An owner may correct values from
their own copy with an override file (same file/key layout); overridden
values get ``source = "override"``. Loading reports every problem at once.

Run ``python -m engine.rajas.catalog [--override FILE]`` to list every
assumed value.

Example:
    >>> cat = default_catalog()
    >>> len(cat.tiles), cat.kali_capacity, cat.space_index("mogul") >= 0
    (64, 10, True)
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.catalog import apply_override, change_fields, read_data_files

DATA_DIR = Path(__file__).resolve().parent / "data"

#: file -> the key of its list of entries (addressed by ``id`` in an override), or None
FILES: dict[str, str | None] = {"rules": None, "board": "palace", "tiles": "tile"}

COLOURS = ("blue", "green", "orange", "purple")
COLOURS_ES = ("azul", "verde", "naranja", "morado")
BUILDINGS = ("temple", "palace", "fort", "mill")
BUILDINGS_ES = ("templo", "palacio", "fuerte", "molino")
GOODS = ("silk", "tea", "spice")
GOODS_ES = ("seda", "té", "especias")
STACKS = ("snake", "cow", "tiger")
SIDES = "NESW"
#: reward kinds: "die" is a die of a colour the player chooses; "die-<colour>" a fixed one
REWARD_KINDS = (
    "money",
    "fame",
    "karma",
    "die",
    *(f"die-{c}" for c in COLOURS),
    "upgrade",
    "worker",
    "boat",
    "build",
    "elephant",
)

Reward = tuple[str, int]  # (kind, amount)
#: readings of rules the text leaves open, each a ``true`` value with its provenance
READINGS = (
    "karma_before_placing",
    "start_player_by_dancer_only",
    "end_finishes_round_of_turns",
    "new_worker_at_once",
    "river_skips_occupied",
    "tile_roads_one_network",
    "must_place_while_able",
)


class CatalogError(ValueError):
    """The catalog or an override is broken; ``problems`` lists every fault."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(
            "the Rajas catalog has problems:\n" + "\n".join(f"  - {p}" for p in problems)
        )


@dataclass(frozen=True)
class Sourced:
    """Where one value came from (for the coverage doc and the assumed list)."""

    where: str
    source: str  # "rulebook", "published", "assumed" or "override"
    detail: str


@dataclass(frozen=True)
class Tile:
    id: str
    colour: int  # index in COLOURS
    stack: int  # index in STACKS
    cost: int
    roads: int  # bit mask of sides N=1, E=2, S=4, W=8 before rotation
    buildings: tuple[int, ...]  # indices in BUILDINGS
    markets: tuple[tuple[int, int], ...]  # (goods index, value)


@dataclass(frozen=True)
class Space:
    """An action space: ``area`` quarry/harbour/mixed/single/palace; its cost and reward."""

    id: str
    area: str
    money: int = 0  # money to pay (quarry, harbour)
    dice_colour: int = -1  # palace exchange: two dice of this colour
    dice_value: int = 0  # palace chamber: one die of exactly this value
    reward: tuple[Reward, ...] = ()


@dataclass(frozen=True)
class Catalog:
    values: Mapping[str, Any]
    tiles: tuple[Tile, ...]
    spaces: tuple[Space, ...]
    river: tuple[tuple[Reward, ...], ...]
    bridge: int
    yields: tuple[tuple[int, int, tuple[Reward, ...]], ...]  # (cell, side, reward)
    provenance: tuple[Sourced, ...]
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)

    def value(self, key: str) -> Any:
        return self.values[key]["value"]

    @property
    def kali_capacity(self) -> int:
        return int(self.value("kali_capacity"))

    @property
    def width(self) -> int:
        return int(self.value("province_size")[0])

    @property
    def height(self) -> int:
        return int(self.value("province_size")[1])

    @property
    def residence(self) -> int:
        """Cell of the residence: the middle of the top row."""
        return self.width // 2

    def cell_name(self, cell: int) -> str:
        return f"{chr(65 + cell % self.width)}{cell // self.width + 1}"

    def cell_index(self, name: str) -> int:
        name = name.strip().upper()
        if len(name) < 2 or not name[1:].isdigit():
            raise ValueError(f"{name!r} is not a province space like A1")
        col, row = ord(name[0]) - 65, int(name[1:]) - 1
        if not (0 <= col < self.width and 0 <= row < self.height):
            raise ValueError(f"{name!r} is not on the {self.width}x{self.height} province board")
        return row * self.width + col

    def space_index(self, space_id: str) -> int:
        for i, space in enumerate(self.spaces):
            if space.id == space_id:
                return i
        raise ValueError(
            f"no action space {space_id!r} (one of: {', '.join(s.id for s in self.spaces)})"
        )

    def tile_index(self, tile_id: str) -> int:
        index: dict[str, int] = self.cache.setdefault(
            "tile_ids", {t.id.lower(): i for i, t in enumerate(self.tiles)}
        )
        found = index.get(tile_id.lower())
        if found is None:
            raise ValueError(f"no province tile {tile_id!r} (B1..B16, G1.., O1.., P1..)")
        return found

    def covered(self, players: int) -> frozenset[int]:
        """Spaces out of play for this player count (cover tiles, the 2-player side)."""
        key = {2: "covered_2p", 3: "covered_3p"}.get(players)
        if key is None:
            return frozenset()
        return frozenset(self.space_index(s) for s in self.value(key))

    def assumed(self) -> list[Sourced]:
        return [item for item in self.provenance if item.source == "assumed"]


def _read_raw() -> dict[str, Any]:
    return read_data_files(DATA_DIR, FILES)


def _apply_override(raw: dict[str, Any], override: Mapping[str, Any]) -> list[str]:
    return apply_override(raw, override, FILES, change_fields)


class _Reader:
    def __init__(self) -> None:
        self.problems: list[str] = []
        self.provenance: list[Sourced] = []

    def fail(self, message: str) -> None:
        self.problems.append(message)

    def sourced(self, where: str, entry: Mapping[str, Any]) -> None:
        source = entry.get("source")
        key = "section" if source == "rulebook" else "note"
        if source not in ("rulebook", "published", "assumed", "override"):
            self.fail(f"{where}: 'source' must be rulebook, published, assumed or override")
            return
        detail = entry.get(key)
        if not isinstance(detail, str) or not detail:
            self.fail(f"{where}: a {source} value needs a '{key}' saying where it comes from")
            detail = ""
        self.provenance.append(Sourced(where, str(source), str(detail)))

    def integer(self, where: str, value: Any, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(f"{where}: must be a whole number from {low} to {high}, not {value!r}")
            return low
        return value

    def reward(self, where: str, items: Any) -> tuple[Reward, ...]:
        if not isinstance(items, list):
            self.fail(f'{where}: must be a list of rewards like "money:3"')
            return ()
        out = []
        for item in items:
            kind, _, amount = str(item).partition(":")
            if kind not in REWARD_KINDS or (amount and not amount.isdigit()):
                self.fail(f"{where}: {item!r} is not a reward ({', '.join(REWARD_KINDS)})")
                continue
            out.append((kind, int(amount) if amount else 1))
        return tuple(out)


def _roads(r: _Reader, where: str, text: Any) -> int:
    mask = 0
    for letter in str(text):
        if letter not in SIDES:
            r.fail(f"{where}: road ends are letters of NESW, not {text!r}")
            return 0
        mask |= 1 << SIDES.index(letter)
    if not mask:
        r.fail(f"{where}: a tile needs at least one road end")
    return mask


def _index(r: _Reader, where: str, value: Any, names: tuple[str, ...]) -> int:
    if value not in names:
        r.fail(f"{where}: {value!r} is not one of {', '.join(names)}")
        return 0
    return names.index(value)


def _spaces(r: _Reader, values: Mapping[str, Any], board: Mapping[str, Any]) -> list[Space]:
    spaces = [
        Space(f"Q{i + 1}", "quarry", money=r.integer("rules.quarry_costs", c, 0, 20))
        for i, c in enumerate(values["quarry_costs"]["value"])
    ]
    spaces += [
        Space(f"H{i + 1}", "harbour", money=r.integer("rules.harbour_costs", c, 0, 20))
        for i, c in enumerate(values["harbour_costs"]["value"])
    ]
    spaces += [
        Space(f"M{i + 1}", "mixed") for i in range(int(values["mixed_market_spaces"]["value"]))
    ]
    spaces += [
        Space(f"S{i + 1}", "single") for i in range(int(values["single_market_spaces"]["value"]))
    ]
    for entry in board.get("palace", []):
        where = f"board.palace[{entry.get('id')}]"
        r.sourced(where, entry)
        cost = str(entry.get("cost", ""))
        colour, value = -1, 0
        if cost.startswith("2 "):
            colour = _index(r, f"{where}.cost", cost[2:], COLOURS)
        elif cost.startswith("value "):
            value = r.integer(f"{where}.cost", int(cost[6:]) if cost[6:].isdigit() else 0, 1, 6)
        elif cost:
            r.fail(f'{where}.cost: write "", "2 <colour>" or "value <n>", not {cost!r}')
        spaces.append(
            Space(
                str(entry.get("id")),
                "palace",
                0,
                colour,
                value,
                r.reward(where, entry.get("reward")),
            )
        )
    return spaces


def _build(raw: dict[str, Any]) -> Catalog:
    r = _Reader()
    values = dict(raw["rules"])
    for key, entry in values.items():
        if not isinstance(entry, Mapping) or "value" not in entry:
            r.fail(f"rules.{key}: must be a table with a value")
            continue
        r.sourced(f"rules.{key}", entry)
    needed = [
        "dice_per_colour",
        "kali_capacity",
        "workers_start",
        "workers_max",
        "start_money",
        "start_karma",
        "karma_max",
        "upgrade_levels",
        "track_length",
        "fame_bonus_upgrade",
        "fame_bonus_worker",
        "money_bonus_worker",
        "money_bonus_marker",
        "quarry_costs",
        "harbour_costs",
        "harbour_die_max",
        "mixed_market_spaces",
        "single_market_spaces",
        "mixed_market_limit_players",
        "covered_3p",
        "covered_2p",
        "province_size",
        "tie_break",
    ]
    missing = [k for k in needed if k not in values]
    if missing:
        raise CatalogError([f"rules.{k}: missing" for k in missing])
    for key in READINGS:
        if key not in values:
            r.fail(f"rules.{key}: missing")
        elif values[key].get("value") is not True:
            r.fail(f"rules.{key}.value: the engine implements only the reading 'true'")
    for key in ("dice_per_colour", "kali_capacity", "track_length", "karma_max"):
        r.integer(f"rules.{key}.value", values[key]["value"], 1, 200)
    if len(values["start_money"]["value"]) != 4:
        r.fail("rules.start_money.value: one amount per seat in turn order (4)")
    board = raw["board"]
    spaces = _spaces(r, values, board)
    river_entry = board.get("river", {})
    r.sourced("board.river", river_entry)
    river = tuple(
        r.reward(f"board.river.spaces[{i}]", s) for i, s in enumerate(river_entry.get("spaces", []))
    )
    if len(river) < 3:
        r.fail("board.river.spaces: the river needs a start, spaces and a last space")
    bridge = r.integer("board.river.bridge", river_entry.get("bridge"), 1, max(1, len(river) - 1))
    width = values["province_size"]["value"][0]
    yields = []
    for entry in board.get("yield", []):
        where = f"board.yield[{entry.get('id')}]"
        r.sourced(where, entry)
        cell_name, _, side = str(entry.get("id")).partition("-")
        col, row = ord(cell_name[:1] or "?") - 65, cell_name[1:]
        if side not in SIDES or not row.isdigit() or not 0 <= col < width:
            r.fail(f"{where}: write the cell and side like A4-W")
            continue
        cell = (int(row) - 1) * width + col
        yields.append((cell, SIDES.index(side), r.reward(where, entry.get("reward"))))
    tiles = []
    for i, entry in enumerate(raw["tiles"].get("tile", [])):
        where = f"tiles[{entry.get('id', i)}]"
        r.sourced(where, entry)
        markets = []
        for m in entry.get("markets", []):
            goods, _, amount = str(m).partition(":")
            markets.append(
                (
                    _index(r, f"{where}.markets", goods, GOODS),
                    int(amount) if amount.isdigit() else 0,
                )
            )
        tiles.append(
            Tile(
                str(entry.get("id")),
                _index(r, f"{where}.colour", entry.get("colour"), COLOURS),
                _index(r, f"{where}.stack", entry.get("stack"), STACKS),
                r.integer(f"{where}.cost", entry.get("cost"), 1, 36),
                _roads(r, f"{where}.roads", entry.get("roads")),
                tuple(
                    _index(r, f"{where}.buildings", b, BUILDINGS)
                    for b in entry.get("buildings", [])
                ),
                tuple(markets),
            )
        )
    per_colour = [sum(1 for t in tiles if t.colour == c) for c in range(4)]
    if per_colour != [16, 16, 16, 16]:
        r.fail(f"tiles: the rulebook has 16 province tiles per colour, not {per_colour}")
    if len({t.id.lower() for t in tiles}) != len(tiles):
        r.fail("tiles: two tiles share an id")
    for key in ("covered_2p", "covered_3p"):
        names = {s.id for s in spaces}
        for name in values[key]["value"]:
            if name not in names:
                r.fail(f"rules.{key}: {name!r} names no action space")
    if r.problems:
        raise CatalogError(r.problems)
    return Catalog(
        values, tuple(tiles), tuple(spaces), river, bridge, tuple(yields), tuple(r.provenance)
    )


def load_catalog(override: Path | str | Mapping[str, Any] | None = None) -> Catalog:
    """Load and validate the catalog, with an owner's override. Raises ``CatalogError``."""
    if override is None:
        return default_catalog()
    raw = _read_raw()
    if isinstance(override, Mapping):
        data: Mapping[str, Any] = override
    else:
        try:
            data = tomllib.loads(Path(override).read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise CatalogError([f"override: cannot read {override}: {error}"]) from None
    problems = _apply_override(raw, data)
    if problems:
        raise CatalogError(problems)
    return _build(raw)


@cache
def default_catalog() -> Catalog:
    return _build(_read_raw())


def main(argv: list[str]) -> int:
    override = argv[argv.index("--override") + 1] if "--override" in argv else None
    try:
        catalog = load_catalog(override)
    except CatalogError as error:
        print(error, file=sys.stderr)
        return 1
    assumed = catalog.assumed()
    for item in assumed:
        print(f"{item.where}: {item.detail}")
    print(f"{len(assumed)} assumed values")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
