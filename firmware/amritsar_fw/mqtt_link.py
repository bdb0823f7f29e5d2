"""The Wi-Fi MQTT link of the board, on micropython-lib's ``umqtt.simple``.

Topics (``<p>`` is the prefix, ``amritsar`` by default; ``<id>`` the board id;
the full convention is in ``firmware/PROTOCOL.md``):

- ``<p>/board/<id>/status``: ``online`` / ``offline``, retained; ``offline``
  is also the last will, so the broker says it when the board vanishes;
- ``<p>/board/<id>/event``: every protocol message at QoS 1, with its
  sequence number (the companion drops repeats by board, boot and sequence);
- ``<p>/board/<id>/state/...``: retained per-sensor state for dashboards;
- ``<p>/board/<id>/cmd``: commands from the companion (QoS 1);
- ``homeassistant/...``: optional Home Assistant discovery.

Nothing is lost while the broker is away: messages wait in an outbox (bounded;
past the bound the oldest go and the companion resynchronises from a full
state) and leave in order once the board is connected again. Each leaves the
outbox only after the broker's PUBACK, so a cut mid-publish sends it again:
at least once, never zero times. Reconnection backs off from 0.5 s to 8 s; a
refused password backs off to a minute, since retrying harder cannot help.

A broker that is unreachable or stops answering never stalls the scan loop
for long: every socket the client makes gets a ``SOCKET_TIMEOUT_S`` timeout
(umqtt.simple sets none, and after each message it puts its socket back to
blocking, which ``TimedClient`` undoes), so a connect or a QoS 1 publish
waiting for its PUBACK fails with ``OSError`` and the link reconnects later;
at most ``PUBLISH_BATCH`` messages leave per loop step. The broker's name is
looked up with a bounded wait too (``amritsar_fw.resolve``: at most
``DNS_TIMEOUT_S`` x ``DNS_TRIES``), and its address kept until a connection
to it fails.
"""

import umqtt.simple as _umqtt_simple
from umqtt.simple import MQTTClient, MQTTException

from amritsar_fw.messages import BUTTONS, DISTRICTS, SPACES, dumps
from amritsar_fw.resolve import Resolver

OUTBOX_LIMIT = 200
BACKOFF_MIN_MS = 500
BACKOFF_MAX_MS = 8000
REFUSED_BACKOFF_MS = 60000
#: CONNACK return codes of MQTT 3.1.1 that mean "your credentials are wrong".
AUTH_REFUSED = (4, 5)
#: Longest wait, in seconds, for the broker on any one socket operation.
SOCKET_TIMEOUT_S = 2
#: Messages sent per loop step, so a long outbox does not hold up the scanning.
PUBLISH_BATCH = 16


def _bound(sock):
    """Give ``sock`` the timeout; a socket that cannot take one is left as it is."""
    try:
        sock.settimeout(SOCKET_TIMEOUT_S)
    except (AttributeError, OSError):
        return sock  # MicroPython has no contextlib; such a socket keeps its own mode
    return sock


class _TimedSockets:
    """umqtt.simple's ``socket`` module, making sockets that give up after the timeout."""

    def __init__(self, module):
        self.module = module
        self.resolver = Resolver(module)

    def getaddrinfo(self, *args):
        return self.resolver.getaddrinfo(*args)

    def socket(self, *args):
        return _bound(self.module.socket(*args))


if not isinstance(_umqtt_simple.socket, _TimedSockets):
    _umqtt_simple.socket = _TimedSockets(_umqtt_simple.socket)


class TimedClient(MQTTClient):
    """``MQTTClient`` whose socket keeps its timeout after each message it reads."""

    def wait_msg(self):
        try:
            return MQTTClient.wait_msg(self)
        finally:
            if self.sock is not None:
                _bound(self.sock)


