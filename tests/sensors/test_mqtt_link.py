"""MQTT end to end: simulated board (real firmware, vendored umqtt.simple) and the
companion's ``MqttLink`` against the real Mosquitto fixture (password file + ACL)."""

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

from companion.games.amritsar.sensors.events import BoardOnline, SensorEvent
from companion.games.amritsar.sensors.link import LinkRefused
from companion.games.amritsar.sensors.mqtt_link import MqttLink, MqttSettings
from companion.games.amritsar.sim.simboard import BoardMqtt, SimulatedBoard
from tests.sensors.helpers import (
    BoardOffline,
    BoardState,
    changes,
    collect,
    count,
    n_changes,
    settle,
)
from tests.support.broker import DEFAULT_ACL, MosquittoBroker

#: Seconds a step may take on a machine with a load average of 30: generous,
#: since every wait below ends as soon as its condition holds.
LOADED = 60.0


def _settings(broker: MosquittoBroker, user: str = "companion", **kw: Any) -> MqttSettings:
    password = kw.pop("password", broker.users.get(user, ""))
    return MqttSettings(
        host=broker.host,
        port=broker.port,
        username=user,
        password=password,
        client_id=f"test-{user}-{time.monotonic_ns()}",
        **kw,
    )


@pytest.fixture
def ha_broker(tmp_path: Path) -> Iterator[MosquittoBroker]:
    """The default broker, but the companion may also read Home Assistant's topics."""
    acl = DEFAULT_ACL.replace(
        "topic readwrite amritsar/#\n",
        "topic readwrite amritsar/#\ntopic read homeassistant/#\n",
        1,
    )
    broker = MosquittoBroker(workdir=tmp_path / "ha-mosquitto", acl=acl)
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


@pytest.fixture
def board(mosquitto: MosquittoBroker) -> Iterator[SimulatedBoard]:
    user, password = mosquitto.credentials("board")
    sim = SimulatedBoard(
        "table-1",
        mqtt=BoardMqtt(mosquitto.host, mosquitto.port, user, password, ha_discovery=True),
        seed=21,
    )
    try:
        yield sim
    finally:
        sim.stop()
        sim.check()


def _changes_and_online(n: int) -> Callable[[list[SensorEvent]], bool]:
    """``n`` table changes seen, and the board back online after its last absence."""

    def done(events: list[SensorEvent]) -> bool:
        status = [e for e in events if isinstance(e, BoardOnline | BoardOffline)]
        return len(changes(events)) >= n and bool(status) and isinstance(status[-1], BoardOnline)

    return done


def _raw_client(broker: MosquittoBroker, user: str) -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=f"raw-{user}-{time.monotonic_ns()}")
    client.username_pw_set(*broker.credentials(user))
    client.connect(broker.host, broker.port)
    client.loop_start()
    return client


def test_broker_restarts_mid_stream_lose_and_double_nothing(
    mosquitto: MosquittoBroker, board: SimulatedBoard
) -> None:
    board.start()
    link = MqttLink(_settings(mosquitto), board.registry()).start()
    try:
        link.wait_connected(timeout=30)
        events = collect(link, count(BoardState), timeout=LOADED)
        board.place_elephant("N", "purple")
        collect(link, n_changes(1), into=events, timeout=LOADED)

        for round_ in range(2):
            offline_so_far = sum(isinstance(e, BoardOffline) for e in events)
            mosquitto.stop()
            collect(link, count(BoardOffline, offline_so_far + 1), into=events, timeout=LOADED)
            # The table keeps moving while the broker is away.
            if round_ == 0:
                board.place_elephant("E", "grey")
            else:
                board.remove_elephant("grey")
            assert board.sensed()  # the board has the move before the press (no fixed sleep)
            board.press("done")  # returns once the firmware has counted it
            mosquitto.start()
            board.move_maharajah("NE" if round_ == 0 else "ES")
            collect(link, _changes_and_online(4 * (round_ + 1)), into=events, timeout=LOADED)
        events += settle(link, 0.5)
        assert changes(events) == [
            ("ElephantArrived", "N", "purple"),
            ("ElephantArrived", "E", "grey"),
            ("ButtonPressed", "done"),
            ("MaharajahPlaced", "NE"),
            ("ElephantLeft", "E", "grey"),
            ("ButtonPressed", "done"),
            ("MaharajahLifted", "NE"),
            ("MaharajahPlaced", "ES"),
        ]
        assert not any(e.resync for e in events)  # all came as themselves, none by diff
        offline = [e for e in events if isinstance(e, BoardOffline)]
        assert len(offline) >= 2
        assert link.connections == 3
    finally:
        link.close()


