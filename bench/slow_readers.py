"""What phones that never read cost the server, and how long until they are dropped (issue 36).

A real uvicorn server behind the ``Doorman`` serves a finished 4-player game
(views of about 22 kB). ``--clients`` sockets say hello and never read again
(receive buffer 4 KiB); one more reads everything. The table changes 20 times a
second until the hub has dropped every stalled one, then for ``--after``
seconds more. Printed: seconds from the first change until the last stalled
socket left the hub (the send timeout plus the time to fill its socket), the
kernel's send queue held to the stalled phones at its peak (the server's
sockets to them in ``/proc/net/tcp``), and seconds from the hub dropping the
last one until the kernel holds no socket and no byte for them (or what is
still held at the end).

Baseline in the same run (``before``): the hub as it was before issue 36,
which closed a stalled phone with a close frame and a plain close (the
doorman's abort disabled); ``after``: the connection reset (SO_LINGER 0).

Run: nice .venv/bin/python bench/slow_readers.py [--clients 100] [--send-timeout 10]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import platform
import socket
import threading
import time
from typing import Any
from unittest import mock

import uvicorn
from websockets.sync.client import connect

from companion.server import create_app
from companion.server.doorman import Doorman
from companion.server.run import _uvicorn_config
from engine.amritsar import Reason
from tests.server.games import finished, new_table, play_until
from tests.server.test_live import StalledPhone


def kernel(server_port: int, phones: set[int]) -> tuple[int, int]:
    """Server sockets to ``phones`` still in the kernel, and the bytes queued on them."""
    count = held = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote = fields[1], fields[2]
        if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) in phones:
            count += 1
            held += int(fields[4].split(":")[0], 16)
    return count, held


def run(clients: int, send_timeout: float, after: float, abort: bool) -> dict[str, Any]:
    session = new_table(("Ana", "Ben", "Cy", "Dee"))
    play_until(session, finished)
    app = create_app(session, queue_size=8, send_timeout=send_timeout)
    hub = app.state.hub
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    doorman = Doorman(per_address=clients + 10)
    server = uvicorn.Server(_uvicorn_config(app, "127.0.0.1", port, "error", doorman))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    base = f"http://127.0.0.1:{port}"
    patches = [mock.patch("companion.server.hub.abort_connection", lambda scope: False)]
    # The send buffer as the kernel tunes it (no SO_SNDBUF), as before issue 36.
    patches.append(mock.patch("companion.server.doorman.WS_SEND_BUFFER", 0))
    if not abort:
        for patch in patches:
            patch.start()
    stalled = [StalledPhone(base) for _ in range(clients)]
    phones = {p.sock.getsockname()[1] for p in stalled}
    while len(hub.clients) < clients:
        time.sleep(0.01)
    slow = list(hub.clients)
    reader = connect(base.replace("http", "ws") + "/ws", open_timeout=10, max_size=None)
    reader.__enter__()
    reader.send('{"type": "hello", "token": null}')
    drain = threading.Thread(target=lambda: [None for _ in reader], daemon=True)
    drain.start()
    started = time.monotonic()
    peak = (0, 0)
    dropped_at: float | None = None
    freed_at: float | None = None
    end = started + 120.0
    while time.monotonic() < end:
        session.raise_alert(Reason("game_over"), "Nothing to fix.", "Nada que arreglar.")
        session.clear_alerts()
        time.sleep(0.05)
        now = kernel(port, phones)
        peak = max(peak, now, key=lambda c: c[1])
        if dropped_at is None and not any(c in hub.clients for c in slow):
            dropped_at = time.monotonic()
            end = dropped_at + after
        if dropped_at is not None and freed_at is None and now == (0, 0):
            freed_at = time.monotonic()
    left = kernel(port, phones)
    if not abort:
        for patch in patches:
            patch.stop()
    reader.close()
    for phone in stalled:
        phone.close()
    server.should_exit = True
    thread.join(10)
    sock.close()
    return {
        "dropped": None if dropped_at is None else dropped_at - started,
        "peak_sockets": peak[0],
        "peak_bytes": peak[1],
        "freed": None if freed_at is None or dropped_at is None else freed_at - dropped_at,
        "left": left,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--clients", type=int, default=100)
    parser.add_argument("--send-timeout", type=float, default=10.0)
    parser.add_argument("--after", type=float, default=20.0, help="seconds watched after")
    args = parser.parse_args()
    print(f"{platform.machine()}, Python {platform.python_version()}, {args.clients} clients")
    for label, abort in (("before (close frame, plain close)", False), ("after (reset)", True)):
        r = run(args.clients, args.send_timeout, args.after, abort)
        dropped = "never" if r["dropped"] is None else f"{r['dropped']:.1f} s"
        freed = (
            f"{r['freed']:.2f} s after"
            if r["freed"] is not None
            else f"not within {args.after:.0f} s: {r['left'][0]} sockets, "
            f"{r['left'][1] / 1e6:.1f} MB still held"
        )
        print(
            f"{label}: dropped from the hub after {dropped}; kernel peak "
            f"{r['peak_sockets']} sockets, {r['peak_bytes'] / 1e6:.1f} MB queued; freed {freed}"
        )


if __name__ == "__main__":
    main()
