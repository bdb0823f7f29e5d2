"""Messages of the wire protocol, as canonical JSON (see ``firmware/PROTOCOL.md``).

Why a hand-written encoder: MicroPython's dict has no fixed key order and its
``json.dumps`` puts spaces after separators, so the same message would come
out as different bytes on the board and under CPython. This encoder sorts the
keys and writes no spaces, which is exactly what CPython's
``json.dumps(obj, sort_keys=True, separators=(",", ":"))`` writes, so test
vectors compare byte for byte on both interpreters and in the companion.
"""

import json

PROTOCOL_VERSION = 1

#: Board -> companion message types.
BOARD_TYPES = ("hello", "state", "arrive", "leave", "token", "button", "fault", "hb")
#: Companion -> board command types.
COMMAND_TYPES = ("hello", "state", "resend")

DISTRICTS = ("N", "E", "S", "W")
SPACES = ("NE", "ES", "SW", "WN")
BUTTONS = ("done", "undo")

_ESCAPES = {'"': '\\"', "\\": "\\\\", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _encode_str(s, out):
    out.append('"')
    for ch in s:
        esc = _ESCAPES.get(ch)
        if esc is not None:
            out.append(esc)
        elif ord(ch) < 0x20 or ord(ch) > 0x7E:
            code = ord(ch)
            if code > 0xFFFF:
                code -= 0x10000
                out.append("\\u%04x\\u%04x" % (0xD800 + (code >> 10), 0xDC00 + (code & 0x3FF)))
            else:
                out.append("\\u%04x" % code)
        else:
            out.append(ch)
    out.append('"')


def _encode(obj, out):
    if obj is None:
        out.append("null")
    elif obj is True:
        out.append("true")
    elif obj is False:
        out.append("false")
    elif isinstance(obj, int):
        out.append(str(obj))
    elif isinstance(obj, str):
        _encode_str(obj, out)
    elif isinstance(obj, (list, tuple)):
        out.append("[")
        first = True
        for item in obj:
            if not first:
                out.append(",")
            first = False
            _encode(item, out)
        out.append("]")
    elif isinstance(obj, dict):
        out.append("{")
        first = True
        for key in sorted(obj):
            if not first:
                out.append(",")
            first = False
            _encode_str(key, out)
            out.append(":")
            _encode(obj[key], out)
        out.append("}")
    else:
        raise TypeError("cannot encode %r" % (obj,))


def dumps(obj):
    """Canonical JSON bytes: sorted keys, no spaces, ASCII only."""
    out = []
    _encode(obj, out)
    return "".join(out).encode()


def parse_command(payload):
    """Payload bytes from the companion -> command dict; ``ValueError`` says why not."""
    try:
        obj = json.loads(payload)
    except (ValueError, UnicodeError):
        raise ValueError("command is not JSON")
    if not isinstance(obj, dict):
        raise ValueError("command is not a JSON object")
    if obj.get("v") != PROTOCOL_VERSION:
        raise ValueError(
            "command has protocol version %r, board speaks %d" % (obj.get("v"), PROTOCOL_VERSION)
        )
    t = obj.get("t")
    if t not in COMMAND_TYPES:
        raise ValueError("unknown command %r" % (t,))
    if t == "resend":
        start = obj.get("from")
        if not isinstance(start, int) or isinstance(start, bool) or start < 1:
            raise ValueError("resend needs a positive integer 'from'")
    if t == "state" and "nonce" in obj and not is_nonce(obj["nonce"]):
        raise ValueError("state's 'nonce' must be 1 to 32 lower-case hex digits")
    return obj


def is_nonce(value):
    """A companion's challenge: 1 to 32 lower-case hex digits (echoed, never interpreted)."""
    if not isinstance(value, str) or not 1 <= len(value) <= 32:
        return False
    return all(ch in "0123456789abcdef" for ch in value)


def command(t, **fields):
    """Build a command payload (the companion's side; used by tests and the simulator)."""
    obj = {"v": PROTOCOL_VERSION, "t": t}
    for key in fields:
        obj[key] = fields[key]
    return dumps(obj)
