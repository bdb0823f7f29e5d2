"""The real-part fixtures work: broker with credentials and ACL, server, browser."""

from __future__ import annotations

import queue
import urllib.request
from typing import Any

import paho.mqtt.client as mqtt
from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.reasoncodes import ReasonCode

from tests.support.broker import MosquittoBroker


def _client(broker: MosquittoBroker, user: str, password: str, name: str) -> mqtt.Client:
    client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=name, protocol=mqtt.MQTTv5)
    client.username_pw_set(user, password)
    return client


def _connect(client: mqtt.Client, broker: MosquittoBroker) -> ReasonCode:
    """Connect and return the broker's CONNACK reason code."""
    result: queue.Queue[ReasonCode] = queue.Queue()

    def on_connect(c: Any, u: Any, flags: Any, reason: ReasonCode, props: Any) -> None:
        result.put(reason)

    client.on_connect = on_connect
    client.connect(broker.host, broker.port)
    client.loop_start()
    return result.get(timeout=5)


def test_broker_round_trip_with_credentials(mosquitto: MosquittoBroker) -> None:
    received: queue.Queue[tuple[str, bytes]] = queue.Queue()
    subscribed: queue.Queue[list[ReasonCode]] = queue.Queue()
    sub = _client(mosquitto, *mosquitto.credentials("companion"), name="sub")
    sub.on_message = lambda c, u, msg: received.put((msg.topic, msg.payload))
    sub.on_subscribe = lambda c, u, mid, codes, props: subscribed.put(codes)
    pub = _client(mosquitto, *mosquitto.credentials("board"), name="pub")
    try:
        assert not _connect(sub, mosquitto).is_failure
        sub.subscribe("amritsar/board/#", qos=1)
        assert not subscribed.get(timeout=5)[0].is_failure
        assert not _connect(pub, mosquitto).is_failure
        pub.publish("amritsar/board/t1/event", b"hello", qos=1).wait_for_publish(5)
        assert received.get(timeout=5) == ("amritsar/board/t1/event", b"hello")
    finally:
        for client in (sub, pub):
            client.disconnect()
            client.loop_stop()


def test_broker_refuses_wrong_password(mosquitto: MosquittoBroker) -> None:
    client = _client(mosquitto, "companion", "not-the-password", name="intruder")
    try:
        reason = _connect(client, mosquitto)
        assert reason.is_failure
        assert reason.getName() in {"Not authorized", "Bad user name or password"}
    finally:
        client.loop_stop()


def test_broker_acl_refuses_forbidden_publish(mosquitto: MosquittoBroker) -> None:
    """The board may not write into the companion's topics: refused and not delivered."""
    received: queue.Queue[bytes] = queue.Queue()
    acks: queue.Queue[ReasonCode] = queue.Queue()
    subscribed: queue.Queue[list[ReasonCode]] = queue.Queue()
    listener = _client(mosquitto, *mosquitto.credentials("companion"), name="listener")
    listener.on_message = lambda c, u, msg: received.put(msg.payload)
    listener.on_subscribe = lambda c, u, mid, codes, props: subscribed.put(codes)
    board = _client(mosquitto, *mosquitto.credentials("board"), name="rogue-board")
    board.on_publish = lambda c, u, mid, reason, props: acks.put(reason)
    try:
        assert not _connect(listener, mosquitto).is_failure
        listener.subscribe("amritsar/#", qos=1)
        subscribed.get(timeout=5)
        assert not _connect(board, mosquitto).is_failure
        board.publish("amritsar/companion/command", b"forged", qos=1)
        board.publish("amritsar/board/t1/event", b"allowed", qos=1)
        reasons = [acks.get(timeout=5), acks.get(timeout=5)]
        assert reasons[0].getName() == "Not authorized"
        assert not reasons[1].is_failure
        assert received.get(timeout=5) == b"allowed"
        assert received.empty()
    finally:
        for client in (listener, board):
            client.disconnect()
            client.loop_stop()


def test_broker_restarts_on_same_port(mosquitto: MosquittoBroker) -> None:
    port = mosquitto.port
    mosquitto.restart()
    assert mosquitto.running and mosquitto.port == port
    client = _client(mosquitto, *mosquitto.credentials("companion"), name="after-restart")
    try:
        assert not _connect(client, mosquitto).is_failure
    finally:
        client.disconnect()
        client.loop_stop()


def _hello_app() -> FastAPI:
    app = FastAPI()

    @app.get("/", response_class=HTMLResponse)
    def index() -> str:
        return "<html><body><h1 id='greeting'>Sat sri akal, table</h1></body></html>"

    return app


def test_live_server_serves_app(live_server: Any) -> None:
    url = live_server(_hello_app())
    with urllib.request.urlopen(url + "/", timeout=5) as response:
        assert response.status == 200
        assert "Sat sri akal" in response.read().decode()


def test_browser_reads_page_from_live_server(live_server: Any, page: Any) -> None:
    url = live_server(_hello_app())
    page.goto(url + "/")
    assert page.inner_text("#greeting") == "Sat sri akal, table"
