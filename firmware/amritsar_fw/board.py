"""The sensor board's logic: scan, debounce, report changes, answer commands.

``Board`` owns no hardware and no transport of its own: it reads sensors
through the hardware shim ``hw`` and hands finished messages to ``link``
(``links.SerialLink`` or ``mqtt_link.MqttLink``). Call ``start()`` once at
boot, then ``step()`` in a loop; ``run()`` does both.

What it guarantees to the companion (see ``firmware/PROTOCOL.md``):
- every message carries the board id, a boot id (random per power-up) and a
  sequence number that grows by one per message within a boot;
- a ``hello`` and a full ``state`` right after boot, a ``hello`` on request;
- a ``state`` on request, echoing the request's ``nonce`` (the companion's
  challenge: a frame replayed from another power-up cannot carry it);
- the last ``RING_SIZE`` messages can be sent again, byte for byte, on a
  ``resend`` command; older ones are answered with a full ``state``;
- a heartbeat every ``heartbeat_ms`` while nothing else happens.
"""

from amritsar_fw import VERSION
from amritsar_fw.inputs import Debounced
from amritsar_fw.messages import BUTTONS, DISTRICTS, PROTOCOL_VERSION, SPACES, dumps, parse_command
from amritsar_fw.mfrc522 import MFRC522

RING_SIZE = 64
#: Scans in a row a tag must be missing before it counts as lifted off.
LEAVE_MISSES = 3
BUTTON_STABLE_MS = 30
HALL_STABLE_MS = 60
READER_RETRY_MS = 5000


def uid_hex(uid):
    return "".join("%02X" % b for b in uid)


