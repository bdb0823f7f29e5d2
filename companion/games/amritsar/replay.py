"""``companion replay LOG``: run a recorded game through reconciliation again.

A log holds every input the companion received (camera observations, buttons,
phone answers) and everything it decided (steps applied, alerts raised).
Replaying feeds the same inputs to a fresh session and reconciler and
compares, input by input, what is decided now with what was recorded. A difference is where the companion would now
decide otherwise: after a fix, the old misreading; after a regression, the
new one. ``export_case`` saves the position and observation of one input as a
JSON test case, so a misdetection found at a table becomes a test.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.resume import session_from_config
from companion.replay_report import Difference, ReplayReport
from companion.resume import ResumeError
from companion.store import EventStore, LogEntry, StoreError
from engine.amritsar import format_position, from_dict, to_dict

INPUTS = ("seen", "button", "answer")


def replay(store: EventStore) -> ReplayReport:
    """Feed a log's inputs again; a fault in the log is one ``ResumeError`` line."""
    try:
        return _replay(store)
    except (StoreError, KeyError, ValueError, TypeError, IndexError) as error:
        raise ResumeError(
            f"{store.path} cannot be replayed ({type(error).__name__}: {error}); "
            "it does not match these rules"
        ) from error


def _replay(store: EventStore) -> ReplayReport:
    entries = list(store.entries())
    if not entries or entries[0].kind != "game":
        raise ResumeError(f"{store.path} holds no game")
    session = session_from_config(entries[0].payload)
    reconciler = Reconciler(session)
    report = ReplayReport()
    # Group the recorded steps under the input that caused them.
    groups: list[tuple[LogEntry, list[list[str]]]] = []
    for entry in entries[1:]:
        if entry.kind in INPUTS:
            groups.append((entry, []))
        elif entry.kind == "step" and groups:
            groups[-1][1].append(list(entry.payload["actions"]))
            report.steps_recorded += 1
        elif entry.kind == "alert" and groups:
            groups[-1][1].append(["alert " + str(entry.payload["code"])])
    for entry, recorded in groups:
        report.inputs += 1
        before = len(session.step_log)
        alerts_before = {a.id for a in session.alerts}
        state_before = session.state
        if entry.kind == "seen":
            seen = Seen.from_dict(entry.payload)
            reconciler.on_seen(seen)
            report.cases[entry.seq] = {"state": to_dict(state_before), "seen": entry.payload}
        elif entry.kind == "button":
            reconciler.on_button(str(entry.payload["button"]))
        elif entry.kind == "answer":
            seat = entry.payload.get("seat")
            session.answer(seat, str(entry.payload["action"]), session.state_id)
        now = [[str(a) for a in actions] for _, actions in session.step_log[before:]]
        report.steps_now += len(now)
        now += [["alert " + a.code] for a in session.alerts if a.id not in alerts_before]
        if now != recorded:
            report.differences.append(Difference(entry.seq, entry.kind, recorded, now))
    return report


def export_case(report: ReplayReport, seq: int, path: Path) -> None:
    """Save the position and observation of one camera input as a test case (0600).

    Beside the JSON state, ``position`` holds the same position in the
    notation a person reads and edits (``engine.amritsar.position``), line by line.
    """
    if seq not in report.cases:
        raise KeyError(f"row {seq} is not a camera observation")
    case = dict(report.cases[seq])
    state = from_dict(case["state"], validate=False)
    case["position"] = format_position(state).splitlines()
    # The position holds every hidden objective: owner-only, like the log.
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(case, indent=1, ensure_ascii=False))
