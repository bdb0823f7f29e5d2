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
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.games.amritsar.sensors import ButtonPressed, MqttLink, MqttSettings, ReportRefused
from companion.games.amritsar.sensors.events import BoardButton, BoardState, SensorEvent
from companion.games.amritsar.sensors.link import MAX_BOARDS
from companion.games.amritsar.sensors.session import MAX_HELD
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

    def challenge(self, timeout: float = 10.0) -> str | None:
        """The nonce of the companion's newest ``state`` request (None if it has none);
        waits for one if none is queued."""
        deadline = time.monotonic() + timeout
        asked: dict[str, Any] | None = None
        while asked is None or not self.commands.empty():
            if asked is None:
                command = self.commands.get(timeout=max(0.01, deadline - time.monotonic()))
            else:
                command = self.commands.get_nowait()
            if command["t"] == "state":
                asked = command
        nonce = asked.get("nonce")
        return nonce if isinstance(nonce, str) else None

    def answer(self, boot: str, seq: int, **kw: Any) -> None:
        """Answer the companion's state request as the real board does: echo its challenge."""
        nonce = self.challenge()
        self.state(boot, seq, **({} if nonce is None else {"nonce": nonce}), **kw)

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
    """The board says hello (1) and answers the companion's challenge with its state (2)."""
    board.hello(boot)
    board.answer(boot, 2, undo=undo)
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
    board_a.state("0000000b", 2, undo=0)  # the boot's own state: not believed on its word
    board_a.answer("0000000b", 3, undo=0)  # the answer to the challenge confirms the restart
    board_a.press("0000000b", 4, 1)
    events = collect(link, count(ButtonPressed), timeout=10)
    assert _presses(events) == [1]
    board_a.hello("0000000a", seq=1)  # replayed: boot A's first frame
    board_a.state("0000000b", 2, undo=0)  # replayed: boot B's first state
    board_a.state("0000000b", 5, undo=1)  # the real board's next state
    events = settle(link, 1.0)
    assert _presses(events) == []  # the one real press was applied once
    assert link.sessions["table-a"].stats["old boot"] >= 1


def test_a_full_state_from_a_boot_never_seen_is_refused_not_taken_for_a_reboot(
    link: MqttLink, board_a: RawBoard
) -> None:
    """Item 7: boot B is followed and Undo was pressed once. A hello and a full
    state recorded from a power-up the companion never saw (boot 9, two Undo
    presses) are replayed. Taken for a reboot, they would report two presses
    counted from zero and undo twice. They must be refused with an alert: the
    companion asks the board with a challenge, the real board answers from
    boot B, and boot 9 is never followed."""
    _baseline(link, board_a, "0000000b")
    board_a.press("0000000b", 3, 1)
    assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [1]
    board_a.hello("00000009", seq=1)  # replayed: a boot the companion never saw
    board_a.state("00000009", 2, undo=2)  # replayed: that boot's full state
    events = settle(link, 1.0)
    assert _presses(events) == []  # nothing applied on the frames' word
    board_a.answer("0000000b", 4, undo=1)  # the real board answers the challenge
    events += collect(
        link,
        lambda got: any(isinstance(e, ReportRefused) and "did not restart" in e.what for e in got),
        timeout=10,
    )
    events += settle(link, 0.5)
    assert _presses(events) == []
    # On a slow machine the challenges may go unanswered first ("did not confirm its
    # restart": refused as well); the real board's answer then says it did not restart.
    refused = next(
        e for e in events if isinstance(e, ReportRefused) and "did not restart" in e.what
    )
    assert "no se reinició" in refused.what_es
    session = link.sessions["table-a"]
    assert session.boot == "0000000b" and session.last == 4
    assert session.mirror is not None and session.mirror.presses[BoardButton.UNDO] == 1
    board_a.state("00000009", 2, undo=2)  # replayed again: refused at once
    board_a.press("0000000b", 5, 2)  # and the real board goes on
    events = collect(link, count(ButtonPressed), timeout=10)
    assert _presses(events) == [2]
    assert session.stats["old boot"] >= 1


