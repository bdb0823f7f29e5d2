"""The board session: no repeat, no loss, resync by diff. Pure logic, no I/O."""

from __future__ import annotations

import json
import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.amritsar.sensors.events import (
    BoardOnline,
    BoardState,
    ButtonPressed,
    ElephantArrived,
    ElephantLeft,
    MaharajahLifted,
    MaharajahPlaced,
    SensorEvent,
)
from companion.games.amritsar.sensors.protocol import encode_json, parse_message
from companion.games.amritsar.sensors.session import BoardSession
from engine.amritsar.board import District

PURPLE = "04A1B2C3D4E501"
GREY = "04A1B2C3D4E502"
STRANGER = "04DEADBEEF0001"
COLOURS = {PURPLE: "purple", GREY: "grey"}


class BoardModel:
    """A minimal board: numbers its messages and keeps them for resends."""

    def __init__(self, boot: str = "0000abcd") -> None:
        self.boot = boot
        self.sent: list[bytes] = []
        self.tags: dict[str, set[str]] = {d.letter: set() for d in District}
        self.token: set[str] = set()
        self.presses = {"done": 0, "undo": 0}

    def send(self, t: str, **fields: Any) -> bytes:
        seq = len(self.sent) + 1
        payload = encode_json(
            {"v": 1, "board": "table-1", "boot": self.boot, "seq": seq, "t": t, **fields}
        )
        self.sent.append(payload)
        return payload

    def boot_up(self) -> list[bytes]:
        return [
            self.send("hello", fw="1.0.0", link="serial", readers=["N", "E", "S", "W"]),
            self.state(),
        ]

    def state(self, nonce: str | None = None) -> bytes:
        challenge = {} if nonce is None else {"nonce": nonce}
        return self.send(
            "state",
            tags={d: sorted(u) for d, u in self.tags.items()},
            token=sorted(self.token),
            presses=dict(self.presses),
            faults=[],
            **challenge,
        )

    def arrive(self, d: str, uid: str) -> bytes:
        self.tags[d].add(uid)
        return self.send("arrive", district=d, uid=uid)

    def leave(self, d: str, uid: str) -> bytes:
        self.tags[d].discard(uid)
        return self.send("leave", district=d, uid=uid)

    def press(self, button: str) -> bytes:
        self.presses[button] += 1
        return self.send("button", button=button, presses=self.presses[button])

    def token_on(self, space: str, on: bool) -> bytes:
        (self.token.add if on else self.token.discard)(space)
        return self.send("token", space=space, on=on)

    def answer(self, command: bytes) -> list[bytes]:
        cmd = json.loads(command)
        if cmd["t"] == "resend":
            return self.sent[cmd["from"] - 1 :]
        if cmd["t"] == "state":
            return [self.state(cmd.get("nonce"))]
        return [self.send("hello", fw="1.0.0", link="serial", readers=["N", "E", "S", "W"])]


def _session() -> BoardSession:
    return BoardSession("table-1", COLOURS.get, resend_timeout=1.0, silence_timeout=6.0)


def _connected() -> BoardSession:
    """A session that has followed a fresh board (boot 0000abcd) through its
    handshake: hello 1, state 2, the state 3 answering its challenge."""
    session, board = _session(), BoardModel()
    _feed(session, board, board.boot_up())
    assert session.boot == "0000abcd" and session.last == 3
    return session


def _feed(
    session: BoardSession,
    board: BoardModel,
    payloads: list[bytes],
    now: float = 0.0,
    answer: bool = True,
) -> list[SensorEvent]:
    events: list[SensorEvent] = []
    queue = list(payloads)
    while queue:
        out = session.receive(parse_message(queue.pop(0)), now)
        events += out.events
        if answer:
            for command in out.commands:
                queue += board.answer(command)
    return events


def _changes(events: list[SensorEvent]) -> list[tuple[Any, ...]]:
    """Events as comparable tuples, without headers; BoardState and BoardOnline left out."""
    out: list[tuple[Any, ...]] = []
    for e in events:
        if isinstance(e, ElephantArrived | ElephantLeft):
            out.append((type(e).__name__, e.district, e.uid, e.colour))
        elif isinstance(e, MaharajahPlaced | MaharajahLifted):
            out.append((type(e).__name__, e.space))
        elif isinstance(e, ButtonPressed):
            out.append(("ButtonPressed", e.button.value, e.presses))
    return out


