"""Ceylon's component catalog: the map, cards, contracts, tiles and numbers, as data.

The values live in TOML files under ``engine/ceylon/data/``. Every entry has a
``source``: ``rulebook: <section>`` when the text states it, ``assumed: <why>``
when the game prints it only as an icon or a picture, ``override: <file>`` when
an owner changed it to match their copy. ``load_catalog(override=...)`` merges
an override file (same shape: ``[file.entry_id]`` or ``[file.value_name]`` with
the fields to change) and reports every problem at once (``CatalogError``).

Run ``python -m engine.ceylon.catalog`` to list every assumed value.

Example:
    >>> catalog = load_catalog()
    >>> len(catalog.hexes), sum(face.count for face in catalog.faces)
    (32, 46)
    >>> catalog.contract("C2-1").rupees
    11
"""

from __future__ import annotations

import copy
import sys
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from engine.core.catalog import apply_override, read_data_files

DATA_DIR = Path(__file__).resolve().parent / "data"

#: The five main actions, in the order the rulebook describes them.
MAIN = ("plant", "harvest", "trade", "hire", "tech")
#: Tea cubes by level: black (0), green (1), white (2).
CUBES = ("black", "green", "white")
CUBE_LETTERS = "BGW"

ADVISOR_ABILITIES = (
    "move_one_rupee",
    "extra_rupee",
    "plant_adjacent",
    "trade_rupees",
    "tech_point",
    "plant_discount",
    "hire_discount",
    "storage",
)
START_ABILITIES = (
    "tech_double",
    "rupees_plus5",
    "hire_anywhere",
    "move_free",
    "harvest_anywhere",
    "plant_double",
    "trade_one_less",
)
#: The main action (or alternative) each start tile strengthens.
START_ACTION = {
    "tech_double": "tech",
    "rupees_plus5": "rupees",
    "hire_anywhere": "hire",
    "move_free": "move",
    "harvest_anywhere": "harvest",
    "plant_double": "plant",
    "trade_one_less": "trade",
}

#: File name -> key of its list of entries (None: a table of named values).
FILES: dict[str, str | None] = {
    "rules": None,
    "map": "hex",
    "cards": "face",
    "contracts": "contract",
    "elevation": "large",
    "advisors": "advisor",
    "start_tiles": "start_tile",
}

_AXIAL_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class CatalogError(ValueError):
    """The catalog (or an override) is broken; ``problems`` lists every fault."""

    def __init__(self, problems: list[str]):
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class District:
    id: str
    letter: str
    name: str


@dataclass(frozen=True)
class Hex:
    id: str  # "K3": district letter and number
    district: int
    q: int
    r: int


@dataclass(frozen=True)
class Face:
    id: str  # "plant/harvest"
    first: int  # index in MAIN
    second: int
    count: int

    def actions(self) -> tuple[int, int]:
        return (self.first, self.second)


@dataclass(frozen=True)
class Contract:
    id: str
    company: int  # 1..5
    cubes: tuple[int, int, int]  # black, green, white
    rupees: int
    points: int


@dataclass(frozen=True)
class LargeTile:
    id: str
    shape: str
    cells: tuple[tuple[int, int], ...]


