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

A locked-out client is refused even with the right PIN, so guessing cannot go
on during a lock-out. With the defaults a guesser gets at most about 80 tries
an hour, under one chance in 2,000 over a six-hour night. A request with no PIN
at all is not a guess and is never counted: a page on another site can make a
player's browser send requests to the table, but cannot add the PIN header, so
it cannot lock the table out. ``on_failure`` hears of every wrong PIN (the
table screen raises an alert).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field


@dataclass
class _Record:
    failures: list[float] = field(default_factory=list)
    locked_until: float = 0.0
    lockouts: int = 0


@dataclass(frozen=True)
class PinVerdict:
    """The answer to one PIN attempt."""

    ok: bool
    retry_after: float = 0.0  # seconds until the client may try again (when locked out)
    missing: bool = False  # no PIN was sent: not a guess, not counted

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
        self.on_failure = on_failure

    def attempt(self, client: str, pin: str | None) -> PinVerdict:
        """Try ``pin`` for ``client`` (its address); a missing PIN is refused, never counted."""
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
            if len(pin) <= 64 and self._check(pin):
                self._records.pop(client, None)
                return PinVerdict(True)
            self._remember(client, record)
            mine = self._fail(record, now, self.max_failures, self.window, self.lockout)
            table = self._fail(
                self._table, now, self.table_max_failures, self.table_window, self.table_lockout
            )
            failure = PinFailure(client, len(self._table.failures), table)
            if table:
                failure = PinFailure(client, self.table_max_failures, table)
        if self.on_failure is not None:
            self.on_failure(failure)
        return PinVerdict(False, max(mine, table))

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
