"""Running unattended under systemd: output that reaches the journal, readiness and a watchdog.

- :func:`setup_output` makes every line printed reach the journal at once
  (stdout on a pipe is block-buffered: the table address and PIN used to stay in
  the buffer) and sets up stdlib ``logging`` on stderr. Under systemd
  (``JOURNAL_STREAM`` is set) each log line starts with its syslog priority
  (``<4>`` for a warning), which journald reads as the line's level.
- :func:`notify` sends one ``sd_notify`` message (``READY=1``, ``WATCHDOG=1``,
  ``STATUS=...``) as a datagram to ``$NOTIFY_SOCKET``; without it (not under
  systemd) it does nothing. A few lines of socket code instead of a dependency.
- :class:`Watchdog` pings systemd's watchdog only while every loop registered
  with it has shown life within the watchdog period: the web server's event
  loop (through uvicorn's ``callback_notify``, which its main loop calls about
  once a second: :meth:`Watchdog.event_loop_beat`), the camera loop and the
  sensor loop. A loop that hangs or dies, a handler that blocks the event loop
  included, makes systemd restart the service, which resumes the game from
  its log.
"""

from __future__ import annotations

import logging
import os
import signal
import socket
import sys
import threading
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("companion")

#: syslog priorities journald reads from a ``<N>`` line prefix.
_PRIORITY = {
    logging.DEBUG: 7,
    logging.INFO: 6,
    logging.WARNING: 4,
    logging.ERROR: 3,
    logging.CRITICAL: 2,
}


class _JournalFormatter(logging.Formatter):
    """``<priority>name: message``: journald adds the time and reads the level."""

    def format(self, record: logging.LogRecord) -> str:
        text = super().format(record)
        priority = _PRIORITY.get(record.levelno, 6)
        return "\n".join(f"<{priority}>{line}" for line in text.splitlines())


def setup_output(level: int = logging.INFO) -> None:
    """Line-buffered stdout and ``logging`` on stderr, in the journal's format under systemd."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            reconfigure(line_buffering=True)
    handler = logging.StreamHandler(sys.stderr)
    if os.environ.get("JOURNAL_STREAM"):
        handler.setFormatter(_JournalFormatter("%(name)s: %(message)s"))
    else:
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    for old in [h for h in root.handlers if getattr(h, "_companion", False)]:
        root.removeHandler(old)
    handler._companion = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    root.setLevel(level)


def notify(message: str, environ: dict[str, str] | None = None) -> bool:
    """Send ``message`` to systemd's notify socket; False when there is none or it fails."""
    env = os.environ if environ is None else environ
    address = env.get("NOTIFY_SOCKET", "")
    if not address:
        return False
    if address.startswith("@"):  # an abstract socket: a leading NUL byte
        address = "\0" + address[1:]
    elif not address.startswith("/"):
        return False  # vsock and other families are not used on a Pi
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
            sock.connect(address)
            sock.sendall(message.encode())
    except OSError as error:
        log.warning("could not tell systemd %r: %s", message, error)
        return False
    return True


def watchdog_period(environ: dict[str, str] | None = None) -> float | None:
    """The watchdog period systemd asked for (``WatchdogSec=``), in seconds, or None."""
    env = os.environ if environ is None else environ
    usec = env.get("WATCHDOG_USEC", "")
    pid = env.get("WATCHDOG_PID", "")
    if not usec.isdigit() or int(usec) == 0:
        return None
    if pid and pid != str(os.getpid()):
        return None  # meant for another process (a parent's setting inherited)
    return int(usec) / 1_000_000


class Watchdog:
    """Pings systemd every half period while all registered loops are alive.

    A loop calls :meth:`beat` each time round; :meth:`retire` when it stops on
    purpose (a sensor link refused with its reason shown). ``send`` is
    :func:`notify` by default; the clock is injectable for tests.
    """

    def __init__(
        self,
        period: float,
        send: Callable[[str], object] = notify,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.period = period
        self._send = send
        self._clock = clock
        self._last: dict[str, float] = {}
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._silent: set[str] = set()

    def beat(self, loop: str) -> None:
        with self._lock:
            self._last[loop] = self._clock()

    def event_loop_beat(self, name: str = "server") -> Callable[[], Awaitable[None]]:
        """A beat for an asyncio event loop to call (uvicorn's ``callback_notify``).

        ``name`` counts as alive from now; it then stays alive only while the
        event loop runs the beat, so a blocked loop (a handler that never
        yields, a hung await in the server's own loop) starves the watchdog."""
        self.beat(name)

        async def beat() -> None:
            self.beat(name)

        return beat

    def retire(self, loop: str) -> None:
        with self._lock:
            self._last.pop(loop, None)

    def stale(self) -> list[str]:
        """The loops that have not beaten within the period."""
        now = self._clock()
        with self._lock:
            return sorted(name for name, last in self._last.items() if now - last > self.period)

    def check(self) -> bool:
        """Ping systemd if every loop is alive; say once which loop went quiet."""
        quiet = self.stale()
        for name in set(quiet) - self._silent:
            log.error(
                "the %s loop has not run for %.0f s: not feeding the watchdog", name, self.period
            )
        self._silent = set(quiet)
        if quiet:
            return False
        self._send("WATCHDOG=1")
        return True

    def start(self) -> Watchdog:
        def run() -> None:
            while not self._stop.wait(self.period / 2):
                self.check()

        self._thread = threading.Thread(target=run, name="watchdog", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=2)


def when_serving(host: str, port: int, watchdog: Watchdog | None, wait: float = 300.0) -> None:
    """Tell systemd READY=1 (and start the watchdog) once ``port`` takes connections.

    Runs in a thread, so the caller goes on to start the server; until the port
    answers, the service counts as starting (``TimeoutStartSec``).
    """
    target = "127.0.0.1" if host in ("0.0.0.0", "") else "::1" if host == "::" else host

    def run() -> None:
        deadline = time.monotonic() + wait
        while time.monotonic() < deadline:
            try:
                socket.create_connection((target, port), timeout=1).close()
            except OSError:
                time.sleep(0.1)
                continue
            notify(f"READY=1\nSTATUS=Serving the table on port {port}")
            if watchdog is not None:
                watchdog.start()
            return
        log.error("the server did not take connections on port %d within %.0f s", port, wait)

    threading.Thread(target=run, name="ready", daemon=True).start()


def exit_cleanly_on_sigterm() -> None:
    """Make SIGTERM (``systemctl stop``) end the process through its ``finally`` blocks.

    uvicorn shuts the server down on SIGTERM and then raises the signal again
    with the handler it found: this one turns it into ``SystemExit(0)``, so the
    camera and sensor loops stop and the links close before the process ends.
    """

    def stop(signum: int, frame: object) -> None:
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