class MqttLink:
    name = "mqtt"

    def __init__(
        self,
        hw,
        board_id,
        server,
        port=1883,
        user=None,
        password=None,
        prefix="amritsar",
        keepalive=30,
        ssl=None,
        ha_discovery=False,
        client_id=None,
    ):
        self.hw = hw
        self.board_id = board_id
        self.server = server
        self.port = port
        self.user = user
        self.password = password
        self.keepalive = keepalive
        self.ssl = ssl
        self.ha_discovery = ha_discovery
        self.client_id = client_id or "amritsar-board-" + board_id
        base = prefix + "/board/" + board_id
        self.t_status = base + "/status"
        self.t_event = base + "/event"
        self.t_state = base + "/state/"
        self.t_cmd = base + "/cmd"
        self.client = None
        self._up = False
        self.outbox = []
        self.inbox = []
        self.dropped = 0
        self.refused = None
        self.last_error = None
        self.connects = 0
        self._backoff = BACKOFF_MIN_MS
        self._next_try = hw.ticks_ms()
        self._next_ping = 0
        self._state_dirty = True
        self._published = {}

    def connected(self):
        return self._up

    # -- board side
    def send(self, payload, message):
        self.outbox.append(payload)
        if len(self.outbox) > OUTBOX_LIMIT:
            self.outbox.pop(0)
            self.dropped += 1
        if message is not None and message["t"] != "hb":
            self._state_dirty = True

    def poll(self):
        if self._up:
            try:
                for _ in range(8):
                    if self.client.check_msg() is None:
                        break
            except Exception as e:  # any socket trouble means "reconnect"
                self._lost(e)
        got = self.inbox
        self.inbox = []
        return got

    def _on_message(self, topic, msg):
        self.inbox.append(bytes(msg))

    def service(self, board):
        now = self.hw.ticks_ms()
        if not self._up:
            if self.hw.ticks_diff(now, self._next_try) >= 0:
                self._connect(board)
            return
        try:
            for _ in range(PUBLISH_BATCH):
                if not self.outbox:
                    break
                self.client.publish(self.t_event, self.outbox[0], False, 1)
                self.outbox.pop(0)
            if self._state_dirty:
                self._publish_state(board.snapshot())
                self._state_dirty = False
            if self.hw.ticks_diff(now, self._next_ping) >= 0:
                # Keeps the connection alive and mends a stale retained "offline"
                # (a last will the broker fired late, after our reconnect).
                self.client.publish(self.t_status, b"online", True, 1)
                self._next_ping = now + self.keepalive * 500
        except Exception as e:  # socket errors, and umqtt asserts on garbled replies
            self._lost(e)

    # -- connection
    def _connect(self, board):
        network_up = getattr(self.hw, "network_up", None)
        if network_up is not None and not network_up():
            self.last_error = "Wi-Fi not connected"
            self._retry_in(BACKOFF_MIN_MS)
            return
        sockets = _umqtt_simple.socket
        sockets.resolver.hw = self.hw
        dns_server = getattr(self.hw, "dns_server", None)
        sockets.resolver.server = dns_server() if dns_server is not None else None
        client = TimedClient(
            self.client_id,
            self.server,
            self.port,
            self.user,
            self.password,
            self.keepalive,
            self.ssl,
        )
        client.set_callback(self._on_message)
        client.set_last_will(self.t_status, b"offline", True, 1)
        feed = getattr(self.hw, "feed", None)
        try:
            client.connect(True)
            if feed is not None:
                feed()  # a slow TLS handshake must not look like a hung board
            client.publish(self.t_status, b"online", True, 1)
            client.subscribe(self.t_cmd, 1)
            if self.ha_discovery:
                self._publish_discovery(client)
        except MQTTException as e:
            code = e.args[0] if e.args else None
            self._close(client)
            self.last_error = "broker refused the connection (code %r)" % (code,)
            if code in AUTH_REFUSED:
                self.refused = code
                self._retry_in(REFUSED_BACKOFF_MS)
            else:
                self._retry_in(self._grow_backoff())
            return
        except Exception as e:  # no network, no name, refused, reset
            self._close(client)
            sockets.resolver.forget(self.server)  # look the name up again next time
            self.last_error = "cannot reach the broker: %r" % (e,)
            self._retry_in(self._grow_backoff())
            return
        self.client = client
        self._up = True
        self.refused = None
        self.connects += 1
        self._backoff = BACKOFF_MIN_MS
        self._published = {}
        self._state_dirty = True
        self._next_ping = self.hw.ticks_ms() + self.keepalive * 500
        if self.connects > 1:
            board.on_link_up()  # the first time, the boot's hello and state are queued already

    def _grow_backoff(self):
        delay = self._backoff
        self._backoff = min(self._backoff * 2, BACKOFF_MAX_MS)
        return delay

    def _retry_in(self, ms):
        self._next_try = self.hw.ticks_ms() + ms

    def _close(self, client):
        try:
            if client.sock is not None:
                client.sock.close()
        except Exception:  # closing a dead socket
            pass

    def _lost(self, error):
        self.last_error = "connection lost: %r" % (error,)
        self._up = False
        if self.client is not None:
            self._close(self.client)
        self.client = None
        self._retry_in(self._grow_backoff())

    # -- retained state and discovery
    def _put(self, topic, payload, client=None):
        if self._published.get(topic) == payload:
            return
        (client or self.client).publish(topic, payload, True, 1)
        self._published[topic] = payload

    def _publish_state(self, snap):
        for d in DISTRICTS:
            self._put(self.t_state + "reader/" + d, dumps(snap["tags"][d]))
        for s in SPACES:
            self._put(self.t_state + "space/" + s, b"on" if s in snap["token"] else b"off")
        for b in BUTTONS:
            self._put(self.t_state + "button/" + b, str(snap["presses"][b]).encode())
        self._put(self.t_state + "faults", dumps(snap["faults"]))

    def _publish_discovery(self, client):
        node = "amritsar_" + self.board_id.replace("-", "_")
        device = {
            "identifiers": [node],
            "name": "Amritsar sensor board " + self.board_id,
            "manufacturer": "Amritsar table companion",
        }
        names = {"N": "North", "E": "East", "S": "South", "W": "West"}
        entries = []
        for d in DISTRICTS:
            entries.append(
                (
                    "sensor",
                    "reader_" + d,
                    {
                        "name": "Elephants on the " + names[d] + " path",
                        "state_topic": self.t_state + "reader/" + d,
                        "value_template": "{{ value_json | length }}",
                    },
                )
            )
        for s in SPACES:
            entries.append(
                (
                    "binary_sensor",
                    "space_" + s,
                    {
                        "name": "Maharajah on " + s,
                        "state_topic": self.t_state + "space/" + s,
                        "payload_on": "on",
                        "payload_off": "off",
                    },
                )
            )
        for b in BUTTONS:
            entries.append(
                (
                    "sensor",
                    "button_" + b,
                    {"name": "Presses of " + b, "state_topic": self.t_state + "button/" + b},
                )
            )
        for kind, key, config in entries:
            config["unique_id"] = node + "_" + key
            config["availability_topic"] = self.t_status
            config["device"] = device
            topic = "homeassistant/" + kind + "/" + node + "/" + key + "/config"
            client.publish(topic, dumps(config), True, 1)
