"""The companion's side of the sensor-board wire protocol (``firmware/PROTOCOL.md``).

Two layers. Framing (serial only): ``COBS(payload + CRC32_BE(payload)) + 0x00``.
Messages (serial and MQTT): a canonical JSON object with protocol version,
board id, boot id, sequence number and type. ``parse_message`` checks every
field and raises ``ProtocolError`` naming the field and what was wrong, so a
bad frame is counted and explained, never half-applied.

The firmware has its own implementation (``firmware/amritsar_fw``, MicroPython);
the two are held together by the shared vectors in
``tests/data/sensor-protocol-vectors.json``.
"""

from __future__ import annotations

import json
import re
import zlib
from collections import Counter
from dataclasses import dataclass
from typing import Any

from companion.games.amritsar.sensors.events import BoardButton
from engine.amritsar import MAHARAJAH_SPACE_NAMES, District

PROTOCOL_VERSION = 1
MAX_PAYLOAD = 1024
MAX_FRAME = MAX_PAYLOAD + 4 + MAX_PAYLOAD // 254 + 2

_BOARD_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
_BOOT_ID = re.compile(r"[0-9a-f]{8}")
_NONCE = re.compile(r"[0-9a-f]{1,32}")
_UID = re.compile(r"(?:[0-9A-F]{8}|[0-9A-F]{14}|[0-9A-F]{20})")
_DISTRICT_LETTERS = {d.letter: d for d in District}


