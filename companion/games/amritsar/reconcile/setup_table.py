"""A new game's setup taken from the table instead of dealt by the companion.

The players shuffle and lay the setup out themselves; the camera reads it
(``setup_draws``) and the draws it shows are applied to the session as one
step, through the same ``TableSession.apply_actions`` a phone's setup draw
goes through, so the log records them and a restart resumes them. The draws
no camera can show (objectives, the starting player, the Maharajah's
objective) are then dealt by the companion, as in a dealt game.

``SetupWatch`` is the runner's side: it is given each settled snapshot while
the setup is pending, takes the setup once the table is right, and until then
shows the players what to fix, in English and Spanish, as alerts.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.setup_draws import (
    HIDDEN_DRAWS,
    SetupProblem,
    describe_setup,
    rule_problem,
    visible_draws,
)
from companion.games.amritsar.session import TableSession
from engine.amritsar import CHANCE_KINDS, Action, Pending, Reason, apply, random_chance
from vision.snapshot import TableSnapshot

#: The alert code for what to fix before the setup can be taken.
ALERT_CODE = "setup_from_table"

WAITING_TITLE = (
    "Lay out the setup on the table: the camera reads it",
    "Prepara la mesa: la cámara lee la preparación",
)
REST_TITLE = (
    "Setup taken from the table: lay out the rest",
    "Preparación tomada de la mesa: coloca el resto",
)


@dataclass(frozen=True)
class SetupTaken:
    """What became of one attempt: the draws applied, or the problems to fix."""

    actions: tuple[Action, ...]
    problems: tuple[SetupProblem, ...]

    @property
    def ok(self) -> bool:
        return not self.problems


def setup_pending(session: TableSession) -> bool:
    """Does the game still wait on a setup draw?"""
    state = session.state
    return bool(state.pending) and state.pending[-1].kind in CHANCE_KINDS


def take_setup(session: TableSession, snapshot: TableSnapshot) -> SetupTaken:
    """Apply every draw ``snapshot`` shows as one step (source ``camera``: the
    table already shows them), or nothing and the problems to fix."""
    with session._lock:  # read and apply against one state
        actions, problems = visible_draws(session.state, snapshot)
        if problems:
            return SetupTaken((), problems)
        if not actions:
            return SetupTaken((), ())
        outcome = session.apply_actions(actions, "camera")
    if not outcome.ok:
        problem = rule_problem(outcome.code, outcome.en, outcome.es)
        return SetupTaken((), (problem,))
    return SetupTaken(actions, ())


def deal_hidden(session: TableSession, rng: random.Random) -> tuple[Action, ...]:
    """Deal the pending draws no camera shows (objectives, starting player,
    the Maharajah's objective) at random, as one step (source ``dealt``).

    Stops at the first draw the table shows: those are never dealt here."""
    with session._lock:
        state = session.state
        actions: list[Action] = []
        while state.pending and Pending(state.pending[-1].kind) in HIDDEN_DRAWS:
            action = random_chance(state, rng)
            actions.append(action)
            state, _ = apply(state, action, check=False)
        if actions:
            session.apply_actions(actions, "dealt")
    return tuple(actions)


class SetupWatch:
    """Takes a new game's setup from the settled snapshots the runner sees."""

    def __init__(
        self,
        session: TableSession,
        reconciler: Reconciler,
        rng: random.Random,
        *,
        say: Callable[[str], None] | None = None,
    ):
        self.session = session
        self.reconciler = reconciler
        self.rng = rng
        self.say = say
        self.problems: tuple[SetupProblem, ...] = ()
        self._last: Any = None
        self._alerts: list[int] = []

    @property
    def waiting(self) -> bool:
        return setup_pending(self.session)

    def begin(self) -> None:
        """Show the players what to do; deal at once what only needs dealing."""
        if self._hidden_only():
            self._finish(())
        elif self.waiting:
            self.reconciler.expect_layout(*WAITING_TITLE)

    def _hidden_only(self) -> bool:
        state = self.session.state
        return bool(state.pending) and Pending(state.pending[-1].kind) in HIDDEN_DRAWS

    def on_snapshot(self, snapshot: TableSnapshot) -> bool:
        """A settled snapshot; True once the setup is taken (or was already)."""
        if not self.waiting:
            return True
        if snapshot.settling:
            return False
        key = (snapshot.pieces(), snapshot.unseen, snapshot.problems)
        if key == self._last:
            return False
        self._last = key
        taken = take_setup(self.session, snapshot)
        if not taken.ok:
            self._show(taken.problems)
            return False
        self._finish(taken.actions)
        return not self.waiting

    def _show(self, problems: tuple[SetupProblem, ...]) -> None:
        if problems == self.problems:
            return
        self._clear()
        self.problems = problems
        for p in problems:
            reason = Reason(ALERT_CODE, {"why": p.en, "why_es": p.es})
            self._alerts.append(self.session.raise_alert(reason, p.fix_en, p.fix_es).id)
        if self.say is not None:
            lines = "\n".join(f"  - {p.en} {p.fix_en}" for p in problems)
            self.say(f"The setup on the table is not ready:\n{lines}")

    def _clear(self) -> None:
        for alert_id in self._alerts:
            self.session.withdraw_alert(alert_id)
        self._alerts = []
        self.problems = ()

    def _finish(self, actions: tuple[Action, ...]) -> None:
        self._clear()
        deal_hidden(self.session, self.rng)
        if actions:
            en, es = describe_setup(self.session.state)
            self.session.note(
                f"Setup read from the table: {en}.", f"Preparación leída de la mesa: {es}."
            )
            if self.say is not None:
                self.say(f"Setup taken from the table: {en}.")
        self.reconciler.expect_layout(*REST_TITLE)