def test_a_replayed_state_cannot_answer_a_challenge(link: MqttLink, board_a: RawBoard) -> None:
    """A state that once answered a challenge, replayed later, answers nothing:
    each challenge is fresh (from the OS) and is spent by its answer."""
    _baseline(link, board_a, "0000000c")
    board_a.press("0000000c", 3, 1)
    assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [1]
    board_a.hello("0000000d")  # replayed from a boot never seen ...
    old_nonce = board_a.challenge()
    assert old_nonce is not None
    board_a.state("0000000d", 2, undo=3, nonce="0123456789abcdef")  # ... with a made-up answer
    board_a.state("0000000d", 3, undo=3, nonce=old_nonce[::-1])  # ... or a wrong one
    events = settle(link, 1.0)
    assert _presses(events) == []
    assert link.sessions["table-a"].boot == "0000000c"


def test_a_press_right_after_a_reboot_is_not_lost(link: MqttLink, board_a: RawBoard) -> None:
    """The board restarts and Undo is pressed before the companion has the
    new boot's state (its hello and state were lost): the press counts."""
    _baseline(link, board_a, "000000a1", undo=2)
    board_a.state_requests()  # the baseline's requests are spent: answer only the new one
    board_a.press("000000b1", 3, 1)  # boot B's first press; its hello/state missed
    board_a.answer("000000b1", 4, undo=1)  # the companion asks; the board answers
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
    from companion.games.amritsar.reconcile.reconciler import Reconciler
    from companion.games.amritsar.runner import TableRunner
    from companion.games.amritsar.session import TableSession
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
    from companion.games.amritsar.sensors import describe

    event = ReportRefused(
        board="table-a", boot="000000f2", seq=3, what="Refused.", what_es="Rechazado."
    )
    assert describe(event, "en") == "Refused." and describe(event, "es") == "Rechazado."


def test_a_flood_of_small_steps_cannot_undo_the_game_either(
    link: MqttLink, board_a: RawBoard
) -> None:
    """Each message one press more, 40 of them at once: no more presses are
    applied than a person makes in the same time."""
    from companion.games.amritsar.sensors.session import MAX_PRESSES_PER_WINDOW

    _baseline(link, board_a, "000000f3")
    for n in range(1, 41):
        board_a.press("000000f3", 2 + n, n)
    events = collect(link, count(ReportRefused), timeout=10)
    events += settle(link, 1.0)
    assert _presses(events) == list(range(1, MAX_PRESSES_PER_WINDOW + 1))
    assert link.sessions["table-a"].stats["presses too fast"] == 40 - MAX_PRESSES_PER_WINDOW


def test_refusals_reach_the_table_at_most_once_a_minute_per_kind() -> None:
    """A stream of forged jumps is counted, not turned into a wall of alerts."""
    from companion.games.amritsar.sensors.protocol import parse_message
    from companion.games.amritsar.sensors.session import REFUSAL_REPEAT, BoardSession

    def message(**fields: Any) -> Any:
        body = {"v": 1, "board": "table-a", "boot": "000000f4", **fields}
        return parse_message(json.dumps(body).encode())

    session = BoardSession("table-a", lambda uid: None)
    empty = {"N": [], "E": [], "S": [], "W": []}
    asked = session.receive(message(t="hello", seq=1, fw="1.1.0", link="mqtt", readers=[]), 0.0)
    nonce = json.loads(asked.commands[0])["nonce"]
    session.receive(message(t="state", seq=2, tags=empty, token=[], faults=[],
                            presses={"done": 0, "undo": 0}, nonce=nonce), 0.0)  # fmt: skip
    shown = []
    for seq, when in enumerate((1.0, 2.0, 30.0, REFUSAL_REPEAT + 1.5), start=3):
        out = session.receive(message(t="button", seq=seq, button="undo", presses=9999), when)
        shown += [e for e in out.events if isinstance(e, ReportRefused)]
    assert len(shown) == 2 and session.stats["refused"] == 4


