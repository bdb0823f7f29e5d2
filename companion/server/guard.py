"""Who may do what: seat tokens for players, the table PIN with a rate limit.

A player's phone proves its seat with the secret token from its QR link (sent
as the ``X-Seat-Token`` header, or in the first WebSocket message); without
one a phone is a spectator, and a token that matches no seat is refused rather
than quietly treated as a spectator, so a phone with an old link knows to scan
again. Tokens are 128 random bits (``secrets.token_urlsafe(16)``).

The table PIN (six digits by default) guards configuration, undo overrides,
setup draws and ending the game. Six digits are only safe behind a rate limit,
and ``PinGuard`` keeps two:

- per client address: after ``max_failures`` wrong PINs within ``window``
  seconds that address is locked out, each further lock-out twice as long;
- for the whole table: after ``table_max_failures`` wrong PINs from any
  addresses within ``table_window`` seconds, every address is locked out (a
  guest who spreads guesses over many addresses is stopped too), each further
  lock-out twice as long.

and budgets, so a steady trickle under those rates is capped too (issue 36:
one guess every 31.6 s tripped neither and got 684 guesses in six hours):

- per client address: at most ``budgets`` wrong PINs per window (15 an hour,
  40 a day): at the budget, that address waits until its oldest counted
  wrong PIN leaves the window;
- for the whole table: at most ``table_budgets`` (40 an hour, 120 a day),
  every address waiting the same way.

One ``PinGuard`` serves the table for the companion's whole run: the start
page and every game played from it share it (``StartApp.guard``), so a new
game resets no count, no budget and no doubling.

A locked-out client is refused even with the right PIN, so guessing cannot go
on during a lock-out. With the defaults a guesser gets at most 120 tries a day,
however the guesses are spread over time and addresses (measured:
``tests/server/test_pin_budget.py``), one chance in 8,333 a day for a six-digit
PIN. A request with no PIN
at all is not a guess and is never counted: a page on another site can make a
player's browser send requests to the table, but cannot add the PIN header, so
it cannot lock the table out. ``on_failure`` hears of every wrong PIN (the
table screen raises an alert).
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class _Record:
    failures: list[float] = field(default_factory=list)
    locked_until: float = 0.0
    lockouts: int = 0
    #: Every wrong PIN within the longest budget window, oldest first.
    history: list[float] = field(default_factory=list)


#: Wrong PINs one address may type per window (seconds): 15 an hour, 40 a day.
BUDGETS: tuple[tuple[int, float], ...] = ((15, 3600.0), (40, 86400.0))
#: Wrong PINs the whole table may see per window: 40 an hour, 120 a day.
TABLE_BUDGETS: tuple[tuple[int, float], ...] = ((40, 3600.0), (120, 86400.0))


@dataclass(frozen=True)
class PinVerdict:
    """The answer to one PIN attempt."""

    ok: bool
    retry_after: float = 0.0  # seconds until the client may try again (when locked out)
    missing: bool = False  # no PIN was sent: not a guess, not counted
    failure: PinFailure | None = None  # a wrong PIN (for the alert of whoever serves it)

    @property
    def locked(self) -> bool:
        return self.retry_after > 0


@dataclass(frozen=True)
class PinFailure:
    """A wrong PIN, for the alert on the table screen."""

    client: str
    recent: int  # wrong PINs from any address within the table window
    locked_for: float  # seconds of the table-wide lock-out it started, else 0


#: Records kept at most (addresses seen); older ones without a lock-out are forgotten first.
MAX_RECORDS = 4096


class PinGuard:
    """Checks PINs against ``check`` and rate limits wrong ones per client and per table."""

    def __init__(
        self,
        check: Callable[[str], bool],
        *,
        max_failures: int = 5,
        window: float = 60.0,
        lockout: float = 60.0,
        max_lockout: float = 3600.0,
        table_max_failures: int = 20,
        table_window: float = 600.0,
        table_lockout: float = 300.0,
        budgets: tuple[tuple[int, float], ...] = BUDGETS,
        table_budgets: tuple[tuple[int, float], ...] = TABLE_BUDGETS,
        clock: Callable[[], float] = time.monotonic,
        on_failure: Callable[[PinFailure], None] | None = None,
    ):
        self._check = check
        self.max_failures = max_failures
        self.window = window
        self.lockout = lockout
        self.max_lockout = max_lockout
        self._clock = clock
        self._lock = threading.Lock()
        self._records: dict[str, _Record] = {}
        self._table = _Record()
        self.table_max_failures = table_max_failures
        self.table_window = table_window
        self.table_lockout = table_lockout
        self.budgets = budgets
        self.table_budgets = table_budgets
        self.on_failure = on_failure
        #: Wrong PINs counted (guesses that were checked), for the tests and the bench.
        self.checked_wrong = 0

    def attempt(
        self, client: str, pin: str | None, check: Callable[[str], bool] | None = None
    ) -> PinVerdict:
        """Try ``pin`` for ``client`` (its address); a missing PIN is refused, never counted.
        ``check`` replaces the guard's own check (a game served with the table's guard)."""
        if pin is not None:
            pin = "".join(pin.split())  # "482 193" as shown on the screen is fine
        if not pin:
            return PinVerdict(False, missing=True)
        now = self._clock()
        with self._lock:
            record = self._records.get(client) or _Record()
            waited = max(record.locked_until, self._table.locked_until) - now
            if waited > 0:
                return PinVerdict(False, waited)
            if len(pin) <= 64 and (check or self._check)(pin):
                self._records.pop(client, None)
                return PinVerdict(True)
            self.checked_wrong += 1
            self._remember(client, record)
            mine = self._fail(record, now, self.max_failures, self.window, self.lockout)
            mine = max(mine, self._spend(record, now, self.budgets))
            table = self._fail(
                self._table, now, self.table_max_failures, self.table_window, self.table_lockout
            )
            table = max(table, self._spend(self._table, now, self.table_budgets))
            failure = PinFailure(client, len(self._table.failures), table)
            if table:
                failure = PinFailure(client, max(self.table_max_failures, failure.recent), table)
        if self.on_failure is not None:
            self.on_failure(failure)
        return PinVerdict(False, max(mine, table), failure=failure)

    def _spend(self, record: _Record, now: float, budgets: tuple[tuple[int, float], ...]) -> float:
        """Count one wrong PIN against ``budgets``; the wait it starts (seconds), else 0:
        at a budget, until its oldest counted wrong PIN leaves that window."""
        if not budgets:
            return 0.0
        longest = max(window for _, window in budgets)
        record.history = [t for t in record.history if now - t < longest]
        record.history.append(now)
        wait = 0.0
        for limit, window in budgets:
            recent = [t for t in record.history if now - t < window]
            if len(recent) >= limit:
                wait = max(wait, recent[-limit] + window - now)
        if wait > 0:
            record.locked_until = max(record.locked_until, now + wait)
        return wait

    def _fail(self, record: _Record, now: float, limit: int, window: float, base: float) -> float:
        """Count one failure on ``record``; the lock-out it starts (seconds), else 0."""
        record.failures = [t for t in record.failures if now - t < window]
        record.failures.append(now)
        if len(record.failures) < limit:
            return 0.0
        length = float(min(base * 2**record.lockouts, self.max_lockout))
        record.lockouts += 1
        record.locked_until = now + length
        record.failures.clear()
        return length

    def _remember(self, client: str, record: _Record) -> None:
        """Keep ``record`` for ``client``; the table is bounded, forgetting idle records first."""
        if client not in self._records and len(self._records) >= MAX_RECORDS:
            now = self._clock()
            idle = [c for c, r in self._records.items() if r.locked_until <= now]
            for stale in idle[: max(1, len(idle) // 2)]:
                del self._records[stale]
            if len(self._records) >= MAX_RECORDS:
                return  # every record is locked out: count this one at table level only
        self._records[client] = record


#: A game's session -> the guard of the table it is played at (``TableSwitch`` sets it
#: before building the game's app), so the start page and every game share one guard.
_TABLE_GUARDS: weakref.WeakKeyDictionary[Any, PinGuard] = weakref.WeakKeyDictionary()


def share_guard(session: Any, guard: PinGuard) -> None:
    """Serve ``session``'s table commands with ``guard`` (the table's, for its whole run)."""
    _TABLE_GUARDS[session] = guard


def table_guard(session: Any) -> PinGuard | None:
    """The guard shared with ``session`` by ``share_guard``, if any."""
    return _TABLE_GUARDS.get(session)


class WriteLimit:
    """How fast one seat's phone may send commands: a token bucket per seat.

    A phone may send ``burst`` commands at once and ``rate`` a second after
    that; a refused answer is written to the game's log, so without a bound one
    phone could fill the log with hundreds a second.
    """

    def __init__(
        self,
        *,
        burst: int = 10,
        rate: float = 2.0,
        clock: Callable[[], float] = time.monotonic,
    ):
        self.burst = burst
        self.rate = rate
        self._clock = clock
        self._lock = threading.Lock()
        self._buckets: dict[int, tuple[float, float]] = {}  # seat -> (tokens, when)

    def take(self, seat: int) -> float:
        """Spend one command for ``seat``: 0 when allowed, else seconds to wait."""
        now = self._clock()
        with self._lock:
            tokens, then = self._buckets.get(seat, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - then) * self.rate)
            if tokens < 1:
                self._buckets[seat] = (tokens, now)
                return (1 - tokens) / self.rate
            self._buckets[seat] = (tokens - 1, now)
            return 0.0
