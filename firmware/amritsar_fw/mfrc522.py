"""MFRC522 NFC reader driver: list every ISO 14443-A tag in the field.

Why its own driver: an elephant path can hold all four elephants at once, and
the usual MicroPython MFRC522 examples read only the first card. This driver
runs the full ISO/IEC 14443-3 inventory on each scan:

1. WUPA wakes every tag in the field, also the ones halted by the last scan;
2. the anticollision loop (SELECT with a growing number of known UID bits)
   singles out one tag; where two tags answer with different bits the chip
   reports the first colliding bit in CollReg, the driver fixes that bit to 1
   and asks again, so each loop resolves at least one bit; 7- and 10-byte
   UIDs (NTAG stickers have 7) go through cascade levels 2 and 3;
3. the selected tag gets HLTA and stays silent until the next WUPA;
4. REQA (which halted tags ignore) finds the next one, until nobody answers.

CollPos counts from bit 0 of the first FIFO byte, RxAlign included (NXP data
sheets for the MFRC522/MFRC631); the driver turns it into a UID bit position
by adding the whole bytes already known. CRC_A is computed in software.

Hardware is reached only through ``spi`` (``write``, ``write_readinto``) and
the chip-select ``cs`` pin (``value``), both from the hardware shim.
"""

# Registers (MFRC522 data sheet, chapter 9).
CommandReg = 0x01
ComIrqReg = 0x04
DivIrqReg = 0x05
ErrorReg = 0x06
FIFODataReg = 0x09
FIFOLevelReg = 0x0A
ControlReg = 0x0C
BitFramingReg = 0x0D
CollReg = 0x0E
ModeReg = 0x11
TxControlReg = 0x14
TxASKReg = 0x15
TModeReg = 0x2A
TPrescalerReg = 0x2B
TReloadRegH = 0x2C
TReloadRegL = 0x2D
VersionReg = 0x37

CMD_IDLE = 0x00
CMD_TRANSCEIVE = 0x0C
CMD_SOFT_RESET = 0x0F

# ISO/IEC 14443-3 type A commands.
REQA = 0x26
WUPA = 0x52
HLTA = 0x50
SEL_CL = (0x93, 0x95, 0x97)
CASCADE_TAG = 0x88

OK = 0
TIMEOUT = 1
COLLISION = 2
ERROR = 3

#: VersionReg values of genuine chips (0x91, 0x92) and common clones.
KNOWN_VERSIONS = (0x88, 0x90, 0x91, 0x92, 0x12, 0xB2)

#: Most tags one inventory collects; more than four elephants never share a path.
MAX_TAGS = 8


def crc_a(data):
    """CRC_A of ISO/IEC 14443-3 (init 0x6363, reflected 0x8408), low byte first."""
    crc = 0x6363
    for b in data:
        b ^= crc & 0xFF
        b = (b ^ (b << 4)) & 0xFF
        crc = ((crc >> 8) ^ (b << 8) ^ (b << 3) ^ (b >> 4)) & 0xFFFF
    return bytes((crc & 0xFF, crc >> 8))


