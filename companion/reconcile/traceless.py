"""Moves that leave no trace on the table: inferred when the turn visibly passes, else asked once.

Why: some answers change nothing a camera reads. Ceylon's "take 2 rupees"
moves coins on a personal board, which no camera above the main board sees;
so today the table looks unchanged and the player's phone is asked. But a
real player just takes the coins and the next player moves on. When the
camera then sees that next move, the reconciler's verdict on the table is
*unexplained* (the game still waits on the first player). This module
settles such a verdict:

- *inferred*: while the decision pending has exactly one legal answer that
  leaves the table as it is (its ``quiet`` answers: the observation, with the
  ``DERIVED`` fields blank, is unchanged where this look read it:
  ``quiet_here``) and that answer passes the turn to
  another player, that answer is taken, up to ``DEPTH`` of them in a row,
  and the table is reconciled again from there;
  only a table then fully explained (moves, or a question further on) is
  taken. Nothing is guessed: the one quiet answer is the only move that
  could have left no trace.
- *asked*: when the decision has several quiet answers (Ceylon: 2 rupees,
  or harvest, or advancing on the tech track, which only the personal
  boards show), one question goes to the deciding seat, offering only the
  quiet answers.

It also guards a found sequence: the search may explain a table by a quiet
answer followed by a visible move while another quiet answer (one that
needs more steps than the search makes, such as a harvest and its picks)
explains it as well; such a sequence becomes the same one question at the
step where the quiet answers part, so a move no camera saw is never chosen
for a player. A quiet answer followed at once by a draw in the open (Rajas:
the colour of a die, then its roll) is told from the others by the draw: an
answer after which no legal sequence shows the table is not offered.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from companion.reconcile.generic import Verdict, reconcile
from engine.core.game import Rules
from engine.core.observation import Observation

#: quiet answers taken in a row before the table must explain the rest
DEPTH = 4


def _shown(rules: Rules, state: Any) -> Observation:
    return rules.observe(state).as_seen()


def leaves_no_trace(rules: Rules, state: Any, action: Hashable) -> bool:
    """Whether ``action`` at ``state`` changes nothing a camera could read."""
    after, _ = rules.apply(state, action, check=False)
    return _shown(rules, after) == _shown(rules, state)


def quiet_answers(rules: Rules, state: Any) -> list[Hashable]:
    """A player's legal answers now that leave the table as it is (none for a draw)."""
    d = rules.decision(state)
    if d.is_chance or d.is_over:
        return []
    before = _shown(rules, state)
    return [
        a
        for a in rules.legal_actions(state)
        if _shown(rules, rules.apply(state, a, check=False)[0]) == before
    ]


def quiet_here(rules: Rules, state: Any, seen: Observation) -> list[Hashable]:
    """A player's legal answers now that change only what ``seen`` did not read:
    no trace at all, or a trace on a piece this look (or this camera) leaves
    unread (Ceylon's tech track, where a camera table does not read it). Only
    among these is an answer inferred or asked, so a piece unread never picks one."""
    d = rules.decision(state)
    if d.is_chance or d.is_over:
        return []
    before = _shown(rules, state)
    return [a for a in rules.legal_actions(state) if unseen_here(rules, state, a, seen, before)]


def reconcile_settled(rules: Rules, state: Any, seen: Observation) -> Verdict:
    """The reconciler's verdict on ``seen`` at ``state``, with quiet answers
    inferred or asked (module docstring). The search is made shallow first
    (one decision, then only moves that bring the game closer): a table one
    move on, the common case, costs what it did. Only a table the whole
    two-decision search cannot explain is tried from after a quiet answer, so
    a visible move is never passed over for a quiet one."""
    quick = reconcile(rules, state, seen, depth=1)
    if quick.kind in ("unchanged", "moves", "ambiguous"):
        return _guard(rules, state, quick, seen)
    whole = reconcile(rules, state, seen)
    if whole.kind in ("moves", "ambiguous"):
        return _guard(rules, state, whole, seen)
    inferred = _infer(rules, state, seen)
    if inferred is not None:
        return inferred
    return settle(rules, state, seen, whole)


def _infer(rules: Rules, state: Any, seen: Observation) -> Verdict | None:
    """The table explained after the one quiet answer (or a chain of them, each
    passing the turn), or ``None``."""
    taken: list[Hashable] = []
    at = state
    for _ in range(DEPTH):
        quiet = quiet_here(rules, at, seen)
        if len(quiet) != 1:
            return None
        mover = rules.decision(at).player
        legal = rules.legal_actions(at)
        taken.append(quiet[0])
        at, _ = rules.apply(at, quiet[0], check=False)
        if rules.decision(at).player == mover:
            return None  # the turn has not passed: the player's own next move says nothing of it
        further = reconcile(rules, at, seen)
        if further.kind in ("moves", "ambiguous"):
            if _moves_again(rules, at, further.actions, seen, mover, set(legal)):
                return None  # that player's move may come first: the order is not seen
            further = _guard(rules, at, further, seen)
            return Verdict(
                further.kind,
                (*taken, *further.actions),
                further.candidates,
                further.asker,
                looked_at=further.looked_at,
            )
    return None