def test_the_real_firmware_s_recorded_state_replayed_later_is_refused(
    broker: MosquittoBroker, board_a: RawBoard
) -> None:
    """Item 7 end to end, with the real firmware on the real broker. Someone
    records the board's frames before the companion runs (boot X: two Undo
    presses in its state), the board is power-cycled (boot Y), the companion
    starts and follows Y. Replaying X's hello and full state with the board's
    account must change nothing, and the table hears of it."""
    from companion.games.amritsar.sim.simboard import BoardMqtt, SimulatedBoard

    recorded: queue.Queue[bytes] = queue.Queue()
    spy = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"spy-{time.time_ns()}")
    spy.username_pw_set(*broker.credentials("companion"))
    spy.on_message = lambda c, u, m: recorded.put(m.payload)
    spy.connect(broker.host, broker.port)
    spy.loop_start()
    spy.subscribe("amritsar/board/table-a/event", qos=1)
    time.sleep(0.3)
    user, password = broker.credentials("board-a")
    sim = SimulatedBoard("table-a", mqtt=BoardMqtt(broker.host, broker.port, user, password))
    link: MqttLink | None = None
    try:
        sim.start()
        frames: list[dict[str, Any]] = []

        def recorded_until(done: Callable[[dict[str, Any]], bool]) -> None:
            deadline = time.monotonic() + 30
            while not (frames and done(frames[-1])):
                assert time.monotonic() < deadline, f"not recorded; frames: {frames}"
                frames.append(json.loads(recorded.get(timeout=30)))

        # The first heartbeat: right after it connects the board publishes its
        # retained topics, each waiting for its PUBACK, and a press meanwhile
        # (on a loaded machine) is not sampled.
        recorded_until(lambda f: f["t"] == "hb")
        for presses in (1, 2):
            sim.press("undo", hold_ms=500)  # long: a loaded machine samples slowly
            recorded_until(lambda f: f["t"] == "button" and f["presses"] == presses)  # noqa: B023
            time.sleep(0.6)  # released before the next press
        # A state asked for while recording (as the companion of an earlier game
        # night did): the one to replay, with its two presses.
        spy.publish("amritsar/board/table-a/cmd", b'{"t":"state","v":1}', qos=1)
        recorded_until(lambda f: f["t"] == "state" and f["presses"]["undo"] == 2)
        sim.unplug()  # the recording stops here: boot X
        boot_x = frames[0]["boot"]
        sim.replug()
        settings = MqttSettings(
            host=broker.host, port=broker.port, username="companion",
            password=USERS["companion"], client_id=f"companion-{time.time_ns()}",
        )  # fmt: skip
        link = MqttLink(settings, SimulatedBoard.registry(), resend_timeout=0.2).start()
        link.wait_connected()
        collect(link, count(BoardState), timeout=20)
        sim.press("undo", hold_ms=500)  # boot Y's one press
        assert _presses(collect(link, count(ButtonPressed), timeout=20)) == [1]
        assert link.sessions["table-a"].boot == sim.boot != boot_x
        replay = [f for f in frames if f["t"] in ("hello", "state")]
        assert replay and replay[-1]["presses"]["undo"] == 2
        for frame in replay:
            board_a.client.publish(
                "amritsar/board/table-a/event", json.dumps(frame), qos=1
            ).wait_for_publish(5)
        events = collect(
            link,
            lambda got: any(
                isinstance(e, ReportRefused) and "did not restart" in e.what for e in got
            ),
            timeout=20,
        )
        events += settle(link, 0.5)
        assert _presses(events) == []
        session = link.sessions["table-a"]
        assert session.boot == sim.boot and boot_x in session.retired
        sim.press("undo", hold_ms=500)  # the real board goes on counting
        assert _presses(collect(link, count(ButtonPressed), timeout=20)) == [2]
    finally:
        if link is not None:
            link.close()
        sim.stop()
        spy.disconnect()
        spy.loop_stop()


def test_a_table_that_follows_one_board_refuses_the_others_with_an_alert(
    broker: MosquittoBroker, link: MqttLink, board_a: RawBoard
) -> None:
    """``companion run --board table-a``: board B, on its own topics with its
    own account (a neighbour table's board on the same broker), is refused
    and the table hears of it; board A is followed."""
    link.accept_board = "table-a"
    other = RawBoard(broker, "board-b", "table-b")
    try:
        other.hello("0000b001")
        other.press("0000b001", 2, 1)
        events = collect(link, count(ReportRefused), timeout=10)
        events += settle(link, 0.5)
    finally:
        other.close()
    refused = [e for e in events if isinstance(e, ReportRefused)]
    assert len(refused) == 1 and refused[0].board == "table-b"
    assert "follows only table-a" in refused[0].what and "table-a" in refused[0].what_es
    assert "table-b" not in link.sessions and link.stats["other board"] == 2
    _baseline(link, board_a, "0000a001")
    board_a.press("0000a001", 3, 1)
    assert _presses(collect(link, count(ButtonPressed), timeout=10)) == [1]
