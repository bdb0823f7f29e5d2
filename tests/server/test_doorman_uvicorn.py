"""The doorman against the uvicorn and h11 it is pinned to.

``companion/server/doorman.py`` subclasses uvicorn's ``H11Protocol``, which is
not a public API: it reads the protocol's ``conn`` (an ``h11.Connection``),
``transport``, ``loop`` and ``client`` and overrides six of its methods. So
uvicorn and h11 are pinned, the same in ``constraints/lock.txt`` (the PC, CI)
and ``constraints/pi.txt`` (the Pi), and these tests run the subclass on the
installed pair (``make test`` runs them with both constraint files): the pins
agree and are what is installed, every overridden method still exists with the
same parameters, and a connection made through a real socket is admitted,
answered and timed out the way the doorman expects.
"""

from __future__ import annotations

import asyncio
import inspect
import socket
from concurrent.futures import ThreadPoolExecutor
from importlib.metadata import version
from pathlib import Path
from typing import Any

import h11
import pytest
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from companion.server.doorman import Doorman, GuardedH11

ROOT = Path(__file__).resolve().parents[2]


def pins(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        name, sep, pinned = line.partition("==")
        if sep and not name.startswith("#"):
            found[name.strip().lower()] = pinned.strip()
    return found


@pytest.mark.parametrize("package", ["uvicorn", "h11"])
def test_the_pair_is_pinned_alike_and_installed(package: str) -> None:
    pc = pins(ROOT / "constraints" / "lock.txt")
    pi = pins(ROOT / "constraints" / "pi.txt")
    assert pc[package] == pi[package]
    assert version(package) == pc[package]


def test_every_method_the_doorman_overrides_is_uvicorn_s() -> None:
    mine = [
        name
        for name, value in vars(GuardedH11).items()
        if inspect.isfunction(value) and (not name.startswith("_") or name == "__init__")
    ]
    ours = {"hard_close", "close_after_answer"}  # the doorman's own
    overridden = [name for name in mine if name not in ours]
    assert len(overridden) >= 6
    for name in overridden:
        theirs = getattr(H11Protocol, name, None)
        assert theirs is not None, f"uvicorn's H11Protocol has no {name} any more"
        if name != "__init__":
            mine_params = list(inspect.signature(getattr(GuardedH11, name)).parameters)
            assert list(inspect.signature(theirs).parameters) == mine_params, name


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


async def _through_a_socket(doorman: Doorman) -> tuple[bytes, bytes, bool, bool]:
    loop = asyncio.get_running_loop()
    config = Config(app=_app, http=doorman.protocol_class(), log_level="warning")
    config.load()
    state = ServerState()
    cls = doorman.protocol_class()

    async def connect() -> tuple[socket.socket, GuardedH11]:
        ours, theirs = socket.socketpair()
        theirs.setblocking(False)
        _, protocol = await loop.connect_accepted_socket(
            lambda: cls(config, state, {}, _loop=loop), ours
        )
        assert isinstance(protocol, GuardedH11)
        return theirs, protocol

    async def read(sock: socket.socket) -> bytes:
        got = b""
        while True:
            chunk = await asyncio.wait_for(loop.sock_recv(sock, 4096), 3.0)
            if not chunk:
                return got
            got += chunk

    # A whole request is answered; the connection then waits for the next one.
    phone, protocol = await connect()
    await loop.sock_sendall(phone, b"GET / HTTP/1.1\r\nHost: table\r\nConnection: close\r\n\r\n")
    answered = await read(phone)
    phone.close()
    # Half a request: waiting (h11's IDLE), then closed when its time is up.
    slow, protocol = await connect()
    await loop.sock_sendall(slow, b"GET / HTTP/1.1\r\nHost: ta")
    await asyncio.sleep(0.05)
    entry = doorman.entries[id(protocol)]
    waiting = entry.waiting and protocol.conn.their_state is h11.IDLE
    left = await read(slow)
    slow.close()
    await asyncio.sleep(0.05)
    return answered, left, waiting, protocol.closed


def test_a_real_connection_is_answered_then_a_slow_one_timed_out() -> None:
    doorman = Doorman(request_timeout=0.3)
    # A loop of its own in a thread of its own: a browser test earlier in the same
    # worker leaves Playwright's loop running in this thread, where asyncio.run refuses.
    with ThreadPoolExecutor(1) as thread:
        found = thread.submit(asyncio.run, _through_a_socket(doorman)).result(timeout=60)
    answered, left, waiting, closed = found
    assert answered.startswith(b"HTTP/1.1 200") and b"\r\nok\r\n" in answered
    assert waiting
    assert left == b"" and closed  # closed by the doorman, nothing answered
    assert doorman.timed_out == 1
    assert not doorman.entries or all(e.gone for e in doorman.entries.values())
