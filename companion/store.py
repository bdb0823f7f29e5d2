"""The append-only event log: every input and every decision, in SQLite.

Each table session writes one SQLite file. Every input (a settled camera
snapshot, a sensor event, a phone's answer, a button) and every decision (an
engine action applied, an undo) is appended as a row *before* it is acted on.
Each append is one transaction that returns only once SQLite has synced it to
the disk (WAL with ``synchronous=FULL``), so neither killing the process nor
cutting the power at any instant loses a row that was acted on: restarting
replays the decisions and arrives at the same state. The inputs stay for
``companion replay``, which re-runs reconciliation over them to find where it
would now decide differently.

Rows are never updated or deleted. ``payload`` is JSON.

A log must not lie. Every row carries ``hash``, the SHA-256 of the previous
row's hash and the row's own fields, and ``meta`` keeps the number of rows
and the last hash, written in the same transaction as the row. Opening a log
checks the whole chain: an edited, deleted, inserted or reordered row, or a
log cut short, is refused with the row where it stops agreeing. This catches
damage (a bad SD card, a half-copied file) and edits by hand; someone able to
rewrite the file could recompute the chain too, so the file is kept
owner-only (0600: it holds the seats' links and the table PIN).

An existing file that is empty, or is not a companion log (another SQLite
database, any other file), is refused untouched: nothing is ever written into
it. Every refusal is one ``StoreError`` line naming the file and what to do.
"""

from __future__ import annotations

import hashlib
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

SCHEMA_VERSION = 2
#: Written in ``meta`` when a log is created: tells our logs from other SQLite files.
APPLICATION = "amritsar-companion-log"
_GENESIS = "0" * 64

