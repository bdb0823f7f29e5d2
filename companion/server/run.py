"""Serve a table session with uvicorn: what ``companion run`` and ``companion demo`` call.

``serve(session, host, port)`` blocks until Ctrl-C (or SIGTERM) and returns.
``start_server(session, host, port)`` runs the same server in a background
thread and returns a handle with the base URL and ``stop()``, for a demo that
drives the table itself while phones watch.

Both raise the process's open-file limit (a table with many spectators needs
more than the default 1024 on a Pi) and put a ``Doorman`` in front: bounded
connections, each with a deadline for its request, TCP_NODELAY on every socket.
Given the service's ``Watchdog``, the server's event loop beats it about once
a second (uvicorn's ``callback_notify``): a blocked loop starves it.
"""

from __future__ import annotations

import socket
import threading
import time
from dataclasses import dataclass
from typing import Any

import uvicorn

from companion.server.address import lan_addresses
from companion.server.app import create_app
from companion.server.doorman import Doorman, raise_file_limit
from companion.server.shared_deflate import SharedDeflateProtocol
from companion.service import Watchdog
from companion.table_session import TableBase


def _config(
    session: TableBase,
    host: str,
    port: int,
    public_url: str | None,
    log_level: str,
    doorman: Doorman | None = None,
    watchdog: Watchdog | None = None,
) -> uvicorn.Config:
    everywhere = host in ("0.0.0.0", "::", "")
    app = create_app(session, public_url=public_url, lan_links=everywhere)
    return _uvicorn_config(app, host, port, log_level, doorman, watchdog)


def _uvicorn_config(
    app: Any,
    host: str,
    port: int,
    log_level: str,
    doorman: Doorman | None = None,
    watchdog: Watchdog | None = None,
) -> uvicorn.Config:
    """The server's settings for any of the companion's apps (a game's, the start page's)."""
    raise_file_limit()
    doorman = doorman or Doorman()
    if hasattr(app, "state"):
        app.state.doorman = doorman
    beats: dict[str, Any] = {}
    if watchdog is not None:
        # uvicorn's main loop calls it when more than timeout_notify (0) seconds
        # have passed, on its once-a-second tick.
        beats = {"callback_notify": watchdog.event_loop_beat(), "timeout_notify": 0}
    return uvicorn.Config(
        app,
        host=host,
        port=port,
        log_level=log_level,
        lifespan="on",
        http=doorman.protocol_class(),
        ws=SharedDeflateProtocol,  # a view compressed once for every phone it goes to
        proxy_headers=False,  # the PIN rate limit keys on the real client address
        ws_max_size=64 * 1024,
        h11_max_incomplete_event_size=16 * 1024,  # request line and headers
        timeout_keep_alive=5,
        **beats,
    )


def announce(session: TableBase, host: str, port: int) -> str:
    """Lines to print for the people at the table: where to point the table screen."""
    shown = host
    if host in ("0.0.0.0", "::", ""):
        shown = next(iter(lan_addresses()), "localhost")
    return (
        f"Table screen: http://{shown}:{port}/table   (PIN {session.pin})\n"
        f"Spectators:   http://{shown}:{port}/watch\n"
        "Players join by scanning their QR code on the table screen."
    )


def serve(
    session: TableBase,
    host: str = "0.0.0.0",
    port: int = 8000,
    *,
    public_url: str | None = None,
    log_level: str = "info",
    watchdog: Watchdog | None = None,
) -> None:
    """Serve ``session`` on ``host:port`` until interrupted.

    ``public_url`` (e.g. ``http://192.168.1.20:8000``) is what the QR codes
    link to; by default the address the table screen was opened at.
    """
    uvicorn.Server(_config(session, host, port, public_url, log_level, watchdog=watchdog)).run()


def serve_asgi(
    app: Any,
    host: str = "0.0.0.0",
    port: int = 8000,
    log_level: str = "info",
    watchdog: Watchdog | None = None,
) -> None:
    """Serve an app of the companion's (``companion.server.start.TableSwitch``) until
    interrupted, with the same limits as a game's server."""
    uvicorn.Server(_uvicorn_config(app, host, port, log_level, watchdog=watchdog)).run()


@dataclass
class RunningServer:
    """A server in a background thread."""

    url: str
    server: uvicorn.Server
    thread: threading.Thread
    sock: socket.socket
    doorman: Doorman

    def stop(self, timeout: float = 10.0) -> None:
        self.server.should_exit = True
        self.thread.join(timeout)
        self.sock.close()


def start_server(
    session: TableBase,
    host: str = "127.0.0.1",
    port: int = 0,
    *,
    public_url: str | None = None,
    log_level: str = "warning",
    timeout: float = 10.0,
    doorman: Doorman | None = None,
) -> RunningServer:
    """Start serving in a thread (``port=0``: any free port); returns once it listens."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    # IPPROTO_TCP named: asyncio sets TCP_NODELAY only on sockets that say they are TCP.
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind((host, port))
    bound: Any = sock.getsockname()
    raise_file_limit()
    doorman = doorman or Doorman()
    server = uvicorn.Server(_config(session, host, bound[1], public_url, log_level, doorman))
    thread = threading.Thread(
        target=server.run, kwargs={"sockets": [sock]}, daemon=True, name="companion-web"
    )
    thread.start()
    deadline = time.monotonic() + timeout
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            server.should_exit = True
            sock.close()
            raise RuntimeError(f"the web server did not start on {host}:{bound[1]}")
        time.sleep(0.01)
    shown = f"[{bound[0]}]" if family == socket.AF_INET6 else bound[0]
    return RunningServer(f"http://{shown}:{bound[1]}", server, thread, sock, doorman)
