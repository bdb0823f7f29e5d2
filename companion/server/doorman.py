"""Connection limits: a bounded number of sockets, each one timed out while it waits.

Every phone needs one socket; a guest with a laptop can open a thousand and
never send a byte, or send half a request and stop. Without limits those
sockets pile up until the process runs out of file handles and no phone can
connect. The ``Doorman`` keeps them bounded:

- at most ``per_address`` connections from one client address (a phone needs
  two or three: the page's requests and its WebSocket);
- at most ``total`` connections in all; at the limit the oldest connection
  still *waiting for its request* is closed to make room (a guest's idle
  sockets), never a live WebSocket or a request being answered;
- a connection must deliver each whole request (headers and body) within
  ``request_timeout`` seconds of opening or of its previous answer, or it is
  closed (idle sockets and half-sent requests, "slowloris");
- TCP_NODELAY on every socket: an update is a few small writes, and without
  it each waits for the phone's delayed ACK (~40 ms);
- an upgraded connection (a WebSocket) can be aborted by its addresses
  (``abort_connection(scope)``): the live hub drops a phone that stopped
  reading at its send timeout, and a close frame cannot get past a full
  socket, while a plain close would keep the socket, and the kernel buffers
  queued to it, until the phone reads them (never). An abort resets the
  connection (SO_LINGER 0) and frees those buffers at once; and until then
  a WebSocket's kernel send buffer is capped at ``WS_SEND_BUFFER`` (the
  kernel's autotuning lets one stalled socket hold about 2.8 MB on loopback,
  a whole view or two is all a phone ever needs in flight);
- a lingering close when a request's body was left unread (a 413): closing a
  socket with unread bytes makes the kernel send a reset, and the reset can
  reach the phone before it has read the answer. So the server stops writing
  (FIN after the answer), reads and throws away up to ``LINGER_BYTES`` for at
  most ``LINGER_SECONDS``, then closes: the phone reads its 413.

It works inside uvicorn's HTTP protocol (``protocol_class()`` makes the class
to pass as ``http=``), where sockets are accepted, before any request is read.
"""

from __future__ import annotations

import asyncio
import contextlib
import resource
import socket
import struct
import time
import weakref
from dataclasses import dataclass, field
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

#: File handles kept free for everything else (the log, the camera, serial, MQTT).
RESERVED_FILES = 64
#: A WebSocket's kernel send buffer (SO_SNDBUF; Linux doubles it): a few whole views.
WS_SEND_BUFFER = 128 * 1024
#: A lingering close reads and discards at most this much of an unread body ...
LINGER_BYTES = 1024 * 1024
#: ... for at most this long, then closes anyway.
LINGER_SECONDS = 2.0


def raise_file_limit(wanted: int = 4096) -> int:
    """Raise this process's open-file limit towards ``wanted`` (up to the hard limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    target = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
    if soft != resource.RLIM_INFINITY and soft < target:
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


@dataclass
class _Entry:
    protocol: GuardedH11
    address: str
    opened: float = field(default_factory=time.monotonic)
    upgraded: bool = False

    @property
    def gone(self) -> bool:
        return self.protocol.closed

    @property
    def waiting(self) -> bool:
        """Waiting for the client's request (idle or half-sent), not being answered."""
        if self.upgraded or self.gone:
            return False
        return self.protocol.conn.their_state in (h11.IDLE, h11.SEND_BODY)


#: Every doorman of this process, for ``abort_connection`` (an app does not know its server's).
_DOORMEN: weakref.WeakSet[Doorman] = weakref.WeakSet()


def abort_connection(scope: dict[str, Any] | Any) -> bool:
    """Reset the upgraded connection an ASGI ``scope`` came on, dropping what is queued to
    it; False when no doorman of this process serves it (then the caller closes it)."""
    client, server = scope.get("client"), scope.get("server")
    if not client or not server:
        return False
    return any(doorman.abort(tuple(server), tuple(client)) for doorman in list(_DOORMEN))