_SCHEMA = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE log (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    time REAL NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    hash TEXT NOT NULL
);
"""

_MOVE_AWAY = "move it away (keep it if the game matters) and start again with another --log"


class StoreError(RuntimeError):
    """The log file cannot be used (damaged, not a log, unreadable): one line, with what to do."""


@dataclass(frozen=True)
class LogEntry:
    seq: int
    time: float
    kind: str
    payload: dict[str, Any]


def row_hash(previous: str, seq: int, when: float, kind: str, payload: str) -> str:
    """The chain link of one row: its fields and the hash of the row before."""
    text = "\x1f".join((previous, str(seq), repr(float(when)), kind, payload))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class EventStore:
    """One game's log file. Safe to share between threads.

    ``create=False`` opens only an existing log (``companion replay``).
    """

    def __init__(self, path: Path | str, *, create: bool = True):
        self.path = Path(path)
        self._lock = threading.Lock()
        existed = self.path.exists()
        if not existed and not create:
            raise StoreError(f"{self.path}: no such log file; check the path")
        if existed:
            self._check_existing_file()
        else:
            self._create_file()
        try:
            self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
            if existed:  # checked before anything (even the journal mode) is written
                self._rows, self._head = self._verify()
                self._narrow_modes()
            self._db.execute("PRAGMA journal_mode=WAL")
            # FULL: every commit is synced before it returns (NORMAL may lose
            # the last commits on a power cut, which this log promises to survive).
            self._db.execute("PRAGMA synchronous=FULL")
            if not existed:
                self._initialise()
                self._rows, self._head = self._verify()
        except sqlite3.DatabaseError as error:
            self._close_quietly()
            raise StoreError(
                f"{self.path} cannot be read as a companion log ({error}); {_MOVE_AWAY}"
            ) from error
        except StoreError:
            self._close_quietly()
            raise

    # -- opening ---------------------------------------------------------------

    def _check_existing_file(self) -> None:
        try:
            size = self.path.stat().st_size
            with self.path.open("rb") as handle:
                magic = handle.read(16)
        except OSError as error:
            raise StoreError(f"{self.path} cannot be opened ({error.strerror})") from error
        if size == 0:
            raise StoreError(f"{self.path} is an empty file, not a companion log; {_MOVE_AWAY}")
        if magic != b"SQLite format 3\x00":
            raise StoreError(f"{self.path} is not a companion log (not SQLite); {_MOVE_AWAY}")

    def _narrow_modes(self) -> None:
        """A log copied with a wider mode: owner-only from now on, with its -wal and -shm."""
        for suffix in ("", "-wal", "-shm"):
            part = Path(f"{self.path}{suffix}")
            try:
                if part.stat().st_mode & 0o077:
                    os.chmod(part, 0o600)
            except FileNotFoundError:
                pass

    def _create_file(self) -> None:
        """Create the file owner-only (SQLite gives its -wal and -shm the same mode)."""
        try:
            fd = os.open(self.path, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o600)
        except OSError as error:
            raise StoreError(f"{self.path} cannot be created ({error.strerror})") from error
        os.close(fd)
        _sync_directory(self.path.parent)

    def _initialise(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")
        for statement in _SCHEMA.split(";"):
            if statement.strip():
                self._db.execute(statement)
        self._db.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [
                ("application", APPLICATION),
                ("schema", str(SCHEMA_VERSION)),
                ("rows", "0"),
                ("head", _GENESIS),
            ],
        )
        self._db.execute("COMMIT")

    def _verify(self) -> tuple[int, str]:
        """Check the marker, the schema and the whole chain; the row count and last hash.

        One read transaction: a companion appending meanwhile (``companion
        replay`` on a running game's log) cannot make meta and rows disagree."""
        self._db.execute("BEGIN")
        try:
            return self._check_chain()
        finally:
            self._db.execute("COMMIT")

    def _check_chain(self) -> tuple[int, str]:
        tables = {r[0] for r in self._db.execute("SELECT name FROM sqlite_master")}
        meta: dict[str, str] = {}
        if "meta" in tables:
            meta = dict(self._db.execute("SELECT key, value FROM meta").fetchall())
        if meta.get("application") != APPLICATION:
            if meta.get("schema") == "1" and "log" in tables:
                raise StoreError(
                    f"{self.path} was written by an older companion (log schema 1, without "
                    f"the tamper check); finish that game with that version, or {_MOVE_AWAY}"
                )
            raise StoreError(f"{self.path} is an SQLite file but not a companion log; {_MOVE_AWAY}")
        if meta.get("schema") != str(SCHEMA_VERSION):
            raise StoreError(
                f"{self.path} has log schema {meta.get('schema')}, this companion reads "
                f"{SCHEMA_VERSION}; use the companion version that wrote it"
            )
        previous = _GENESIS
        count = 0
        damaged = (
            f"{self.path} is damaged or was edited"
            " ({what}); the game cannot be resumed from it: " + _MOVE_AWAY
        )
        rows = self._db.execute("SELECT seq, time, kind, payload, hash FROM log ORDER BY seq")
        for seq, when, kind, payload, stored in rows:
            count += 1
            if seq != count:
                raise StoreError(damaged.format(what=f"row {count} is missing"))
            if not (isinstance(kind, str) and isinstance(payload, str)):
                raise StoreError(damaged.format(what=f"row {seq} has a field of the wrong type"))
            if not isinstance(when, float | int) or row_hash(
                previous, seq, when, kind, payload
            ) != str(stored):
                raise StoreError(damaged.format(what=f"row {seq} does not match its hash"))
            previous = str(stored)
        if str(count) != meta.get("rows") or previous != meta.get("head"):
            raise StoreError(
                damaged.format(
                    what=f"it ends at row {count}, but {meta.get('rows')} rows were written"
                )
            )
        return count, previous

    def _close_quietly(self) -> None:
        db = getattr(self, "_db", None)
        if db is not None:
            db.close()

    # -- using -----------------------------------------------------------------

    def append(self, kind: str, payload: dict[str, Any]) -> int:
        """Write one row durably (synced to disk) and return its sequence number."""
        text = json.dumps(payload, separators=(",", ":"), ensure_ascii=False)
        with self._lock:
            seq = self._rows + 1
            when = time.time()
            link = row_hash(self._head, seq, when, kind, text)
            self._db.execute("BEGIN IMMEDIATE")
            try:
                self._db.execute(
                    "INSERT INTO log (seq, time, kind, payload, hash) VALUES (?, ?, ?, ?, ?)",
                    (seq, when, kind, text, link),
                )
                self._db.execute(
                    "UPDATE meta SET value = CASE key WHEN 'rows' THEN ? ELSE ? END "
                    "WHERE key IN ('rows', 'head')",
                    (str(seq), link),
                )
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
            self._rows, self._head = seq, link
        return seq

    def entries(self, since: int = 0, kinds: tuple[str, ...] | None = None) -> Iterator[LogEntry]:
        with self._lock:
            rows = self._db.execute(
                "SELECT seq, time, kind, payload FROM log WHERE seq > ? ORDER BY seq", (since,)
            ).fetchall()
        for seq, when, kind, payload in rows:
            if kinds is None or kind in kinds:
                try:
                    data = json.loads(payload)
                except ValueError as error:
                    raise StoreError(f"{self.path}: row {seq} is not JSON ({error})") from error
                if not isinstance(data, dict):
                    raise StoreError(f"{self.path}: row {seq} is not a JSON object")
                yield LogEntry(seq, when, kind, data)

    def count(self) -> int:
        with self._lock:
            return self._rows

    def close(self) -> None:
        with self._lock:
            self._db.close()


def _sync_directory(folder: Path) -> None:
    """Make a newly created file's name durable (a power cut could otherwise lose it)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
