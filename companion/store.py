"""The append-only event log: every input and every decision, in SQLite.

Each table session writes one SQLite file. Every input (a settled camera
snapshot, a sensor event, a phone's answer, a button) and every decision (an
engine action applied, an undo) is appended as a row *before* it is acted on,
in WAL mode, so killing the process at any instant loses nothing that was
acted on: restarting replays the decisions and arrives at the same state.
The inputs stay for ``companion replay``, which re-runs reconciliation over
them to find where it would now decide differently.

Rows are never updated or deleted. ``payload`` is JSON.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 1

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    time REAL NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL
);
"""


class StoreError(RuntimeError):
    """The log file cannot be used (wrong schema, not a log, unreadable)."""


@dataclass(frozen=True)
class LogEntry:
    seq: int
    time: float
    kind: str
    payload: dict[str, Any]


class EventStore:
    """One game's log file. Safe to share between threads."""

    def __init__(self, path: Path | str):
        self.path = Path(path)
        self._lock = threading.Lock()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
            row = self._db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path} is not a companion log: {error}") from error
        if row is None:
            self._db.execute("INSERT INTO meta VALUES ('schema', ?)", (str(SCHEMA_VERSION),))
        elif int(row[0]) != SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} has log schema {row[0]}, this companion reads {SCHEMA_VERSION}"
            )

    def append(self, kind: str, payload: dict[str, Any]) -> int:
        """Write one row durably and return its sequence number."""
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO log (time, kind, payload) VALUES (?, ?, ?)", (time.time(), kind, text)
            )
            seq = cursor.lastrowid
        assert seq is not None
        return seq

    def entries(self, since: int = 0, kinds: tuple[str, ...] | None = None) -> Iterator[LogEntry]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, time, kind, payload FROM log WHERE seq > ? ORDER BY seq", (since,)
            ).fetchall()
        for seq, when, kind, payload in rows:
            if kinds is None or kind in kinds:
                yield LogEntry(seq, when, kind, json.loads(payload))

    def count(self) -> int:
        with self._lock:
            (total,) = self._db.execute("SELECT COUNT(*) FROM log").fetchone()
        return int(total)

    def close(self) -> None:
        with self._lock:
            self._db.close()
