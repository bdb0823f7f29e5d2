"""A province board: where a tile may go, the yields it reaches, and the markets on it.

Rulebook ("Las Juntas Provinciales"): a new tile's road must meet a road
already connected to the residence (top middle, 3 roads: west, east, south);
it may be turned any way and may cut a neighbour's road; every road end of a
tile belongs to one network (assumed: the text treats a tile as connected by
"at least one road"). Since every tile placed is connected, a cell is
reachable as soon as one of the tile's road ends meets a neighbour's road.
Sides are bits N=1, E=2, S=4, W=8; a rotation of ``r`` quarter turns
clockwise shifts them ``r`` places.

Example:
    >>> rotate(0b0011, 1)  # N+E turned a quarter clockwise: E+S
    6
"""

from __future__ import annotations

from engine.rajas.catalog import Catalog
from engine.rajas.state import EMPTY, RESIDENCE

RESIDENCE_ROADS = 2 | 4 | 8  # east, south, west


def rotate(mask: int, turns: int) -> int:
    return ((mask << turns) | (mask >> (4 - turns))) & 15 if turns else mask


def neighbours(cat: Catalog, cell: int) -> list[int]:
    """Per side N, E, S, W: the neighbouring cell, or -1 off the board."""
    key = ("nb", cell)
    found: list[int] | None = cat.cache.get(key)
    if found is None:
        w, h = cat.width, cat.height
        col, row = cell % w, cell // w
        found = [
            cell - w if row > 0 else -1,
            cell + 1 if col < w - 1 else -1,
            cell + w if row < h - 1 else -1,
            cell - 1 if col > 0 else -1,
        ]
        cat.cache[key] = found
    return found


def roads_at(cat: Catalog, value: int) -> int:
    """Road ends of what a cell holds (0 when empty)."""
    if value == RESIDENCE:
        return RESIDENCE_ROADS
    if value == EMPTY:
        return 0
    return rotate(cat.tiles[value >> 2].roads, value & 3)


def new_province(cat: Catalog) -> list[int]:
    cells = [EMPTY] * (cat.width * cat.height)
    cells[cat.residence] = RESIDENCE
    return cells


def connects(cat: Catalog, province: list[int], cell: int, roads: int) -> bool:
    """Whether a tile with these (turned) road ends at ``cell`` meets a road."""
    for side, other in enumerate(neighbours(cat, cell)):
        if (
            roads >> side & 1
            and other >= 0
            and roads_at(cat, province[other]) >> (side + 2) % 4 & 1
        ):
            return True
    return False


def incoming(cat: Catalog, province: list[int], cell: int) -> int:
    """Bit ``side`` set when the neighbour on that side has a road end facing ``cell``."""
    found = 0
    for side, other in enumerate(neighbours(cat, cell)):
        if other >= 0 and roads_at(cat, province[other]) >> (side + 2) % 4 & 1:
            found |= 1 << side
    return found


def placements(cat: Catalog, province: list[int], tile: int) -> list[tuple[int, int]]:
    """Every (cell, rotation) where ``tile`` may go: a turned road end meets one coming
    in (``connects``, with each cell's incoming ends found once for the four turns)."""
    roads = cat.tiles[tile].roads
    turned = [rotate(roads, turns) for turns in range(4)]
    out = []
    for cell, value in enumerate(province):
        if value != EMPTY:
            continue
        ends = incoming(cat, province, cell)
        if ends:
            out += [(cell, turns) for turns in range(4) if turned[turns] & ends]
    return out


#: per road mask R: bit m set when some rotation of R meets a road coming in from sides m
_FITS = [
    sum(1 << m for m in range(16) if any(rotate(roads, k) & m for k in range(4)))
    for roads in range(16)
]
_OPEN: dict[tuple[int, ...], int] = {}


def open_sides(cat: Catalog, province: list[int]) -> int:
    """Bit m set when an empty cell has roads coming in from exactly the sides m."""
    key = tuple(province)
    found = _OPEN.get(key)
    if found is None:
        found = 0
        for cell, value in enumerate(province):
            if value == EMPTY:
                incoming = 0
                for side, other in enumerate(neighbours(cat, cell)):
                    if other >= 0 and roads_at(cat, province[other]) >> ((side + 2) % 4) & 1:
                        incoming |= 1 << side
                if incoming:
                    found |= 1 << incoming
        if len(_OPEN) > 50_000:
            _OPEN.clear()
        _OPEN[key] = found
    return found


def can_place(cat: Catalog, province: list[int], tile: int) -> bool:
    return bool(_FITS[cat.tiles[tile].roads] & open_sides(cat, province))


def reached_yields(cat: Catalog, cell: int, roads: int) -> list[int]:
    """Indices of the catalog's yields that a tile's road ends at ``cell`` reach."""
    return [
        i
        for i, (y_cell, side, _) in enumerate(cat.yields)
        if y_cell == cell and roads >> side & 1 and neighbours(cat, cell)[side] < 0
    ]


def markets(cat: Catalog, province: list[int]) -> list[list[int]]:
    """Per goods kind: the values of the markets in the province, highest first."""
    out: list[list[int]] = [[], [], []]
    for value in province:
        if value >= 0:
            for goods, amount in cat.tiles[value >> 2].markets:
                out[goods].append(amount)
    for values in out:
        values.sort(reverse=True)
    return out


def mixed_income(cat: Catalog, province: list[int]) -> int:
    """Mixed goods: exactly one market per kind of goods, the best of each."""
    return sum(values[0] for values in markets(cat, province) if values)


def single_income(cat: Catalog, province: list[int], goods: int, die: int) -> int:
    """One kind: up to the die's value of that kind's markets, the best ones."""
    return sum(markets(cat, province)[goods][:die])