class MFRC522:
    """One reader on the shared SPI bus, selected by its own chip-select pin."""

    def __init__(self, spi, cs, poll_limit=2000):
        self.spi = spi
        self.cs = cs
        self.poll_limit = poll_limit
        self.version = 0
        cs.value(1)

    # -- register access (data sheet 8.1.2: address byte 0AAAAAA0, bit 7 = read)
    def write(self, reg, *values):
        self.cs.value(0)
        try:
            self.spi.write(bytes([(reg << 1) & 0x7E] + list(values)))
        finally:
            self.cs.value(1)

    def read(self, reg, count=1):
        addr = ((reg << 1) & 0x7E) | 0x80
        out = bytes([addr] * count + [0])
        into = bytearray(count + 1)
        self.cs.value(0)
        try:
            self.spi.write_readinto(out, into)
        finally:
            self.cs.value(1)
        return into[1:]

    def read1(self, reg):
        return self.read(reg)[0]

    def set_bits(self, reg, mask):
        self.write(reg, self.read1(reg) | mask)

    def clear_bits(self, reg, mask):
        self.write(reg, self.read1(reg) & ~mask & 0xFF)

    # -- chip set-up
    def init(self):
        """Reset and configure; True when a known chip answers on the bus."""
        self.write(CommandReg, CMD_SOFT_RESET)
        for _ in range(50):
            if not self.read1(CommandReg) & 0x10:  # PowerDown clears when ready
                break
        self.version = self.read1(VersionReg)
        if self.version not in KNOWN_VERSIONS:
            return False
        self.write(TModeReg, 0x80)  # timer starts after each transmission
        self.write(TPrescalerReg, 0xA9)  # 40 kHz timer clock: 25 us per tick
        self.write(TReloadRegH, 0x00)
        self.write(TReloadRegL, 0xC8)  # 200 ticks: a tag gets 5 ms to answer
        self.write(TxASKReg, 0x40)  # 100 % ASK modulation
        self.write(ModeReg, 0x3D)  # CRC preset 0x6363 (ISO 14443-3)
        return True

    def antenna(self, on):
        if on:
            self.set_bits(TxControlReg, 0x03)
        else:
            self.clear_bits(TxControlReg, 0x03)

    # -- one exchange with the tags
    def transceive(self, data, tx_last_bits=0, rx_align=0):
        """Send ``data``; return (status, received bytes, valid bits in last byte, CollPos)."""
        self.write(CommandReg, CMD_IDLE)
        self.write(ComIrqReg, 0x7F)  # clear all interrupt flags
        self.write(FIFOLevelReg, 0x80)  # flush the FIFO
        self.write(FIFODataReg, *data)
        self.write(BitFramingReg, (rx_align << 4) | tx_last_bits)
        self.write(CommandReg, CMD_TRANSCEIVE)
        self.set_bits(BitFramingReg, 0x80)  # StartSend
        irq = 0
        for _ in range(self.poll_limit):
            irq = self.read1(ComIrqReg)
            if irq & 0x30 or irq & 0x01:  # RxIRq/IdleIRq, or TimerIRq
                break
        self.clear_bits(BitFramingReg, 0x80)
        if not irq & 0x30:
            return TIMEOUT, b"", 0, 0
        error = self.read1(ErrorReg)
        if error & 0x13:  # BufferOvfl, ParityErr, ProtocolErr
            return ERROR, b"", 0, 0
        level = self.read1(FIFOLevelReg) & 0x7F
        received = bytes(self.read(FIFODataReg, level)) if level else b""
        last_bits = self.read1(ControlReg) & 0x07
        if error & 0x08:  # CollErr
            coll = self.read1(CollReg)
            if coll & 0x20:  # CollPosNotValid
                return ERROR, received, last_bits, 0
            return COLLISION, received, last_bits, (coll & 0x1F) or 32
        return OK, received, last_bits, 0

    # -- ISO 14443-3 steps
    def request(self, command):
        """REQA or WUPA (7-bit frames); True when at least one tag answered."""
        status, data, _, _ = self.transceive(bytes((command,)), tx_last_bits=7)
        # Tags of different kinds answer with different ATQA bits at once; the
        # collision still proves someone is there.
        return status == COLLISION or (status == OK and len(data) == 2)

    def halt(self):
        frame = bytes((HLTA, 0x00))
        self.transceive(frame + crc_a(frame))  # a halted tag does not answer

    def _anticollision(self, sel):
        """Resolve one tag's 4 UID bytes and BCC at this cascade level, or None."""
        known = bytearray(5)
        known_bits = 0
        for _ in range(40):
            full = known_bits // 8
            extra = known_bits % 8
            sent = full + (1 if extra else 0)
            nvb = ((2 + full) << 4) | extra
            frame = bytes((sel, nvb)) + bytes(known[:sent])
            status, data, _, coll_pos = self.transceive(frame, extra, extra)
            if status in (TIMEOUT, ERROR) or not data:
                return None
            merged = bytearray(known)
            mask_low = (1 << extra) - 1
            for i in range(len(data)):
                j = full + i
                if j >= 5:
                    break
                if i == 0 and extra:
                    merged[j] = (known[j] & mask_low) | (data[0] & ~mask_low & 0xFF)
                else:
                    merged[j] = data[i]
            if status == COLLISION:
                position = full * 8 + coll_pos  # 1-based UID bit that collided
                if position <= known_bits or position > 32:
                    return None
                byte_i = (position - 1) // 8
                bit = (position - 1) % 8
                for j in range(byte_i + 1, 5):
                    merged[j] = 0
                merged[byte_i] = (merged[byte_i] & ((1 << bit) - 1)) | (1 << bit)
                known = merged
                known_bits = position
                continue
            if merged[0] ^ merged[1] ^ merged[2] ^ merged[3] != merged[4]:
                return None  # BCC wrong: a garbled answer
            return bytes(merged)
        return None

    def select(self):
        """Anticollision and SELECT through the cascade levels; the UID or None."""
        uid = bytearray()
        for sel in SEL_CL:
            cl = self._anticollision(sel)
            if cl is None:
                return None
            frame = bytes((sel, 0x70)) + cl
            status, data, _, _ = self.transceive(frame + crc_a(frame))
            if status != OK or len(data) != 3 or crc_a(data[:1]) != bytes(data[1:]):
                return None
            sak = data[0]
            if not sak & 0x04:  # UID complete: all four bytes are UID
                uid.extend(cl[0:4])
                return bytes(uid)
            if cl[0] != CASCADE_TAG:
                return None  # more levels announced without the cascade tag
            uid.extend(cl[1:4])
        return None

    def inventory(self, max_tags=MAX_TAGS):
        """UIDs of every tag in the field (each tag ends halted)."""
        self.clear_bits(CollReg, 0x80)  # clear bits received after a collision
        uids = []
        failures = 0
        command = WUPA
        while len(uids) < max_tags and failures < 3:
            if not self.request(command):
                break
            command = REQA
            uid = self.select()
            if uid is None:
                failures += 1
                continue
            if uid not in uids:
                uids.append(uid)
            self.halt()
        return uids
