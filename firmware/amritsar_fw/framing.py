"""Serial framing: COBS with a CRC-32, one zero byte between frames.

Why: the USB serial line carries binary frames that must survive noise, a
board reset in the middle of a frame and a companion that opens the port at
any moment. COBS removes every zero byte from the frame, so a zero always
means "frame ends here" and a reader resynchronises at the next zero whatever
came before. The CRC-32 (the zlib/Ethernet one) over the payload rejects
corrupted frames; see ``firmware/PROTOCOL.md`` for why 32 bits and not 16.

Wire form of one frame: ``COBS(payload + CRC32_BE(payload)) + b"\\x00"``.
The payload is a UTF-8 JSON object (see ``messages``).
"""

try:
    from binascii import crc32 as _native_crc32
except ImportError:  # a port built without binascii.crc32
    _native_crc32 = None

#: Largest payload either side sends or accepts, in bytes.
MAX_PAYLOAD = 1024
#: Largest encoded frame: payload, CRC, COBS overhead (1 per 254) and the code byte.
MAX_FRAME = MAX_PAYLOAD + 4 + MAX_PAYLOAD // 254 + 2

_TABLE = None


def _crc_table():
    global _TABLE
    if _TABLE is None:
        table = []
        for n in range(256):
            c = n
            for _ in range(8):
                c = (c >> 1) ^ 0xEDB88320 if c & 1 else c >> 1
            table.append(c)
        _TABLE = table
    return _TABLE


def crc32_soft(data, crc=0):
    """CRC-32/ISO-HDLC in pure Python, for ports without ``binascii.crc32``."""
    table = _crc_table()
    crc ^= 0xFFFFFFFF
    for b in data:
        crc = table[(crc ^ b) & 0xFF] ^ (crc >> 8)
    return crc ^ 0xFFFFFFFF


def crc32(data):
    if _native_crc32 is not None:
        return _native_crc32(data) & 0xFFFFFFFF
    return crc32_soft(data)


def cobs_encode(data):
    """Consistent Overhead Byte Stuffing: the result holds no zero byte.

    As in Cheshire and Baker's paper: a code byte 1..254 gives the length of
    the block after it plus one and stands for a zero after the block; 255
    stands for 254 bytes with no zero after them. A packet ending in a full
    254-byte block gets no empty block after it.
    """
    out = bytearray()
    block = bytearray()
    filled = False
    for b in data:
        if b == 0:
            out.append(len(block) + 1)
            out.extend(block)
            block = bytearray()
            filled = False
        else:
            block.append(b)
            if len(block) == 254:
                out.append(255)
                out.extend(block)
                block = bytearray()
                filled = True
    if block or not filled:
        out.append(len(block) + 1)
        out.extend(block)
    return bytes(out)


def cobs_decode(data):
    """Undo ``cobs_encode``; raises ``ValueError`` on a malformed block."""
    out = bytearray()
    i = 0
    n = len(data)
    while i < n:
        code = data[i]
        if code == 0:
            raise ValueError("zero byte inside a COBS frame")
        end = i + code
        if end > n:
            raise ValueError("COBS block runs past the end of the frame")
        block = data[i + 1 : end]
        if 0 in block:
            raise ValueError("zero byte inside a COBS frame")
        out.extend(block)
        i = end
        if code != 255 and i < n:
            out.append(0)
    return bytes(out)


def encode_frame(payload):
    """Payload bytes -> bytes to write on the line (ends with the zero byte)."""
    if len(payload) > MAX_PAYLOAD:
        raise ValueError("payload of %d bytes exceeds %d" % (len(payload), MAX_PAYLOAD))
    crc = crc32(payload)
    body = bytes(payload) + bytes(
        ((crc >> 24) & 0xFF, (crc >> 16) & 0xFF, (crc >> 8) & 0xFF, crc & 0xFF)
    )
    return cobs_encode(body) + b"\x00"


def decode_frame(frame):
    """One frame without its zero byte -> payload bytes; ``ValueError`` says why not."""
    if len(frame) > MAX_FRAME:
        raise ValueError("frame too long")
    body = cobs_decode(frame)
    if len(body) < 5:
        raise ValueError("frame too short")
    payload = body[:-4]
    c = body[-4:]
    got = (c[0] << 24) | (c[1] << 16) | (c[2] << 8) | c[3]
    if got != crc32(payload):
        raise ValueError("CRC mismatch")
    return payload


class FrameReader:
    """Feed it bytes as they arrive; it returns whole payloads and counts bad frames."""

    def __init__(self):
        self._buf = bytearray()
        self._overflow = False
        self.bad_frames = 0

    def feed(self, data):
        payloads = []
        for b in data:
            if b == 0:
                if self._overflow:
                    self.bad_frames += 1
                elif self._buf:
                    try:
                        payloads.append(decode_frame(bytes(self._buf)))
                    except ValueError:
                        self.bad_frames += 1
                self._buf = bytearray()
                self._overflow = False
            elif not self._overflow:
                if len(self._buf) >= MAX_FRAME:
                    self._overflow = True
                else:
                    self._buf.append(b)
        return payloads
