"""Attacks on the sensor link over the real Mosquitto with its ACL (issue 14, items 6, 7, 8, 11).

A raw MQTT client with a board's account publishes hand-made protocol
messages, as a compromised or replaying board would; the companion's
``MqttLink`` must apply only what is plausible, refuse the rest with a
``ReportRefused`` for the table, and keep its memory and its requests bounded.
"""

from __future__ import annotations

import json
import queue
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.sensors import ButtonPressed, MqttLink, MqttSettings, ReportRefused
from companion.sensors.events import BoardState, SensorEvent
from companion.sensors.link import MAX_BOARDS
from companion.sensors.session import MAX_HELD
from tests.sensors.helpers import collect, count, settle
from tests.support.broker import MosquittoBroker

#: Two tables' boards, each allowed only its own topics; the companion reads all.
ACL = """\
user companion
topic readwrite amritsar/#

user board-a
topic readwrite amritsar/board/table-a/#

user board-b
topic readwrite amritsar/board/table-b/#
"""
USERS = {"companion": "companion-secret", "board-a": "a-secret", "board-b": "b-secret"}


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[MosquittoBroker]:
    broker = MosquittoBroker(workdir=tmp_path / "mosquitto", users=dict(USERS), acl=ACL)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


class RawBoard:
    """A board's MQTT account publishing exactly the messages a test writes."""

    def __init__(self, broker: MosquittoBroker, user: str, board: str) -> None:
        self.board = board
        self.commands: queue.Queue[dict[str, Any]] = queue.Queue()
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"{user}-{time.time_ns()}")
        self.client.username_pw_set(*broker.credentials(user))
        self.client.on_message = lambda c, u, m: self.commands.put(json.loads(m.payload))
        self.client.connect(broker.host, broker.port)
        self.client.loop_start()
        self.client.subscribe(f"amritsar/board/{board}/cmd", qos=1)

    def send(self, topic_board: str | None = None, **message: Any) -> None:
        body = {"v": 1, "board": self.board, **message}
        topic = f"amritsar/board/{topic_board or self.board}/event"
        self.client.publish(topic, json.dumps(body), qos=1).wait_for_publish(5)

    def hello(self, boot: str, seq: int = 1, **kw: Any) -> None:
        self.send(t="hello", boot=boot, seq=seq, fw="test", link="mqtt", readers=[], **kw)

    def state(self, boot: str, seq: int, done: int = 0, undo: int = 0, **kw: Any) -> None:
        self.send(
            t="state", boot=boot, seq=seq, tags={"N": [], "E": [], "S": [], "W": []},
            token=[], presses={"done": done, "undo": undo}, faults=[], **kw,
        )  # fmt: skip

    def press(self, boot: str, seq: int, presses: int, button: str = "undo") -> None:
        self.send(t="button", boot=boot, seq=seq, button=button, presses=presses)

    def state_requests(self) -> int:
        n = 0
        while True:
            try:
                n += self.commands.get_nowait()["t"] == "state"
            except queue.Empty:
                return n

    def close(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()


@pytest.fixture
def link(broker: MosquittoBroker) -> Iterator[MqttLink]:
    settings = MqttSettings(
        host=broker.host,
        port=broker.port,
        username="companion",
        password=USERS["companion"],
        client_id=f"companion-{time.time_ns()}",
    )
    link = MqttLink(settings, resend_timeout=0.2).start()
    link.wait_connected()
    try:
        yield link
    finally:
        link.close()


@pytest.fixture
def board_a(broker: MosquittoBroker) -> Iterator[RawBoard]:
    board = RawBoard(broker, "board-a", "table-a")
    yield board
    board.close()


def _presses(events: list[SensorEvent]) -> list[int]:
    return [e.presses for e in events if isinstance(e, ButtonPressed)]


def _baseline(link: MqttLink, board: RawBoard, boot: str, undo: int = 0) -> list[SensorEvent]:
    board.hello(boot)
    board.state(boot, 2, undo=undo)
    return collect(link, count(BoardState), timeout=10)


def test_the_topic_decides_the_board_not_the_body(
    broker: MosquittoBroker, link: MqttLink, board_a: RawBoard
) -> None:
    """Board B's account may only publish on table B's topic; a body naming
    table A there must not reach table A's session."""
    _baseline(link, board_a, "aaaa0001")
    intruder = RawBoard(broker, "board-b", "table-a")  # its bodies name table A
    try:
        intruder.press("aaaa0001", 3, 1, button="undo")  # would undo on table A
        intruder.send(topic_board="table-b", t="button", boot="aaaa0001", seq=3,
                      button="undo", presses=1)  # fmt: skip
        events = settle(link, 1.0)
    finally:
        intruder.close()
    assert _presses(events) == []
    assert link.sessions["table-a"].last == 2
    assert link.stats["bad board"] == 1  # the one the ACL let through
    board_a.press("aaaa0001", 3, 1)  # the real board still counts
    assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [1]


def test_an_implausible_press_counter_is_refused_with_an_alert(
    link: MqttLink, board_a: RawBoard
) -> None:
    _baseline(link, board_a, "aaaa0002")
    board_a.press("aaaa0002", 3, 50_000)  # one message undoing the whole game
    events = collect(link, count(ReportRefused), timeout=10)
    events += settle(link, 0.5)
    assert _presses(events) == []
    refused = next(e for e in events if isinstance(e, ReportRefused))
    assert "50000 presses of Undo" in refused.what and "Deshacer" in refused.what_es
    board_a.press("aaaa0002", 4, 1)  # the real board's next press still counts
    assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [1]


def test_a_replayed_frame_from_an_earlier_boot_cannot_double_an_undo(
    link: MqttLink, board_a: RawBoard
) -> None:
    """Boot A, then the board restarts (boot B) and Undo is pressed once. A
    replayed frame of boot A, then B's own old state, must not roll the
    counter back for B's next state to report the same press again."""
    _baseline(link, board_a, "0000000a")
    board_a.hello("0000000b")
    board_a.state("0000000b", 2, undo=0)
    board_a.press("0000000b", 3, 1)
    events = collect(link, count(ButtonPressed), timeout=10)
    assert _presses(events) == [1]
    board_a.hello("0000000a", seq=1)  # replayed: boot A's first frame
    board_a.state("0000000b", 2, undo=0)  # replayed: boot B's first state
    board_a.state("0000000b", 4, undo=1)  # the real board's next state
    events = settle(link, 1.0)
    assert _presses(events) == []  # the one real press was applied once
    assert link.sessions["table-a"].stats["old boot"] >= 1


def test_a_frame_from_a_boot_never_seen_cannot_double_an_undo_either(
    link: MqttLink, board_a: RawBoard
) -> None:
    """The same replay, with a frame from a power-up before the companion
    started: the session goes back to the real boot's numbering."""
    _baseline(link, board_a, "0000000b")
    board_a.press("0000000b", 3, 1)
    assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [1]
    board_a.hello("00000009", seq=1)  # replayed: a boot the companion never saw
    board_a.state("0000000b", 2, undo=0)  # replayed: boot B's first state
    board_a.state("0000000b", 4, undo=1)  # the real board's next state
    events = settle(link, 1.0)
    assert _presses(events) == []
    session = link.sessions["table-a"]
    assert session.boot == "0000000b" and session.last == 4
    board_a.press("0000000b", 5, 2)  # and the real board goes on
    assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [2]


def test_a_press_right_after_a_reboot_is_not_lost(link: MqttLink, board_a: RawBoard) -> None:
    """The board restarts and Undo is pressed before the companion has the
    new boot's state (its hello and state were lost): the press counts."""
    _baseline(link, board_a, "000000a1", undo=2)
    board_a.press("000000b1", 3, 1)  # boot B's first press; its hello/state missed
    assert board_a.commands.get(timeout=5)["t"] == "state"  # the companion asks
    board_a.state("000000b1", 4, undo=1)
    events = collect(link, count(ButtonPressed), timeout=10)
    events += settle(link, 0.5)
    assert _presses(events) == [1]


def test_a_far_future_number_does_not_make_the_companion_ask_forever(
    link: MqttLink, board_a: RawBoard
) -> None:
    _baseline(link, board_a, "000000c1")
    board_a.state_requests()
    board_a.send(t="hb", boot="000000c1", seq=1_000_000_000, up=5)
    time.sleep(0.3)
    board_a.state("000000c1", 3)  # the board answers the one request
    time.sleep(2.0)  # ten resend timeouts
    assert board_a.state_requests() <= 2
    assert not link.sessions["table-a"].pending


def test_held_messages_and_board_sessions_stay_bounded(
    broker: MosquittoBroker, link: MqttLink, board_a: RawBoard
) -> None:
    _baseline(link, board_a, "000000d1")
    for seq in range(4, 4 + 2 * 150, 2):  # every other number missing: all held
        board_a.send(t="hb", boot="000000d1", seq=seq, up=1)
    board_a.send(t="hb", boot="000000d1", seq=400, up=1)
    deadline = time.monotonic() + 10
    while link.stats["messages"] < 152 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert link.stats["messages"] >= 152
    assert len(link.sessions["table-a"].pending) <= MAX_HELD
    # New board ids under the same prefix: at most MAX_BOARDS sessions.
    spoofer = RawBoard(broker, "companion", "x")  # an account that may write every topic
    try:
        for n in range(MAX_BOARDS + 12):
            spoofer.board = f"fake-{n}"
            spoofer.hello("000000e1")
        deadline = time.monotonic() + 10
        while link.stats["too many boards"] < 13 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        spoofer.close()
    assert len(link.sessions) == MAX_BOARDS


def test_a_refused_report_is_an_alert_at_the_table_and_undoes_nothing(
    link: MqttLink, board_a: RawBoard
) -> None:
    from companion.reconcile.reconciler import Reconciler
    from companion.runner import TableRunner
    from companion.session import TableSession
    from engine.amritsar import legal_actions

    session = TableSession.new(["Ana", "Ben"], seed=3)
    for _ in range(3):
        assert session.apply_actions([legal_actions(session.state)[0]], "phone").ok
    steps = len(session.game.entries)
    _baseline(link, board_a, "000000f1")
    runner = TableRunner(session, Reconciler(session), link=link).start()
    try:
        board_a.press("000000f1", 3, 50_000)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and not any(
            a.code == "sensor_report_refused" for a in session.alerts
        ):
            time.sleep(0.05)
    finally:
        runner.stop()
    alert = next(a for a in session.alerts if a.code == "sensor_report_refused")
    assert "50000 presses of Undo" in alert.en and "50000 pulsaciones" in alert.es
    assert len(session.game.entries) == steps  # nothing undone


def test_a_refused_report_reads_in_both_languages() -> None:
    from companion.sensors import describe

    event = ReportRefused(
        board="table-a", boot="000000f2", seq=3, what="Refused.", what_es="Rechazado."
    )
    assert describe(event, "en") == "Refused." and describe(event, "es") == "Rechazado."


def test_a_flood_of_small_steps_cannot_undo_the_game_either(
    link: MqttLink, board_a: RawBoard
) -> None:
    """Each message one press more, 40 of them at once: no more presses are
    applied than a person makes in the same time."""
    from companion.sensors.session import MAX_PRESSES_PER_WINDOW

    _baseline(link, board_a, "000000f3")
    for n in range(1, 41):
        board_a.press("000000f3", 2 + n, n)
    events = collect(link, count(ReportRefused), timeout=10)
    events += settle(link, 1.0)
    assert _presses(events) == list(range(1, MAX_PRESSES_PER_WINDOW + 1))
    assert link.sessions["table-a"].stats["presses too fast"] == 40 - MAX_PRESSES_PER_WINDOW


def test_refusals_reach_the_table_at_most_once_a_minute_per_kind() -> None:
    """A stream of forged jumps is counted, not turned into a wall of alerts."""
    from companion.sensors.protocol import parse_message
    from companion.sensors.session import REFUSAL_REPEAT, BoardSession

    def message(**fields: Any) -> Any:
        body = {"v": 1, "board": "table-a", "boot": "000000f4", **fields}
        return parse_message(json.dumps(body).encode())

    session = BoardSession("table-a", lambda uid: None)
    empty = {"N": [], "E": [], "S": [], "W": []}
    session.receive(message(t="state", seq=2, tags=empty, token=[], faults=[],
                            presses={"done": 0, "undo": 0}), 0.0)  # fmt: skip
    shown = []
    for seq, when in enumerate((1.0, 2.0, 30.0, REFUSAL_REPEAT + 1.5), start=3):
        out = session.receive(message(t="button", seq=seq, button="undo", presses=9999), when)
        shown += [e for e in out.events if isinstance(e, ReportRefused)]
    assert len(shown) == 2 and session.stats["refused"] == 4
