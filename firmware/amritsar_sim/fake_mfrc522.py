"""A fake MFRC522 reader chip with ISO/IEC 14443-A tags in its field.

The chip side models what the driver touches: SPI register access (address
byte, burst reads and FIFO writes), the FIFO, the interrupt and error
registers, BitFramingReg (TxLastBits, RxAlign, StartSend), CollReg with
CollPos counted from bit 0 of the first FIFO byte, and the timer running out
when no tag answers. The tag side models the ISO 14443-3 state machine (IDLE,
READY per cascade level, ACTIVE, HALT), bit-oriented anticollision frames,
SELECT with BCC and CRC_A, and HLTA. Several tags answering at once collide
bit by bit, as on air. A chip marked unplugged answers 0xFF to every read, as
a floating MISO line does.
"""

from amritsar_fw.mfrc522 import crc_a

IDLE = 0
READY = 1
ACTIVE = 2
HALT = 3

_REG_VERSION = 0x37


def _bits(data, nbits):
    """Bytes -> list of bits, LSB first, the first ``nbits`` only."""
    out = []
    for i in range(nbits):
        out.append((data[i // 8] >> (i % 8)) & 1)
    return out


def _bytes_of(bits):
    out = bytearray((len(bits) + 7) // 8)
    for i in range(len(bits)):
        if bits[i]:
            out[i // 8] |= 1 << (i % 8)
    return out


class FakeTag:
    """An NFC sticker (4-, 7- or 10-byte UID) as the reader's field sees it."""

    def __init__(self, uid):
        if len(uid) not in (4, 7, 10):
            raise ValueError("a UID has 4, 7 or 10 bytes")
        self.uid = bytes(uid)
        self.state = IDLE
        self.level = 0
        self.levels = self._cascade_levels()

    def _cascade_levels(self):
        u = self.uid
        if len(u) == 4:
            parts = [u]
        elif len(u) == 7:
            parts = [bytes((0x88,)) + u[0:3], u[3:7]]
        else:
            parts = [bytes((0x88,)) + u[0:3], bytes((0x88,)) + u[3:6], u[6:10]]
        levels = []
        for p in parts:
            levels.append(p + bytes((p[0] ^ p[1] ^ p[2] ^ p[3],)))
        return levels

    def power_off(self):
        self.state = IDLE
        self.level = 0

    def atqa(self):
        return bytes(({4: 0x04, 7: 0x44, 10: 0x84}[len(self.uid)], 0x00))

    def receive(self, frame, nbits):
        """One frame from the reader -> the bits this tag sends back, or None."""
        if nbits == 7:
            cmd = frame[0] & 0x7F
            if (cmd == 0x26 and self.state == IDLE) or (cmd == 0x52 and self.state in (IDLE, HALT)):
                self.state = READY
                self.level = 0
                return _bits(self.atqa(), 16)
            if self.state in (READY, ACTIVE):
                self.state = IDLE
            return None
        if len(frame) == 4 and frame[0] == 0x50 and nbits == 32:
            if crc_a(frame[:2]) == frame[2:4] and self.state == ACTIVE:
                self.state = HALT
            elif self.state in (READY, ACTIVE):
                self.state = IDLE
            return None
        if self.state == READY and len(frame) >= 2 and frame[0] == (0x93, 0x95, 0x97)[self.level]:
            return self._select_or_anticollision(frame, nbits)
        if self.state in (READY, ACTIVE):
            self.state = IDLE
        return None

    def _select_or_anticollision(self, frame, nbits):
        cl = self.levels[self.level]
        nvb = frame[1]
        if nvb == 0x70:
            if nbits != 72 or crc_a(frame[:7]) != frame[7:9]:
                self.state = IDLE
                return None
            if frame[2:7] != cl:
                self.state = IDLE
                return None
            last = self.level == len(self.levels) - 1
            sak = 0x00 if last else 0x04
            if last:
                self.state = ACTIVE
            else:
                self.level += 1
            reply = bytes((sak,))
            reply = reply + crc_a(reply)
            return _bits(reply, 24)
        known_bits = ((nvb >> 4) - 2) * 8 + (nvb & 0x0F)
        if known_bits < 0 or known_bits >= 40 or nbits != 16 + known_bits:
            self.state = IDLE
            return None
        mine = _bits(cl, 40)
        if _bits(frame[2:], known_bits) != mine[:known_bits]:
            return None  # not addressed: stay READY and silent
        return mine[known_bits:]


class FakeMFRC522:
    """Register-level fake of one reader chip; ``tags`` is what lies on its antenna."""

    def __init__(self):
        self.plugged = True
        self.tags = []
        self._reset()
        self._addr = None
        self._reading = False
        self._first = True

    def _reset(self):
        self.regs = bytearray(64)
        self.regs[_REG_VERSION] = 0x92
        self.regs[0x01] = 0x20  # CommandReg: receiver on, idle
        self.regs[0x14] = 0x80  # TxControlReg: antenna off after reset
        self.fifo = bytearray()
        self.command = 0
        for tag in self.tags if hasattr(self, "tags") else ():
            tag.power_off()

    # -- the table side
    def add_tag(self, tag):
        tag.power_off()
        self.tags = self.tags + [tag]

    def remove_tag(self, uid):
        self.tags = [t for t in self.tags if t.uid != uid]

    @property
    def antenna_on(self):
        return self.regs[0x14] & 0x03 != 0

    # -- the SPI side: one transaction per chip-select low period
    def select(self):
        self._first = True
        self._addr = None

    def deselect(self):
        self._addr = None

    def transfer(self, mosi):
        if not self.plugged:
            return 0xFF
        if self._first:
            self._first = False
            self._reading = bool(mosi & 0x80)
            self._addr = (mosi >> 1) & 0x3F
            return 0x00
        if self._reading:
            value = self._read_reg(self._addr)
            self._addr = (mosi >> 1) & 0x3F
            return value
        self._write_reg(self._addr, mosi)
        return 0x00

    def _read_reg(self, reg):
        if reg == 0x09:  # FIFODataReg
            if self.fifo:
                value = self.fifo[0]
                self.fifo = self.fifo[1:]
                return value
            return 0
        if reg == 0x0A:  # FIFOLevelReg
            return len(self.fifo)
        return self.regs[reg]

    def _write_reg(self, reg, value):
        if reg == 0x01:  # CommandReg
            command = value & 0x0F
            if command == 0x0F:
                self._reset()
                return
            self.command = command
            self.regs[0x01] = (self.regs[0x01] & 0xF0) | command
        elif reg == 0x04:  # ComIrqReg: Set1 decides set or clear of the marked bits
            if value & 0x80:
                self.regs[0x04] |= value & 0x7F
            else:
                self.regs[0x04] &= ~value & 0xFF
        elif reg == 0x05:  # DivIrqReg
            if value & 0x80:
                self.regs[0x05] |= value & 0x7F
            else:
                self.regs[0x05] &= ~value & 0xFF
        elif reg == 0x09:  # FIFODataReg
            if len(self.fifo) >= 64:
                self.regs[0x06] |= 0x10  # BufferOvfl
            else:
                self.fifo.append(value)
        elif reg == 0x0A:  # FIFOLevelReg
            if value & 0x80:
                self.fifo = bytearray()
                self.regs[0x06] &= ~0x10 & 0xFF
        elif reg == 0x0D:  # BitFramingReg
            self.regs[0x0D] = value
            if value & 0x80 and self.command == 0x0C:
                self._transceive()
        elif reg == 0x14:  # TxControlReg
            was_on = self.antenna_on
            self.regs[0x14] = value
            if was_on and not self.antenna_on:
                for tag in self.tags:
                    tag.power_off()
        elif reg in (0x06, 0x0C, 0x37):  # read-only registers
            pass
        else:
            self.regs[reg] = value

    def _transceive(self):
        framing = self.regs[0x0D]
        tx_last = framing & 0x07
        rx_align = (framing >> 4) & 0x07
        frame = bytes(self.fifo)
        self.fifo = bytearray()
        self.regs[0x06] = 0  # ErrorReg: fresh for this command
        self.regs[0x0E] = 0x20 | (self.regs[0x0E] & 0x80)  # CollPosNotValid until a collision
        nbits = len(frame) * 8 - (8 - tx_last if tx_last else 0)
        answers = []
        if self.antenna_on and frame:
            for tag in self.tags:
                bits = tag.receive(frame, nbits)
                if bits is not None:
                    answers.append(bits)
        if not answers:
            self.regs[0x04] |= 0x01  # TimerIRq: nobody answered in time
            return
        length = max(len(a) for a in answers)
        combined = []
        collision = -1
        for i in range(length):
            values = set(a[i] for a in answers if i < len(a))
            if len(values) > 1 and collision < 0:
                collision = i
            combined.append(values.pop() if collision < 0 else 0)
        out = [0] * rx_align + combined
        self.fifo = _bytes_of(out)
        self.regs[0x0C] = (self.regs[0x0C] & 0xF8) | (len(out) % 8)  # RxLastBits
        if collision >= 0:
            self.regs[0x06] |= 0x08  # CollErr
            position = rx_align + collision + 1
            if position <= 32:
                self.regs[0x0E] = (self.regs[0x0E] & 0x80) | (position % 32)
        self.regs[0x04] |= 0x30  # RxIRq, IdleIRq