def test_boot_gives_online_then_state_and_colours_come_from_pairing() -> None:
    board, session = BoardModel(), _session()
    events = _feed(session, board, board.boot_up())
    events += _feed(session, board, [board.arrive("N", PURPLE), board.arrive("N", STRANGER)])
    assert isinstance(events[0], BoardOnline) and isinstance(events[1], BoardState)
    arrivals = [e for e in events if isinstance(e, ElephantArrived)]
    assert [(a.uid, a.colour, a.known) for a in arrivals] == [
        (PURPLE, "purple", True),
        (STRANGER, None, False),
    ]
    assert all(e.board == "table-1" and e.boot == "0000abcd" for e in events)
    # hello, the state answering the challenge (the boot's own state 2 is not
    # believed on its word), then the arrivals
    assert [e.seq for e in events] == [1, 3, 4, 5]


def test_repeated_messages_are_dropped() -> None:
    board, session = BoardModel(), _session()
    boot = board.boot_up()
    _feed(session, board, boot)
    arrive = board.arrive("E", GREY)
    events = _feed(session, board, [arrive, arrive, boot[1], arrive])
    assert _changes(events) == [("ElephantArrived", District.EAST, GREY, "grey")]
    assert session.stats["duplicates"] == 3


def test_a_gap_asks_for_a_resend_and_fills_in_order() -> None:
    board, session = BoardModel(), _session()
    _feed(session, board, board.boot_up())
    lost = [board.arrive("N", PURPLE), board.press("done")]
    after = board.token_on("NE", True)
    out = session.receive(parse_message(after), 0.0)
    assert out.events == [] and len(out.commands) == 1
    assert json.loads(out.commands[0]) == {"v": 1, "t": "resend", "from": 4}
    events = _feed(session, board, [*lost, after])
    assert _changes(events) == [
        ("ElephantArrived", District.NORTH, PURPLE, "purple"),
        ("ButtonPressed", "done", 1),
        ("MaharajahPlaced", 0),
    ]


def test_an_unanswered_gap_falls_back_to_the_full_state_and_diffs_it() -> None:
    board, session = BoardModel(), _session()
    _feed(session, board, [*board.boot_up(), board.arrive("N", GREY)])
    board.leave("N", GREY)
    board.arrive("W", GREY)
    board.press("undo")
    board.press("undo")
    later = board.token_on("SW", True)
    assert session.receive(parse_message(later), 0.0).events == []
    out = session.tick(1.5)  # the resend never came
    assert [json.loads(c)["t"] for c in out.commands] == ["state"]
    events = _feed(session, board, [board.state()], now=1.5)
    assert all(e.resync for e in events if not isinstance(e, BoardState))
    assert _changes(events) == [
        ("ElephantLeft", District.NORTH, GREY, "grey"),
        ("ElephantArrived", District.WEST, GREY, "grey"),
        ("MaharajahPlaced", 2),
        ("ButtonPressed", "undo", 1),
        ("ButtonPressed", "undo", 2),
    ]
    assert isinstance(events[-1], BoardState)
    assert events[-1].maharajah_space == 2
    assert events[-1].district_of(GREY) == District.WEST


def test_a_reboot_is_diffed_but_old_presses_are_not_replayed() -> None:
    board, session = BoardModel(), _session()
    _feed(session, board, [*board.boot_up(), board.arrive("S", PURPLE), board.press("done")])
    rebooted = BoardModel(boot="0000beef")
    rebooted.tags["E"] = {PURPLE}  # moved while the board was off
    events = _feed(session, rebooted, rebooted.boot_up())
    assert _changes(events) == [
        ("ElephantLeft", District.SOUTH, PURPLE, "purple"),
        ("ElephantArrived", District.EAST, PURPLE, "purple"),
    ]
    assert session.stats["reboots"] == 1


def test_joining_mid_stream_asks_for_state_and_keeps_later_events() -> None:
    board, session = BoardModel(), _session()
    board.boot_up()
    board.arrive("N", PURPLE)
    late = board.arrive("N", GREY)
    out = session.receive(parse_message(late), 0.0)
    assert [json.loads(c)["t"] for c in out.commands] == ["state"]
    events = _feed(session, board, board.answer(out.commands[0]))
    state = [e for e in events if isinstance(e, BoardState)]
    assert len(state) == 1
    assert {e.uid for e in state[0].elephants[District.NORTH]} == {PURPLE, GREY}
    assert _changes(events) == []  # first contact: the state is the truth, nothing to diff


