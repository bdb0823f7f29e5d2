"""Live updates over real WebSockets against a real uvicorn server.

Every client gets every change; a phone that stops reading fills only its own
bounded queue (oldest views dropped) and is cut off after the send timeout,
while everyone else stays current.
"""

from __future__ import annotations

import base64
import json
import os
import socket
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any
from urllib.parse import urlparse

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from companion.games.amritsar.session import TableSession
from companion.server import create_app
from engine.amritsar import Reason, legal_actions
from tests.server.games import finished, new_table, play_until


def ws_url(base: str) -> str:
    return base.replace("http://", "ws://") + "/ws"


def join(stack: ExitStack, base: str, token: str | None) -> ClientConnection:
    ws = stack.enter_context(connect(ws_url(base), open_timeout=5))
    ws.send(json.dumps({"type": "hello", "token": token}))
    welcome = json.loads(ws.recv(timeout=5))
    assert welcome["type"] == "welcome"
    return ws


def next_view(ws: ClientConnection, at_least: int, timeout: float = 5.0) -> dict[str, Any]:
    """The first view at or past ``at_least`` (older ones may still be in flight)."""
    deadline = time.monotonic() + timeout
    while True:
        message = json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic())))
        if message["type"] == "view" and message["view"]["state_id"] >= at_least:
            return dict(message["view"])


def move(session: TableSession) -> int:
    outcome = session.apply_actions([legal_actions(session.state)[0]], "camera")
    assert outcome.ok
    return outcome.state_id


def test_every_client_gets_every_change(live_server: Callable[[Any], str]) -> None:
    session = new_table()
    base = live_server(create_app(session))
    with ExitStack() as stack:
        clients = [join(stack, base, session.seats[i].token) for i in range(3)]
        clients += [join(stack, base, None) for _ in range(3)]
        for ws in clients:
            assert next_view(ws, session.state_id)["state_id"] == session.state_id
        for _ in range(3):
            state_id = move(session)
            for i, ws in enumerate(clients):
                view = next_view(ws, state_id)
                assert view["seat"] == (i if i < 3 else None)


def test_hello_is_required_and_a_bad_token_is_refused(live_server: Callable[[Any], str]) -> None:
    session = new_table()
    base = live_server(create_app(session))
    with connect(ws_url(base)) as ws:
        ws.send(json.dumps({"type": "hello", "token": "guessed"}))
        error = json.loads(ws.recv(timeout=5))
        assert error["type"] == "error" and error["code"] == "bad_token" and error["es"]
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4401
    with connect(ws_url(base)) as ws:
        ws.send("hello?")
        assert json.loads(ws.recv(timeout=5))["code"] == "bad_hello"
        with pytest.raises(ConnectionClosed) as closed:
            ws.recv(timeout=5)
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 4400


class StalledPhone:
    """A WebSocket client that says hello and then never reads another byte."""

    def __init__(self, base: str):
        url = urlparse(base)
        assert url.hostname is not None and url.port is not None
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        self.sock.connect((url.hostname, url.port))
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            (
                f"GET /ws HTTP/1.1\r\nHost: {url.netloc}\r\nUpgrade: websocket\r\n"
                f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                "Sec-WebSocket-Version: 13\r\n\r\n"
            ).encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            head += self.sock.recv(1)
        assert head.startswith(b"HTTP/1.1 101"), head
        payload = json.dumps({"type": "hello", "token": None}).encode()
        mask = os.urandom(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes([0x81, 0x80 | len(payload)]) + mask + masked)

    def close(self) -> None:
        self.sock.close()


def change(session: TableSession) -> int:
    """A cheap change of state (an alert raised, or cleared)."""
    if session.alerts:
        session.clear_alerts()
    else:
        session.raise_alert(Reason("game_over"), "Nothing to fix.", "Nada que arreglar.")
    return session.state_id


def wait_for(condition: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


def test_a_stalled_phone_never_stalls_the_table(live_server: Callable[[Any], str]) -> None:
    session = new_table(("Ana", "Ben", "Cy", "Dee"))
    play_until(session, finished)  # a long log and score sheets: views of about 20 kB
    # A hub that waited on the stalled phone would hold the reading one for the
    # whole send timeout; a bound well under it tells the two apart and leaves
    # room for a busy machine (a 1 s bound failed once with 6 test workers on 2 cores).
    send_timeout, bound = 6.0, 3.0
    app = create_app(session, queue_size=4, send_timeout=send_timeout)
    base = live_server(app)
    hub = app.state.hub
    with ExitStack() as stack:
        stalled = StalledPhone(base)
        stack.callback(stalled.close)
        wait_for(lambda: len(hub.clients) == 1)
        slow = next(iter(hub.clients))
        fast = join(stack, base, None)
        next_view(fast, session.state_id)
        worst = 0.0
        # Change after change until the socket buffers towards the stalled phone are
        # full, its queue overflows and the send timeout cuts it off.
        give_up = time.monotonic() + 10 * send_timeout
        while time.monotonic() < give_up:
            state_id = change(session)
            started = time.monotonic()
            assert next_view(fast, state_id, timeout=bound)["state_id"] == state_id
            worst = max(worst, time.monotonic() - started)
            assert slow.queue.qsize() <= 4
            if slow not in hub.clients:
                break
        assert slow not in hub.clients, "the stalled phone was never cut off"
        assert slow.dropped > 0, "the stalled phone's queue should have dropped old views"
        assert worst < bound  # the phone that reads was never held up
        assert len(hub.clients) == 1
        assert next_view(fast, change(session))["seat"] is None