@dataclass(frozen=True, eq=False)
class Catalog:
    """Every component and number; built by ``load_catalog``."""

    districts: tuple[District, ...]
    hexes: tuple[Hex, ...]
    neighbours: tuple[int, ...]  # bitmask of adjacent hexes, per hex
    faces: tuple[Face, ...]
    contracts: tuple[Contract, ...]
    large_tiles: tuple[LargeTile, ...]
    small_tiles: int
    advisors: tuple[tuple[str, str], ...]  # (id, ability)
    start_tiles: tuple[tuple[int, str], ...]  # (number, ability)
    district_masks: tuple[int, ...]  # per district: bit mask of its hexes
    placement_masks: tuple[tuple[tuple[int, ...], ...], ...]  # [large tile][district]
    values: Mapping[str, Any]  # rules.toml values by name
    sources: Mapping[str, str]  # "file:key" -> source
    #: Tables the rules derive from this catalog (distances, move lists), kept with it
    #: so that two catalogs never share one.
    cache: dict[Any, Any] = field(default_factory=dict, repr=False)

    def value(self, name: str) -> Any:
        return self.values[name]

    def hex_index(self, name: str) -> int:
        for index, item in enumerate(self.hexes):
            if item.id == name.upper():
                return index
        raise KeyError(name)

    def district_hexes(self, district: int) -> int:
        """Bitmask of the hexes of a district."""
        return self.district_masks[district]

    def contract(self, contract_id: str) -> Contract:
        for item in self.contracts:
            if item.id == contract_id:
                return item
        raise KeyError(contract_id)

    def placements(self, tile: int, district: int) -> tuple[int, ...]:
        """Every hex mask a large tile can cover inside one district (any rotation)."""
        return self.placement_masks[tile][district]

    def assumed(self) -> list[tuple[str, str]]:
        return sorted((key, src) for key, src in self.sources.items() if src.startswith("assumed"))


def _placements(
    hexes: tuple[Hex, ...], cells_in: tuple[tuple[int, int], ...], district: int
) -> tuple[int, ...]:
    where = {(h.q, h.r): i for i, h in enumerate(hexes) if h.district == district}
    masks: set[int] = set()
    cells = list(cells_in)
    for _ in range(6):
        for q0, r0 in where:
            hit = [where.get((q0 + dq, r0 + dr)) for dq, dr in cells]
            if all(h is not None for h in hit):
                masks.add(sum(1 << h for h in hit if h is not None))
        cells = [(-r, q + r) for q, r in cells]  # rotate 60 degrees
    return tuple(sorted(masks))


def _apply_override(raw: dict[str, Any], override: Mapping[str, Any], label: str) -> list[str]:
    """Merge ``override`` into ``raw`` (the walk is the core's); a change may set
    an entry's own fields except its id and provenance, and marks the entry's
    source with the override file's name."""

    def change(where: str, target: dict[str, Any], fields: Mapping[str, Any]) -> list[str]:
        problems: list[str] = []
        for field_name, value in fields.items():
            if field_name not in target or field_name in ("id", "source"):
                problems.append(
                    f"override: {where} cannot set {field_name!r} "
                    f"(fields: {sorted(k for k in target if k not in ('id', 'source'))})"
                )
                continue
            target[field_name] = value
        target["source"] = f"override: {label}"
        return problems

    return apply_override(raw, override, FILES, change)


def _connected(cells: list[tuple[int, int]]) -> bool:
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        q, r = todo.pop()
        for dq, dr in _AXIAL_DIRS:
            nxt = (q + dq, r + dr)
            if nxt in cells and nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return len(seen) == len(cells)


