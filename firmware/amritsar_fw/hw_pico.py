"""Real hardware shim: Raspberry Pi Pico W (RP2040) or ESP32, MicroPython only.

Pin numbers follow ``hardware/sensor-board-pinmap.md``; a different wiring is
a different ``PINS`` entry, not a code change. The shim offers what
``amritsar_fw.board.Board`` needs and nothing else: the SPI bus with one
chip-select per reader, the hall-sensor and button inputs (pull-ups on, so
0 means "magnet" or "pressed"), the status LED, the clock, randomness, the
USB serial byte stream and the Wi-Fi connection. ``start_watchdog`` arms the
chip's watchdog (``machine.WDT``); every ``sleep_ms`` of the board loop feeds
it, so a loop stuck anywhere for longer than the timeout resets the board.
"""

import os
import time

import machine
import micropython

from amritsar_fw.links import StdioPort

PINS = {
    "pico_w": {
        "spi_id": 0,
        "sck": 18,
        "mosi": 19,
        "miso": 16,
        "cs": (17, 20, 21, 22),  # N E S W
        "rst": 14,
        "hall": (2, 3, 4, 5),  # NE ES SW WN
        "buttons": {"done": 6, "undo": 7},
        "led": 15,  # external LED at the board edge; "LED" is the Pico W on-board one
    },
    "esp32": {
        "spi_id": 2,
        "sck": 18,
        "mosi": 23,
        "miso": 19,
        "cs": (5, 17, 16, 4),
        "rst": 22,
        "hall": (32, 33, 25, 26),
        "buttons": {"done": 27, "undo": 14},
        "led": 2,
    },
}


class UsbSerial(StdioPort):
    """The USB CDC console as a raw byte stream (Ctrl-C no longer interrupts)."""

    def __init__(self):
        micropython.kbd_intr(-1)  # 0x03 inside a frame must not stop the program
        super().__init__()


class PicoHardware:
    def __init__(self, kind="pico_w", wifi=None):
        from machine import SPI, Pin

        p = PINS[kind]
        rst = Pin(p["rst"], Pin.OUT, value=0)
        time.sleep_ms(2)
        rst.value(1)  # wake every reader from hard power-down
        time.sleep_ms(50)
        self.spi = SPI(
            p["spi_id"],
            baudrate=4000000,
            polarity=0,
            phase=0,
            sck=Pin(p["sck"]),
            mosi=Pin(p["mosi"]),
            miso=Pin(p["miso"]),
        )
        self.reader_cs = [Pin(n, Pin.OUT, value=1) for n in p["cs"]]
        self.hall = [Pin(n, Pin.IN, Pin.PULL_UP) for n in p["hall"]]
        self.buttons = {}
        for name in p["buttons"]:
            self.buttons[name] = Pin(p["buttons"][name], Pin.IN, Pin.PULL_UP)
        self.led = Pin(p["led"], Pin.OUT, value=0)
        self.wifi = wifi
        self._wlan = None
        self._wdt = None

    def start_watchdog(self, timeout_ms=8000):
        """Arm the hardware watchdog (the RP2040 allows at most 8388 ms); it cannot be stopped."""
        self._wdt = machine.WDT(timeout=timeout_ms)

    def feed(self):
        if self._wdt is not None:
            self._wdt.feed()

    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def sleep_ms(self, ms):
        self.feed()
        time.sleep_ms(ms)

    def random32(self):
        b = os.urandom(4)
        return (b[0] << 24) | (b[1] << 16) | (b[2] << 8) | b[3]

    def unique_id(self):
        return "".join("%02x" % b for b in machine.unique_id())

    def dns_server(self):
        """(address, port) of the name server the Wi-Fi's DHCP gave, or None."""
        if self._wlan is None or not self._wlan.isconnected():
            return None
        server = self._wlan.ifconfig()[3]
        return (server, 53) if server and server != "0.0.0.0" else None

    def network_up(self):
        """Join the configured Wi-Fi if not joined; True when connected."""
        import network

        if self._wlan is None:
            self._wlan = network.WLAN(network.STA_IF)
            self._wlan.active(True)
        if self._wlan.isconnected():
            return True
        if self.wifi and self._wlan.status() != network.STAT_CONNECTING:
            self._wlan.connect(self.wifi["ssid"], self.wifi["password"])
        return False
