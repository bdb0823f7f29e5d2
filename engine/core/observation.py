"""What the camera and the sensors can check of a state, for any game.

A game's observation is a frozen dataclass that derives from ``Observation``:
one named field per thing visible on the table (a tuple per zone, a count, an
id), ``None`` where a snapshot could not see it. Reconciliation compares
observations field by field without knowing the game: ``differences`` names
the fields both sides saw and that disagree, so a search can keep only the
actions whose result matches what was seen.

Some fields may be derived rather than seen: the rules fill them in from the
record, but no camera can check them (stones stacked on an Imhotep obelisk
hide each other). A game names those in its class's ``DERIVED``; ``as_seen``
blanks them, which is what a camera snapshot of the same state can hold.

Example:
    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Tower(Observation):
    ...     DERIVED = frozenset({"height"})
    ...     top: str | None
    ...     height: int | None
    >>> Tower("red", 3).as_seen()
    Tower(top='red', height=None)
    >>> Tower.seen_fields()
    ('top',)
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any, ClassVar, Self


@dataclass(frozen=True)
class Observation:
    """Base of every game's observation (subclass it with frozen fields)."""

    #: names of fields derived from the record, never seen by a camera
    DERIVED: ClassVar[frozenset[str]] = frozenset()

    def differences(self, other: Observation) -> list[str]:
        """Names of fields that both observations saw and that differ."""
        result = []
        for item in fields(self):
            mine, theirs = getattr(self, item.name), getattr(other, item.name)
            if mine is not None and theirs is not None and mine != theirs:
                result.append(item.name)
        return result

    def matches(self, other: Observation) -> bool:
        return not self.differences(other)

    def field_values(self) -> dict[str, Any]:
        """Every field by name (``None``: not seen)."""
        return {item.name: getattr(self, item.name) for item in fields(self)}

    @classmethod
    def seen_fields(cls) -> tuple[str, ...]:
        """Names of the fields a camera or sensor can check, in field order."""
        return tuple(item.name for item in fields(cls) if item.name not in cls.DERIVED)

    def as_seen(self) -> Self:
        """This observation as a snapshot could hold it: ``DERIVED`` fields ``None``."""
        if not self.DERIVED:
            return self
        return replace(self, **dict.fromkeys(self.DERIVED))