def _build(raw: dict[str, Any]) -> Catalog:
    problems: list[str] = []
    sources: dict[str, str] = {}

    def source_of(file_name: str, key: str, entry: Mapping[str, Any]) -> None:
        src = entry.get("source")
        known = ("rulebook", "assumed", "override")
        if not isinstance(src, str) or not src.startswith(known):
            problems.append(f"{file_name}:{key}: missing or unknown source")
        sources[f"{file_name}:{key}"] = str(src)

    values: dict[str, Any] = {}
    for file_name in ("rules",):
        for name, entry in raw[file_name].items():
            source_of(file_name, name, entry)
            values[name] = entry.get("value")
    for name, kind in (
        ("start_rupees", int),
        ("markers", int),
        ("hand_size", int),
        ("plant_cost", int),
        ("hire_cost", int),
        ("tech_cost", int),
        ("tech_gift", int),
        ("take_rupees", int),
        ("storage", int),
        ("harvest_owner_points", int),
        ("marker_penalty", int),
        ("tech_track_last", int),
        ("tech_points", int),
        ("district_bonus", list),
        ("majority", list),
        ("companies", list),
        ("company_slots_freed_after", list),
        ("tech_points_spaces", list),
    ):
        if not isinstance(values.get(name), kind):
            problems.append(f"rules:{name}: must be {'a number' if kind is int else 'a list'}")
    if isinstance(values.get("companies"), list) and len(values["companies"]) != 5:
        problems.append("rules:companies: needs one value per number of companies 1-5")
    slots = values.get("company_slots_freed_after")
    if isinstance(slots, list) and (len(slots) != 5 or slots != sorted(slots)):
        problems.append("rules:company_slots_freed_after: 5 rising marker counts, one per slot")
    start = values.get("start_cubes")
    if not isinstance(start, str) or any(c not in CUBE_LETTERS for c in start):
        problems.append("rules:start_cubes: letters B, G, W")

    m = raw["map"]
    districts = []
    for entry in m.get("district", []):
        source_of("map", str(entry.get("id")), entry)
        districts.append(District(str(entry["id"]), str(entry["letter"]), str(entry["name"])))
    sources["map:river"] = str(m.get("river", {}).get("source", ""))
    if len(districts) != 4:
        problems.append(f"map: 4 districts expected, found {len(districts)}")
    district_ids = [d.id for d in districts]
    hexes = []
    for entry in m.get("hex", []):
        source_of("map", str(entry.get("id")), entry)
        if entry.get("district") not in district_ids:
            problems.append(f"map:{entry.get('id')}: unknown district {entry.get('district')!r}")
            continue
        col, row = int(entry["col"]), int(entry["row"])
        hexes.append(
            Hex(
                str(entry["id"]),
                district_ids.index(entry["district"]),
                col - (row - (row & 1)) // 2,
                row,
            )
        )
    for index in range(len(districts)):
        count = sum(1 for h in hexes if h.district == index)
        if count != 8:
            problems.append(f"map: district {district_ids[index]} has {count} hexes, 8 expected")
    coords = {(h.q, h.r): i for i, h in enumerate(hexes)}
    if len(coords) != len(hexes):
        problems.append("map: two hexes share a position")
    neighbours = []
    for h in hexes:
        mask = 0
        for dq, dr in _AXIAL_DIRS:
            other = coords.get((h.q + dq, h.r + dr))
            if other is not None:
                mask |= 1 << other
        neighbours.append(mask)

    faces = []
    for entry in raw["cards"].get("face", []):
        source_of("cards", str(entry.get("id")), entry)
        parts = str(entry.get("id", "")).split("/")
        if len(parts) != 2 or parts[0] not in MAIN or parts[1] not in MAIN or parts[0] == parts[1]:
            problems.append(f"cards:{entry.get('id')}: two different main actions expected")
            continue
        faces.append(
            Face(str(entry["id"]), MAIN.index(parts[0]), MAIN.index(parts[1]), int(entry["count"]))
        )
    total = raw["cards"].get("total", {}).get("value")
    sources["cards:total"] = str(raw["cards"].get("total", {}).get("source", ""))
    if sum(f.count for f in faces) != total:
        problems.append(
            f"cards: the faces count {sum(f.count for f in faces)} cards, {total} expected"
        )

    contracts = []
    for entry in raw["contracts"].get("contract", []):
        source_of("contracts", str(entry.get("id")), entry)
        cubes = str(entry.get("cubes", ""))
        if len(cubes) != 3 or any(c not in CUBE_LETTERS for c in cubes):
            problems.append(f"contracts:{entry.get('id')}: cubes must be 3 letters of B, G, W")
            continue
        if entry.get("company") not in (1, 2, 3, 4, 5):
            problems.append(f"contracts:{entry.get('id')}: company must be 1-5")
            continue
        counts = (cubes.count("B"), cubes.count("G"), cubes.count("W"))
        contracts.append(
            Contract(
                str(entry["id"]),
                int(entry["company"]),
                counts,
                int(entry["rupees"]),
                int(entry["points"]),
            )
        )
    for company in range(1, 6):
        found = sum(1 for c in contracts if c.company == company)
        if found != 4:
            problems.append(f"contracts: company {company} has {found} contracts, 4 expected")

    large = []
    for entry in raw["elevation"].get("large", []):
        source_of("elevation", str(entry.get("id")), entry)
        cells = [(int(a), int(b)) for a, b in entry.get("cells", [])]
        if len(set(cells)) != 4 or not _connected(cells):
            problems.append(f"elevation:{entry.get('id')}: a large tile covers 4 touching hexes")
            continue
        large.append(LargeTile(str(entry["id"]), str(entry.get("shape", "")), tuple(cells)))
    for name in ("small_tiles", "levels"):
        sources[f"elevation:{name}"] = str(raw["elevation"].get(name, {}).get("source", ""))
    if len(large) != 5:
        problems.append(f"elevation: 5 large tiles expected, found {len(large)}")

    advisors = []
    for entry in raw["advisors"].get("advisor", []):
        source_of("advisors", str(entry.get("id")), entry)
        if entry.get("ability") not in ADVISOR_ABILITIES:
            problems.append(f"advisors:{entry.get('id')}: unknown ability {entry.get('ability')!r}")
            continue
        advisors.append((str(entry["id"]), str(entry["ability"])))
    if sorted(a for _, a in advisors) != sorted(ADVISOR_ABILITIES):
        problems.append("advisors: 8 advisors, one per ability")

    starts = []
    for entry in raw["start_tiles"].get("start_tile", []):
        source_of("start_tiles", str(entry.get("id")), entry)
        if entry.get("ability") not in START_ABILITIES:
            problems.append(
                f"start_tiles:{entry.get('id')}: unknown ability {entry.get('ability')!r}"
            )
            continue
        starts.append((int(entry["id"]), str(entry["ability"])))
    if sorted(a for _, a in starts) != sorted(START_ABILITIES):
        problems.append("start_tiles: 7 tiles, one per ability")
    if len({n for n, _ in starts}) != len(starts):
        problems.append("start_tiles: two tiles share a number")

    if problems:
        raise CatalogError(problems)
    catalog = Catalog(
        districts=tuple(districts),
        hexes=tuple(hexes),
        neighbours=tuple(neighbours),
        faces=tuple(faces),
        contracts=tuple(contracts),
        large_tiles=tuple(large),
        small_tiles=int(raw["elevation"]["small_tiles"]["value"]),
        district_masks=tuple(
            sum(1 << i for i, h in enumerate(hexes) if h.district == d)
            for d in range(len(districts))
        ),
        placement_masks=tuple(
            tuple(_placements(tuple(hexes), tile.cells, d) for d in range(len(districts)))
            for tile in large
        ),
        advisors=tuple(advisors),
        start_tiles=tuple(sorted(starts)),
        values=values,
        sources=sources,
    )
    for tile in range(len(large)):
        for district in range(4):
            if not catalog.placements(tile, district):
                problems.append(
                    f"elevation:{large[tile].id}: fits nowhere in {districts[district].name}"
                )
    if problems:
        raise CatalogError(problems)
    return catalog


def load_catalog(override: Path | Mapping[str, Any] | None = None) -> Catalog:
    """The catalog, with an owner's override (a TOML path or its parsed content)."""
    if override is None:
        return default_catalog()
    raw = read_data_files(DATA_DIR, FILES)
    if isinstance(override, Path):
        try:
            with override.open("rb") as handle:
                changes: Mapping[str, Any] = tomllib.load(handle)
        except (OSError, tomllib.TOMLDecodeError) as error:
            raise CatalogError([f"override: cannot read {override}: {error}"]) from error
        label = override.name
    else:
        changes, label = override, "override"
    problems = _apply_override(raw, changes, label)
    if problems:
        raise CatalogError(problems)
    return _build(raw)


@cache
def default_catalog() -> Catalog:
    """The shipped catalog (loaded once)."""
    return _build(copy.deepcopy(read_data_files(DATA_DIR, FILES)))


def main(argv: list[str]) -> int:
    """Print every assumed value with its reason."""
    catalog = load_catalog(Path(argv[0]) if argv else None)
    for key, src in catalog.assumed():
        print(f"{key:32} {src}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
