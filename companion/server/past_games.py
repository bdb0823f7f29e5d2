"""The games logged beside this one: who played, when, and how it ended.

Every game is one log file (``companion.store``); ``companion run`` keeps them
in one folder. The table screen lists them, and ``companion run`` offers to
resume an unfinished one. A summary is read by replaying the log
(``companion.resume``), so it is the game as the companion knew it; it holds
names, dates and totals only, never the seats' links or the table PIN.
A log that cannot be read is listed as such, never skipped silently.

Replaying takes a moment, so summaries are kept by file, size and change time.
"""

from __future__ import annotations

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

    def logs(self) -> list[Path]:
        """Log files in the folder, newest first (at most ``LIMIT``)."""
        try:
            found = [p for p in self.folder.glob("*.sqlite") if p.is_file()]
        except OSError:
            return []
        found = [p for p in found if p.resolve() != self.current]
        found.sort(key=lambda p: p.stat().st_mtime, reverse=True)
        return found[:LIMIT]

    def list(self) -> list[GameSummary]:
        result = []
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
            summary = summarise(path)
            with self._lock:
                self._cache[path] = (key, summary)
            result.append(summary)
        return result
