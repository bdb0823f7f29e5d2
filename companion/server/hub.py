"""Live updates: one WebSocket per phone, a bounded queue each, one renderer.

The session calls its listeners from whichever thread changed it (a phone's
request, the reconciler, the sensor link) and they must never block. The hub's
listener only sets an event on the server's loop. One broadcaster task wakes
on it, renders the view once per distinct seat among the connected clients (in
a worker thread: the session lock may be held by a long reconciliation) and
offers each client its seat's text.

Each client has its own bounded queue and its own sender task, so a slow
phone only delays itself. Every message is a whole view, so when a queue is
full the oldest message is dropped: the phone skips to a newer state and loses
nothing. A send that stalls past ``send_timeout`` closes that connection; the
phone reconnects and gets the latest view.

Wire protocol (JSON text frames):

- client -> server, first message: ``{"type": "hello", "token": "..."}``
  (``token`` null or absent for a spectator);
- server -> client: ``{"type": "welcome", "seat": n | null, "role": "player" |
  "spectator"}``, then ``{"type": "view", "view": {...}}`` now and after every
  change; ``{"type": "error", "code", "en", "es"}`` before closing on a bad
  hello (close code 4401 for a token that matches no seat, 4400 for a
  malformed hello, 4429 when the table already has ``max_spectators``
  spectators (players always get in) or, later, when a client sends more than
  ``MESSAGE_BURST`` messages at once or ``MESSAGE_RATE`` a second after that);
  and on a socket already live: ``link_revoked`` (close 4403) the moment its
  token stops naming its seat (the table gave the seat a new code, or freed
  it), ``game_left`` (close 4410) when the table leaves this game for the
  start page (a new game: every link of this one is dead). Nothing is sent on
  a socket after its link is revoked: the check runs before every send;
- client -> server afterwards: ``{"type": "ping"}`` -> ``{"type": "pong",
  "state_id": n}``. Commands go through REST, never the socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections.abc import Awaitable, Callable
from typing import Any

import anyio
from starlette.websockets import WebSocket, WebSocketDisconnect

from companion.server.doorman import abort_connection
from companion.server.payloads import AnyPayloads
from companion.table_session import TableBase, Update

BAD_TOKEN_CLOSE = 4401
REVOKED_CLOSE = 4403
GAME_LEFT_CLOSE = 4410
#: A spectator's socket when the table leaves the game: "service restart", so it reconnects
#: (to the next game, or the start page).
RESTART_CLOSE = 1012
REVOKED = (
    "link_revoked",
    "The table gave this seat a new code: this link no longer works. Scan the seat's new "
    "QR code on the table screen.",
    "La mesa ha dado un código nuevo a este asiento: este enlace ya no funciona. Escanea el "
    "código QR nuevo del asiento en la pantalla de la mesa.",
)
GAME_LEFT = (
    "game_left",
    "This game is over and the table has gone back to its start page: this link belonged "
    "to that game. Scan your code for the next game on the table screen.",
    "Esta partida ha terminado y la mesa ha vuelto a su página de inicio: este enlace era "
    "de esa partida. Escanea tu código de la partida siguiente en la pantalla de la mesa.",
)
#: How long ``Hub.stop`` waits for its clients' close frames before aborting them.
STOP_GRACE = 2.0
BAD_HELLO_CLOSE = 4400
FULL_CLOSE = 4429
#: What a client may send: a phone pings every few seconds.
MESSAGE_BURST = 20
MESSAGE_RATE = 5.0
BAD_HELLO = (
    "bad_hello",
    'Start with {"type": "hello", "token": ...}.',
    'Empieza con {"type": "hello", "token": ...}.',
)


def _parse(text: str) -> Any:
    """A client's JSON message, or None: malformed or nested too deep to read."""
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _error(code: str, en: str, es: str) -> str:
    return json.dumps({"type": "error", "code": code, "en": en, "es": es}, ensure_ascii=False)


class Client:
    """One connected phone: its seat, the token it proved it with, its bounded queue."""

    def __init__(self, seat: int | None, queue_size: int, token: str | None = None):
        self.seat = seat
        self.token = token
        self.queue: asyncio.Queue[str] = asyncio.Queue(maxsize=queue_size)
        self.dropped = 0
        #: Why the hub is closing this client (an error's code, English, Spanish and
        #: the close code), set once; the sender then sends nothing but that.
        self.ending: tuple[str, str, str, int] | None = None
        self.closed = asyncio.Event()

    def end(self, close: int, code: str, en: str, es: str) -> None:
        """Close this client with ``close`` after telling it why (its sender does it)."""
        if self.ending is None:
            self.ending = (code, en, es, close)
            self.offer("")  # wake the sender

    def offer(self, text: str) -> None:
        """Queue ``text``; when full, drop the oldest (a newer view replaces it)."""
        while self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
                self.dropped += 1
        self.queue.put_nowait(text)


