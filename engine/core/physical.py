"""Moves players can make on the table that the rules refuse, for any game.

What it is for: a camera sees what people do with the pieces, and people do
things the rules forbid (sail a boat under its minimum load, put a sixth stone
on a sled). ``Rules.legal_actions`` lists only what is allowed, so the
reconciler could never explain such a table; a game that wants its table
checked offers the optional hook :class:`ChecksTable`: ``physical_moves``
lists the refused changes within reach now, each with the observation the
table would then show, the rule it breaks and how to put it right (the game's
own ``ReasonTable``, English and Spanish); ``table_differences`` words what
differs between the game and a table, for when nothing explains it.

Pure: no camera, file or clock. Implemented per game in
``engine/<game>/physical.py``; used by ``companion.reconcile.generic``.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from engine.core.observation import Observation
from engine.core.reasons import Reason


@dataclass(frozen=True)
class PhysicalMove:
    """One refused change to the table: what it looks like and what to say.

    ``seen``: the game's observation after the change (a reconciler compares
    it with what the camera reports). ``reason``: the rule broken, in the
    game's words. ``fix``: how to put the table right. ``seat``: who made it
    (-1 when unknown). ``action``: the refused action it corresponds to, when
    the notation can write it (``None`` for a change no action describes,
    such as a sixth stone on a sled).
    """

    seen: Observation
    reason: Reason
    fix: Reason
    seat: int = -1
    action: Hashable | None = None


@runtime_checkable
class ChecksTable(Protocol):
    """The optional part of ``Rules`` for games whose table a camera checks."""

    def physical_moves(self, state: Any) -> list[PhysicalMove]:
        """The refused changes players could make to the table now."""
        ...

    def table_differences(self, state: Any, seen: Observation) -> list[tuple[str, str]]:
        """What differs between ``state`` and the table ``seen`` (``None``
        fields and items: not seen, never a difference), one (English, Spanish)
        phrase per difference naming the piece as the rulebook does."""
        ...


def seen_leaves_differ(seen: Any, expected: Any) -> int:
    """How many leaves of ``seen`` and ``expected`` both know and differ.

    Tuples are compared item by item (a length difference counts each extra
    item); ``None`` on either side, at any depth, is unknown and never counts.
    A reconciler uses it both as the match test (0) and to steer a search
    towards the table (fewer is closer).
    """
    if seen is None or expected is None or seen == expected:
        return 0  # equal tuples compare in C: only a difference is walked
    if isinstance(seen, tuple) and isinstance(expected, tuple):
        total = abs(len(seen) - len(expected))
        for mine, theirs in zip(seen, expected, strict=False):
            total += seen_leaves_differ(mine, theirs)
        return total
    return int(seen != expected)


def distance(seen: Observation, expected: Observation) -> int:
    """Leaves the table ``seen`` shows differently from ``expected`` (0: matches)."""
    total = 0
    theirs = expected.__dict__  # a frozen dataclass keeps its fields there
    for name, value in seen.__dict__.items():
        if value is not None:
            total += seen_leaves_differ(value, theirs[name])
    return total


def differing_items(seen: Any, expected: Any, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """Index paths of the leaves that differ (``()`` for a whole scalar field);
    a tuple whose length differs is named as a whole."""
    if seen is None or expected is None:
        return []
    if isinstance(seen, tuple) and isinstance(expected, tuple):
        if len(seen) != len(expected):
            return [path]
        found: list[tuple[int, ...]] = []
        for index, (mine, theirs) in enumerate(zip(seen, expected, strict=True)):
            found += differing_items(mine, theirs, (*path, index))
        return found
    return [path] if seen != expected else []
