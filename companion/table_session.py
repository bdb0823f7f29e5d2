"""The game-independent part of a table session: seats, links, PIN, log, alerts, undo.

What it is for: every game served at the table (Amritsar with its camera and
Maharajah, Imhotep and Ceylon through the generic ``Rules`` protocol) shares
how a table is kept: the seats and each phone's secret link, the table PIN,
the listeners the web server registers, the append-only event log, the
alerts, ending a game early, undo by steps and the ``state_id`` every screen
and command carries. ``TableBase`` holds all of that; a game's session
(``companion.rules_session.RulesSession`` for any registered ``Rules``, or
a subclass of it in the game's own package, ``companion.games``) adds
what its game needs: how an answer is checked and applied, and the views.

Everything the web server (``companion.server.app`` and ``hub``) calls is
here or declared here, so the server never needs to know which game it serves.
"""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.state_memo import StateMemo
from companion.store import EventStore
from engine.core.reasons import Reason
from engine.core.record import Record

Listener = Callable[["Update"], None]

#: The most alerts open at once (shown, or dismissed with their cause still
#: standing): every input to a table is bounded; the oldest goes first.
MAX_ALERTS = 8


@dataclass(frozen=True)
class Seat:
    """A place at the table: who sits there and the secret their phone holds."""

    index: int
    name: str
    colour: str
    token: str
    is_maharajah: bool = False
    #: "" for a person; else the level of the bot the companion plays this seat with
    #: (``companion.companion_seat``): its answers are taken unasked, no phone joins it.
    plays: str = ""

    @property
    def automated(self) -> bool:
        """Played by the companion (the Maharajah, or a companion seat): no phone link."""
        return self.is_maharajah or bool(self.plays)

    def public(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "name": self.name,
            "colour": self.colour,
            "maharajah": self.is_maharajah,
            "companion": self.plays,
        }


@dataclass(frozen=True)
class Alert:
    """Something the table must know: an illegal move and how to put it right."""

    id: int
    code: str
    rule: str
    en: str
    es: str
    fix_en: str = ""
    fix_es: str = ""
    seat: int | None = None
    created: float = field(default_factory=time.time)
    #: The rulebook section in each language ("" : ``rule`` serves both).
    rule_en: str = ""
    rule_es: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "code": self.code,
            "rule": self.rule,
            "rule_en": self.rule_en or self.rule,
            "rule_es": self.rule_es or self.rule,
            "en": self.en,
            "es": self.es,
            "fix_en": self.fix_en,
            "fix_es": self.fix_es,
            "seat": self.seat,
        }


@dataclass(frozen=True)
class Outcome:
    """What became of a command: applied, refused with a reason, or stale."""

    ok: bool
    state_id: int
    code: str = "applied"
    en: str = ""
    es: str = ""
    rule: str = ""
    #: The rulebook section in each language ("": ``rule`` serves both).
    rule_en: str = ""
    rule_es: str = ""

    @classmethod
    def refused(cls, state_id: int, reason: Reason) -> Outcome:
        return cls(
            False,
            state_id,
            reason.code,
            reason.en,
            reason.es,
            reason.rule,
            reason.rule_en,
            reason.rule_es,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "state_id": self.state_id,
            "code": self.code,
            "en": self.en,
            "es": self.es,
            "rule": self.rule,
            "rule_en": self.rule_en or self.rule,
            "rule_es": self.rule_es or self.rule,
        }


@dataclass(frozen=True)
class Update:
    """Sent to listeners after every change."""

    state_id: int
    reason: str


@dataclass(frozen=True)
class LogLine:
    en: str
    es: str
    seat: int | None
    private_to: int | None = None


