"""Games in known positions for the server tests, reached by seeded random play."""

from __future__ import annotations

import random
from collections.abc import Callable

from companion.games.amritsar.session import TableSession
from engine.amritsar import Pending, decision, legal_actions

PIN = "4821"


def new_table(
    names: tuple[str, ...] = ("Ana", "Ben", "Cy"), *, seed: int = 5, solo: bool = False
) -> TableSession:
    """A game past its setup draws; with the default seed, seat 0 (Ana) decides first."""
    return TableSession.new(list(names), seed=seed, solo=solo, pin=PIN)


def play_until(
    session: TableSession,
    stop: Callable[[TableSession], bool],
    *,
    seed: int = 1,
    limit: int = 5000,
) -> int:
    """Apply seeded random legal moves (as the camera would) until ``stop``; returns moves."""
    rng = random.Random(seed)
    for moves in range(limit):
        if stop(session):
            return moves
        actions = legal_actions(session.state)
        assert actions, "no legal action before the stop condition"
        outcome = session.apply_actions([rng.choice(actions)], "camera")
        assert outcome.ok, outcome
    raise AssertionError("the stop condition was never reached")


def human_prompt(kinds: frozenset[Pending]) -> Callable[[TableSession], bool]:
    """Stop when a human seat must answer one of ``kinds``."""

    def stop(session: TableSession) -> bool:
        d = decision(session.state)
        return d.kind in kinds and 0 <= d.player < len(session.state.players)

    return stop


def finished(session: TableSession) -> bool:
    return session.state.finished
