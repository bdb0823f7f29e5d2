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
    #: Sections whose coin spot the camera reads covered: a coin there, how
    #: many unknown (``section_coins`` is then ``None``). Evidence of at least
    #: one (a skip leaves one on an empty spot), never a count.
    coins_covered: frozenset[int] = frozenset()

    @classmethod
    def of(cls, observation: Observation) -> Seen:
        """A table seen perfectly (tests, simulations): exact coin counts, so
        no spot need be read as merely covered."""
        return cls(
            **{
                name: getattr(observation, name)
                for name in cls.__dataclass_fields__
                if name in _OBSERVED
            }
        )

    def to_dict(self) -> dict[str, Any]:
        return {name: diff.plain(getattr(self, name)) for name in self.__dataclass_fields__}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Seen:
        covered = data.get("coins_covered")  # absent from logs written before it
        return cls(
            **{
                name: diff.from_plain(data.get(name), KINDS.get(name))
                for name in cls.__dataclass_fields__
                if name in _OBSERVED
            },
            coins_covered=frozenset(int(i) for i in covered or ()),
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


#: The fields an engine ``Observation`` has too (all but ``coins_covered``).
_OBSERVED = frozenset(Observation.__dataclass_fields__)


def _bare_coins(expected: Observation, seen: Seen) -> list[Mismatch]:
    """A coin spot read covered where the engine has no coin: the table holds
    at least one there (a skip the engine has not made)."""
    coins = expected.section_coins or ()
    return [
        Mismatch("section_coins", (i,), coins[i], None)
        for i in sorted(seen.coins_covered)
        if i < len(coins) and coins[i] == 0
    ]


def mismatches(expected: Observation, seen: Seen) -> list[Mismatch]:
    """Every item engine and table both saw that differs (see ``diff.mismatches``),
    and every coin spot read covered where the engine has none."""
    found = diff.mismatches(expected, seen, KINDS)
    return found + _bare_coins(expected, seen) if seen.coins_covered else found


def distance(expected: Observation, seen: Seen) -> int:
    """How far apart engine and table are: one per item out of place."""
    apart = diff.distance(expected, seen, KINDS)
    return apart + len(_bare_coins(expected, seen)) if seen.coins_covered else apart


def _fewer(engine: tuple[int, ...], table: tuple[int, ...]) -> bool:
    """Does a section hold fewer of some colour on the table than in the engine?"""
    return any(table.count(colour) < engine.count(colour) for colour in set(engine))


def missing_as_unknown(expected: Observation, seen: Seen) -> Seen:
    """``seen`` with every item that shows fewer pieces than the engine's
    ``expected`` made unknown (``None``).

    Pieces are conserved: a worker, counter or elephant that a legal move did
    not take away is still there, so when nothing legal explains the table, a
    piece gone from where the engine has it is more likely missed by the
    camera (a dark sticker, a hand's arm over the zone just then) than
    removed. The reconciler then looks at the table as if those items were
    unseen: unknown, never a silent empty. A market column is counted from
    its printed cell markers (hidden means a cube), so a missed marker reads
    as one cube more: a column other than the engine's is unknown too.
    Extra pieces, pieces moved to a new place and elephants on another path
    are kept: they are evidence.
    """
    sections = seen.sections
    if sections is not None and expected.sections is not None:
        sections = tuple(
            None if theirs is not None and _fewer(tuple(mine), theirs) else theirs
            for mine, theirs in zip(expected.sections, sections, strict=False)
        )

    def lower(
        engine: tuple[int, ...] | None, table: tuple[int | None, ...] | None
    ) -> tuple[int | None, ...] | None:
        if engine is None or table is None:
            return table
        return tuple(
            None if b is not None and b < a else b for a, b in zip(engine, table, strict=False)
        )

    def gone(
        engine: tuple[int, ...] | None, table: tuple[int | None, ...] | None
    ) -> tuple[int | None, ...] | None:
        """Pieces the engine has somewhere (>= 0) that the table shows as none (-1)."""
        if engine is None or table is None:
            return table
        return tuple(
            None if b == NONE and a >= 0 else b for a, b in zip(engine, table, strict=False)
        )

    def differ(
        engine: tuple[int, ...] | None, table: tuple[int | None, ...] | None
    ) -> tuple[int | None, ...] | None:
        """Market columns: a cell's printed marker missed reads as a cube on it,
        so a column may be miscounted either way."""
        if engine is None or table is None:
            return table
        return tuple(None if b != a else b for a, b in zip(engine, table, strict=False))

    donations = seen.donations
    if donations is not None and expected.donations is not None:
        donations = tuple(
            gone(tuple(mine), theirs)
            for mine, theirs in zip(expected.donations, donations, strict=False)
        )
    return Seen(
        sections=sections,
        section_coins=lower(expected.section_coins, seen.section_coins),
        elephants=gone(expected.elephants, seen.elephants),
        maharajah_space=seen.maharajah_space,
        maharajah_workers=gone(expected.maharajah_workers, seen.maharajah_workers),
        donations=donations,
        market_spaces=lower(expected.market_spaces, seen.market_spaces),
        market=differ(expected.market, seen.market),
        district_tiles=seen.district_tiles,
        temple_active=seen.temple_active,
        bridge_face_up=seen.bridge_face_up,
        revealed_storehouses=seen.revealed_storehouses,
        coins_covered=seen.coins_covered,
    )
