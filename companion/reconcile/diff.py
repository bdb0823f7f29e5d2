"""Where the engine and the table disagree, item by item, for any game.

What it is for: a game's observation (``engine.core.observation.Observation``)
is a set of named fields; what camera and sensors saw of the table has the
same fields, any of them (and any item inside one) ``None`` where it was not
seen. ``mismatches`` walks the fields and lists each item that both sides
saw and that differs; ``distance`` weighs them so a search can prefer the
actions that bring the engine closest to the table.

How a field is compared is the game's hint (``FieldKind``), inferred from the
value when the game gives none: a number or id is compared ``WHOLE``, a
frozenset as a ``SET``, a tuple ``ITEMS`` by position, a tuple of tuples as a
``GRID``. A game names the rest: ``COUNTED`` items whose difference is a count
(coins, counters), ``MULTISET`` items whose order carries no rule (Amritsar's
workers in a section, told apart by colour only).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from enum import Enum
from typing import Any


class FieldKind(Enum):
    WHOLE = "whole"  # one value: equal or not
    SET = "set"  # a frozenset: each element more or less counts one
    ITEMS = "items"  # a tuple compared position by position
    COUNTED = "counted"  # a tuple of counts: the difference counts
    GRID = "grid"  # a tuple of tuples compared cell by cell
    MULTISET = "multiset"  # a tuple of tuples, each compared ignoring order


WHOLE, SET, ITEMS = FieldKind.WHOLE, FieldKind.SET, FieldKind.ITEMS
COUNTED, GRID, MULTISET = FieldKind.COUNTED, FieldKind.GRID, FieldKind.MULTISET


@dataclass(frozen=True)
class Mismatch:
    """One item where the engine and the table disagree."""

    field: str
    index: tuple[int, ...]  # position inside the field (section, district and space, ...)
    expected: Any
    seen: Any


def field_names(value: Any) -> tuple[str, ...]:
    """The fields of an observation or of what was seen (a dataclass)."""
    return _names(type(value))


def _names(cls: type) -> tuple[str, ...]:
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(item.name for item in fields(cls))
    return names


_NAMES: dict[type, tuple[str, ...]] = {}
#: A seen field the engine's observation has no counterpart of.
_ABSENT = object()


def kind_of(value: Any) -> FieldKind:
    """The comparison a field's value suggests when the game gives no hint."""
    if isinstance(value, frozenset):
        return FieldKind.SET
    if isinstance(value, tuple):
        if any(isinstance(item, tuple) for item in value):
            return FieldKind.GRID
        return FieldKind.ITEMS
    return FieldKind.WHOLE


def mismatches(
    expected: Any, seen: Any, kinds: Mapping[str, FieldKind] | None = None
) -> list[Mismatch]:
    """Every item both sides saw that differs, field by field in ``seen``'s order."""
    hints = kinds or {}
    result: list[Mismatch] = []
    for name in _names(type(seen)):
        table = getattr(seen, name)
        if table is None:
            continue
        engine: Any = getattr(expected, name, _ABSENT)
        if engine is _ABSENT:
            continue  # camera-only evidence the game weighs itself (Amritsar's coins_covered)
        kind = hints.get(name)
        if kind is None:
            kind = kind_of(engine)
        if kind is WHOLE or kind is SET:
            if engine != table:
                result.append(Mismatch(name, (), engine, table))
        elif kind is GRID or kind is MULTISET:
            for i, (mine, theirs) in enumerate(zip(engine, table, strict=False)):
                if theirs is None:
                    continue
                if kind is MULTISET:
                    if sorted(mine) != sorted(theirs):
                        result.append(Mismatch(name, (i,), tuple(mine), tuple(theirs)))
                    continue
                for j, (a, b) in enumerate(zip(mine, theirs, strict=False)):
                    if b is not None and a != b:
                        result.append(Mismatch(name, (i, j), a, b))
        else:
            for i, (a, b) in enumerate(zip(engine, table, strict=False)):
                if b is not None and a != b:
                    result.append(Mismatch(name, (i,), a, b))
    return result


def weight(mismatch: Mismatch, kind: FieldKind) -> int:
    """How many items out of place one mismatch stands for."""
    if kind is MULTISET:
        mine, theirs = mismatch.expected, mismatch.seen
        return sum(abs(mine.count(item) - theirs.count(item)) for item in set(mine) | set(theirs))
    if kind is COUNTED:
        return abs(int(mismatch.expected) - int(mismatch.seen))
    if kind is SET:
        return len(mismatch.expected ^ mismatch.seen)
    return 1


def distance(expected: Any, seen: Any, kinds: Mapping[str, FieldKind] | None = None) -> int:
    """How far apart engine and table are: one per item out of place."""
    hints = kinds or {}
    total = 0
    for m in mismatches(expected, seen, hints):
        kind = hints.get(m.field)
        if kind is None:
            kind = kind_of(getattr(expected, m.field))
        total += 1 if kind is WHOLE or kind is ITEMS or kind is GRID else weight(m, kind)
    return total


def plain(value: Any) -> Any:
    """A field's value as JSON types (tuples to lists, sets to sorted lists)."""
    if isinstance(value, frozenset):
        return sorted(value)
    if isinstance(value, tuple):
        return [plain(v) for v in value]
    return value


def from_plain(value: Any, kind: FieldKind | None) -> Any:
    """Inverse of ``plain`` for a field of ``kind`` (lists to tuples or a set)."""
    if value is None:
        return None
    if kind is FieldKind.SET:
        return frozenset(value)
    if isinstance(value, list):
        return tuple(from_plain(v, None) for v in value)
    return value
