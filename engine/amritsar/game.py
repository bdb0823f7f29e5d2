"""Playing the game: the pending decision, legal actions, applying one.

``legal_actions(state)`` lists the atomic choices of the one pending decision;
``apply(state, action)`` returns the next state and the events it caused,
refusing an illegal action with ``IllegalActionError`` (the checked path);
``apply(state, action, check=False)`` skips the check for callers that took
the action from ``legal_actions`` (random playouts, replays of a validated
record). ``why_illegal`` answers without raising.

Reconciliation narrows the search with an ``ActionFilter``: only some action
kinds, only some values of the first argument (sections, districts, colours),
the way python-chess's move generator takes masks.

Example:
    >>> state = new_game(2, seed=7)
    >>> decision(state).kind.name
    'SETUP_OBJECTIVE'
    >>> action = legal_actions(state)[0]
    >>> state, events = apply(state, action)
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable
from dataclasses import dataclass

import engine.amritsar.rules  # noqa: F401  (registers every rule)
from engine.amritsar.actions import Act, Action
from engine.amritsar.catalog import Catalog, default_catalog
from engine.amritsar.decisions import CHANCE_KINDS, PROMPTS, Decision, Pending
from engine.amritsar.options import checked_options
from engine.amritsar.reasons import IllegalActionError, Reason
from engine.amritsar.rules import objectives_at_end
from engine.amritsar.rules.core import ANSWERS, APPLY, CANDIDATES, CHECKS, Event, advance
from engine.amritsar.rules.setup import initial_state
from engine.amritsar.state import NOBODY, GameState
from engine.core.chance import first_legal


@dataclass(frozen=True)
class ActionFilter:
    """Prune the legal actions: keep only these kinds and first arguments."""

    kinds: Collection[Act] | None = None
    first: Collection[int] | None = None

    def keeps(self, action: Action) -> bool:
        if self.kinds is not None and action.kind not in self.kinds:
            return False
        return self.first is None or action.a in self.first


def decision(state: GameState) -> Decision:
    """Who decides now, and what kind of choice it is."""
    if not state.pending:
        return Decision(Pending.GAME_OVER, NOBODY, *PROMPTS[Pending.GAME_OVER])
    top = state.pending[-1]
    kind = Pending(top.kind)
    en, es = PROMPTS.get(kind, (kind.name, kind.name))
    return Decision(kind, top.player if kind is not Pending.GAME_OVER else NOBODY, en, es)


def legal_actions(state: GameState, only: ActionFilter | None = None) -> list[Action]:
    """Every legal answer to the pending decision (empty once the game is over)."""
    pending = state.pending
    if not pending:
        return []
    top = pending[-1]
    generate = CANDIDATES.get(top.kind)  # frames hold the Pending value as an int
    if generate is None:
        return []
    checks = CHECKS
    if only is None:
        return [a for a in generate(state, top) if checks[a.kind](state, top, a) is None]
    return [
        a for a in generate(state, top) if only.keeps(a) and checks[a.kind](state, top, a) is None
    ]


def why_illegal(state: GameState, action: Action) -> Reason | None:
    """The reason an action is refused now, or ``None`` if it is legal."""
    if state.finished or not state.pending:
        return Reason("game_over")
    top = state.pending[-1]
    kind = Pending(top.kind)
    if action.kind not in ANSWERS.get(kind, ()):
        waiting = PROMPTS.get(kind, (kind.name, kind.name))
        return Reason(
            "wrong_decision", {"waiting": waiting[0].lower(), "waiting_es": waiting[1].lower()}
        )
    reason = CHECKS[action.kind](state, top, action)
    if reason is not None:
        return reason
    if action not in set(CANDIDATES[kind](state, top)):
        return Reason("choice_out_of_range")
    return None


def apply(state: GameState, action: Action, *, check: bool = True) -> tuple[GameState, list[Event]]:
    """Return the state after ``action`` and the events it caused.

    The given state is not changed. With ``check`` (the default) an illegal
    action raises ``IllegalActionError`` carrying the rule it breaks.
    """
    if check:
        reason = why_illegal(state, action)
        if reason is not None:
            raise IllegalActionError(action, reason)
    new = state.fork()
    events: list[Event] = []
    APPLY[action.kind](new, new.pending[-1], action, events)
    advance(new, events)
    return new, events


def random_chance(state: GameState, rng: random.Random) -> Action:
    """Draw a chance outcome uniformly among the legal ones.

    Outcomes are tried in a random order until one passes its check
    (``engine.core.chance.first_legal``): uniform among the legal ones, as
    choosing from ``legal_actions`` would be, without checking every outcome
    (the district-tile check searches ahead, and setup has ~50 draws).
    """
    top = state.pending[-1]
    try:
        return first_legal(
            CANDIDATES[top.kind](state, top),
            lambda outcome: CHECKS[outcome.kind](state, top, outcome) is None,
            rng,
        )
    except ValueError:
        raise ValueError(f"no outcome can be drawn for {Pending(top.kind).name}") from None


def new_game(
    players: int,
    *,
    solo: bool = False,
    hard: bool = False,
    seed: int | None = None,
    catalog: Catalog | None = None,
    options: Iterable[str] = (),
) -> GameState:
    """A new game for 2-4 players (or 1 with ``solo=True``).

    ``options`` are house rules (``engine.amritsar.options``) by name; an unknown name
    raises ``ValueError`` naming it.

    With a ``seed`` every setup draw is made at random and the game waits for
    the starting player's first objective. Without one the game waits on the
    first draw, so a real table can supply each outcome (``legal_actions``
    lists what may be drawn).
    """
    chosen = checked_options(options)
    state = initial_state(catalog or default_catalog(), players, solo=solo, hard=hard)
    state.options = chosen
    objectives_at_end.start(state)
    if seed is not None:
        rng = random.Random(seed)
        state = finish_setup_draws(state, rng)
    return state


def finish_setup_draws(state: GameState, rng: random.Random) -> GameState:
    """Make every pending chance draw at random."""
    while state.pending and state.pending[-1].kind in CHANCE_KINDS:
        state, _ = apply(state, random_chance(state, rng), check=False)
    return state


__all__ = [
    "ActionFilter",
    "IllegalActionError",
    "apply",
    "decision",
    "legal_actions",
    "new_game",
    "why_illegal",
]
