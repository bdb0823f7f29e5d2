"""Values made from the current game state once, for every view that needs them.

A change reaches every phone and the table screen: Amritsar renders five views
for a 4-player table (each seat and one for all spectators), and before this
each of them drew the same public board, scored the same sheets and so on, for
a state that had not changed between them. A ``StateMemo`` keeps what was made
from one state object while that object is the session's state; a new state
(another object) drops it all. States are never changed once built, so a value
made from one stays right for as long as it is kept.

Values are shared between views: a caller must not change what it gets (copy
first). Callers hold the session's lock, as they do to read its state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")


class StateMemo:
    """What one state gave, by key, until the state changes."""

    def __init__(self) -> None:
        self._state: object = None
        self._values: dict[str, Any] = {}

    def get(self, state: object, key: str, make: Callable[[], T]) -> T:
        """The value ``make()`` gave for ``state`` under ``key``, made now if not yet."""
        if state is not self._state:
            self._state = state
            self._values = {}
        if key not in self._values:
            self._values[key] = make()
        value: T = self._values[key]
        return value