class Board:
    def __init__(self, hw, board_id, link, heartbeat_ms=2000, scan_ms=40, step_ms=5):
        self.hw = hw
        self.board_id = board_id
        self.link = link
        self.heartbeat_ms = heartbeat_ms
        self.scan_ms = scan_ms
        self.step_ms = step_ms
        self.boot = "%08x" % (hw.random32() & 0xFFFFFFFF)
        self.seq = 0
        self.ring = []
        self.readers = [MFRC522(hw.spi, cs) for cs in hw.reader_cs]
        self.reader_ok = [False] * len(DISTRICTS)
        self.tags = [{} for _ in DISTRICTS]  # uid hex -> scans missed in a row
        now = hw.ticks_ms()
        self.started = now
        self.hall = [Debounced(pin, HALL_STABLE_MS, now) for pin in hw.hall]
        self.buttons = {}
        self.presses = {}
        for name in BUTTONS:
            self.buttons[name] = Debounced(hw.buttons[name], BUTTON_STABLE_MS, now)
            self.presses[name] = 0
        self._next_reader = 0
        self._next_scan = now
        self._next_retry = now
        self._last_sent = now
        self.command_errors = 0

    # -- messages out
    def _send(self, t, fields):
        self.seq += 1
        obj = {
            "v": PROTOCOL_VERSION,
            "board": self.board_id,
            "boot": self.boot,
            "seq": self.seq,
            "t": t,
        }
        for key in fields:
            obj[key] = fields[key]
        payload = dumps(obj)
        self.ring.append((self.seq, payload))
        if len(self.ring) > RING_SIZE:
            self.ring.pop(0)
        self._last_sent = self.hw.ticks_ms()
        self.link.send(payload, obj)
        return obj

    def send_hello(self):
        ok = [DISTRICTS[i] for i in range(len(DISTRICTS)) if self.reader_ok[i]]
        return self._send("hello", {"fw": VERSION, "link": self.link.name, "readers": ok})

    def snapshot(self):
        """The full-state fields: tags per district, token spaces, press counts, faults."""
        tags = {}
        for i in range(len(DISTRICTS)):
            tags[DISTRICTS[i]] = sorted(self.tags[i])
        token = [SPACES[i] for i in range(len(SPACES)) if self.hall[i].active]
        faults = [DISTRICTS[i] for i in range(len(DISTRICTS)) if not self.reader_ok[i]]
        presses = {}
        for name in self.presses:
            presses[name] = self.presses[name]
        return {"tags": tags, "token": token, "presses": presses, "faults": faults}

    def send_state(self, nonce=None):
        fields = self.snapshot()
        if nonce is not None:
            fields["nonce"] = nonce
        return self._send("state", fields)

    def on_link_up(self):
        """The link (re)connected: introduce the board and its full state."""
        self.send_hello()
        self.send_state()

    # -- commands in
    def on_command(self, payload):
        try:
            cmd = parse_command(payload)
        except ValueError:
            self.command_errors += 1
            return
        t = cmd["t"]
        if t == "hello":
            self.send_hello()
        elif t == "state":
            self.send_state(cmd.get("nonce"))
        elif t == "resend":
            self.resend(cmd["from"])

    def resend(self, start):
        if start > self.seq:
            return
        if self.ring and self.ring[0][0] <= start:
            for seq, payload in list(self.ring):
                if seq >= start:
                    self.link.send(payload, None)
        else:
            self.send_state()

    # -- sensors
    def _init_readers(self):
        for i in range(len(self.readers)):
            if not self.reader_ok[i]:
                self.reader_ok[i] = self.readers[i].init()

    def _scan(self, i, quiet=False):
        """Inventory reader ``i``; report arrivals and departures unless ``quiet``."""
        reader = self.readers[i]
        district = DISTRICTS[i]
        if not self.reader_ok[i]:
            return
        if reader.read1(0x37) not in (reader.version,):  # the reader went away
            self.reader_ok[i] = False
            self._send("fault", {"reader": district, "ok": False})
            return
        reader.antenna(True)
        try:
            seen = [uid_hex(u) for u in reader.inventory()]
        finally:
            reader.antenna(False)
        known = self.tags[i]
        for uid in seen:
            if uid not in known and not quiet:
                # A sticker is one elephant: seen here, it has left any other path,
                # even before that path's reader has missed it long enough.
                for j in range(len(self.tags)):
                    if j != i and uid in self.tags[j]:
                        del self.tags[j][uid]
                        self._send("leave", {"district": DISTRICTS[j], "uid": uid})
                self._send("arrive", {"district": district, "uid": uid})
            known[uid] = 0
        for uid in sorted(known):
            if uid not in seen:
                known[uid] += 1
                if known[uid] >= LEAVE_MISSES:
                    del known[uid]
                    self._send("leave", {"district": district, "uid": uid})

    def _retry_readers(self):
        for i in range(len(self.readers)):
            if not self.reader_ok[i] and self.readers[i].init():
                self.reader_ok[i] = True
                self._send("fault", {"reader": DISTRICTS[i], "ok": True})

    def _inputs(self, now):
        diff = self.hw.ticks_diff
        for i in range(len(self.hall)):
            changed = self.hall[i].update(now, diff)
            if changed is not None:
                self._send("token", {"space": SPACES[i], "on": changed})
        for name in BUTTONS:
            changed = self.buttons[name].update(now, diff)
            if changed:
                self.presses[name] += 1
                self._send("button", {"button": name, "presses": self.presses[name]})

    def _led(self, now):
        up = self.hw.ticks_diff(now, self.started)
        if False in self.reader_ok:
            lit = (up // 125) % 2 == 0
        elif not self.link.connected():
            lit = (up // 500) % 2 == 0
        else:
            lit = True
        self.hw.led.value(1 if lit else 0)

    # -- main loop
    def start(self):
        """Boot: find the readers, read the table once, then say hello and send the state."""
        self._init_readers()
        for i in range(len(self.readers)):
            self._scan(i, quiet=True)
        self.send_hello()
        self.send_state()

    def step(self):
        hw = self.hw
        for payload in self.link.poll():
            self.on_command(payload)
        now = hw.ticks_ms()
        self._inputs(now)
        if hw.ticks_diff(now, self._next_scan) >= 0:
            self._scan(self._next_reader)
            self._next_reader = (self._next_reader + 1) % len(self.readers)
            self._next_scan = now + self.scan_ms // len(self.readers)
        if hw.ticks_diff(now, self._next_retry) >= 0:
            self._retry_readers()
            self._next_retry = now + READER_RETRY_MS
        if hw.ticks_diff(now, self._last_sent) >= self.heartbeat_ms:
            self._send("hb", {"up": hw.ticks_diff(now, self.started) // 1000})
        self.link.service(self)
        self._led(now)

    def run(self, should_stop=None):
        self.start()
        while should_stop is None or not should_stop():
            self.step()
            self.hw.sleep_ms(self.step_ms)
