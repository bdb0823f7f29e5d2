"""The review after a game, worked out in a process of its own while the table looks on.

What it is for: once a game is over, the game-over screen shows, for each
player, the three decisions that cost the most points against the search
player's best (``engine.core.review``). That takes up to a minute of CPU, so
it runs in a separate process (the server keeps answering phones meanwhile:
a thread would hold the interpreter's lock), started once per game when the
game-over screen is first built, with its progress shown as a bar.

Nothing secret leaks by it: the review reads each seat's decisions from what
that seat could see (``determinize``), and is shown only once the game is
over; a decision the record keeps private to its seat is not reviewed
(``engine.core.review.reviewed_decisions``: its alternatives could name what
was never shown).
"""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any

from engine.core.record import Record

#: CPU seconds a review may use (the issue's budget for a whole game on this machine)
BUDGET = 60.0
#: at most one progress announcement per this many seconds (each redraws every phone)
PROGRESS_EVERY = 1.5


def saved_record(record: Record) -> dict[str, Any]:
    """What the review's process replays: the record's saved form, with an
    automated opponent's level (Amritsar's ``hard``) among the options."""
    options = list(record.options)
    if getattr(record, "hard", False) and "hard" not in options:
        options.append("hard")
    return {
        "game": record.rules.name,
        "players": record.players,
        "options": options,
        "actions": [e.text for e in record.entries],
    }


def _work(data: dict[str, Any], budget: float, conn: Connection) -> None:
    """The review's process: replay, review, send progress and the result."""
    from engine.core.registry import get_rules
    from engine.core.review import review_saved

    try:
        rules = get_rules(str(data["game"]))
        review = review_saved(
            rules,
            data,
            budget=budget,
            progress=lambda done, total: conn.send(("progress", done, total)),
        )
        conn.send(("done", review.to_dict(rules)))
    except Exception as error:  # the screen says the review failed, the server goes on
        conn.send(("failed", f"{type(error).__name__}: {error}"))
    finally:
        conn.close()


class ReviewRunner:
    """One game's review: idle until ``start``, then running with its progress, then done."""

    def __init__(self, budget: float = BUDGET, announce: Callable[[], None] | None = None):
        self.budget = budget
        self.announce = announce
        self._lock = threading.Lock()
        self.state = "idle"
        self.done = 0
        self.total = 0
        self.result: dict[str, Any] | None = None
        self.error = ""

    def start(self, record: Record) -> None:
        """Start reviewing ``record`` (a finished game) once; later calls do nothing."""
        with self._lock:
            if self.state != "idle":
                return
            self.state = "running"
        data = saved_record(record)
        context = multiprocessing.get_context("spawn")
        parent, child = context.Pipe(duplex=False)
        process = context.Process(target=_work, args=(data, self.budget, child), daemon=True)
        process.start()
        child.close()
        threading.Thread(target=self._follow, args=(parent, process), daemon=True).start()

    def _follow(self, conn: Connection, process: Any) -> None:
        last = 0.0
        try:
            while True:
                message = conn.recv()
                if message[0] == "progress":
                    with self._lock:
                        self.done, self.total = int(message[1]), int(message[2])
                    if time.monotonic() - last >= PROGRESS_EVERY:
                        last = time.monotonic()
                        self._announce()
                    continue
                with self._lock:
                    if message[0] == "done":
                        self.state, self.result = "done", message[1]
                    else:
                        self.state, self.error = "failed", str(message[1])
                break
        except (EOFError, OSError):
            with self._lock:
                self.state, self.error = "failed", "the review stopped"
        finally:
            conn.close()
            process.join(timeout=5)
        self._announce()

    def _announce(self) -> None:
        if self.announce is not None:
            self.announce()

    def status(self, names: list[str | None]) -> dict[str, Any]:
        """What the game-over screen shows: the progress, or each player's findings
        (``names`` by seat, ``None`` for a seat nobody at the table played)."""
        with self._lock:
            data: dict[str, Any] = {"state": self.state, "done": self.done, "total": self.total}
            if self.result is not None:
                found = self.result["seats"]
                data["seats"] = [
                    {"seat": seat, "name": name, "findings": found.get(str(seat), [])}
                    for seat, name in enumerate(names)
                    if name is not None
                ]
                data["skipped"] = self.result.get("skipped", 0)
            return data
