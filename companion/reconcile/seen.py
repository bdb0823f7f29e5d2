"""What the table looks like, as far as camera and sensors can tell.

``Seen`` has the shape of ``engine.amritsar.observe.Observation``, but any field, and
any item inside one (a section, a donation space, a market column), may be
``None``: not seen right now (a hand over it, a covered coin spot, no sensor
board). Unseen items match anything.

``mismatches(expected, seen)`` lists, item by item, where an engine
observation and the table disagree; ``distance`` counts them, weighted so that
a worker out of place or a resource too many each count one. The search uses
``distance`` to prefer actions that bring the engine closer to the table.
Both are the game-independent ``companion.reconcile.diff`` with Amritsar's
hints (``KINDS``: which fields are counts, which compare as multisets).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.reconcile import diff
from companion.reconcile.diff import FieldKind, Mismatch
from engine.amritsar import Observation

__all__ = ["KINDS", "NONE", "Mismatch", "Seen", "distance", "mismatches"]

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
        return {name: diff.plain(getattr(self, name)) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seen:
        return cls(
            **{
                name: diff.from_plain(data.get(name), KINDS.get(name))
                for name in cls.__dataclass_fields__
            }
        )


#: How each of Amritsar's fields is compared (``companion.reconcile.diff``).
KINDS: dict[str, FieldKind] = {
    # Workers are told apart by colour only, and the slot a worker stands in
    # has no rule attached: a section is compared as a multiset.
    "sections": FieldKind.MULTISET,
    "section_coins": FieldKind.COUNTED,
    "elephants": FieldKind.ITEMS,
    "maharajah_space": FieldKind.WHOLE,
    "maharajah_workers": FieldKind.ITEMS,
    "donations": FieldKind.GRID,
    "market_spaces": FieldKind.COUNTED,
    "market": FieldKind.COUNTED,
    "district_tiles": FieldKind.GRID,
    "temple_active": FieldKind.WHOLE,
    "bridge_face_up": FieldKind.WHOLE,
    "revealed_storehouses": FieldKind.SET,
}


def mismatches(expected: Observation, seen: Seen) -> list[Mismatch]:
    """Every item engine and table both saw that differs (see ``diff.mismatches``)."""
    return diff.mismatches(expected, seen, KINDS)


def distance(expected: Observation, seen: Seen) -> int:
    """How far apart engine and table are: one per item out of place."""
    return diff.distance(expected, seen, KINDS)