class ProtocolError(ValueError):
    """A frame or message that cannot be accepted; ``kind`` is a short counter key."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
        self.detail = detail


# --------------------------------------------------------------------------- framing


def cobs_encode(data: bytes) -> bytes:
    """Consistent Overhead Byte Stuffing (Cheshire and Baker): no zero byte in the result.

    A packet ending in a full 254-byte block gets no empty block after it.
    """
    out = bytearray()
    blocks = data.split(b"\x00")
    for index, block in enumerate(blocks):
        filled = False
        while len(block) >= 254:
            out.append(255)
            out += block[:254]
            block = block[254:]
            filled = True
        if block or not filled or index < len(blocks) - 1:
            out.append(len(block) + 1)
            out += block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes:
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ProtocolError("cobs", "zero byte inside a frame")
        end = i + code
        if end > n:
            raise ProtocolError("cobs", "a COBS block runs past the end of the frame")
        block = data[i + 1 : end]
        if 0 in block:
            raise ProtocolError("cobs", "zero byte inside a frame")
        out += block
        i = end
        if code != 255 and i < n:
            out.append(0)
    return bytes(out)


def encode_frame(payload: bytes) -> bytes:
    if len(payload) > MAX_PAYLOAD:
        raise ProtocolError("length", f"payload of {len(payload)} bytes exceeds {MAX_PAYLOAD}")
    body = payload + zlib.crc32(payload).to_bytes(4, "big")
    return cobs_encode(body) + b"\x00"


def decode_frame(frame: bytes) -> bytes:
    """One frame without its trailing zero -> payload; ``ProtocolError`` otherwise."""
    if len(frame) > MAX_FRAME:
        raise ProtocolError("length", f"frame of {len(frame)} bytes is longer than {MAX_FRAME}")
    body = cobs_decode(frame)
    if len(body) < 5:
        raise ProtocolError("length", f"frame of {len(body)} bytes is too short")
    payload, crc = body[:-4], body[-4:]
    if int.from_bytes(crc, "big") != zlib.crc32(payload):
        raise ProtocolError("crc", "CRC-32 does not match: the frame was damaged on the line")
    return payload


class FrameDecoder:
    """Splits a byte stream at zero bytes; returns good payloads, counts bad frames by kind."""

    def __init__(self) -> None:
        self._buffer = bytearray()
        self._overflow = False
        self.errors: Counter[str] = Counter()
        self.last_error: ProtocolError | None = None
        self.frames = 0

    def feed(self, data: bytes) -> list[bytes]:
        payloads: list[bytes] = []
        start = 0
        while True:
            zero = data.find(0, start)
            if zero < 0:
                self._append(data[start:])
                return payloads
            self._append(data[start:zero])
            start = zero + 1
            if self._overflow:
                self._count(ProtocolError("length", f"frame longer than {MAX_FRAME} bytes"))
            elif self._buffer:
                try:
                    payloads.append(decode_frame(bytes(self._buffer)))
                    self.frames += 1
                except ProtocolError as error:
                    self._count(error)
            self._buffer.clear()
            self._overflow = False

    def _append(self, chunk: bytes) -> None:
        if self._overflow or not chunk:
            return
        if len(self._buffer) + len(chunk) > MAX_FRAME:
            self._overflow = True
            self._buffer.clear()
        else:
            self._buffer += chunk

    def _count(self, error: ProtocolError) -> None:
        self.errors[error.kind] += 1
        self.last_error = error


# --------------------------------------------------------------------------- messages


@dataclass(frozen=True)
class Header:
    board: str
    boot: str
    seq: int


@dataclass(frozen=True)
class Hello:
    header: Header
    firmware: str
    link: str
    readers: frozenset[District]


@dataclass(frozen=True)
class FullState:
    header: Header
    tags: dict[District, frozenset[str]]
    token: frozenset[int]
    presses: dict[BoardButton, int]
    faults: frozenset[District]
    #: The companion's challenge this state answers (``state`` command's
    #: ``nonce``), None for a state the board sent on its own.
    nonce: str | None = None


@dataclass(frozen=True)
class Arrive:
    header: Header
    district: District
    uid: str


@dataclass(frozen=True)
class Leave:
    header: Header
    district: District
    uid: str


@dataclass(frozen=True)
class Token:
    header: Header
    space: int
    on: bool


@dataclass(frozen=True)
class Button:
    header: Header
    button: BoardButton
    presses: int


@dataclass(frozen=True)
class Fault:
    header: Header
    district: District
    ok: bool


@dataclass(frozen=True)
class Heartbeat:
    header: Header
    uptime_s: int


Message = Hello | FullState | Arrive | Leave | Token | Button | Fault | Heartbeat


class _Fields:
    """Typed access to a message's JSON object; every miss names the field."""

    def __init__(self, obj: dict[str, Any], what: str) -> None:
        self.obj = obj
        self.what = what

    def _get(self, key: str) -> Any:
        if key not in self.obj:
            raise ProtocolError("field", f"{self.what} lacks the field '{key}'")
        return self.obj[key]

    def _bad(self, key: str, expected: str) -> ProtocolError:
        return ProtocolError(
            "field", f"{self.what}: field '{key}' must be {expected}, not {self.obj[key]!r}"
        )

    def integer(self, key: str, minimum: int = 0) -> int:
        value = self._get(key)
        if not isinstance(value, int) or isinstance(value, bool) or value < minimum:
            raise self._bad(key, f"an integer of at least {minimum}")
        return value

    def boolean(self, key: str) -> bool:
        value = self._get(key)
        if not isinstance(value, bool):
            raise self._bad(key, "true or false")
        return value

    def text(self, key: str, pattern: re.Pattern[str] | None = None, expected: str = "") -> str:
        value = self._get(key)
        if not isinstance(value, str) or (pattern is not None and not pattern.fullmatch(value)):
            raise self._bad(key, expected or "a string")
        return value

    def district(self, key: str, value: Any = None) -> District:
        raw = self._get(key) if value is None else value
        if not isinstance(raw, str) or raw not in _DISTRICT_LETTERS:
            raise ProtocolError(
                "field", f"{self.what}: field '{key}' must be N, E, S or W, not {raw!r}"
            )
        return _DISTRICT_LETTERS[raw]

    def uid(self, key: str, value: Any = None) -> str:
        raw = self._get(key) if value is None else value
        if not isinstance(raw, str) or not _UID.fullmatch(raw):
            raise ProtocolError(
                "field",
                f"{self.what}: field '{key}' must be a tag UID of 4, 7 or 10 bytes "
                f"in upper-case hex, not {raw!r}",
            )
        return raw

    def space(self, key: str, value: Any = None) -> int:
        raw = self._get(key) if value is None else value
        if not isinstance(raw, str) or raw not in MAHARAJAH_SPACE_NAMES:
            names = " ".join(MAHARAJAH_SPACE_NAMES)
            raise ProtocolError(
                "field",
                f"{self.what}: field '{key}' must be a Maharajah space ({names}), not {raw!r}",
            )
        return MAHARAJAH_SPACE_NAMES.index(raw)

    def button(self, key: str, value: Any = None) -> BoardButton:
        raw = self._get(key) if value is None else value
        try:
            return BoardButton(raw)
        except ValueError:
            raise ProtocolError(
                "field", f"{self.what}: field '{key}' must be 'done' or 'undo', not {raw!r}"
            ) from None

    def items(self, key: str) -> list[Any]:
        value = self._get(key)
        if not isinstance(value, list):
            raise self._bad(key, "a list")
        return value

    def mapping(self, key: str) -> dict[str, Any]:
        value = self._get(key)
        if not isinstance(value, dict):
            raise self._bad(key, "an object")
        return value


