"""Who may do what: seat tokens for players, the table PIN with a rate limit.

A player's phone proves its seat with the secret token from its QR link (sent
as the ``X-Seat-Token`` header, or in the first WebSocket message); without
one a phone is a spectator, and a token that matches no seat is refused rather
than quietly treated as a spectator, so a phone with an old link knows to scan
again. Tokens are 128 random bits (``secrets.token_urlsafe(16)``).

The table PIN (four digits by default) guards configuration, undo overrides,
setup draws and ending the game. Four digits are only safe behind a rate
limit: ``PinGuard`` counts wrong PINs per client address; after
``max_failures`` within ``window`` seconds that address is locked out, and each
further lock-out doubles in length. A locked-out address is refused even with
the right PIN, so guessing cannot continue in the lock-out. A right PIN clears
the address's failures.
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
    retry_after: float = 0.0  # seconds until the address may try again (when locked out)

    @property
    def locked(self) -> bool:
        return self.retry_after > 0


class PinGuard:
    """Checks PINs against ``check`` and rate limits wrong ones per client."""

    def __init__(
        self,
        check: Callable[[str], bool],
        *,
        max_failures: int = 5,
        window: float = 60.0,
        lockout: float = 60.0,
        max_lockout: float = 3600.0,
        clock: Callable[[], float] = time.monotonic,
    ):
        self._check = check
        self.max_failures = max_failures
        self.window = window
        self.lockout = lockout
        self.max_lockout = max_lockout
        self._clock = clock
        self._lock = threading.Lock()
        self._records: dict[str, _Record] = {}

    def attempt(self, client: str, pin: str | None) -> PinVerdict:
        """Try ``pin`` for ``client`` (its address); a missing PIN is a wrong one."""
        now = self._clock()
        with self._lock:
            record = self._records.setdefault(client, _Record())
            if record.locked_until > now:
                return PinVerdict(False, record.locked_until - now)
            if pin is not None and self._check(pin):
                del self._records[client]
                return PinVerdict(True)
            record.failures = [t for t in record.failures if now - t < self.window]
            record.failures.append(now)
            if len(record.failures) >= self.max_failures:
                length = min(self.lockout * 2**record.lockouts, self.max_lockout)
                record.lockouts += 1
                record.locked_until = now + length
                record.failures.clear()
                return PinVerdict(False, length)
            return PinVerdict(False)
