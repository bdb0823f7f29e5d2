"""The USB serial link to the sensor board (pyserial).

Finds the board by itself (a USB serial device with a Raspberry Pi Pico or
ESP32 USB id that answers the protocol's ``hello``) or uses the configured
port; a stable name such as ``/dev/serial/by-id/usb-MicroPython_...`` is best,
since it survives replugging. The port is opened exclusively (pyserial's
``exclusive=True``, a ``flock``): a second companion, ``companion sensors
watch`` while the service runs, or ``make flash`` (mpremote locks it too) is
refused with :data:`IN_USE` instead of two programs splitting the board's
bytes between them. When the board is unplugged the link reports
``BoardOffline`` and keeps trying to open the port again; once the board is
back it says ``hello``, and the session resynchronises (resend of missed
messages within a boot, full state after a reboot).
"""

from __future__ import annotations

import contextlib
import logging
import threading
import time
from collections.abc import Callable
from pathlib import Path

import serial
from serial.tools import list_ports

from companion.games.amritsar.sensors.elephants import ElephantRegistry
from companion.games.amritsar.sensors.link import SensorLink
from companion.games.amritsar.sensors.protocol import FrameDecoder, command, encode_frame

log = logging.getLogger("companion.games.amritsar.sensors")

#: Said when another program holds the port (the service, mpremote, a serial console).
IN_USE = (
    "{path} is in use by another program (the companion service, make flash or a serial "
    "console): stop it first, e.g. sudo systemctl stop amritsar"
)

#: USB vendor ids of boards that run the firmware: Raspberry Pi (Pico), Espressif
#: (ESP32-S2/S3/C3 native USB) and the USB-UART bridges of ESP32 dev kits.
BOARD_USB_VENDORS = frozenset({0x2E8A, 0x303A, 0x10C4, 0x1A86, 0x0403})

BAUDRATE = 115200


def candidate_ports() -> list[str]:
    """Serial devices that may be the sensor board, most likely first."""
    found = [p for p in list_ports.comports() if p.vid in BOARD_USB_VENDORS]
    found.sort(key=lambda p: (p.vid != 0x2E8A, p.device))
    return [p.device for p in found]


class SerialLink(SensorLink):
    """Events from a board on a serial port; ``port=None`` finds the board."""

    def __init__(
        self,
        port: str | None = None,
        registry: ElephantRegistry | Path | None = None,
        *,
        baudrate: int = BAUDRATE,
        retry_interval: float = 0.5,
        probe_timeout: float = 1.5,
        find_ports: Callable[[], list[str]] = candidate_ports,
        resend_timeout: float = 1.0,
        silence_timeout: float = 6.0,
    ) -> None:
        super().__init__(registry, resend_timeout=resend_timeout, silence_timeout=silence_timeout)
        self.port = port
        self.baudrate = baudrate
        self.retry_interval = retry_interval
        self.probe_timeout = probe_timeout
        self.find_ports = find_ports
        self.port_in_use: str | None = None
        self.connections = 0
        self._serial: serial.Serial | None = None
        self._write_lock = threading.Lock()
        self._thread: threading.Thread | None = None

    def start(self) -> SerialLink:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="sensor-serial", daemon=True)
            self._thread.start()
        return self

    def close(self) -> None:
        super().close()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    # ------------------------------------------------------------------ the I/O thread
    def _run(self) -> None:
        while not self._closing.is_set():
            opened = self._open()
            if opened is None:
                self._closing.wait(self.retry_interval)
                continue
            self._serve(*opened)

    def _open(self) -> tuple[serial.Serial, FrameDecoder, list[bytes]] | None:
        paths = [self.port] if self.port else self.find_ports()
        for path in paths:
            try:
                port = serial.Serial(
                    path, self.baudrate, timeout=0.05, write_timeout=1, exclusive=True
                )
            except (serial.SerialException, OSError) as error:
                if "exclusively lock" in str(error):
                    busy = IN_USE.format(path=path)
                    if self.last_error != busy:
                        log.warning("%s", busy)
                    self.last_error = busy
                else:
                    self.last_error = f"cannot open {path}: {error}"
                continue
            decoder = FrameDecoder()
            first = self._probe(port, decoder)
            if first is not None:
                self.port_in_use = path
                return port, decoder, first
            port.close()
        return None

    def _probe(self, port: serial.Serial, decoder: FrameDecoder) -> list[bytes] | None:
        """Say hello and wait for a valid frame; its payloads, or None when nobody answers."""
        deadline = time.monotonic() + self.probe_timeout
        try:
            port.write(encode_frame(command("hello")))
            while time.monotonic() < deadline and not self._closing.is_set():
                payloads = decoder.feed(port.read(port.in_waiting or 1))
                if payloads:
                    return payloads
        except (serial.SerialException, OSError) as error:
            self.last_error = f"{port.port}: {error}"
            return None
        if self.port:
            return []  # configured port: keep it open even if the board is still booting
        self.last_error = f"{port.port}: no sensor board answered"
        return None

    def _serve(self, port: serial.Serial, decoder: FrameDecoder, first: list[bytes]) -> None:
        boards: set[str] = set()
        self.connections += 1
        with self._write_lock:
            self._serial = port
        try:
            for payload in first:
                self._take(payload, boards)
            while not self._closing.is_set():
                data = port.read(port.in_waiting or 1)
                if data:
                    for payload in decoder.feed(data):
                        self._take(payload, boards)
                    self._count_errors(decoder)
                self._tick(time.monotonic())
        except (serial.SerialException, OSError, TypeError) as error:
            # pyserial raises TypeError when the fd vanishes under it mid-read.
            self.last_error = f"{port.port}: {error}"
        finally:
            with self._write_lock:
                self._serial = None
            with contextlib.suppress(serial.SerialException, OSError):
                port.close()
            self.port_in_use = None
            for board in boards:
                self._board_lost(board, "unplugged")

    def _take(self, payload: bytes, boards: set[str]) -> None:
        board = self._handle_payload(payload, time.monotonic())
        if board is not None:
            boards.add(board)

    def _count_errors(self, decoder: FrameDecoder) -> None:
        if decoder.errors:
            for kind, count in decoder.errors.items():
                self.stats[f"bad {kind}"] += count
            if decoder.last_error is not None:
                self.last_error = decoder.last_error.detail
            decoder.errors.clear()

    def _send_command(self, board: str, payload: bytes) -> None:
        with self._write_lock:
            if self._serial is None:
                return
            try:
                self._serial.write(encode_frame(payload))
                self.stats["commands"] += 1
            except (serial.SerialException, OSError) as error:
                self.last_error = f"cannot write to the board: {error}"
