"""The MQTT link to sensor boards on the table's Wi-Fi (paho-mqtt 2.x, MQTT 5).

Topic convention (``<p>`` = prefix, ``amritsar`` by default; full text in
``firmware/PROTOCOL.md``):

- ``<p>/board/<id>/event``   board -> companion, every protocol message, QoS 1
- ``<p>/board/<id>/status``  ``online``/``offline``, retained, board's last will
- ``<p>/board/<id>/state/#`` retained per-sensor state (dashboards, Home Assistant)
- ``<p>/board/<id>/cmd``     companion -> board commands, QoS 1
- ``<p>/companion/<client>/status`` the companion's own ``online``/``offline``
  (retained, its last will)

QoS 1 is at least once: a message may come twice (after a reconnect, or the
board resending it when a PUBACK was lost). The board session drops repeats
by board id, boot id and sequence number, and asks for what is missing.

The companion keeps a persistent MQTT session (clean start off, session
expiry 5 minutes), so a short drop of its own connection loses nothing at the
broker; paho reconnects with back-off and the link subscribes again on every
connect. What the link will not do is retry for ever a broker that refuses
its password, or an ACL that forbids its topics: it stops with ``LinkRefused``
saying which and what to check.
"""

from __future__ import annotations

import socket
import ssl
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from paho.mqtt.packettypes import PacketTypes
from paho.mqtt.properties import Properties
from paho.mqtt.reasoncodes import ReasonCode

from companion.games.amritsar.sensors.elephants import ElephantRegistry
from companion.games.amritsar.sensors.link import LinkRefused, SensorLink
from companion.games.amritsar.sensors.protocol import command

#: CONNACK reason codes after which retrying cannot help (MQTT 5, 3.2.2.2).
FATAL_CONNACK = {
    0x84: "the broker does not speak MQTT 5",
    0x85: "the broker rejected the client id",
    0x86: "bad user name or password",
    0x87: "not authorized",
    0x8A: "this client is banned",
    0x8C: "bad authentication method",
}


@dataclass(frozen=True)
class TlsOptions:
    """TLS towards the broker. ``ca_certs=None`` trusts the system's certificates."""

    ca_certs: str | None = None
    certfile: str | None = None
    keyfile: str | None = None
    insecure: bool = False  # skip the host name check (self-signed test brokers only)


@dataclass(frozen=True)
class MqttSettings:
    host: str = "localhost"
    port: int = 1883
    username: str | None = None
    password: str | None = None
    tls: TlsOptions | None = None
    prefix: str = "amritsar"
    board: str = "+"  # one board id, or + for every board under the prefix
    client_id: str | None = None
    keepalive: int = 30
    session_expiry: int = 300

    def topic(self, board: str, leaf: str) -> str:
        return f"{self.prefix}/board/{board}/{leaf}"

    @property
    def companion_status(self) -> str:
        return f"{self.prefix}/companion/{self.resolved_client_id}/status"

    @property
    def resolved_client_id(self) -> str:
        return self.client_id or f"amritsar-companion-{socket.gethostname()}"


def tls_problem(settings: MqttSettings) -> str | None:
    """Why the broker's certificate is refused, or None (no TLS fault found)."""
    tls = settings.tls
    if tls is None:
        return None
    context = ssl.create_default_context(cafile=tls.ca_certs)
    if tls.certfile:
        context.load_cert_chain(tls.certfile, tls.keyfile)
    if tls.insecure:
        context.check_hostname = False
    try:
        with (
            socket.create_connection((settings.host, settings.port), timeout=3) as raw,
            context.wrap_socket(raw, server_hostname=settings.host),
        ):
            return None
    except ssl.SSLCertVerificationError as error:
        return str(error.verify_message)
    except (OSError, ssl.SSLError):
        return None  # unreachable or busy: worth retrying