class Doorman:
    """The bounds on connections; one per server."""

    def __init__(
        self,
        *,
        total: int = 1000,
        per_address: int = 32,
        request_timeout: float = 10.0,
        nodelay: bool = True,
    ):
        soft = resource.getrlimit(resource.RLIMIT_NOFILE)[0]
        if soft != resource.RLIM_INFINITY:
            total = max(8, min(total, soft - RESERVED_FILES))
        self.total = total
        self.per_address = per_address
        self.request_timeout = request_timeout
        #: False only for bench/web.py's comparison with the old stall.
        self.nodelay = nodelay
        self.entries: dict[int, _Entry] = {}
        self.refused = 0
        self.evicted = 0
        self.timed_out = 0
        self.aborted = 0
        _DOORMEN.add(self)

    def _tidy(self) -> None:
        for key in [k for k, e in self.entries.items() if e.gone]:
            del self.entries[key]

    def admit(self, protocol: GuardedH11) -> bool:
        """Register a new connection; False when it must be closed at once."""
        self._tidy()
        address = protocol.client[0] if protocol.client else "unknown"
        mine = [e for e in self.entries.values() if e.address == address]
        if len(mine) >= self.per_address:
            self.refused += 1
            return False
        if len(self.entries) >= self.total:
            waiting = [e for e in self.entries.values() if e.waiting]
            if not waiting:
                self.refused += 1
                return False
            oldest = min(waiting, key=lambda e: e.opened)
            oldest.protocol.hard_close()
            del self.entries[id(oldest.protocol)]
            self.evicted += 1
        self.entries[id(protocol)] = _Entry(protocol, address)
        return True

    def upgraded(self, protocol: GuardedH11) -> None:
        entry = self.entries.get(id(protocol))
        if entry is not None:
            entry.upgraded = True

    def left(self, protocol: GuardedH11) -> None:
        entry = self.entries.get(id(protocol))
        if entry is not None and not entry.upgraded:
            del self.entries[id(protocol)]

    def abort(self, server: tuple[Any, ...], client: tuple[Any, ...]) -> bool:
        """Reset the upgraded connection from ``client`` to ``server`` (host, port); False
        when this doorman has none."""
        for entry in list(self.entries.values()):
            protocol = entry.protocol
            if not entry.upgraded or entry.gone:
                continue
            if tuple(protocol.client or ()) != client or tuple(protocol.server or ()) != server:
                continue
            transport = protocol.socket_transport
            assert transport is not None  # not gone
            sock = transport.get_extra_info("socket")
            if sock is not None:
                with contextlib.suppress(OSError):  # close sends RST and frees the buffers
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            transport.abort()
            self.aborted += 1
            return True
        return False

    def sockets(self) -> list[socket.socket]:
        """The open sockets (for tests and the bench to inspect)."""
        self._tidy()
        found = []
        for entry in self.entries.values():
            transport = entry.protocol.socket_transport
            sock = transport.get_extra_info("socket") if transport is not None else None
            if sock is not None:
                found.append(sock)
        return found

    def protocol_class(self) -> type[GuardedH11]:
        """An HTTP protocol class for uvicorn's ``http=`` that reports to this doorman."""
        return type("DoormanH11", (GuardedH11,), {"doorman": self})


class _Lingering:
    """The transport as uvicorn sees it: ``close()`` lingers when a body is unread."""

    def __init__(self, transport: asyncio.Transport, protocol: GuardedH11) -> None:
        self._transport = transport
        self._protocol = protocol

    def close(self) -> None:
        self._protocol.close_after_answer()

    def is_closing(self) -> bool:
        return self._protocol.lingering or self._transport.is_closing()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._transport, name)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol, admitted and timed by a ``Doorman``."""

    doorman: Doorman

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._deadline: asyncio.TimerHandle | None = None
        self.socket_transport: asyncio.Transport | None = None
        self.lingering = False
        self._drained = 0
        self._linger_end: asyncio.TimerHandle | None = None

    @property
    def closed(self) -> bool:
        return self.socket_transport is None or self.socket_transport.is_closing()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self.socket_transport = transport
        self.transport = _Lingering(transport, self)  # type: ignore[assignment]
        sock = transport.get_extra_info("socket")
        if sock is not None and sock.family in (socket.AF_INET, socket.AF_INET6):
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, int(self.doorman.nodelay))
        if not self.doorman.admit(self):
            transport.abort()
            return
        self._arm()

    def hard_close(self) -> None:
        """Close now, unread bytes or not (evicted or timed-out connections)."""
        if self._linger_end is not None:
            self._linger_end.cancel()
            self._linger_end = None
        if self.socket_transport is not None:
            self.socket_transport.close()

    def close_after_answer(self) -> None:
        """Close after an answer: at once if the request was read whole, else linger."""
        transport = self.socket_transport
        if transport is None or transport.is_closing() or self.lingering:
            return
        if self.conn.their_state is not h11.SEND_BODY or not transport.can_write_eof():
            transport.close()
            return
        self.lingering = True
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        transport.write_eof()  # the answer is flushed, then FIN: the phone reads it whole
        with contextlib.suppress(AttributeError, RuntimeError):
            transport.resume_reading()
        self._linger_end = self.loop.call_later(LINGER_SECONDS, self.hard_close)

    def data_received(self, data: bytes) -> None:
        if self.lingering:
            self._drained += len(data)
            if self._drained > LINGER_BYTES:
                self.hard_close()
            return  # the rest of a refused body: read and thrown away
        super().data_received(data)

    def eof_received(self) -> None:
        if self.lingering:
            self.hard_close()  # the phone stopped sending: nothing left to reset
            return
        super().eof_received()

    def _arm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
        self._deadline = self.loop.call_later(self.doorman.request_timeout, self._expire)

    def _expire(self) -> None:
        self._deadline = None
        if self.closed:
            return
        if self.conn.their_state in (h11.IDLE, h11.SEND_BODY):
            self.doorman.timed_out += 1
            self.hard_close()

    def connection_lost(self, exc: Exception | None) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        if self._linger_end is not None:
            self._linger_end.cancel()
            self._linger_end = None
        self.doorman.left(self)
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if not self.transport.is_closing():
            self._arm()  # the next request on this connection gets its own time

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self.doorman.upgraded(self)
        if self.socket_transport is not None:
            self.transport = self.socket_transport  # the WebSocket gets the socket itself
            sock = self.socket_transport.get_extra_info("socket")
            if sock is not None and WS_SEND_BUFFER:
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, WS_SEND_BUFFER)
        super().handle_websocket_upgrade(event)
