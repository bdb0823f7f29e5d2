"""MQTT over TLS: the companion's link verifies the broker against a CA file.

The test makes a throw-away CA and a server certificate for 127.0.0.1 with
Debian's ``openssl`` and starts the Mosquitto fixture's broker with a TLS
listener. A board (here a plain paho client with the board's account, since
the simulated board's CPython socket shim has no TLS) publishes protocol
messages; the link must deliver them, and must not connect to a broker whose
certificate its CA did not sign.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import paho.mqtt.client as mqtt
import pytest
from paho.mqtt.enums import CallbackAPIVersion

from companion.games.amritsar.sensors.events import ElephantArrived
from companion.games.amritsar.sensors.link import LinkRefused
from companion.games.amritsar.sensors.mqtt_link import MqttLink, MqttSettings, TlsOptions
from companion.games.amritsar.sensors.protocol import encode_json
from companion.games.amritsar.sim.simboard import SimulatedBoard
from tests.sensors.helpers import BoardState, collect, count
from tests.support.broker import MosquittoBroker
from tests.support.realparts import require_executable

EC_KEY = ["-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"]


def _openssl(*args: str) -> None:
    openssl = require_executable("openssl", "openssl (Debian: openssl)")
    subprocess.run([openssl, *args], check=True, capture_output=True)


def _make_ca(folder: Path, name: str) -> tuple[Path, Path]:
    key, cert = folder / f"{name}.key", folder / f"{name}.crt"
    _openssl(
        "req",
        "-x509",
        *EC_KEY,
        "-keyout",
        str(key),
        "-out",
        str(cert),
        "-days",
        "2",
        "-subj",
        f"/CN={name}",
    )
    return key, cert


def _make_server_cert(folder: Path, ca_key: Path, ca_cert: Path) -> tuple[Path, Path]:
    key, csr, cert = folder / "server.key", folder / "server.csr", folder / "server.crt"
    ext = folder / "san.cnf"
    ext.write_text("subjectAltName=IP:127.0.0.1\n")
    _openssl("req", *EC_KEY, "-keyout", str(key), "-out", str(csr), "-subj", "/CN=127.0.0.1")
    _openssl(
        "x509",
        "-req",
        "-in",
        str(csr),
        "-CA",
        str(ca_cert),
        "-CAkey",
        str(ca_key),
        "-CAcreateserial",
        "-out",
        str(cert),
        "-days",
        "2",
        "-extfile",
        str(ext),
    )
    return key, cert


class TlsBroker(MosquittoBroker):
    """The fixture's broker with its one listener speaking TLS."""

    tls_lines: str = ""

    def write_config(self) -> Path:
        config = super().write_config()
        config.write_text(config.read_text() + self.tls_lines)
        return config


@pytest.fixture
def tls(tmp_path: Path) -> Iterator[tuple[TlsBroker, Path, Path]]:
    ca_key, ca_cert = _make_ca(tmp_path, "table-ca")
    _, stranger_cert = _make_ca(tmp_path, "stranger-ca")
    key, cert = _make_server_cert(tmp_path, ca_key, ca_cert)
    broker = TlsBroker(workdir=tmp_path / "mosquitto")
    broker.tls_lines = f"cafile {ca_cert}\ncertfile {cert}\nkeyfile {key}\n"
    broker.start()
    try:
        yield broker, ca_cert, stranger_cert
    finally:
        broker.stop()


def _settings(broker: MosquittoBroker, ca: Path) -> MqttSettings:
    return MqttSettings(
        host=broker.host,
        port=broker.port,
        username="companion",
        password=broker.users["companion"],
        tls=TlsOptions(ca_certs=str(ca)),
        client_id=f"tls-{time.monotonic_ns()}",
    )


def test_link_over_tls_delivers_events(tls: tuple[TlsBroker, Path, Path]) -> None:
    broker, ca, _ = tls
    link = MqttLink(_settings(broker, ca), SimulatedBoard.registry()).start()
    board = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="tls-board")
    board.username_pw_set(*broker.credentials("board"))
    board.tls_set(ca_certs=str(ca))
    commands: queue.Queue[dict[str, object]] = queue.Queue()
    board.on_message = lambda c, u, m: commands.put(json.loads(m.payload))
    subscribed = threading.Event()
    board.on_subscribe = lambda *args: subscribed.set()
    try:
        link.wait_connected()
        board.connect(broker.host, broker.port)
        board.loop_start()
        board.subscribe("amritsar/board/table-9/cmd", qos=1)
        assert subscribed.wait(10)

        def publish(message: dict[str, object]) -> None:
            info = board.publish("amritsar/board/table-9/event", encode_json(message), qos=1)
            info.wait_for_publish(5)

        head = {"v": 1, "board": "table-9", "boot": "0badcafe"}
        publish({**head, "seq": 1, "t": "hello", "fw": "1.1.0", "link": "mqtt", "readers": ["N"]})
        asked = commands.get(timeout=10)  # the companion's challenge, over TLS too
        assert asked["t"] == "state" and isinstance(asked["nonce"], str)
        publish(
            {
                **head,
                "seq": 2,
                "t": "state",
                "tags": {"N": [], "E": [], "S": [], "W": []},
                "token": [],
                "presses": {"done": 0, "undo": 0},
                "faults": [],
                "nonce": asked["nonce"],
            }
        )
        publish({**head, "seq": 3, "t": "arrive", "district": "S", "uid": "04A1B2C3D4E504"})
        events = collect(link, count(ElephantArrived))
        assert any(isinstance(e, BoardState) for e in events)
        arrived = [e for e in events if isinstance(e, ElephantArrived)]
        assert [(e.board, e.colour) for e in arrived] == [("table-9", "orange")]
    finally:
        board.disconnect()
        board.loop_stop()
        link.close()


def test_link_refuses_a_broker_its_ca_did_not_sign(tls: tuple[TlsBroker, Path, Path]) -> None:
    broker, _, stranger = tls
    link = MqttLink(_settings(broker, stranger)).start()
    try:
        with pytest.raises(LinkRefused, match="failed the TLS check") as caught:
            link.wait_connected(timeout=10)
        assert "certificate" in str(caught.value)
        assert link.connections == 0
    finally:
        link.close()
