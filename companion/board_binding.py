"""Which sensor board a table's game listens to, when ``--board`` does not say (issue 36).

Why: on a broker shared by several tables, every board under the prefix used to
be followed, so another table's board (on its own topic, answering its own
challenge, under both press limits) could undo a whole game. ``companion run
--board ID`` follows one board by name; without it the table now follows no
board until a person at the table binds one:

- a board heard on the broker while none is bound is *waiting*: its reports
  are not applied, and the table is told once a minute per board (an alert
  in English and Spanish naming it and saying how to bind it);
- the table screen binds a waiting board with the table PIN
  (``POST /api/table/board`` with its name), or opens a short window with the
  PIN (``POST /api/table/board/listen``) in which the first board whose own
  button is pressed is bound (the press itself is not applied to the game);
- once one board is bound, every other board is refused with an alert, as with
  ``--board``. A restart binds afresh (the board's name goes in the config
  file for a table that should not ask again).

One ``BoardBinding`` per sensor link; the web app finds the process's current
one (``current_binding``): a companion serves one table.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable

#: How long the table screen asks for a press of the board's button (seconds).
LISTEN_SECONDS = 60.0
#: The most waiting boards remembered (the link follows at most ``MAX_BOARDS`` anyway).
MAX_WAITING = 8

_current: weakref.ref[BoardBinding] | None = None


def current_binding() -> BoardBinding | None:
    """The binding of this process's sensor link that asks for one, if any."""
    return _current() if _current is not None else None


class BoardBinding:
    """The board a table follows: fixed by name, or bound at the table (thread-safe)."""

    def __init__(self, board: str | None = None, *, clock: Callable[[], float] = time.monotonic):
        global _current
        self._clock = clock
        self._lock = threading.Lock()
        self.bound: str | None = board
        #: True when ``--board`` named it: the table screen cannot change it.
        self.fixed = board is not None
        #: Boards heard while none is bound -> when last heard.
        self.waiting: dict[str, float] = {}
        self.listening_until = 0.0
        #: Called (any thread) with a board once it is bound: the link greets it.
        self.on_bound: Callable[[str], None] | None = None
        _current = weakref.ref(self)

    def heard(self, board: str) -> None:
        """A board not bound spoke: remember it among the waiting ones."""
        with self._lock:
            if board not in self.waiting and len(self.waiting) >= MAX_WAITING:
                self.waiting.pop(min(self.waiting, key=self.waiting.__getitem__))
            self.waiting[board] = self._clock()

    def listening(self) -> bool:
        """Whether the table screen is asking for a press of the board's button now."""
        return self.bound is None and self._clock() < self.listening_until

    def seconds_listening(self) -> float:
        """How long the table screen still asks for a press (0: it does not)."""
        return max(0.0, self.listening_until - self._clock()) if self.bound is None else 0.0

    def listen(self, seconds: float = LISTEN_SECONDS) -> float:
        """The table screen asks (PIN): the next board to press a button is bound."""
        with self._lock:
            self.listening_until = self._clock() + seconds
        return seconds

    def bind(self, board: str, *, pressed: bool = False) -> bool:
        """Bind ``board``: a waiting board the table screen confirmed, or (``pressed``)
        the board whose button was pressed while the screen asked. False when a board
        is bound already or ``board`` was never heard."""
        with self._lock:
            if self.bound is not None:
                return False
            if pressed:
                if self._clock() >= self.listening_until:
                    return False
            elif board not in self.waiting:
                return False
            self.bound = board
            self.waiting.pop(board, None)
            self.listening_until = 0.0
        if self.on_bound is not None:
            self.on_bound(board)
        return True
