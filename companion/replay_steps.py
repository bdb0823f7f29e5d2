"""Replaying the log of any game: step by step with its positions, and checked against the rules.

What it is for: ``companion replay`` on a game served through its ``Rules``
(Imhotep, Ceylon, Rajas of the Ganges), and ``companion replay --positions``
on any game. A game with a stack of its own re-runs its camera inputs through
its reconciler (its adapter's ``replay_log``); these games log no camera observations (a move the
camera read is logged as a step with source ``camera``), so what can be
checked again is every phone's answer and every step: would today's rules
still take them? ``check_log`` answers that row by row and stops at the
first step they refuse (past it the game is not the recorded one).
``step_through`` rebuilds the game row by row and gives the session after
the setup and after each step or undo, for ``write_position``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

from companion.replay_report import Difference, ReplayReport
from companion.resume import ResumeError, replay_log_row, session_before_steps
from companion.store import EventStore, LogEntry, StoreError
from companion.table_session import TableBase

#: the rows that change the game (the others name seats, phones joining, alerts)
DECISION_ROWS = ("step", "undo")


def _entries(store: EventStore) -> list[LogEntry]:
    entries = list(store.entries())
    if not entries or entries[0].kind != "game":
        raise ResumeError(f"{store.path} holds no game")
    return entries


def step_through(store: EventStore) -> Iterator[tuple[LogEntry | None, TableBase]]:
    """The session after the setup (``None``), then after each step or undo row."""
    entries = _entries(store)
    session = session_before_steps(entries[0].payload)
    yield None, session
    for entry in entries[1:]:
        try:
            replay_log_row(session, entry)
        except ResumeError:
            raise
        except (StoreError, KeyError, ValueError, TypeError, IndexError) as error:
            raise ResumeError(
                f"{store.path}: row {entry.seq} cannot be replayed ({type(error).__name__}: "
                f"{error}); the log does not match these rules"
            ) from error
        if entry.kind in DECISION_ROWS:
            yield entry, session


def describe_row(entry: LogEntry | None) -> str:
    """A row as ``companion replay --positions`` heads its position."""
    if entry is None:
        return "setup"
    if entry.kind == "undo":
        return f"row {entry.seq}: undo"
    actions = ", ".join(str(a) for a in entry.payload.get("actions", []))
    return f"row {entry.seq} ({entry.payload.get('source', 'log')}): {actions}"


def _answer_taken(rows: list[LogEntry], start: int) -> bool:
    """Whether a logged answer was taken: the session logs an answer before checking
    it against the rules, and the step it makes right after (a refused one makes none)."""
    for entry in itertools.islice(rows, start, None):
        if entry.kind == "step":
            return entry.payload.get("source") == "phone"
        if entry.kind in ("answer", "seen", "button", "undo", "end"):
            return False
    return False


def check_log(store: EventStore) -> ReplayReport:
    """Every answer and step of a log of a game served through its ``Rules``, checked
    against today's rules; a difference is an answer taken then and refused now (or
    the other way round) or a step they now refuse (the first refused step ends the
    check). ``ResumeError`` for a log that is not such a game's."""
    entries = _entries(store)
    session = session_before_steps(entries[0].payload)
    rules: Any = getattr(session, "rules", None)
    if rules is None:
        raise ResumeError(
            f"{store.path} holds a game with a replay of its own (its adapter's replay_log)"
        )
    report = ReplayReport()
    rows = entries[1:]
    for index, entry in enumerate(rows):
        if entry.kind == "answer":
            report.inputs += 1
            text = str(entry.payload["action"])
            taken = _answer_taken(rows, index + 1)
            try:
                reason = rules.why_illegal(session.state, rules.parse_action(text))
                now = "" if reason is None else f"refused: {reason.en}"
            except ValueError as error:
                now = f"not an action: {error}"
            if taken != (now == ""):
                report.differences.append(
                    Difference(entry.seq, "answer", [[text] if taken else ["refused"]],
                               [[now or text]])
                )  # fmt: skip
            continue
        if entry.kind == "step":
            report.steps_recorded += 1
        try:
            replay_log_row(session, entry)
        except (ResumeError, KeyError, ValueError, TypeError, IndexError) as error:
            actions = [str(a) for a in entry.payload.get("actions", [])]
            report.differences.append(
                Difference(entry.seq, entry.kind, [actions], [[f"refused: {error}"]])
            )
            break
        if entry.kind == "step":
            report.steps_now += 1
    return report
