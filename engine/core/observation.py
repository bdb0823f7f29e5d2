"""What the camera and the sensors can check of a state, for any game.

A game's observation is a frozen dataclass that derives from ``Observation``:
one named field per thing visible on the table (a tuple per zone, a count, an
id), ``None`` where a snapshot could not see it. Reconciliation compares
observations field by field without knowing the game: ``differences`` names
the fields both sides saw and that disagree, so a search can keep only the
actions whose result matches what was seen.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any


@dataclass(frozen=True)
class Observation:
    """Base of every game's observation (subclass it with frozen fields)."""

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
