"""The games logged beside this one: who played, when, and how it ended.

Every game is one log file (``companion.store``); ``companion run`` keeps them
in one folder. The table screen lists them, and ``companion run`` offers to
resume an unfinished one. A summary is read by replaying the log
(``companion.resume``), so it is the game as the companion knew it; it holds
names, dates and totals only, never the seats' links or the table PIN.
A log that cannot be read is listed as such, never skipped silently.

Replaying takes a moment (a CPU second for 20 games on a laptop, more on a
Pi), so summaries are kept by file, size and change time, and read once per
change of a file. A public request (the start page's count of unfinished
games, asked with no PIN) never replays a log: ``list(replay=False)`` answers
from the summaries already read and leaves the others to one background
thread (``refresh``), so a guest's requests cost a directory listing and a
few ``stat`` calls each, however many games are logged (issue 36).
"""

from __future__ import annotations

import builtins
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

#: How many games the table screen lists (newest first).
LIMIT = 20


@dataclass(frozen=True)
class GameSummary:
    path: Path
    started: float
    last: float
    names: tuple[str, ...]
    solo: bool
    totals: tuple[int, ...]  # per seat, the Maharajah last in a solo game
    winners: tuple[bool, ...]
    finished: bool
    ended: bool
    problem: str = ""

    @property
    def unfinished(self) -> bool:
        return not self.problem and not self.finished and not self.ended

    def to_dict(self) -> dict[str, Any]:
        return {
            "file": self.path.name,
            "started": self.started,
            "last": self.last,
            "names": list(self.names),
            "solo": self.solo,
            "totals": list(self.totals),
            "winners": list(self.winners),
            "finished": self.finished,
            "ended": self.ended,
            "problem": self.problem,
        }


def summarise(path: Path) -> GameSummary:
    """One log's summary (its problem in words when it cannot be replayed)."""
    from companion.resume import ResumeError, resume_any
    from companion.store import EventStore, StoreError

    try:
        store = EventStore(path, create=False)
    except StoreError as error:
        return GameSummary(path, 0.0, 0.0, (), False, (), (), False, False, str(error))
    try:
        entries = list(store.entries())
        first = entries[0] if entries else None
        if first is None or first.kind != "game":
            return GameSummary(path, 0.0, 0.0, (), False, (), (), False, False, "holds no game")
        session = resume_any(store)
        rules = session.game.rules
        sheets = sorted(rules.score(session.state), key=lambda sheet: sheet.seat)
        names = tuple(str(n) for n in first.payload["names"])
        solo = bool(first.payload.get("solo"))
        return GameSummary(
            path,
            first.time,
            entries[-1].time,
            (*names, "Maharajah") if solo else names,
            solo,
            tuple(sheet.total for sheet in sheets),
            tuple(bool(sheet.winner) for sheet in sheets),
            rules.decision(session.state).is_over,
            session.ended,
        )
    except (ResumeError, StoreError, KeyError, ValueError, TypeError) as error:
        return GameSummary(path, 0.0, 0.0, (), False, (), (), False, False, str(error))
    finally:
        store.close()


class PastGames:
    """The logs in one folder, summarised once per change of each file."""

    def __init__(self, folder: Path, *, current: Path | None = None):
        self.folder = folder
        self.current = current.resolve() if current is not None else None
        self._lock = threading.Lock()
        self._cache: dict[Path, tuple[tuple[int, int], GameSummary]] = {}
        self._refreshing: threading.Thread | None = None
        #: Logs replayed so far (each once per change of its file).
        self.replays = 0

    def logs(self) -> list[Path]:
        """Log files in the folder, newest first (at most ``LIMIT``)."""
        try:
            found = [p for p in self.folder.glob("*.sqlite") if p.is_file()]
        except OSError:
            return []
        found = [p for p in found if p.resolve() != self.current]
        found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        return found[:LIMIT]

    def list(self, *, replay: bool = True) -> list[GameSummary]:
        """The summaries of the logs, newest first. With ``replay=False`` only those
        already read for the file as it is now: a log new or changed since is left
        out (``stale`` says how many) and never replayed here."""
        result = []
        stale = 0
        for path in self.logs():
            try:
                stat = path.stat()
            except OSError:
                continue
            key = (stat.st_mtime_ns, stat.st_size)
            with self._lock:
                cached = self._cache.get(path)
            if cached is not None and cached[0] == key:
                result.append(cached[1])
                continue
            if not replay:
                stale += 1
                continue
            summary = summarise(path)
            with self._lock:
                self._cache[path] = (key, summary)
                self.replays += 1
            result.append(summary)
        self.stale = stale
        return result

    stale = 0  #: logs left out by the last ``list(replay=False)``

    def refresh(self) -> threading.Thread:
        """Read the logs new or changed since in one background thread (one at a time:
        a refresh asked while one runs is that one)."""
        with self._lock:
            running = self._refreshing
            if running is not None and running.is_alive():
                return running
            thread = threading.Thread(target=self.list, daemon=True, name="past-games")
            self._refreshing = thread
        thread.start()
        return thread

    def cached(self, wait: float = 2.0) -> builtins.list[GameSummary]:
        """The summaries already read, never replaying here (a public request's answer).
        A log new or changed since is read by the one ``refresh`` thread, waited for
        at most ``wait`` seconds (idle: the request holds no CPU), then left out.
        However many requests ask, each log is replayed once per change."""
        found = self.list(replay=False)
        if self.stale:
            self.refresh().join(wait)
            found = self.list(replay=False)
        return found