def test_silence_reports_offline_once_and_probes() -> None:
    board, session = BoardModel(), _session()
    _feed(session, board, board.boot_up(), now=0.0)
    assert session.tick(5.0).events == []
    out = session.tick(7.0)
    assert [e.reason for e in out.events] == ["The sensor board stopped answering."]
    assert [json.loads(c)["t"] for c in out.commands] == ["hello"]
    assert session.tick(8.0).events == []


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_duplicated_and_reordered_delivery_gives_the_in_order_events(seed: int) -> None:
    rng = random.Random(seed)
    board = BoardModel()
    board.boot_up()
    board.state()  # the handshake _connected() went through: the stream starts at 4
    stream: list[bytes] = []
    for _ in range(rng.randrange(5, 40)):  # after the handshake (seq 1-3)
        d = rng.choice("NESW")
        uid = rng.choice([PURPLE, GREY, STRANGER])
        kind = rng.randrange(4)
        if kind == 0:
            for other in board.tags.values():
                if uid in other:
                    break
            else:
                stream.append(board.arrive(d, uid))
                continue
            stream.append(board.leave(next(k for k, v in board.tags.items() if uid in v), uid))
        elif kind == 1:
            stream.append(board.press(rng.choice(["done", "undo"])))
        else:
            space = rng.choice(["NE", "ES", "SW", "WN"])
            stream.append(board.token_on(space, space not in board.token))
    expected = _changes(_feed(_connected(), board, list(stream)))
    assert expected  # the stream changes something
    # Disorder: every message may come twice, and neighbours may swap places.
    messy = [p for p in stream for _ in range(rng.choice([1, 1, 2]))]
    for _ in range(len(messy) // 3):
        i = rng.randrange(0, len(messy) - 1) if len(messy) > 1 else 0
        messy[i], messy[i + 1] = messy[i + 1], messy[i]
    got = _changes(_feed(_connected(), board, messy))
    assert got == expected


def test_an_unconfirmed_boot_is_never_applied_and_the_asking_slows_down() -> None:
    """Frames of a boot nobody answers for (a replay while the board is away):
    nothing applied, challenges once per resend timeout, then once per silence
    timeout after five, and one alert for the table."""
    from companion.games.amritsar.sensors.events import ReportRefused
    from companion.games.amritsar.sensors.session import PATIENT_CHALLENGES

    session = _connected()
    ghost = BoardModel(boot="0000dead")
    ghost.presses["undo"] = 2
    out = session.receive(parse_message(ghost.state()), 0.0)
    assert out.events == [] and [json.loads(c)["t"] for c in out.commands] == ["state"]
    asked_at, alerts = [], []
    for tenth in range(1, 400):  # 40 s
        now = tenth / 10
        out = session.tick(now)
        if any(json.loads(c)["t"] == "state" for c in out.commands):
            asked_at.append(now)
        alerts += [e for e in out.events if isinstance(e, ReportRefused)]
    gaps = [round(b - a, 1) for a, b in zip([0.0, *asked_at], asked_at, strict=False)]
    assert gaps[: PATIENT_CHALLENGES - 1] == [1.0] * (PATIENT_CHALLENGES - 1)
    assert set(gaps[PATIENT_CHALLENGES:]) == {6.0}
    assert len(alerts) == 1 and "firmware older than 1.1.0" in alerts[0].what
    assert session.boot == "0000abcd" and session.mirror is not None
    assert session.mirror.presses == dict.fromkeys(session.mirror.presses, 0)


def test_only_the_companion_s_own_challenges_confirm_a_boot() -> None:
    """A state with a nonce the session never sent (or one already spent)
    confirms nothing; the real answer does, once."""
    session = _connected()
    rebooted = BoardModel(boot="0000beef")
    out = session.receive(parse_message(rebooted.boot_up()[0]), 0.0)
    nonce = json.loads(out.commands[0])["nonce"]
    assert len(nonce) == 16
    session.receive(parse_message(rebooted.state(nonce="0123456789abcdef")), 0.1)
    assert session.boot == "0000abcd"  # a made-up answer
    session.receive(parse_message(rebooted.state(nonce=nonce)), 0.2)
    assert session.boot == "0000beef" and "0000abcd" in session.retired
    again = BoardModel(boot="0000f00d")
    session.receive(parse_message(again.state(nonce=nonce)), 0.3)  # spent
    assert session.boot == "0000beef"
