"""Collecting events from a link until a condition holds, with a deadline."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from companion.games.amritsar.sensors.events import (
    BoardOffline,
    BoardOnline,
    BoardState,
    ButtonPressed,
    ElephantArrived,
    ElephantLeft,
    MaharajahLifted,
    MaharajahPlaced,
    ReaderFault,
    SensorEvent,
)
from companion.games.amritsar.sensors.link import SensorLink


def collect(
    link: SensorLink,
    done: Callable[[list[SensorEvent]], bool],
    timeout: float = 10.0,
    into: list[SensorEvent] | None = None,
) -> list[SensorEvent]:
    """Events until ``done(events)`` holds; fails with what came if it never does."""
    events = into if into is not None else []
    deadline = time.monotonic() + timeout
    while not done(events):
        left = deadline - time.monotonic()
        assert left > 0, f"timed out; events so far: {events}; link: {link.stats} {link.last_error}"
        event = link.get(timeout=min(left, 0.2))
        if event is not None:
            events.append(event)
    return events


def settle(link: SensorLink, seconds: float = 0.4) -> list[SensorEvent]:
    """Whatever else comes within ``seconds`` (to prove nothing more does)."""
    events: list[SensorEvent] = []
    deadline = time.monotonic() + seconds
    while (left := deadline - time.monotonic()) > 0:
        event = link.get(timeout=left)
        if event is not None:
            events.append(event)
    return events


def change(e: SensorEvent) -> tuple[Any, ...] | None:
    """A table change as a comparable tuple; None for status events."""
    if isinstance(e, ElephantArrived | ElephantLeft):
        return (type(e).__name__, e.district.letter, e.colour or e.uid)
    if isinstance(e, MaharajahPlaced | MaharajahLifted):
        return (type(e).__name__, e.space_name)
    if isinstance(e, ButtonPressed):
        return ("ButtonPressed", e.button.value)
    if isinstance(e, ReaderFault):
        return ("ReaderFault", e.district.letter, e.ok)
    return None


def changes(events: list[SensorEvent]) -> list[tuple[Any, ...]]:
    return [c for c in map(change, events) if c is not None]


def count(kind: type, n: int = 1) -> Callable[[list[SensorEvent]], bool]:
    return lambda events: sum(isinstance(e, kind) for e in events) >= n


def n_changes(n: int) -> Callable[[list[SensorEvent]], bool]:
    return lambda events: len(changes(events)) >= n


__all__ = [
    "BoardOffline",
    "BoardOnline",
    "BoardState",
    "change",
    "changes",
    "collect",
    "count",
    "n_changes",
    "settle",
]