class Hub:
    """The set of connected clients and the task that keeps them current."""

    def __init__(
        self,
        session: TableBase,
        payloads: AnyPayloads,
        *,
        queue_size: int = 8,
        send_timeout: float = 10.0,
        hello_timeout: float = 10.0,
        max_spectators: int = 500,
    ):
        self.session = session
        self.payloads = payloads
        self.queue_size = queue_size
        self.send_timeout = send_timeout
        self.hello_timeout = hello_timeout
        self.max_spectators = max_spectators
        self.clients: set[Client] = set()
        #: Clients dropped because they stopped reading (the send timeout passed).
        self.dropped_slow = 0
        #: Set when the table leaves this game for the start page (``TableSwitch``).
        self.leaving = False
        self._loop: asyncio.AbstractEventLoop | None = None
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    # -- lifecycle ----------------------------------------------------------------

    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self.session.add_listener(self._on_update)
        self._task = asyncio.create_task(self._broadcast())

    async def stop(self) -> None:
        """Stop the broadcaster. When the table leaves this game for the start page
        (``leaving``), close every client: a player's link is dead (``game_left``) and a
        spectator reconnects. A server stopping (a restart) leaves them to the server,
        which closes them with 1012: the game resumes and the phones reconnect."""
        self.session.remove_listener(self._on_update)
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        self._task = None
        if not self.leaving:
            return
        clients = list(self.clients)
        for client in clients:
            if client.seat is None:
                client.end(RESTART_CLOSE, "game_left", GAME_LEFT[1], GAME_LEFT[2])
            else:
                client.end(GAME_LEFT_CLOSE, *GAME_LEFT)
        if clients:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(
                    asyncio.gather(*(c.closed.wait() for c in clients)), STOP_GRACE
                )

    # -- revoked links -----------------------------------------------------------------

    def revoked(self, client: Client) -> bool:
        """Whether ``client``'s token no longer names its seat (a new code, a freed seat)."""
        if client.seat is None or client.token is None:
            return False
        return self.session.seat_for_token(client.token) != client.seat

    def cut_revoked(self) -> int:
        """Close every client whose link was revoked; how many (safe on the loop only)."""
        cut = 0
        for client in list(self.clients):
            if client.ending is None and self.revoked(client):
                client.end(REVOKED_CLOSE, *REVOKED)
                cut += 1
        return cut

    # -- who has joined ----------------------------------------------------------------

    def joined_with(self, seat: int, token: str) -> None:
        """A phone used ``seat``'s ``token``: its QR code need not be shown any more
        (the session logs it, so a restart keeps the code hidden)."""
        if self.session.mark_joined(seat, token):
            self.poke()  # the table screen reloads the seats and hides the code

    def has_joined(self, seat: int, token: str) -> bool:
        """Whether a phone joined ``seat`` with its current ``token`` (a new link resets it)."""
        return bool(token) and self.session.joined.get(seat) == token

    # -- change notices ---------------------------------------------------------------

    def _on_update(self, update: Update) -> None:
        """Session listener: any thread, never blocks."""
        self.poke()

    def poke(self) -> None:
        """Ask for a fresh view to every client (safe from any thread)."""
        loop, wake = self._loop, self._wake
        if loop is None or wake is None or loop.is_closed():
            return
        with contextlib.suppress(RuntimeError):  # the loop is shutting down
            loop.call_soon_threadsafe(wake.set)

    async def _render(self, seats: set[int | None]) -> dict[int | None, str]:
        def render() -> dict[int | None, str]:
            return {
                seat: '{"type":"view","view":' + self.payloads.view_json(seat) + "}"
                for seat in seats
            }

        return await asyncio.to_thread(render)

    async def _broadcast(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            self.cut_revoked()
            clients = [c for c in self.clients if c.ending is None]
            if not clients:
                continue
            texts = await self._render({c.seat for c in clients})
            for client in clients:
                if client in self.clients:
                    client.offer(texts[client.seat])

    # -- one connection -------------------------------------------------------------

    async def serve(self, ws: WebSocket, seat_for_token: Callable[[str], int | None]) -> None:
        """Run one WebSocket from hello to close."""
        await ws.accept()
        try:
            hello = await asyncio.wait_for(ws.receive_text(), self.hello_timeout)
            message = _parse(hello)
        except (TimeoutError, KeyError, WebSocketDisconnect):
            await self._refuse(ws, BAD_HELLO_CLOSE, *BAD_HELLO)
            return
        if not isinstance(message, dict) or message.get("type") != "hello":
            await self._refuse(ws, BAD_HELLO_CLOSE, *BAD_HELLO)
            return
        token = message.get("token")
        seat: int | None = None
        if token is not None:
            seat = seat_for_token(token) if isinstance(token, str) else None
            if seat is None:
                await self._refuse(
                    ws,
                    BAD_TOKEN_CLOSE,
                    "bad_token",
                    "This link is not valid for this table (any more); scan your QR code again.",
                    "Este enlace no vale para esta mesa (ya); vuelve a escanear tu código QR.",
                )
                return
            self.joined_with(seat, token)
        elif sum(1 for c in self.clients if c.seat is None) >= self.max_spectators:
            await self._refuse(
                ws,
                FULL_CLOSE,
                "too_many_spectators",
                "This table has as many spectators as it can serve; try again later.",
                "Esta mesa ya tiene todos los espectadores que puede atender; inténtalo más tarde.",
            )
            return
        client = Client(seat, self.queue_size, token if seat is not None else None)
        welcome = {
            "type": "welcome",
            "seat": seat,
            "role": "spectator" if seat is None else "player",
        }
        client.offer(json.dumps(welcome))
        # The broadcaster alone renders views, in order: a new client gets its
        # first view from it, so an older view never arrives after a newer one.
        self.clients.add(client)
        self.poke()
        try:
            # Either side ending ends the connection: a phone that left, or one
            # that stopped reading past the send timeout.
            async with anyio.create_task_group() as group:

                async def until_done(side: Callable[[WebSocket, Client], Awaitable[None]]) -> None:
                    await side(ws, client)
                    group.cancel_scope.cancel()

                group.start_soon(until_done, self._send)
                group.start_soon(until_done, self._receive)
        finally:
            self.clients.discard(client)
            client.closed.set()

    async def _refuse(self, ws: WebSocket, close: int, code: str, en: str, es: str) -> None:
        with contextlib.suppress(Exception):
            await ws.send_text(_error(code, en, es))
            await ws.close(close)

    async def _send(self, ws: WebSocket, client: Client) -> None:
        try:
            while True:
                text = await client.queue.get()
                if client.ending is None and self.revoked(client):
                    client.end(REVOKED_CLOSE, *REVOKED)
                if client.ending is not None:
                    code, en, es, close = client.ending
                    await asyncio.wait_for(self._refuse(ws, close, code, en, es), self.send_timeout)
                    return
                async with asyncio.timeout(self.send_timeout):  # no task a send, as wait_for makes
                    await ws.send_text(text)
        except TimeoutError:
            # A phone that stopped reading: a close frame cannot get past its full
            # socket, and a plain close would hold the socket and its kernel buffers
            # until it reads. Reset it (its buffers freed); it reconnects if it lives.
            self.dropped_slow += 1
            if not abort_connection(ws.scope):
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(ws.close(1011), 1.0)
        except (WebSocketDisconnect, RuntimeError):
            with contextlib.suppress(Exception):
                await asyncio.wait_for(ws.close(1011), 1.0)

    async def _receive(self, ws: WebSocket, client: Client) -> None:
        allowance, then = float(MESSAGE_BURST), time.monotonic()
        while True:
            try:
                text = await ws.receive_text()
            except (WebSocketDisconnect, RuntimeError):
                return
            except KeyError:  # a binary frame
                text = ""
            now = time.monotonic()
            allowance = min(float(MESSAGE_BURST), allowance + (now - then) * MESSAGE_RATE)
            then = now
            if allowance < 1:
                await self._refuse(
                    ws,
                    FULL_CLOSE,
                    "too_fast",
                    "Too many messages from this phone; reconnecting.",
                    "Demasiados mensajes desde este teléfono; reconectando.",
                )
                return
            allowance -= 1
            message = _parse(text)
            if isinstance(message, dict) and message.get("type") == "ping":
                client.offer(json.dumps({"type": "pong", "state_id": self.session.state_id}))
            else:
                client.offer(
                    _error(
                        "unknown_message",
                        'Only {"type": "ping"} is understood here; commands go through the REST API.',
                        'Aquí solo se entiende {"type": "ping"}; las órdenes van por la API REST.',
                    )
                )
