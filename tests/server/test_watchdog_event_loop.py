"""A blocked web server starves the service watchdog (companion.service.Watchdog).

The watchdog used to be fed by the camera and sensor loops only, so a handler
that blocked the server's event loop left every phone waiting while systemd
saw a healthy service. Now the real uvicorn server, made with the companion's
settings (``companion.server.run._uvicorn_config``), beats the watchdog from
its event loop: here a camera loop keeps beating in its own thread, a request
blocks the event loop for a few seconds, and the watchdog stops pinging for as
long as the loop is blocked and pings again once it runs.
"""

from __future__ import annotations

import http.client
import socket
import threading
import time
from typing import Any

import uvicorn

from companion.server.run import _uvicorn_config
from companion.service import Watchdog

PERIOD = 2.0  # uvicorn's main loop beats about once a second
BLOCK = 4.0
#: When the blocking handler began (monotonic), set by the app.
BLOCKED: list[float] = []


async def _app(scope: dict[str, Any], receive: Any, send: Any) -> None:
    if scope["type"] == "lifespan":
        while True:
            message = await receive()
            kind = message["type"].rsplit(".", 1)[-1]
            await send({"type": f"lifespan.{kind}.complete"})
            if kind == "shutdown":
                return
    if scope["path"] == "/block":
        BLOCKED.append(time.monotonic())
        time.sleep(BLOCK)  # a handler that never yields: the whole loop stands still
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def test_a_blocked_event_loop_starves_the_watchdog() -> None:
    pings: list[float] = []
    watchdog = Watchdog(PERIOD, send=lambda message: pings.append(time.monotonic()))
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(_uvicorn_config(_app, "127.0.0.1", port, "warning", watchdog=watchdog))
    web = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    web.start()
    done = threading.Event()

    def camera() -> None:
        while not done.wait(0.1):
            watchdog.beat("camera")

    threading.Thread(target=camera, daemon=True).start()
    try:
        deadline = time.monotonic() + 10
        while not server.started and time.monotonic() < deadline:
            time.sleep(0.02)
        assert server.started
        watchdog.start()
        time.sleep(PERIOD * 1.25)
        assert pings, "a running loop feeds the watchdog"
        assert watchdog.stale() == []

        answered: list[bytes] = []

        def blocked_request() -> None:
            conn = http.client.HTTPConnection("127.0.0.1", port, timeout=BLOCK + 10)
            conn.request("GET", "/block")
            answered.append(conn.getresponse().read())
            conn.close()

        BLOCKED.clear()
        blocker = threading.Thread(target=blocked_request, daemon=True)
        blocker.start()
        while not BLOCKED and blocker.is_alive():
            time.sleep(0.01)
        began = BLOCKED[0]
        time.sleep(PERIOD + 1.0)
        assert watchdog.stale() == ["server"]  # the camera still beats: only the server is quiet
        starved_from = began + PERIOD + 0.1  # no beat since the block began
        blocker.join(BLOCK + 10)
        assert answered == [b"ok"]
        unblocked = time.monotonic()
        assert not [t for t in pings if starved_from <= t < unblocked - 0.2]
        deadline = unblocked + PERIOD * 2
        while not [t for t in pings if t > unblocked] and time.monotonic() < deadline:
            time.sleep(0.05)
        assert [t for t in pings if t > unblocked], "the watchdog is fed again once the loop runs"
    finally:
        done.set()
        watchdog.stop()
        server.should_exit = True
        web.join(10)
        sock.close()
