"""Watching the demo from a phone: a pace, a step mode, and where to point the phone.

``companion demo`` plays a whole game in seconds, too fast for a person. A
``Pacer`` waits between the demo's steps: ``pace`` seconds each, or with
``step`` until someone presses Enter in the terminal or the table screen's
"Next step" button (``Pacer.advance``). ``watch_lines`` says where the table
screen and the spectator view are, on this machine's network address, with a
QR code of the spectator view drawn in the terminal for a phone to scan.
"""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:  # the server (FastAPI, uvicorn: ~30 MB) is imported only when served
    from companion.server.run import RunningServer


class Pacer:
    """Waits between the demo's steps: a fixed pace, or a person's go-ahead."""

    def __init__(self, pace: float = 0.0, *, step: bool = False):
        if pace < 0:
            raise ValueError("the pace is a number of seconds, 0 or more")
        self.pace = pace
        self.step = step
        self._go = threading.Event()
        self._stop = threading.Event()
        self.steps = 0

    def advance(self) -> None:
        """Let the next step happen (Enter, or the table screen's button)."""
        self._go.set()

    def stop(self) -> None:
        """Stop waiting for good (the demo is ending)."""
        self._stop.set()
        self._go.set()

    def wait(self) -> None:
        """Between two steps: wait as asked."""
        self.steps += 1
        if self._stop.is_set():
            return
        if self.step:
            self._go.wait()
            self._go.clear()
        elif self.pace:
            self._stop.wait(self.pace)

    def listen(self, stream: TextIO | None = None) -> threading.Thread:
        """Advance on every line read from ``stream`` (the terminal's Enter)."""
        source = stream if stream is not None else sys.stdin

        def read() -> None:
            for _ in source:
                self.advance()
            # The terminal closed (Ctrl-D, no terminal): carry on without waiting.
            self.step = False
            self.advance()

        thread = threading.Thread(target=read, daemon=True, name="demo-enter")
        thread.start()
        return thread


def watch_lines(
    url: str,
    pin: str,
    port: int,
    *,
    everywhere: bool,
    addresses: Callable[[], list[str]] | None = None,
) -> list[str]:
    """What to print so a person can watch the demo: the table screen, the spectator
    view on the network address (``addresses``: the machine's, by default), and a
    QR code of it."""
    from companion.find_table import qr_text
    from companion.server.address import lan_addresses

    addresses = addresses or lan_addresses
    host = next(iter(addresses()), None) if everywhere else None
    base = f"http://{host}:{port}" if host else url
    lines = [
        f"  table screen: {base}/table#pin={pin}",
        f"  watch on a phone: {base}/watch   (scan the code below)",
    ]
    if not host:
        lines.append(
            "  (served on this machine only: give --host 0.0.0.0 to reach it from a phone)"
        )
    lines.append(qr_text(f"{base}/watch"))
    return lines


def next_step_button(server: RunningServer, advance: Callable[[], None]) -> None:
    """Make the table screen's "Next step" button (PIN) call ``advance``."""
    from fastapi import FastAPI

    app = server.server.config.app
    if not isinstance(app, FastAPI):
        raise TypeError("the demo's server is not the companion's app")
    app.state.payloads.demo_next = advance
