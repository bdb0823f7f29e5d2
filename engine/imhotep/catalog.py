"""Imhotep's component catalog: boats, round cards, market cards and sites as data.

The values live in TOML files under ``engine/imhotep/data/``. Every value
carries its provenance: ``source = "rulebook"`` with the ``section`` that
states it, or ``source = "assumed"`` with a ``note`` when the rulebook prints it
only as an icon. An owner may correct values from their own copy with an
override file (TOML with the same file/key layout); overridden values get
``source = "override"``. Loading reports every problem at once
(``CatalogError.problems``).

Run ``python -m engine.imhotep.catalog [--override FILE]`` to list every
assumed value.

Example:
    >>> catalog = load_catalog()
    >>> catalog.boat(1).size, len(catalog.round_cards_for(3))
    (4, 7)
    >>> sum(card.count for card in catalog.cards)
    34
"""

from __future__ import annotations

import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from pathlib import Path
from typing import Any

from engine.core.catalog import apply_override, change_fields, read_data_files

DATA_DIR = Path(__file__).resolve().parent / "data"

#: file -> the key of its list of entries (addressed by ``id`` in an override), or None
FILES: dict[str, str | None] = {
    "rules": None,
    "boats": "boat",
    "round_cards": "card",
    "market_cards": "card",
    "sites": None,
}

SITES = ("market", "pyramid", "temple", "burial", "obelisk")
CARD_COLOURS = ("red", "green", "purple", "blue")
PYRAMID_BONUSES = ("card", "stones", "place")
TEMPLE_BONUSES = ("choice", "points2", "card")


class CatalogError(ValueError):
    """The catalog or an override is broken; ``problems`` lists every fault."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__(
            "the Imhotep catalog has problems:\n" + "\n".join(f"  - {p}" for p in problems)
        )


@dataclass(frozen=True)
class Sourced:
    """Where one value came from (for the coverage doc and the assumed list)."""

    where: str
    source: str  # "rulebook", "assumed" or "override"
    detail: str  # the rulebook section, or the note saying what was assumed


@dataclass(frozen=True)
class BoatSpec:
    id: int
    size: int
    minimum: int


@dataclass(frozen=True)
class RoundCard:
    id: int
    players: int
    boats: tuple[int, ...]


@dataclass(frozen=True)
class CardSpec:
    id: str
    name_en: str
    name_es: str
    colour: str
    count: int
    site: str  # red: where its stone goes; green: the site it counts; else ""


@dataclass(frozen=True)
class Slot:
    """One slot of a side-B pyramid: points, and a bonus ("" for none)."""

    points: int
    bonus: str


@dataclass(frozen=True)
class Catalog:
    rules: Mapping[str, Any]
    boats: tuple[BoatSpec, ...]
    round_cards: tuple[RoundCard, ...]
    cards: tuple[CardSpec, ...]
    pyramid_a: tuple[int, ...]
    pyramids_b: tuple[tuple[Slot, ...], ...]
    temple_b: tuple[tuple[str, ...], ...]
    burial_b_points: tuple[int, ...]
    obelisk_b_towers: tuple[int, ...]
    sites: Mapping[str, Any]
    provenance: tuple[Sourced, ...]

    @cached_property
    def minimum(self) -> dict[int, int]:
        """Boat id -> its minimum load (a hot path of the legal moves)."""
        return {boat.id: boat.minimum for boat in self.boats}

    @cached_property
    def sled_capacity(self) -> int:
        return int(self.value("sled_capacity"))

    @cached_property
    def take_stones(self) -> int:
        return int(self.value("take_stones"))

    @cached_property
    def blue(self) -> tuple[tuple[int, str], ...]:
        """(kind index, id) of the blue cards."""
        return tuple((i, c.id) for i, c in enumerate(self.cards) if c.colour == "blue")

    def boat(self, boat_id: int) -> BoatSpec:
        for boat in self.boats:
            if boat.id == boat_id:
                return boat
        raise KeyError(f"no boat {boat_id}")

    def round_cards_for(self, players: int) -> tuple[RoundCard, ...]:
        return tuple(card for card in self.round_cards if card.players == players)

    def round_card(self, card_id: int) -> RoundCard:
        for card in self.round_cards:
            if card.id == card_id:
                return card
        raise KeyError(f"no round card {card_id}")

    def card_index(self, card_id: str) -> int:
        for index, card in enumerate(self.cards):
            if card.id == card_id:
                return index
        raise KeyError(f"no market card {card_id!r}")

    def value(self, key: str) -> Any:
        """A value of rules.toml or sites.toml by its key."""
        table = self.rules.get(key) or self.sites.get(key)
        if table is None:
            raise KeyError(key)
        return table["value"]

    def assumed(self) -> list[Sourced]:
        return [item for item in self.provenance if item.source == "assumed"]


def _read_raw() -> dict[str, Any]:
    return read_data_files(DATA_DIR, FILES)


def _apply_override(raw: dict[str, Any], override: Mapping[str, Any]) -> list[str]:
    return apply_override(raw, override, FILES, change_fields)


class _Reader:
    """Turns raw TOML into records, collecting every problem."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.provenance: list[Sourced] = []

    def fail(self, message: str) -> None:
        self.problems.append(message)

    def sourced(self, where: str, entry: Mapping[str, Any]) -> None:
        source = entry.get("source")
        if source == "rulebook":
            detail = entry.get("section")
            if not isinstance(detail, str) or not detail:
                self.fail(f"{where}: a rulebook value needs the 'section' that states it")
                detail = ""
        elif source in ("assumed", "override"):
            detail = entry.get("note")
            if not isinstance(detail, str) or not detail:
                self.fail(f"{where}: an {source} value needs a 'note' saying what and why")
                detail = ""
        else:
            self.fail(f'{where}: \'source\' must be "rulebook", "assumed" or "override"')
            return
        self.provenance.append(Sourced(where, str(source), str(detail)))

    def integer(self, where: str, value: Any, low: int, high: int) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
            self.fail(f"{where}: must be a whole number from {low} to {high}, not {value!r}")
            return low
        return value

    def int_list(self, where: str, value: Any, low: int, high: int) -> tuple[int, ...]:
        if not isinstance(value, list) or not value:
            self.fail(f"{where}: must be a non-empty list of whole numbers")
            return ()
        return tuple(self.integer(f"{where}[{i}]", v, low, high) for i, v in enumerate(value))