class TableBase:
    """One game at one table, whatever the game. All methods are thread-safe.

    A subclass implements ``_answer`` (check a phone's answer and apply it),
    ``seat_view`` (what a phone or the table screen may show) and ``_who``
    (the decider's name), and may override ``_after_undo``.
    """

    def __init__(
        self,
        game: Record,
        seats: Sequence[Seat],
        *,
        store: EventStore | None = None,
        pin: str | None = None,
    ):
        self.game = game
        self.seats = tuple(seats)
        self.store = store
        # Six digits: with the server's rate limits a night of guessing finds it
        # with a chance under 1 in 2,000 (see docs/security.md).
        self.pin = pin or f"{secrets.randbelow(10**6):06d}"
        #: One re-entrant lock for the table; the reconciler shares it.
        self._lock = threading.RLock()
        self._listeners: list[Listener] = []
        self.state_id = 0
        self.alerts: list[Alert] = []
        #: Alerts the table screen dismissed while their cause still stands: not
        #: shown, but still "open" to whoever raised them (``open_alert``), so the
        #: same cause is not raised again until it is put right (withdrawn).
        self.dismissed: list[Alert] = []
        self._alert_ids = 0
        self.log: list[LogLine] = []
        self.steps: list[int] = []  # game.entries length before each step (for undo)
        self.ended = False  # the table ended the game early: nothing more is applied
        #: Called with (state before, state after, source) after every step and undo,
        #: under the session lock: the reconciler learns of moves it did not see.
        self.on_step: list[Callable[[Any, Any, str], None]] = []
        #: True when rebuilt from a log: the first look at the table checks it.
        self.resumed = False
        #: seat -> the link (token) a phone joined it with; logged, so the table
        #: screen keeps a joined seat's QR code hidden across a restart.
        self.joined: dict[int, str] = {}
        #: What the current state gave once for every view (the public board, the scores).
        self.memo = StateMemo()

    # -- listeners -----------------------------------------------------------

    def add_listener(self, listener: Listener) -> None:
        with self._lock:
            self._listeners.append(listener)

    def remove_listener(self, listener: Listener) -> None:
        with self._lock:
            if listener in self._listeners:
                self._listeners.remove(listener)

    def _announce(self, reason: str) -> None:
        update = Update(self.state_id, reason)
        for listener in list(self._listeners):
            listener(update)

    # -- reading ---------------------------------------------------------------

    @property
    def game_name(self) -> str:
        """The registered name of the game played (``engine.core.registry``)."""
        return self.game.rules.name

    @property
    def state(self) -> Any:
        """The game's state now (the record's last state)."""
        return self.game.state

    def seat_for_token(self, token: str) -> int | None:
        for seat in self.seats:
            # Compared as bytes: compare_digest refuses non-ASCII str.
            if seat.token and secrets.compare_digest(
                seat.token.encode(), token.encode("utf-8", "surrogatepass")
            ):
                return seat.index
        return None

    def check_pin(self, pin: str) -> bool:
        return secrets.compare_digest(self.pin.encode(), pin.encode("utf-8", "surrogatepass"))

    def seat_view(self, seat: int | None) -> dict[str, Any]:
        """Everything a phone (or, with ``None``, the table screen) may show."""
        raise NotImplementedError

    def _who(self, decider: int | None) -> tuple[str, str]:
        """Who takes a decision, in English and Spanish."""
        raise NotImplementedError

    # -- changing ----------------------------------------------------------------

    def _log(self, kind: str, payload: dict[str, Any]) -> None:
        if self.store is not None:
            self.store.append(kind, payload)

    def answer(self, seat: int | None, action_text: str, state_id: int) -> Outcome:
        """A phone answers the pending decision; checked against rules and seat.

        The state id check and the move happen under one hold of the lock, so
        the same answer sent twice is applied once and refused as stale after.
        """
        with self._lock:
            outcome = self._answer(seat, action_text, state_id)
        if outcome.ok:
            self._announce("phone")
        return outcome

    def _answer(self, seat: int | None, action_text: str, state_id: int) -> Outcome:
        """``answer`` under the lock, without the announcement."""
        raise NotImplementedError

    def touch(self, reason: str) -> None:
        """Something shown changed outside the game state (a checklist tick)."""
        with self._lock:
            self.state_id += 1
        self._announce(reason)

    def raise_alert(
        self, reason: Reason, fix_en: str = "", fix_es: str = "", seat: int | None = None
    ) -> Alert:
        """Show an alert on the table screen and the phones (``seat``: only that
        seat's phone, and the table screen). It stays until its raiser withdraws
        it (the table was put right) or the table screen dismisses it; at most
        ``MAX_ALERTS`` are open, the oldest dropped first."""
        with self._lock:
            self._alert_ids += 1
            alert = Alert(
                self._alert_ids,
                reason.code,
                reason.rule,
                reason.en,
                reason.es,
                fix_en,
                fix_es,
                seat,
                rule_en=reason.rule_en,
                rule_es=reason.rule_es,
            )
            self.alerts = [*self.alerts, alert][-MAX_ALERTS:]
            self._log("alert", alert.to_dict())
            self.state_id += 1
        self._announce("alert")
        return alert

    def open_alert(self, alert_id: int | None) -> Alert | None:
        """The alert ``alert_id`` while its cause stands: shown, or dismissed by
        the table screen but not yet withdrawn by its raiser; else ``None``."""
        with self._lock:
            for alert in (*self.alerts, *self.dismissed):
                if alert.id == alert_id:
                    return alert
        return None

    def withdraw_alert(self, alert_id: int) -> bool:
        """Take one alert down (its cause is gone); False if it was not shown."""
        with self._lock:
            self.dismissed = [a for a in self.dismissed if a.id != alert_id]
            before = len(self.alerts)
            self.alerts = [a for a in self.alerts if a.id != alert_id]
            if len(self.alerts) == before:
                return False
            self.state_id += 1
        self._announce("alert withdrawn")
        return True

    def dismiss_alert(self, alert_id: int) -> bool:
        """The table screen dismisses one alert (PIN: "I fixed it"): it is no longer
        shown, and its raiser does not raise the same one again until its cause
        is gone. False if no such alert is shown."""
        with self._lock:
            gone = [a for a in self.alerts if a.id == alert_id]
            if not gone:
                return False
            self._dismiss(gone)
        self._announce("alert dismissed")
        return True

    def clear_alerts(self, code_prefix: str = "") -> None:
        """Dismiss every alert shown (whose code starts with ``code_prefix``)."""
        with self._lock:
            gone = [a for a in self.alerts if a.code.startswith(code_prefix)]
            if not gone:
                return
            self._dismiss(gone)
        self._announce("alerts cleared")

    def _dismiss(self, gone: list[Alert]) -> None:
        """Move ``gone`` from the shown alerts to the dismissed ones (under the lock)."""
        ids = {a.id for a in gone}
        self.alerts = [a for a in self.alerts if a.id not in ids]
        self.dismissed = [*self.dismissed, *gone][-MAX_ALERTS:]
        self._log("dismiss", {"alerts": sorted(ids)})
        self.state_id += 1

    def _stale_outcome(self) -> Outcome:
        return Outcome(
            False,
            self.state_id,
            "stale_state",
            "The game has moved on since your screen was drawn; look again.",
            "La partida ha avanzado desde que se dibujó tu pantalla; vuelve a mirar.",
        )

    def _ended_outcome(self) -> Outcome:
        return Outcome(
            False,
            self.state_id,
            "game_ended",
            "The table has ended this game; nothing more can change it.",
            "La mesa ha terminado esta partida; ya no se puede cambiar nada.",
        )

    def end(self, state_id: int | None = None) -> Outcome:
        """The table ends the game early (a PIN-guarded command): scores stand as they are."""
        with self._lock:
            if self.ended:
                return self._ended_outcome()
            if state_id is not None and state_id != self.state_id:
                return self._stale_outcome()
            self.ended = True
            self._log("end", {"state_id": self.state_id})
            self.state_id += 1
            state_id = self.state_id
        self._announce("ended")
        return Outcome(True, state_id)

    def last_step_decider(self) -> int | None:
        """Who took the decision that opened the last undoable step (a seat, or None)."""
        with self._lock:
            if not self.steps or self.steps[-1] >= len(self.game.entries):
                return None
            decider = self.game.entries[self.steps[-1]].decider
            return decider if decider >= 0 else None

    def mark_joined(self, seat: int, token: str) -> bool:
        """A phone used ``seat``'s link ``token``; True when that is news (then logged)."""
        with self._lock:
            if self.joined.get(seat) == token:
                return False
            self.joined[seat] = token
            self._log("joined", {"index": seat})
        return True

    def rename_seat(self, seat: int, name: str) -> Seat:
        """Correct the name shown for a seat (table configuration)."""
        name = " ".join(name.split())
        if not name:
            raise ValueError("a seat needs a name")
        with self._lock:
            if not 0 <= seat < len(self.seats):
                raise ValueError(f"seat {seat} is not a player's seat at this table")
            token = self.seats[seat].token
        return self._replace_seat(seat, name, token)

    def new_token(self, seat: int) -> Seat:
        """Give a seat a fresh secret link; the old one stops working at once."""
        with self._lock:
            if not 0 <= seat < len(self.seats):
                raise ValueError(f"seat {seat} is not a player's seat at this table")
            name = self.seats[seat].name
        return self._replace_seat(seat, name, secrets.token_urlsafe(16))

    def _replace_seat(self, index: int, name: str, token: str) -> Seat:
        with self._lock:
            if not 0 <= index < len(self.seats) or self.seats[index].automated:
                raise ValueError(f"seat {index} is not a player's seat at this table")
            seat = replace(self.seats[index], name=name, token=token)
            seats = list(self.seats)
            seats[index] = seat
            self.seats = tuple(seats)
            self._log("seat", {"index": index, "name": seat.name, "token": seat.token})
            self.state_id += 1
        self._announce("seat")
        return seat

    def undo(
        self, state_id: int | None = None, by_seat: int | None = None, *, log: bool = True
    ) -> Outcome:
        """Step back one step (one input's worth of actions).

        With ``state_id``, refused unless the game is still at that state (a
        repeated tap undoes once). With ``by_seat``, refused unless that seat
        took the decision that opened the step (a phone undoing its own move).
        """
        with self._lock:
            if self.ended:
                return self._ended_outcome()
            if state_id is not None and state_id != self.state_id:
                return self._stale_outcome()
            if by_seat is not None and self.steps and self.last_step_decider() != by_seat:
                return Outcome(
                    False,
                    self.state_id,
                    "not_your_step",
                    "The last move was not yours; ask the table to undo it.",
                    "El último movimiento no fue tuyo; pide a la mesa que lo deshaga.",
                )
            if not self.steps:
                return Outcome(
                    False,
                    self.state_id,
                    "nothing_to_undo",
                    "There is nothing to undo.",
                    "No hay nada que deshacer.",
                )
            target = self.steps.pop()
            if log:
                self._log("undo", {"to": target})
            before = self.state
            while len(self.game.entries) > target:
                self.game.undo(allow_reveal=True)
                if self.log:
                    self.log.pop()
            self._after_undo()
            self.state_id += 1
            state_id = self.state_id
            for hook in self.on_step:
                hook(before, self.state, "undo")
        self._announce("undo")
        return Outcome(True, state_id)

    def _after_undo(self) -> None:
        """What a game forgets when a step is undone (under the lock)."""
