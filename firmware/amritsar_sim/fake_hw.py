"""The fake board: SPI bus, pins, clock and the table the sensors sit under.

``FakeHardware`` offers exactly what ``amritsar_fw.hw_pico.PicoHardware``
offers (``spi``, ``reader_cs``, ``hall``, ``buttons``, ``led``, the clock and
``random32``), so ``amritsar_fw.board.Board`` cannot tell them apart. The
``table`` methods are how a test or the simulator acts on the physical game:
put an elephant on a district's path, move the Maharajah token, press a
button, pull a reader's cable.
"""

from amritsar_fw.messages import BUTTONS, DISTRICTS, SPACES

from amritsar_sim.fake_mfrc522 import FakeMFRC522, FakeTag


class FakePin:
    """An output pin (chip select, LED) or an input whose level someone sets."""

    def __init__(self, value=1, on_change=None):
        self._value = value
        self._on_change = on_change

    def value(self, v=None):
        if v is None:
            return self._value
        v = 1 if v else 0
        if v != self._value:
            self._value = v
            if self._on_change is not None:
                self._on_change(v)
        return None

    def on(self):
        self.value(1)

    def off(self):
        self.value(0)


class ButtonPin:
    """A push button to ground with a pull-up: reads 0 while held down."""

    def __init__(self, clock):
        self._clock = clock
        self._until = None

    def hold(self, ms):
        self._until = self._clock.ticks_ms() + ms

    def value(self, v=None):
        if self._until is not None and self._clock.ticks_ms() < self._until:
            return 0
        return 1


class FakeSPI:
    """A shared SPI bus: bytes go to whichever chip has its chip-select low."""

    def __init__(self):
        self.devices = []

    def attach(self, chip):
        """Add a chip; returns its chip-select pin (active low)."""
        state = {"chip": chip}

        def changed(level):
            if level == 0:
                chip.select()
            else:
                chip.deselect()

        pin = FakePin(1, changed)
        state["pin"] = pin
        self.devices.append((pin, chip))
        return pin

    def _selected(self):
        chosen = [chip for pin, chip in self.devices if pin.value() == 0]
        if len(chosen) > 1:
            raise RuntimeError("two chip-selects low at once: bus contention")
        return chosen[0] if chosen else None

    def write_readinto(self, out, into):
        chip = self._selected()
        for i in range(len(out)):
            into[i] = chip.transfer(out[i]) if chip is not None else 0xFF

    def write(self, out):
        chip = self._selected()
        if chip is not None:
            for b in out:
                chip.transfer(b)

    def read(self, n, write=0):
        into = bytearray(n)
        self.write_readinto(bytes([write] * n), into)
        return bytes(into)


class ManualClock:
    """Time that moves only when the board sleeps: runs are exact and fast."""

    def __init__(self, start=0):
        self.now = start

    def ticks_ms(self):
        return self.now

    def sleep_ms(self, ms):
        self.now += ms


class RealClock:
    """The interpreter's own millisecond clock; sleeping really sleeps."""

    def __init__(self):
        import time

        self._time = time
        self._micro = hasattr(time, "ticks_ms")

    def ticks_ms(self):
        if self._micro:
            return self._time.ticks_ms()
        return int(self._time.monotonic() * 1000)

    def sleep_ms(self, ms):
        if self._micro:
            self._time.sleep_ms(ms)
        else:
            self._time.sleep(ms / 1000)


class FakeTable:
    """The physical state under the main board, as the sensors would feel it."""

    def __init__(self, clock):
        self.clock = clock
        self.spi = FakeSPI()
        self.readers = []
        self.reader_cs = []
        for _ in DISTRICTS:
            chip = FakeMFRC522()
            self.readers.append(chip)
            self.reader_cs.append(self.spi.attach(chip))
        self.hall = [FakePin(1) for _ in SPACES]
        self.buttons = {}
        for name in BUTTONS:
            self.buttons[name] = ButtonPin(clock)
        self.led = FakePin(0)

    # -- acting on the table
    def place(self, district, uid):
        """Put the elephant whose sticker has ``uid`` (bytes) on a district's path."""
        self.take(uid)
        self.readers[DISTRICTS.index(district)].add_tag(FakeTag(uid))

    def take(self, uid):
        """Lift an elephant off whatever path it stands on."""
        for chip in self.readers:
            chip.remove_tag(bytes(uid))

    def token(self, space):
        """Put the Maharajah token (its magnet) on ``space``, or lift it with None."""
        for i in range(len(SPACES)):
            self.hall[i].value(0 if SPACES[i] == space else 1)

    def press(self, button, ms=120):
        self.buttons[button].hold(ms)

    def unplug_reader(self, district, unplugged=True):
        self.readers[DISTRICTS.index(district)].plugged = not unplugged

    def tags_on(self, district):
        return [t.uid for t in self.readers[DISTRICTS.index(district)].tags]


class FakeHardware:
    """The hardware shim of a board whose sensors are a ``FakeTable``."""

    def __init__(self, clock=None, seed=1):
        self.clock = clock if clock is not None else ManualClock()
        self.table = FakeTable(self.clock)
        self.spi = self.table.spi
        self.reader_cs = self.table.reader_cs
        self.hall = self.table.hall
        self.buttons = self.table.buttons
        self.led = self.table.led
        self._seed = seed or 1

    def ticks_ms(self):
        return self.clock.ticks_ms()

    def ticks_diff(self, a, b):
        return a - b

    def sleep_ms(self, ms):
        self.clock.sleep_ms(ms)

    def random32(self):
        # xorshift32: a fixed seed gives a repeatable boot id in tests.
        x = self._seed
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self._seed = x
        return x