class MqttLink(SensorLink):
    """Events from every board under ``settings.prefix`` (or just ``settings.board``)."""

    def __init__(
        self,
        settings: MqttSettings,
        registry: ElephantRegistry | Path | None = None,
        *,
        resend_timeout: float = 1.0,
        silence_timeout: float = 6.0,
    ) -> None:
        super().__init__(registry, resend_timeout=resend_timeout, silence_timeout=silence_timeout)
        self.settings = settings
        self.connected = threading.Event()
        self.connections = 0
        self._client: mqtt.Client | None = None
        self._pending_publish: dict[int, str] = {}
        self._ticker: threading.Thread | None = None

    # ------------------------------------------------------------------ lifecycle
    def start(self) -> MqttLink:
        if self._client is not None:
            return self
        s = self.settings
        client = mqtt.Client(
            CallbackAPIVersion.VERSION2,
            client_id=s.resolved_client_id,
            protocol=mqtt.MQTTv5,
        )
        if s.username is not None:
            client.username_pw_set(s.username, s.password)
        if s.tls is not None:
            client.tls_set(
                ca_certs=s.tls.ca_certs,
                certfile=s.tls.certfile,
                keyfile=s.tls.keyfile,
                cert_reqs=ssl.CERT_REQUIRED,
            )
            client.tls_insecure_set(s.tls.insecure)
        client.will_set(s.companion_status, b"offline", qos=1, retain=True)
        client.reconnect_delay_set(min_delay=1, max_delay=5)
        client.on_connect = self._on_connect
        client.on_disconnect = self._on_disconnect
        client.on_message = self._on_message
        client.on_subscribe = self._on_subscribe
        client.on_publish = self._on_publish
        client.on_connect_fail = self._on_connect_fail
        props = Properties(PacketTypes.CONNECT)  # type: ignore[no-untyped-call]
        props.SessionExpiryInterval = s.session_expiry
        client.connect_async(
            s.host, s.port, keepalive=s.keepalive, clean_start=False, properties=props
        )
        self._client = client
        client.loop_start()
        self._ticker = threading.Thread(
            target=self._tick_loop, name="sensor-mqtt-tick", daemon=True
        )
        self._ticker.start()
        return self

    def wait_connected(self, timeout: float = 10.0) -> None:
        """Block until subscribed; raises ``LinkRefused`` or ``TimeoutError``."""
        deadline = time.monotonic() + timeout
        while not self.connected.wait(0.05):
            if self.failure is not None:
                raise self.failure
            if time.monotonic() > deadline:
                s = self.settings
                raise TimeoutError(f"no MQTT connection to {s.host}:{s.port} after {timeout} s")

    def close(self) -> None:
        super().close()
        client, self._client = self._client, None
        if client is not None:
            if self.connected.is_set():
                info = client.publish(
                    self.settings.companion_status, b"offline", qos=1, retain=True
                )
                info.wait_for_publish(timeout=2)
            client.disconnect()
            client.loop_stop()
        if self._ticker is not None:
            self._ticker.join(timeout=2)
            self._ticker = None
        self.connected.clear()

    def _tick_loop(self) -> None:
        while not self._closing.wait(0.1):
            if self.connected.is_set():
                self._tick(time.monotonic())

    # ------------------------------------------------------------------ paho callbacks
    def _on_connect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: ReasonCode, props: Any
    ) -> None:
        s = self.settings
        if reason.is_failure:
            why = FATAL_CONNACK.get(reason.value)
            if why is None:
                self.last_error = f"broker at {s.host}:{s.port} refused: {reason.getName()}"
                return  # e.g. server busy: paho tries again
            user = s.username or "(no user name)"
            self._fail(
                LinkRefused(
                    f"The MQTT broker at {s.host}:{s.port} refused user '{user}': {why}. "
                    "Check the user name and password in the companion's settings.",
                    f"El bróker MQTT en {s.host}:{s.port} rechazó al usuario '{user}' "
                    f"({reason.getName()}). Revise el usuario y la contraseña en los ajustes.",
                )
            )
            client.disconnect()
            return
        self.connections += 1
        client.subscribe(
            [(s.topic(s.board, "event"), 1), (s.topic(s.board, "status"), 1)],
        )
        client.publish(s.companion_status, b"online", qos=1, retain=True)

    def _on_connect_fail(self, client: mqtt.Client, userdata: Any) -> None:
        s = self.settings
        self.last_error = f"cannot connect to the MQTT broker at {s.host}:{s.port}"
        problem = tls_problem(s) if s.tls is not None else None
        if problem is not None:  # a certificate will not fix itself: stop
            self._fail(
                LinkRefused(
                    f"The MQTT broker at {s.host}:{s.port} failed the TLS check: {problem}. "
                    "Check the CA certificate file in the companion's settings.",
                    f"El bróker MQTT en {s.host}:{s.port} no pasó la comprobación TLS: "
                    f"{problem}. Revise el certificado de la autoridad (CA) en los ajustes.",
                )
            )
            client.disconnect()

    def _on_subscribe(
        self, client: mqtt.Client, userdata: Any, mid: int, reasons: list[ReasonCode], props: Any
    ) -> None:
        s = self.settings
        for topic, reason in zip(("event", "status"), reasons, strict=False):
            if reason.is_failure:
                name = s.topic(s.board, topic)
                self._fail(
                    LinkRefused(
                        f"The MQTT broker refused to let user '{s.username}' read {name} "
                        f"({reason.getName()}): its ACL must allow reading {s.prefix}/board/#.",
                        f"El bróker MQTT no deja leer {name} al usuario '{s.username}' "
                        f"({reason.getName()}): su ACL debe permitir leer {s.prefix}/board/#.",
                    )
                )
                client.disconnect()
                return
        self.connected.set()
        with self._lock:
            boards = [name for name, session in self.sessions.items() if not session.online]
        for board in boards:  # after our own reconnect: is it there, did we miss anything?
            self._send_command(board, command("hello"))

    def _on_publish(
        self, client: mqtt.Client, userdata: Any, mid: int, reason: ReasonCode, props: Any
    ) -> None:
        topic = self._pending_publish.pop(mid, None)
        if topic is not None and reason.is_failure:
            s = self.settings
            self._fail(
                LinkRefused(
                    f"The MQTT broker refused a command on {topic} from user '{s.username}' "
                    f"({reason.getName()}): its ACL must allow writing {s.prefix}/board/+/cmd.",
                    f"El bróker MQTT rechazó una orden en {topic} del usuario '{s.username}' "
                    f"({reason.getName()}): su ACL debe permitir escribir {s.prefix}/board/+/cmd.",
                )
            )
            client.disconnect()

    def _on_disconnect(
        self, client: mqtt.Client, userdata: Any, flags: Any, reason: ReasonCode, props: Any
    ) -> None:
        self.connected.clear()
        if self._closing.is_set():
            return
        self.last_error = f"lost the MQTT broker: {reason.getName()}"
        with self._lock:
            boards = list(self.sessions)
        for board in boards:
            self._board_lost(board, "broker")

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        parts = message.topic.split("/")
        if len(parts) < 4:
            return
        board, leaf = parts[-2], parts[-1]
        if leaf == "event":  # the topic (vouched for by the ACL) decides the board
            self._handle_payload(bytes(message.payload), time.monotonic(), topic_board=board)
        elif leaf == "status" and message.payload == b"offline":
            self._board_lost(board, "offline")

    # ------------------------------------------------------------------ commands
    def _send_command(self, board: str, payload: bytes) -> None:
        client = self._client
        if client is None or not self.connected.is_set():
            return
        topic = self.settings.topic(board, "cmd")
        info = client.publish(topic, payload, qos=1)
        self._pending_publish[info.mid] = topic
        self.stats["commands"] += 1
