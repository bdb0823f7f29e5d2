"""What every sensor link shares: the event queue, sessions per board, stopping.

A link runs its I/O in a background thread and puts ``SensorEvent``s on a
queue; the rest of the companion calls ``get()`` or iterates. Links differ
only in how bytes reach them (``serial_link``, ``mqtt_link``) and how a
command reaches the board (``_send_command``).

A link that cannot go on (the broker refused the password, the ACL forbids a
topic) stops and raises ``LinkRefused`` from ``get()`` once the events before
it are consumed: retrying a refused password for ever helps nobody.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from types import TracebackType
from typing import Self

from companion.board_binding import BoardBinding
from companion.games.amritsar.sensors.elephants import ElephantRegistry
from companion.games.amritsar.sensors.events import ReportRefused, SensorEvent
from companion.games.amritsar.sensors.protocol import Button, Message, ProtocolError, parse_message
from companion.games.amritsar.sensors.session import REFUSAL_REPEAT, BoardSession, Output

#: The most sensor boards one companion follows (a table has one or two).
MAX_BOARDS = 8


class SensorLinkError(RuntimeError):
    """The link cannot deliver events; ``message_es`` is the Spanish text."""

    def __init__(self, message: str, message_es: str = "") -> None:
        super().__init__(message)
        self.message_es = message_es or message


class LinkRefused(SensorLinkError):
    """The other side said no (credentials, ACL): the link stopped instead of retrying."""


class SensorLink:
    """Base class: ``start()``, then ``get()``/iterate, then ``close()`` (or ``with``)."""

    def __init__(
        self,
        registry: ElephantRegistry | Path | None = None,
        *,
        resend_timeout: float = 1.0,
        silence_timeout: float = 6.0,
    ) -> None:
        if isinstance(registry, Path):
            registry = ElephantRegistry.load(registry)
        self.registry = registry if registry is not None else ElephantRegistry()
        self.resend_timeout = resend_timeout
        self.silence_timeout = silence_timeout
        self.sessions: dict[str, BoardSession] = {}
        #: The one board this table follows (``companion run --board``), or None for any.
        self.accept_board: str | None = None
        #: Without ``accept_board``: the board is bound at the table (``pair_at_table``),
        #: or, when None, every board is followed (a diagnostic link, a USB board).
        self.binding: BoardBinding | None = None
        self._other_shown: dict[str, float] = {}
        self.stats: Counter[str] = Counter()
        self.last_error: str | None = None
        self._events: queue.Queue[SensorEvent] = queue.Queue()
        self._failure: SensorLinkError | None = None
        self._closing = threading.Event()
        self._lock = threading.RLock()

    # ------------------------------------------------------------------ consumer side
    def get(self, timeout: float | None = None) -> SensorEvent | None:
        """The next event, or ``None`` after ``timeout`` seconds; raises once the link failed."""
        try:
            return self._events.get(block=False)
        except queue.Empty:
            pass
        if self._failure is not None:
            raise self._failure
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            wait = 0.1 if deadline is None else min(0.1, deadline - time.monotonic())
            if wait <= 0:
                return None
            try:
                return self._events.get(timeout=wait)
            except queue.Empty:
                if self._failure is not None:
                    raise self._failure from None
                if self._closing.is_set():
                    return None

    def drain(self) -> list[SensorEvent]:
        """Every event waiting now, without blocking."""
        events: list[SensorEvent] = []
        while True:
            try:
                events.append(self._events.get(block=False))
            except queue.Empty:
                return events

    def __iter__(self) -> Iterator[SensorEvent]:
        while not self._closing.is_set():
            event = self.get(timeout=0.5)
            if event is not None:
                yield event

    @property
    def failure(self) -> SensorLinkError | None:
        return self._failure

    def request_state(self, board: str | None = None) -> None:
        """Ask one board (or every known one) for a full state."""
        from companion.games.amritsar.sensors.protocol import command

        for name in [board] if board else list(self.sessions):
            self._send_command(name, command("state"))

    def pair_at_table(self) -> BoardBinding:
        """Follow no board until the table binds one (``companion.board_binding``):
        ``companion run`` over MQTT without ``--board``."""
        from companion.games.amritsar.sensors.protocol import command

        binding = BoardBinding(self.accept_board)
        binding.on_bound = lambda board: self._send_command(board, command("hello"))
        self.binding = binding
        return binding

    def start(self) -> Self:
        raise NotImplementedError

    def close(self) -> None:
        self._closing.set()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # ------------------------------------------------------------------ link side
    def _send_command(self, board: str, payload: bytes) -> None:
        raise NotImplementedError

    def _session(self, board: str) -> BoardSession:
        session = self.sessions.get(board)
        if session is None:
            session = BoardSession(
                board,
                lambda uid: self.registry.colour_of(uid),
                resend_timeout=self.resend_timeout,
                silence_timeout=self.silence_timeout,
            )
            self.sessions[board] = session
        return session

    def _handle_payload(
        self, payload: bytes, now: float, topic_board: str | None = None
    ) -> str | None:
        """Decode and apply one message; returns its board id, or None when refused.

        ``topic_board`` is the board the message's MQTT topic names: the broker's
        ACL vouches for the topic, not for the body, so a body naming another
        board is refused. At most ``MAX_BOARDS`` boards are followed.
        """
        try:
            message: Message = parse_message(payload)
        except ProtocolError as error:
            self.stats[f"bad {error.kind}"] += 1
            self.last_error = error.detail
            return None
        board = message.header.board
        if topic_board is not None and board != topic_board:
            self.stats["bad board"] += 1
            self.last_error = (
                f"a message on board {topic_board}'s topic says it comes from board {board}: "
                "refused (the topic decides the board)"
            )
            return None
        binding = self.binding
        if self.accept_board is None and binding is not None:
            if binding.bound is None:
                if isinstance(message, Button) and binding.bind(board, pressed=True):
                    self.stats["bound by a press"] += 1
                    return None  # the press that bound it is not a move of the game
                binding.heard(board)
                self._other_board(message, now, waiting=True)
                return None
            if board != binding.bound:
                self._other_board(message, now, following=binding.bound)
                return None
        elif self.accept_board is not None and board != self.accept_board:
            self._other_board(message, now)
            return None
        self.stats["messages"] += 1
        with self._lock:
            if board not in self.sessions and len(self.sessions) >= MAX_BOARDS:
                self.stats["too many boards"] += 1
                self.last_error = f"more than {MAX_BOARDS} sensor boards: board {board} ignored"
                return None
            self._emit(board, self._session(board).receive(message, now))
        return board

    def _other_board(
        self,
        message: Message,
        now: float,
        *,
        waiting: bool = False,
        following: str | None = None,
    ) -> None:
        """A board this table does not follow: refused, and the table hears of it
        (once a minute per board). ``waiting``: no board is bound yet, and the table
        is told how to bind this one if it is the table's own."""
        board = message.header.board
        following = following or self.accept_board
        self.stats["waiting board" if waiting else "other board"] += 1
        self.last_error = (
            f"board {board} waits to be bound at the table: ignored"
            if waiting
            else f"board {board} is not this table's board ({following}): ignored"
        )
        key = f"{board} waiting" if waiting else board  # bound since: told anew
        shown = self._other_shown.get(key)
        if shown is not None and now - shown < REFUSAL_REPEAT:
            return
        if len(self._other_shown) >= MAX_BOARDS:
            self._other_shown.pop(next(iter(self._other_shown)))
        self._other_shown[key] = now
        h = message.header
        if waiting:
            what = (
                f"A sensor board named {board} reported, but this table follows no board yet; "
                "its reports were not applied. If it is this table's board: on the table "
                f"screen (unlocked with the PIN), under Sensor board, choose Follow {board}, "
                "or Listen and press one of its buttons."
            )
            what_es = (
                f"Una placa de sensores llamada {board} envió avisos, pero esta mesa aún no "
                "sigue a ninguna placa; no se aplicaron. Si es la placa de esta mesa: en la "
                f"pantalla de la mesa (desbloqueada con el PIN), en Placa de sensores, elige "
                f"Seguir a {board}, o Escuchar y pulsa uno de sus botones."
            )
        else:
            what = (
                f"A sensor board named {board} reported, but this table follows only "
                f"{following}; its reports were ignored."
            )
            what_es = (
                f"Una placa de sensores llamada {board} envió avisos, pero esta mesa solo "
                f"sigue a {following}; se ignoraron."
            )
        self._events.put(
            ReportRefused(board=board, boot=h.boot, seq=h.seq, what=what, what_es=what_es)
        )

    def _tick(self, now: float) -> None:
        with self._lock:
            for board, session in list(self.sessions.items()):
                self._emit(board, session.tick(now))

    def _emit(self, board: str, output: Output) -> None:
        for event in output.events:
            self._events.put(event)
        for payload in output.commands:
            self._send_command(board, payload)

    def _board_lost(self, board: str, reason: str) -> None:
        with self._lock:
            session = self.sessions.get(board)
            if session is not None and session.online:
                self._events.put(session.went_offline(reason))

    def _fail(self, failure: SensorLinkError) -> None:
        if self._failure is None:
            self._failure = failure
            self.last_error = str(failure)
        self._closing.set()
