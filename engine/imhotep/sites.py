"""Where a stone lands on each site and what the sites are worth: pure functions.

Each function reads the catalog and a site's stones as the state keeps them
(owners in the order they were placed), so the rules, the score sheets, the
camera observation and the tests share one reading of the rulebook's
placement pictures.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.imhotep.catalog import Catalog, Slot


def group_points(size: int, catalog: Catalog) -> int:
    """Burial chamber A groups and statue cards: 1, 3, 6, 10, 15, then +2 each."""
    table: list[int] = catalog.value("group_points")
    if size <= 0:
        return 0
    if size <= len(table):
        return table[size - 1]
    return table[-1] + (size - len(table)) * int(catalog.value("group_points_extra"))


def pyramid_a_points(index: int, catalog: Catalog) -> int:
    """Points of the ``index``-th stone placed on the A pyramid (0-based)."""
    if index < len(catalog.pyramid_a):
        return catalog.pyramid_a[index]
    return int(catalog.value("pyramid_extra_points"))


def pyramid_b_slot(pyramid: int, index: int, catalog: Catalog) -> Slot | None:
    """The slot the ``index``-th stone of a B pyramid takes; ``None`` when full."""
    slots = catalog.pyramids_b[pyramid]
    return slots[index] if index < len(slots) else None


def temple_width(players: int, catalog: Catalog) -> int:
    widths: list[int] = catalog.value("temple_width")
    return widths[players - 2]


def temple_visible(temple: Sequence[int], width: int) -> list[tuple[int, int]]:
    """(slot from the left, owner) of each stone seen from above: the top of each column."""
    start = max(0, len(temple) - width)
    return [(i % width, temple[i]) for i in range(start, len(temple))]


def burial_cell(index: int, rows: int = 3) -> tuple[int, int]:
    """(column, row) of the ``index``-th burial stone: columns fill top to bottom."""
    return index // rows, index % rows


def burial_groups(burial: Sequence[int], rows: int = 3) -> list[tuple[int, int]]:
    """(owner, size) of every group of same-colour stones sharing a side."""
    cells = {burial_cell(i, rows): owner for i, owner in enumerate(burial)}
    seen: set[tuple[int, int]] = set()
    groups = []
    for start, owner in cells.items():
        if start in seen:
            continue
        seen.add(start)
        stack, size = [start], 0
        while stack:
            col, row = stack.pop()
            size += 1
            for near in ((col + 1, row), (col - 1, row), (col, row + 1), (col, row - 1)):
                if near not in seen and cells.get(near) == owner:
                    seen.add(near)
                    stack.append(near)
        groups.append((owner, size))
    return groups


def burial_rows(burial: Sequence[int], players: int, rows: int = 3) -> list[list[int]]:
    """Stones per seat in each row (side B majorities)."""
    counts = [[0] * players for _ in range(rows)]
    for index, owner in enumerate(burial):
        counts[index % rows][owner] += 1
    return counts


def rank_points(values: Sequence[int], table: Sequence[int]) -> list[int]:
    """Points by rank of ``values`` (more is better); only values above 0 rank.

    Tied seats add up the points of the places they share and each gets the
    sum divided by their number, rounded down (rulebook: A) Obeliscos, B)
    Cámara funeraria). Places beyond the table are worth 0.
    """
    result = [0] * len(values)
    ranked = sorted((v for v in set(values) if v > 0), reverse=True)
    place = 0
    for value in ranked:
        tied = [seat for seat, v in enumerate(values) if v == value]
        shared = sum(table[p] for p in range(place, place + len(tied)) if p < len(table))
        for seat in tied:
            result[seat] = shared // len(tied)
        place += len(tied)
    return result


def tower_points(index: int, catalog: Catalog) -> int:
    """Points of the ``index``-th three-stone tower on the B obelisks."""
    towers = catalog.obelisk_b_towers
    return towers[min(index, len(towers) - 1)]