def _values(reader: _Reader, file_name: str, table: Mapping[str, Any]) -> dict[str, Any]:
    for key, entry in table.items():
        if not isinstance(entry, Mapping):
            reader.fail(f"{file_name}.{key}: must be a table")
            continue
        reader.sourced(f"{file_name}.{key}", entry)
    return dict(table)


def _slot(reader: _Reader, where: str, text: Any) -> Slot:
    if not isinstance(text, str):
        reader.fail(f'{where}: must be text like "2" or "1+card"')
        return Slot(0, "")
    points, _, bonus = text.partition("+")
    if not points.isdigit() or bonus not in ("", *PYRAMID_BONUSES):
        reader.fail(
            f"{where}: {text!r} is not points or points+bonus ({', '.join(PYRAMID_BONUSES)})"
        )
        return Slot(0, "")
    return Slot(int(points), bonus)


def _build(raw: dict[str, Any]) -> Catalog:
    r = _Reader()
    rules = _values(r, "rules", raw["rules"])
    sites = _values(r, "sites", raw["sites"])
    for key in ("stones_per_colour", "sled_capacity", "take_stones", "rounds", "boats_per_round"):
        if key not in rules:
            r.fail(f"rules.{key}: missing")
        else:
            r.integer(f"rules.{key}.value", rules[key].get("value"), 1, 99)
    if "rounds" in rules and "boats_per_round" in rules and rules["boats_per_round"]["value"] != 4:
        r.fail("rules.boats_per_round.value: the rulebook's round has 4 boats for 5 sites")

    boats = []
    for i, entry in enumerate(raw["boats"].get("boat", [])):
        where = f"boats[{entry.get('id', i)}]"
        r.sourced(where, entry)
        size = r.integer(f"{where}.size", entry.get("size"), 1, 4)
        minimum = r.integer(f"{where}.minimum", entry.get("minimum"), 1, 4)
        if minimum > size:
            r.fail(f"{where}.minimum: {minimum} is more than the boat holds ({size})")
        boats.append(BoatSpec(r.integer(f"{where}.id", entry.get("id"), 1, 99), size, minimum))
    if sorted(b.size for b in boats) != [1, 2, 2, 3, 3, 3, 4, 4]:
        r.fail("boats: the rulebook has 8 boats: two of 4 stones, three of 3, two of 2, one of 1")
    boat_ids = {b.id for b in boats}

    cards_by_players: dict[int, int] = {}
    round_cards = []
    for i, entry in enumerate(raw["round_cards"].get("card", [])):
        where = f"round_cards[{entry.get('id', i)}]"
        r.sourced(where, entry)
        players = r.integer(f"{where}.players", entry.get("players"), 2, 4)
        ids = r.int_list(f"{where}.boats", entry.get("boats"), 1, 99)
        if len(ids) != 4 or len(set(ids)) != 4 or not set(ids) <= boat_ids:
            r.fail(f"{where}.boats: must name 4 different boats of boats.toml, not {list(ids)}")
        cards_by_players[players] = cards_by_players.get(players, 0) + 1
        round_cards.append(
            RoundCard(r.integer(f"{where}.id", entry.get("id"), 1, 999), players, ids)
        )
    for players in (2, 3, 4):
        if cards_by_players.get(players, 0) != 7:
            r.fail(
                f"round_cards: the rulebook has 7 cards for {players} players, not {cards_by_players.get(players, 0)}"
            )

    cards = []
    for i, entry in enumerate(raw["market_cards"].get("card", [])):
        where = f"market_cards[{entry.get('id', i)}]"
        r.sourced(where, entry)
        colour = entry.get("colour")
        if colour not in CARD_COLOURS:
            r.fail(f"{where}.colour: must be one of {', '.join(CARD_COLOURS)}")
        site = entry.get("site", "")
        if colour in ("red", "green") and site not in SITES[1:]:
            r.fail(f"{where}.site: a {colour} card names a building site ({', '.join(SITES[1:])})")
        cards.append(
            CardSpec(
                str(entry.get("id")),
                str(entry.get("name_en", "")),
                str(entry.get("name_es", "")),
                str(colour),
                r.integer(f"{where}.count", entry.get("count"), 1, 34),
                str(site),
            )
        )
    if sum(c.count for c in cards) != 34:
        r.fail(f"market_cards: the rulebook has 34 market cards, not {sum(c.count for c in cards)}")

    def site_value(key: str) -> Any:
        if key not in sites:
            r.fail(f"sites.{key}: missing")
            return None
        return sites[key].get("value")

    pyramid_a = r.int_list("sites.pyramid_a.value", site_value("pyramid_a"), 0, 20)
    if len(pyramid_a) != 14:
        r.fail("sites.pyramid_a.value: the pyramid has 14 slots (3x3 + 2x2 + 1)")
    pyramids_b: list[tuple[Slot, ...]] = []
    table_b = sites.get("pyramids_b", {})
    for name in ("left", "centre", "right"):
        slots = table_b.get(name)
        if not isinstance(slots, list) or not slots:
            r.fail(f"sites.pyramids_b.{name}: must list the pyramid's slots")
            continue
        pyramids_b.append(
            tuple(_slot(r, f"sites.pyramids_b.{name}[{i}]", s) for i, s in enumerate(slots))
        )
    temple_b = []
    for i, text in enumerate(site_value("temple_b") or []):
        parts = tuple(str(text).split("+"))
        if not all(p in TEMPLE_BONUSES for p in parts):
            r.fail(
                f"sites.temple_b.value[{i}]: {text!r} is not made of {', '.join(TEMPLE_BONUSES)}"
            )
        temple_b.append(parts)
    if len(temple_b) < 5:
        r.fail("sites.temple_b.value: the temple has 5 slots")
    burial_b = r.int_list("sites.burial_b_points.value", site_value("burial_b_points"), 0, 99)
    if len(burial_b) < 4:
        r.fail("sites.burial_b_points.value: one value per place (4)")
    towers = r.int_list("sites.obelisk_b_towers.value", site_value("obelisk_b_towers"), 0, 99)
    if r.problems:
        raise CatalogError(r.problems)
    return Catalog(
        rules,
        tuple(boats),
        tuple(round_cards),
        tuple(cards),
        pyramid_a,
        tuple(pyramids_b),
        tuple(temple_b),
        burial_b,
        towers,
        sites,
        tuple(r.provenance),
    )


def load_catalog(override: Path | str | Mapping[str, Any] | None = None) -> Catalog:
    """Load and validate the catalog, with an owner's override. Raises ``CatalogError``."""
    if override is None:
        return default_catalog()
    raw = _read_raw()
    if isinstance(override, Mapping):
        data: Mapping[str, Any] = override
    else:
        path = Path(override)
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except OSError as error:
            raise CatalogError([f"override: cannot read {path}: {error.strerror}"]) from error
        except tomllib.TOMLDecodeError as error:
            raise CatalogError([f"override: {path} is not valid TOML: {error}"]) from error
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
    for item in catalog.provenance:
        print(f"{item.source:9} {item.where:32} {item.detail}")
    print(f"\n{len(catalog.assumed())} assumed values")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
