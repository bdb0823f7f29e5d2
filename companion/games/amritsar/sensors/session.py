"""One board's conversation with the companion: order, repeats, gaps, resync.

Both links (serial and MQTT) feed decoded messages into a ``BoardSession``
and get back ``SensorEvent``s and commands to send to the board. All of the
"lose nothing, double nothing" logic lives here, in one place, free of I/O:

- a message whose (boot, seq) was already applied is dropped: MQTT's
  at-least-once delivery and the board's resends may repeat one;
- a message after a gap waits while the session asks the board to ``resend``
  from the first missing number; the board replays its recent messages byte
  for byte, or, when they are too old, sends a full ``state``;
- a ``state`` becomes the new baseline: the session compares it with what it
  knew and emits the differences as ordinary events marked ``resync=True``
  (button presses too, through the boards' per-button press counters), then
  a ``BoardState`` event;
- a boot id the session does not follow is never believed on its word: the
  session asks for the state with a fresh challenge (``nonce``, from the OS)
  that the board echoes in its answer, and only a state carrying one of its
  own recent challenges makes a boot the one followed. A frame replayed from
  any power-up, seen or never seen, cannot carry it. If the answer comes from
  the boot already followed, the other boot's frames were not the board's:
  they are refused with an alert. A real restart is confirmed by its answer;
  the new boot's presses count from zero, so a press right after a reboot is
  not lost;
- a boot the session has left behind (a replayed frame from an earlier
  power-up) is refused: it cannot reset the sequence numbers or roll the
  press counters back for the real board to report the same press again;
- nothing moves by an implausible step: a press counter may grow by at most
  ``MAX_PRESS_STEP`` per report (one message must not undo the whole game),
  a message more than ``MAX_AHEAD`` numbers ahead is not held (a state is
  asked for instead, at most once per ``resend_timeout``), and the messages
  held waiting for a gap are at most ``MAX_HELD``. A refused report becomes a
  ``ReportRefused`` event for the table, never a change.

Events are emitted only for real transitions of the session's mirror of the
board, so no replay or resync can report the same change twice.
"""

from __future__ import annotations

import secrets
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypedDict

from companion.games.amritsar.sensors.events import (
    BoardButton,
    BoardOffline,
    BoardOnline,
    BoardState,
    ButtonPressed,
    Elephant,
    ElephantArrived,
    ElephantLeft,
    MaharajahLifted,
    MaharajahPlaced,
    ReaderFault,
    ReportRefused,
    SensorEvent,
)
from companion.games.amritsar.sensors.protocol import (
    Arrive,
    Button,
    Fault,
    FullState,
    Header,
    Heartbeat,
    Hello,
    Leave,
    Message,
    Token,
    command,
    resend_command,
)
from engine.amritsar import District

#: Why a board went offline, for the people at the table (English, Spanish).
OFFLINE_REASONS: dict[str, tuple[str, str]] = {
    "unplugged": (
        "The sensor board was unplugged or its cable failed.",
        "La placa de sensores se desconectó o falló su cable.",
    ),
    "silent": (
        "The sensor board stopped answering.",
        "La placa de sensores dejó de responder.",
    ),
    "offline": (
        "The sensor board left the network.",
        "La placa de sensores salió de la red.",
    ),
    "broker": (
        "The companion lost the MQTT broker; sensor reports are paused.",
        "El acompañante perdió el bróker MQTT; los avisos de los sensores están en pausa.",
    ),
}


#: The most a press counter may grow in one report. A press is one message;
#: a state after a short outage may carry a few.
MAX_PRESS_STEP = 3
#: How far ahead of the last applied number a message may be and still be held
#: (the board's resend ring holds 64).
MAX_AHEAD = 256
#: At most this many messages are held waiting for a gap or a baseline.
MAX_HELD = 64
#: Earlier boots remembered per board, to refuse their replayed frames.
MAX_RETIRED = 16
#: At most this many presses of one button are applied per ``PRESS_WINDOW``
#: seconds: faster than people press, a flood of small steps is refused too.
MAX_PRESSES_PER_WINDOW = 5
PRESS_WINDOW = 2.0
#: A kind of refused report is shown to the table at most once per this many seconds.
REFUSAL_REPEAT = 60.0
#: Boots waiting for the board to confirm them, at most (the oldest goes).
MAX_CANDIDATES = 4
#: Challenges still accepted in an answer (a slow answer to an earlier one counts).
MAX_CHALLENGES = 4
#: After this many unanswered challenges, ask only every ``silence_timeout``
#: and tell the table its reports are not applied.
PATIENT_CHALLENGES = 5