def _moves_again(
    rules: Rules,
    state: Any,
    actions: tuple[Hashable, ...],
    seen: Observation,
    mover: int,
    instead: set[Hashable],
) -> bool:
    """Whether ``mover`` makes a visible move in ``actions`` that it could have
    made instead of the quiet answer (the moves in ``instead``): then the table
    cannot tell which came first."""
    at = state
    for action in actions:
        d = rules.decision(at)
        if d.player == mover and action in instead and not unseen_here(rules, at, action, seen):
            return True
        at, _ = rules.apply(at, action, check=False)
    return False


def settle(rules: Rules, state: Any, seen: Observation, verdict: Verdict) -> Verdict:
    """``verdict`` (on ``seen`` at ``state``) with quiet answers guarded, or asked
    when the table moved on unexplained while the player deciding had quiet
    answers (several, or one that could not be inferred): one question, only
    those answers; an alert waits until that player has answered."""
    if verdict.kind in ("moves", "ambiguous"):
        return _guard(rules, state, verdict, seen)
    if verdict.kind != "unexplained":
        return verdict
    quiet = quiet_here(rules, state, seen)
    if quiet:  # the table moved on past a player who may have made a move no camera sees
        asker = rules.decision(state).player
        return Verdict("ambiguous", (), tuple(quiet), asker=asker)
    return verdict


def _unread(before: Any, after: Any, seen: Any) -> bool:
    """Whether every difference between ``before`` and ``after`` lies where
    ``seen`` has ``None`` (a piece this look did not read)."""
    if before == after or seen is None:
        return True
    if isinstance(before, tuple) and isinstance(after, tuple) and isinstance(seen, tuple):
        if not len(before) == len(after) == len(seen):
            return False
        return all(_unread(b, a, s) for b, a, s in zip(before, after, seen, strict=True))
    return False


def unseen_here(
    rules: Rules,
    state: Any,
    action: Hashable,
    seen: Observation,
    before: Observation | None = None,
) -> bool:
    """Whether ``action`` at ``state`` changes only what ``seen`` did not read:
    no trace at all, or its trace on a piece this look missed (``before``: the
    table at ``state`` as a camera shows it, when the caller has it already)."""
    if before is None:
        before = _shown(rules, state)
    after = _shown(rules, rules.apply(state, action, check=False)[0])
    return all(
        _unread(getattr(before, name), getattr(after, name), getattr(seen, name))
        for name in before.field_values()
    )


def _drawn_otherwise(rules: Rules, state: Any, action: Hashable, seen: Observation) -> bool:
    """Whether ``action`` leads straight to a public draw made in the open (Rajas:
    a die of the colour chosen, rolled at once) after which no legal sequence
    shows ``seen``: the draw on the table tells this answer from the one taken."""
    after, _ = rules.apply(state, action, check=False)
    d = rules.decision(after)
    if not d.is_chance or d.secret_for is not None:
        return False
    return reconcile(rules, after, seen).kind not in ("unchanged", "moves", "ambiguous")


def _guard(rules: Rules, state: Any, verdict: Verdict, seen: Observation) -> Verdict:
    """A sequence that takes an answer this look shows no trace of, where another
    such answer was legal, stops there with the question (offering those
    answers); a question where the sequences part offers the quiet answers too."""
    at = state
    for index, action in enumerate(verdict.actions):
        if rules.decision(at).is_chance:
            at, _ = rules.apply(at, action, check=False)
            continue
        shown = _shown(rules, at)
        if unseen_here(rules, at, action, seen, shown):
            alike = [a for a in rules.legal_actions(at) if unseen_here(rules, at, a, seen, shown)]
            if len(alike) > 1:
                alike = [
                    a for a in alike if a == action or not _drawn_otherwise(rules, at, a, seen)
                ]
            if len(alike) > 1:
                asker = rules.decision(at).player
                return Verdict(
                    "ambiguous", tuple(verdict.actions[:index]), tuple(alike), asker=asker
                )
        at, _ = rules.apply(at, action, check=False)
    if verdict.kind == "ambiguous" and verdict.asker == rules.decision(at).player:
        # a question where the sequences part: a quiet answer fits as well (the
        # search keeps only moves that bring the game closer past one decision)
        extra = [a for a in quiet_here(rules, at, seen) if a not in verdict.candidates]
        if extra:
            return replace(verdict, candidates=(*verdict.candidates, *extra))
    return verdict