def test_a_repeated_delivery_is_dropped(mosquitto: MosquittoBroker, board: SimulatedBoard) -> None:
    board.start()
    link = MqttLink(_settings(mosquitto), board.registry()).start()
    spy_queue: queue.Queue[bytes] = queue.Queue()
    spy = _raw_client(mosquitto, "companion")
    spy.on_message = lambda c, u, m: spy_queue.put(m.payload)
    spy.subscribe("amritsar/board/table-1/event", qos=1)
    forger = _raw_client(mosquitto, "board")
    try:
        link.wait_connected()
        events = collect(link, count(BoardState))
        board.place_elephant("S", "pink")
        collect(link, n_changes(1), into=events)
        arrive = next(
            p
            for p in iter(lambda: spy_queue.get(timeout=5), None)
            if json.loads(p)["t"] == "arrive"
        )
        # At-least-once: the same message delivered again, as after a lost PUBACK.
        forger.publish("amritsar/board/table-1/event", arrive, qos=1).wait_for_publish(5)
        forger.publish("amritsar/board/table-1/event", arrive, qos=1).wait_for_publish(5)
        events += settle(link, 0.6)
        assert changes(events) == [("ElephantArrived", "S", "pink")]
        assert link.sessions["table-1"].stats["duplicates"] >= 2
    finally:
        for client in (spy, forger):
            client.disconnect()
            client.loop_stop()
        link.close()


def test_wrong_password_stops_with_a_clear_message(mosquitto: MosquittoBroker) -> None:
    link = MqttLink(_settings(mosquitto, password="not-the-password")).start()
    try:
        with pytest.raises(LinkRefused) as caught:
            link.wait_connected(timeout=10)
        text = str(caught.value)
        assert "refused user 'companion'" in text
        assert "bad user name or password" in text or "not authorized" in text
        assert "rechazó" in caught.value.message_es
        with pytest.raises(LinkRefused):
            link.get(timeout=0.1)
        time.sleep(2.5)  # paho would retry after 1 s if the link had not stopped it
        log = mosquitto.log_path.read_text()
        assert log.count("not authorised") == 1, log  # one attempt, no retry
    finally:
        link.close()


def test_acl_forbidden_command_is_refused(mosquitto: MosquittoBroker) -> None:
    link = MqttLink(_settings(mosquitto, user="spectator")).start()
    try:
        link.wait_connected()
        link.request_state("table-1")
        with pytest.raises(LinkRefused, match="refused a command on amritsar/board/table-1/cmd"):
            collect(link, lambda events: False, timeout=5)
    finally:
        link.close()


def test_board_publishes_status_retained_state_and_discovery(ha_broker: MosquittoBroker) -> None:
    mosquitto = ha_broker
    user, password = mosquitto.credentials("board")
    board = SimulatedBoard(
        "table-1",
        mqtt=BoardMqtt(mosquitto.host, mosquitto.port, user, password, ha_discovery=True),
        seed=22,
    ).start()
    link = MqttLink(_settings(mosquitto), board.registry()).start()
    seen: dict[str, bytes] = {}
    watcher = _raw_client(mosquitto, "companion")
    try:
        link.wait_connected()
        collect(link, count(BoardState))
        board.place_elephant("N", "purple")
        board.move_maharajah("WN")
        collect(link, n_changes(2))
        time.sleep(0.3)
        watcher.on_message = lambda c, u, m: seen.__setitem__(m.topic, m.payload)
        watcher.subscribe([("amritsar/board/table-1/#", 1), ("homeassistant/#", 1)])
        base = "amritsar/board/table-1/"
        discovery = "homeassistant/binary_sensor/amritsar_table_1/space_WN/config"
        wanted = {base + "status", base + "state/reader/N", base + "state/space/WN"}
        wanted |= {base + "state/space/NE", discovery}
        # Wait for the topics asserted on, not a count of retained messages: the
        # broker delivers them in its own order, and under load the discovery
        # config may come after twenty others.
        deadline = time.monotonic() + 15
        while not wanted <= seen.keys() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert seen[base + "status"] == b"online"
        assert json.loads(seen[base + "state/reader/N"]) == ["04A1B2C3D4E501"]
        assert seen[base + "state/space/WN"] == b"on" and seen[base + "state/space/NE"] == b"off"
        config = json.loads(seen[discovery])
        assert config["state_topic"] == base + "state/space/WN"
        assert config["availability_topic"] == base + "status"

        board.unplug()  # power loss: no goodbye; the broker publishes the last will
        offline = collect(link, count(BoardOffline), timeout=30)
        assert "left the network" in next(e for e in offline if isinstance(e, BoardOffline)).reason
    finally:
        board.stop()
        watcher.disconnect()
        watcher.loop_stop()
        link.close()