class _Header(TypedDict):
    board: str
    boot: str
    seq: int
    resync: bool


@dataclass
class Mirror:
    """What the session believes the board senses right now."""

    tags: dict[District, set[str]] = field(default_factory=lambda: {d: set() for d in District})
    token: set[int] = field(default_factory=set)
    presses: dict[BoardButton, int] = field(default_factory=lambda: dict.fromkeys(BoardButton, 0))
    faults: set[District] = field(default_factory=set)

    @classmethod
    def of(cls, state: FullState) -> Mirror:
        return cls(
            tags={d: set(state.tags[d]) for d in District},
            token=set(state.token),
            presses=dict(state.presses),
            faults=set(state.faults),
        )


@dataclass
class Output:
    events: list[SensorEvent] = field(default_factory=list)
    commands: list[bytes] = field(default_factory=list)

    def extend(self, other: Output) -> None:
        self.events += other.events
        self.commands += other.commands


class BoardSession:
    def __init__(
        self,
        board: str,
        colour_of: Callable[[str], str | None],
        *,
        resend_timeout: float = 1.0,
        silence_timeout: float = 6.0,
    ) -> None:
        self.board = board
        self.colour_of = colour_of
        self.resend_timeout = resend_timeout
        self.silence_timeout = silence_timeout
        #: The boot followed: only a state answering a challenge sets it.
        self.boot: str | None = None
        self.last = 0
        self.baseline = False
        self.mirror: Mirror | None = None
        self.pending: dict[int, Message] = {}
        self.online = False
        self.firmware = ""
        self.link_name = ""
        self.readers: frozenset[District] = frozenset()
        self.last_heard: float | None = None
        self._resend_deadline: float | None = None
        self._probe_at: float | None = None
        self.stats: Counter[str] = Counter()
        #: Boots this board has left or never had (newest last): their frames are refused.
        self.retired: list[str] = []
        #: Boots heard but not yet confirmed by an answered challenge, with their
        #: frames held (a few) until the board answers.
        self.candidates: dict[str, dict[int, Message]] = {}
        #: Challenges sent and not yet answered: nonce -> when it was sent.
        self.challenges: dict[str, float] = {}
        self._challenged_at: float | None = None
        self._unanswered = 0
        self._far_asked: float | None = None
        self._shown: dict[str, float] = {}  # when each kind of refusal was last shown
        self._now = 0.0
        self._pressed_at: dict[BoardButton, list[float]] = {b: [] for b in BoardButton}

    @property
    def mirror_boot(self) -> str | None:
        """The boot the mirror belongs to: always the one followed."""
        return self.boot

    # ------------------------------------------------------------------ input
    def receive(self, msg: Message, now: float) -> Output:
        out = Output()
        header = msg.header
        self._now = now
        if header.boot in self.retired:
            self.stats["old boot"] += 1
            self._refuse(
                msg,
                out,
                "old boot",
                "Reports from an earlier power-up of the sensor board were refused "
                "(a replayed message?).",
                "Se rechazaron avisos de un encendido anterior de la placa de sensores "
                "(¿un mensaje repetido?).",
            )
            return out
        self.last_heard = now
        if isinstance(msg, FullState) and msg.nonce is not None and msg.nonce in self.challenges:
            self._answered(msg, out)
            self._drain(out)
            self._probe(now, out)
            return out
        if header.boot != self.boot:
            self._unconfirmed(msg, now, out)
            return out
        if header.seq <= self.last:
            self.stats["duplicates"] += 1
            return out
        if header.seq > self.last + MAX_AHEAD and not (
            isinstance(msg, FullState) and self._asked_recently(now)
        ):
            # Not held: a state answers for everything in between (asked once).
            self.stats["far ahead"] += 1
            if self._far_asked is None or now - self._far_asked >= self.resend_timeout:
                out.commands.append(self._challenge(now))
                self._far_asked = now
            return out
        if isinstance(msg, FullState):
            self._apply_state(msg, out)
        elif header.seq == self.last + 1:
            self._apply(msg, out)
            self.last = header.seq
        else:
            self._hold(msg)
            if self._resend_deadline is None:
                self.stats["gaps"] += 1
                out.commands.append(resend_command(self.last + 1))
                self._resend_deadline = now + self.resend_timeout
        self._drain(out)
        self._probe(now, out)
        return out

    def _probe(self, now: float, out: Output) -> None:
        """A followed board that has not said hello yet is asked to (once)."""
        if not self.online and self.baseline and self._probe_at is None:
            out.commands.append(command("hello"))
            self._probe_at = now

    def _asked_recently(self, now: float) -> bool:
        asked = [t for t in (self._far_asked, self._challenged_at) if t is not None]
        return bool(asked) and now - max(asked) <= 2 * self.resend_timeout

    def _hold(self, msg: Message) -> None:
        """Keep a message for later, at most ``MAX_HELD`` (the newest win)."""
        self.pending[msg.header.seq] = msg
        while len(self.pending) > MAX_HELD:
            del self.pending[min(self.pending)]
            self.stats["held dropped"] += 1

    def _refuse(self, msg: Message, out: Output, key: str, what: str, what_es: str) -> None:
        """Count a refused report; the table hears of each kind at most once a minute."""
        self.stats["refused"] += 1
        shown = self._shown.get(key)
        if shown is not None and self._now - shown < REFUSAL_REPEAT:
            return
        self._shown[key] = self._now
        out.events.append(ReportRefused(**self._header(msg), what=what, what_es=what_es))

    # ------------------------------------------------------------------ boots
    def _challenge(self, now: float) -> bytes:
        """A ``state`` request carrying a fresh nonce the board must echo."""
        nonce = secrets.token_hex(8)
        self.challenges[nonce] = now
        while len(self.challenges) > MAX_CHALLENGES:
            del self.challenges[next(iter(self.challenges))]
        self._challenged_at = now
        self.stats["state requests"] += 1
        return command("state", nonce=nonce)

    def _unconfirmed(self, msg: Message, now: float, out: Output) -> None:
        """A frame of a boot not followed: held, never applied, until the board answers."""
        boot = msg.header.boot
        self.stats["unconfirmed"] += 1
        if boot not in self.candidates:
            if self.boot is not None:
                self.stats["reboots"] += 1  # or a replay: the answer will tell
            self.candidates[boot] = {}
            while len(self.candidates) > MAX_CANDIDATES:
                del self.candidates[next(iter(self.candidates))]
        held = self.candidates[boot]
        held[msg.header.seq] = msg
        while len(held) > MAX_HELD:
            del held[min(held)]
            self.stats["held dropped"] += 1
        if self._challenged_at is None or now - self._challenged_at >= self.resend_timeout:
            out.commands.append(self._challenge(now))

    def _answered(self, state: FullState, out: Output) -> None:
        """A state echoing one of our challenges: its boot is the board's boot now."""
        boot = state.header.boot
        self.challenges.clear()
        self._challenged_at = None
        self._unanswered = 0
        others = [b for b in self.candidates if b != boot]
        held = self.candidates.pop(boot, {})
        self.candidates.clear()
        if boot == self.boot:
            if others:
                # The board is still on the boot followed: the other boots'
                # frames were never the board's (replayed from some power-up).
                self.stats["replayed boot"] += 1
                self._refuse(
                    state,
                    out,
                    "replayed boot",
                    "Reports claiming a restart of the sensor board were refused: the board "
                    "did not restart (a replayed message?). Nothing was changed.",
                    "Se rechazaron avisos que decían que la placa de sensores se había "
                    "reiniciado: no se reinició (¿un mensaje repetido?). No se cambió nada.",
                )
                self._retire(others)
            if state.header.seq > self.last:
                self._apply_state(state, out)
            return
        # A confirmed new boot: the board restarted (or this is first contact).
        if self.boot is not None:
            others.append(self.boot)
        self._retire(others)
        self.boot = boot
        self.last = 0
        self.baseline = False
        self.online = False  # a new boot is announced again
        self._probe_at = None
        self.pending.clear()
        self._resend_deadline = None
        hellos = [m for s, m in sorted(held.items()) if isinstance(m, Hello)]
        if hellos:
            self._apply(hellos[-1], out)
        self._apply_state(state, out, new_boot=True)
        for seq, msg in held.items():
            if seq > self.last and not isinstance(msg, FullState):
                self._hold(msg)

    def _retire(self, boots: list[str]) -> None:
        for boot in boots:
            if boot not in self.retired:
                self.retired = [*self.retired, boot][-MAX_RETIRED:]

    def _drain(self, out: Output) -> None:
        for seq in [s for s in self.pending if s <= self.last]:
            del self.pending[seq]
        while self.last + 1 in self.pending:
            msg = self.pending.pop(self.last + 1)
            if isinstance(msg, FullState):
                self._apply_state(msg, out)
            else:
                self._apply(msg, out)
                self.last = msg.header.seq
        if not self.pending:
            self._resend_deadline = None

    # ------------------------------------------------------------------ time
    def tick(self, now: float) -> Output:
        out = Output()
        self._now = now
        if self.baseline and self._resend_deadline is not None and now >= self._resend_deadline:
            out.commands.append(self._challenge(now))
            self._resend_deadline = now + self.resend_timeout
        if self.candidates or (self.boot is None and self.last_heard is not None):
            patient = self._unanswered >= PATIENT_CHALLENGES
            wait = self.silence_timeout if patient else self.resend_timeout
            if self._challenged_at is None or now - self._challenged_at >= wait:
                self._unanswered += 1
                out.commands.append(self._challenge(now))
                if self._unanswered == PATIENT_CHALLENGES and self.candidates:
                    boot = next(reversed(self.candidates))
                    seq = max(self.candidates[boot], default=1)
                    self._refuse(
                        Heartbeat(Header(self.board, boot, seq), 0),
                        out,
                        "unconfirmed boot",
                        "The sensor board did not confirm its restart, so its reports are not "
                        "applied (a replayed message, or firmware older than 1.1.0: flash the "
                        "board with make flash).",
                        "La placa de sensores no confirmó su reinicio, así que sus avisos no se "
                        "aplican (un mensaje repetido, o firmware anterior a 1.1.0: actualízala "
                        "con make flash).",
                    )
        if self.last_heard is not None and now - self.last_heard > self.silence_timeout:
            if self.online:
                out.events.append(self.went_offline("silent"))
            if self._probe_at is None or now - self._probe_at >= self.silence_timeout:
                out.commands.append(command("hello"))
                self._probe_at = now
        return out

    def went_offline(self, reason: str) -> BoardOffline:
        """The link lost this board; the mirror stays for the diff when it returns."""
        self.online = False
        self._probe_at = None
        english, spanish = OFFLINE_REASONS[reason]
        return BoardOffline(
            board=self.board, boot=self.boot or "", seq=self.last, reason=english, reason_es=spanish
        )

    # ------------------------------------------------------------------ applying
    def _header(self, msg: Message, resync: bool = False) -> _Header:
        return {
            "board": self.board,
            "boot": msg.header.boot,
            "seq": msg.header.seq,
            "resync": resync,
        }

    def _apply(self, msg: Message, out: Output) -> None:
        h = self._header(msg)
        ev = out.events
        if isinstance(msg, Hello):  # may come before any state: leaves the mirror alone
            was_online, self.online = self.online, True
            self._probe_at = None
            self.firmware, self.link_name, self.readers = msg.firmware, msg.link, msg.readers
            if was_online:
                return  # an answer to a probe, or the board's own reconnect: nothing new
            ev.append(BoardOnline(**h, firmware=msg.firmware, link=msg.link, readers=msg.readers))
            return
        mirror = self.mirror if self.mirror is not None else Mirror()
        self.mirror = mirror
        if isinstance(msg, Arrive):
            if msg.uid not in mirror.tags[msg.district]:
                mirror.tags[msg.district].add(msg.uid)
                colour = self.colour_of(msg.uid)
                ev.append(ElephantArrived(**h, district=msg.district, uid=msg.uid, colour=colour))
        elif isinstance(msg, Leave):
            if msg.uid in mirror.tags[msg.district]:
                mirror.tags[msg.district].discard(msg.uid)
                colour = self.colour_of(msg.uid)
                ev.append(ElephantLeft(**h, district=msg.district, uid=msg.uid, colour=colour))
        elif isinstance(msg, Token):
            if msg.on and msg.space not in mirror.token:
                mirror.token.add(msg.space)
                ev.append(MaharajahPlaced(**h, space=msg.space))
            elif not msg.on and msg.space in mirror.token:
                mirror.token.discard(msg.space)
                ev.append(MaharajahLifted(**h, space=msg.space))
        elif isinstance(msg, Button):
            before = mirror.presses[msg.button]
            if msg.presses - before > MAX_PRESS_STEP:
                self._refuse_jump(msg, out, msg.button, before, msg.presses)
                return  # never applied; the real board's next press still counts
            if msg.presses <= before:  # a counter that does not grow: ask the board
                self.stats["presses not growing"] += 1
                out.commands.append(self._challenge(self._now))
                return
            for count in range(before + 1, msg.presses + 1):
                self._press(msg, out, ButtonPressed(**h, button=msg.button, presses=count))
            mirror.presses[msg.button] = msg.presses
        elif isinstance(msg, Fault):
            if msg.ok == (msg.district in mirror.faults):
                if msg.ok:
                    mirror.faults.discard(msg.district)
                else:
                    mirror.faults.add(msg.district)
                ev.append(ReaderFault(**h, district=msg.district, ok=msg.ok))
        elif isinstance(msg, Heartbeat | FullState):
            pass

    def _press(self, msg: Message, out: Output, event: ButtonPressed) -> None:
        """Report one press, unless the button is pressed faster than people press."""
        recent = [t for t in self._pressed_at[event.button] if self._now - t < PRESS_WINDOW]
        if len(recent) >= MAX_PRESSES_PER_WINDOW:
            self.stats["presses too fast"] += 1
            name_en = {"done": "Done", "undo": "Undo"}[event.button.value]
            name_es = {"done": "Hecho", "undo": "Deshacer"}[event.button.value]
            self._refuse(
                msg,
                out,
                f"fast {event.button.value}",
                f"{name_en} was pressed faster than anyone presses it; the extra presses "
                "were not applied. Check the game, and use a phone if a step is missing.",
                f"{name_es} se pulsó más rápido de lo que nadie pulsa; las pulsaciones de más "
                "no se aplicaron. Revisa la partida y usa un móvil si falta un paso.",
            )
        else:
            recent.append(self._now)
            out.events.append(event)
        self._pressed_at[event.button] = recent

    def _refuse_jump(
        self, msg: Message, out: Output, button: BoardButton, before: int, after: int
    ) -> None:
        self.stats["press jumps"] += 1
        name_en = {"done": "Done", "undo": "Undo"}[button.value]
        name_es = {"done": "Hecho", "undo": "Deshacer"}[button.value]
        self._refuse(
            msg,
            out,
            f"jump {button.value}",
            f"The sensor board reported {after - before} presses of {name_en} at once; "
            "none was applied. Press it again, or use a phone.",
            f"La placa de sensores informó de {after - before} pulsaciones de {name_es} a la "
            "vez; no se aplicó ninguna. Vuelve a pulsar, o usa un móvil.",
        )

    def _apply_state(self, state: FullState, out: Output, new_boot: bool = False) -> None:
        new = Mirror.of(state)
        old = self.mirror
        h = self._header(state, resync=True)
        ev = out.events
        if old is not None:
            for d in District:
                for uid in sorted(old.tags[d] - new.tags[d]):
                    ev.append(ElephantLeft(**h, district=d, uid=uid, colour=self.colour_of(uid)))
            for d in District:
                for uid in sorted(new.tags[d] - old.tags[d]):
                    ev.append(ElephantArrived(**h, district=d, uid=uid, colour=self.colour_of(uid)))
            for space in sorted(old.token - new.token):
                ev.append(MaharajahLifted(**h, space=space))
            for space in sorted(new.token - old.token):
                ev.append(MaharajahPlaced(**h, space=space))
            # Within a boot, presses since the last count; after a reboot, every
            # press of the new boot (its counters start from zero).
            for button in BoardButton:
                before = 0 if new_boot else old.presses[button]
                if new.presses[button] - before > MAX_PRESS_STEP:
                    self._refuse_jump(state, out, button, before, new.presses[button])
                    continue  # the count becomes the baseline, no press is applied
                for count in range(before + 1, new.presses[button] + 1):
                    self._press(state, out, ButtonPressed(**h, button=button, presses=count))
            for d in sorted(old.faults ^ new.faults):
                ev.append(ReaderFault(**h, district=d, ok=d not in new.faults))
        self.mirror = new
        self.baseline = True
        self.last = state.header.seq
        self._far_asked = None
        # A state is the newest thing the board said: nothing held can follow it.
        self.stats["held dropped"] += sum(1 for seq in self.pending if seq > self.last)
        self.pending.clear()
        self._resend_deadline = None
        ev.append(
            BoardState(
                board=self.board,
                boot=state.header.boot,
                seq=state.header.seq,
                elephants={
                    d: tuple(Elephant(uid, self.colour_of(uid)) for uid in sorted(new.tags[d]))
                    for d in District
                },
                token_spaces=frozenset(new.token),
                presses=dict(new.presses),
                faulty_readers=frozenset(new.faults),
            )
        )