def _load_object(payload: bytes) -> dict[str, Any]:
    try:
        obj = json.loads(payload)
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError) as error:
        raise ProtocolError("json", f"payload is not JSON: {error}") from None
    if not isinstance(obj, dict):
        raise ProtocolError("json", "payload is not a JSON object")
    version = obj.get("v")
    if version != PROTOCOL_VERSION:
        raise ProtocolError(
            "version",
            f"protocol version {version!r} is not supported (the companion speaks "
            f"{PROTOCOL_VERSION}); update the firmware or the companion so they match",
        )
    return obj


def _parse_state(f: _Fields, header: Header) -> FullState:
    raw_tags = f.mapping("tags")
    tags: dict[District, frozenset[str]] = {}
    for district in District:
        uids = raw_tags.get(district.letter)
        if not isinstance(uids, list):
            raise ProtocolError(
                "field", f"{f.what}: 'tags' needs a list for district {district.letter}"
            )
        tags[district] = frozenset(f.uid(f"tags.{district.letter}", u) for u in uids)
    token = frozenset(f.space("token", s) for s in f.items("token"))
    raw_presses = f.mapping("presses")
    presses: dict[BoardButton, int] = {}
    for button in BoardButton:
        count = raw_presses.get(button.value)
        if not isinstance(count, int) or isinstance(count, bool) or count < 0:
            raise ProtocolError(
                "field", f"{f.what}: 'presses' needs a count for button '{button.value}'"
            )
        presses[button] = count
    faults = frozenset(f.district("faults", d) for d in f.items("faults"))
    nonce = None
    if "nonce" in f.obj:
        nonce = f.text("nonce", _NONCE, "1 to 32 lower-case hex digits")
    return FullState(header, tags, token, presses, faults, nonce)


def parse_message(payload: bytes) -> Message:
    """A board message's payload -> typed message; ``ProtocolError`` says what is wrong."""
    obj = _load_object(payload)
    kind = obj.get("t")
    what = f"message '{kind}'" if isinstance(kind, str) else "message"
    f = _Fields(obj, what)
    header = Header(
        board=f.text("board", _BOARD_ID, "1 to 32 letters, digits, '-' or '_'"),
        boot=f.text("boot", _BOOT_ID, "8 lower-case hex digits"),
        seq=f.integer("seq", minimum=1),
    )
    if kind == "arrive":
        return Arrive(header, f.district("district"), f.uid("uid"))
    if kind == "leave":
        return Leave(header, f.district("district"), f.uid("uid"))
    if kind == "token":
        return Token(header, f.space("space"), f.boolean("on"))
    if kind == "button":
        return Button(header, f.button("button"), f.integer("presses", minimum=1))
    if kind == "hb":
        return Heartbeat(header, f.integer("up"))
    if kind == "state":
        return _parse_state(f, header)
    if kind == "fault":
        return Fault(header, f.district("reader"), f.boolean("ok"))
    if kind == "hello":
        readers = frozenset(f.district("readers", d) for d in f.items("readers"))
        return Hello(header, f.text("fw"), f.text("link"), readers)
    raise ProtocolError("type", f"unknown message type {kind!r}")


def encode_json(obj: Any) -> bytes:
    """Canonical JSON, byte-identical to the firmware's encoder."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def command(kind: str, **fields: Any) -> bytes:
    """A command payload for the board: ``hello``, ``state`` or ``resend`` (with ``from``)."""
    if kind not in ("hello", "state", "resend"):
        raise ValueError(f"unknown command {kind!r}")
    return encode_json({"v": PROTOCOL_VERSION, "t": kind, **fields})


def resend_command(start: int) -> bytes:
    return encode_json({"v": PROTOCOL_VERSION, "t": "resend", "from": start})
