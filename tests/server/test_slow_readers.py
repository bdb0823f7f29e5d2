"""Phones that never read are dropped at the send timeout and their buffers freed (issue 36).

Served as ``companion run`` serves (uvicorn behind the ``Doorman``). A phone that
says hello and then never reads fills its socket; at the send timeout the hub
drops it. A close frame cannot get past the full socket and a plain close keeps
the socket, and the kernel's send buffer queued to it, until the phone reads:
so the connection is reset (SO_LINGER 0), and the server holds no socket and no
queued byte for it from that moment on.
"""

from __future__ import annotations

import fcntl
import socket
import struct
import termios
import threading
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path
from typing import Any

import uvicorn

from companion.server import create_app
from companion.server.doorman import Doorman
from companion.server.run import _uvicorn_config
from tests.server.games import finished, new_table, play_until
from tests.server.test_live import StalledPhone, change, join, next_view


@contextmanager
def served(app: Any) -> Iterator[tuple[str, Doorman]]:
    """``app`` behind a doorman, as ``companion run`` serves it, on a free loopback port."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    doorman = Doorman()
    server = uvicorn.Server(_uvicorn_config(app, "127.0.0.1", port, "warning", doorman))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}", doorman
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def kernel_queue(server_port: int, phone_ports: set[int]) -> tuple[int, int]:
    """The server's sockets to ``phone_ports`` still in the kernel (an fd closed but not
    yet delivered stays, orphaned, with its send queue) and the bytes they hold."""
    count = held = 0
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        local, remote, queues = fields[1], fields[2], fields[4]
        if int(local.split(":")[1], 16) == server_port and int(remote.split(":")[1], 16) in (
            phone_ports
        ):
            count += 1
            held += int(queues.split(":")[0], 16)
    return count, held


def queued(sock: socket.socket) -> int:
    """Bytes the kernel still holds to send on ``sock`` (TIOCOUTQ); 0 once it is closed."""
    try:
        return int(struct.unpack("i", fcntl.ioctl(sock, termios.TIOCOUTQ, b"\0" * 4))[0])
    except OSError:
        return 0


def test_a_phone_that_never_reads_is_reset_at_the_send_timeout_and_its_buffers_freed() -> None:
    session = new_table(("Ana", "Ben", "Cy", "Dee"))
    play_until(session, finished)  # views of about 20 kB
    send_timeout = 2.0
    app = create_app(session, queue_size=4, send_timeout=send_timeout)
    hub = app.state.hub
    with served(app) as (base, doorman), ExitStack() as stack:
        stalled = [StalledPhone(base) for _ in range(3)]
        for phone in stalled:
            stack.callback(phone.close)
        deadline = time.monotonic() + 10
        while len(hub.clients) < 3:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        slow = list(hub.clients)
        reader = join(stack, base, None)
        held = 0
        give_up = time.monotonic() + 15 * send_timeout
        while any(c in hub.clients for c in slow) and time.monotonic() < give_up:
            state_id = change(session)
            assert next_view(reader, state_id)["state_id"] == state_id
            held = max(held, sum(queued(s) for s in doorman.sockets()))
        assert all(c not in hub.clients for c in slow), "a phone that never reads was kept"
        assert held > 0, "the stalled phones never filled their sockets (nothing was measured)"
        assert hub.dropped_slow == 3
        # The moment they left the hub their sockets were reset: the kernel holds no socket
        # to them, and nothing queued for phones that will never read it.
        time.sleep(0.2)
        port = int(base.rsplit(":", 1)[1])
        phones = {phone.sock.getsockname()[1] for phone in stalled}
        assert kernel_queue(port, phones) == (0, 0), "a dropped phone's socket (and buffers) kept"
        assert doorman.aborted == 3
        # The phone's side sees the reset (a close would have left it waiting for ever).
        phone = stalled[0].sock
        phone.settimeout(5)
        reset = False
        try:
            while phone.recv(65536):
                pass
        except ConnectionResetError:
            reset = True
        assert reset
        # The reader was never held up and is still served.
        assert next_view(reader, change(session))["seat"] is None
