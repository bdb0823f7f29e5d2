"""What the table looks like, as far as camera and sensors can tell.

``Seen`` has the shape of ``engine.amritsar.observe.Observation``, but any field, and
any item inside one (a section, a donation space, a market column), may be
``None``: not seen right now (a hand over it, a covered coin spot, no sensor
board). Unseen items match anything.

``mismatches(expected, seen)`` lists, item by item, where an engine
observation and the table disagree; ``distance`` counts them, weighted so that
a worker out of place or a resource too many each count one. The search uses
``distance`` to prefer actions that bring the engine closer to the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.amritsar import Observation

NONE = -1


@dataclass(frozen=True)
class Seen:
    sections: tuple[tuple[int, ...] | None, ...] | None = None
    section_coins: tuple[int | None, ...] | None = None
    elephants: tuple[int | None, ...] | None = None
    maharajah_space: int | None = None
    maharajah_workers: tuple[int | None, ...] | None = None
    donations: tuple[tuple[int | None, ...] | None, ...] | None = None
    market_spaces: tuple[int | None, ...] | None = None
    market: tuple[int | None, ...] | None = None
    district_tiles: tuple[tuple[int | None, ...] | None, ...] | None = None
    temple_active: int | None = None
    bridge_face_up: tuple[int, ...] | None = None
    revealed_storehouses: frozenset[int] | None = None

    @classmethod
    def of(cls, observation: Observation) -> Seen:
        """A table seen perfectly (tests, simulations)."""
        return cls(**{name: getattr(observation, name) for name in cls.__dataclass_fields__})

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {}
        for name in self.__dataclass_fields__:
            value = getattr(self, name)
            data[name] = sorted(value) if isinstance(value, frozenset) else _plain(value)
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seen:
        values: dict[str, Any] = {}
        for name in cls.__dataclass_fields__:
            value = data.get(name)
            if name == "revealed_storehouses":
                values[name] = None if value is None else frozenset(value)
            elif name in ("maharajah_space", "temple_active"):
                values[name] = value
            else:
                values[name] = _tuples(value)
        return cls(**values)


def _plain(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_plain(v) for v in value]
    return value


def _tuples(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    return value


@dataclass(frozen=True)
class Mismatch:
    """One item where the engine and the table disagree."""

    field: str
    index: tuple[int, ...]  # position inside the field (section, district and space, ...)
    expected: Any
    seen: Any


_SCALARS = ("maharajah_space", "temple_active")
_COUNTED = ("section_coins", "market_spaces", "market")  # numbers: the difference counts


def mismatches(expected: Observation, seen: Seen) -> list[Mismatch]:
    result: list[Mismatch] = []
    for name in Seen.__dataclass_fields__:
        table = getattr(seen, name)
        if table is None:
            continue
        engine = getattr(expected, name)
        if name in _SCALARS or name == "revealed_storehouses" or name == "bridge_face_up":
            if engine != table:
                result.append(Mismatch(name, (), engine, table))
        elif name in ("sections", "donations", "district_tiles"):
            for i, (mine, theirs) in enumerate(zip(engine, table, strict=False)):
                if theirs is None:
                    continue
                if name == "sections":
                    # Workers are told apart by colour only, and the slot a worker
                    # stands in has no rule attached: compare as multisets.
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


def _section_distance(mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """Workers to add or take away to turn one section into the other."""
    return sum(abs(mine.count(colour) - theirs.count(colour)) for colour in range(4))


def distance(expected: Observation, seen: Seen) -> int:
    """How far apart engine and table are: one per item out of place."""
    total = 0
    for m in mismatches(expected, seen):
        if m.field == "sections":
            total += _section_distance(m.expected, m.seen)
        elif m.field in _COUNTED:
            total += abs(int(m.expected) - int(m.seen))
        elif m.field == "revealed_storehouses":
            total += len(m.expected ^ m.seen)
        else:
            total += 1
    return total
