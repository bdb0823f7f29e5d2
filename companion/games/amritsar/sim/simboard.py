"""A simulated sensor board: the real firmware on fake hardware, on a real pty.

For the demo, for reconciliation tests and for anyone without the hardware.
The firmware files in ``firmware/`` run unchanged under CPython in a thread;
only the lowest layer is fake (MFRC522 register file with ISO 14443-A tags,
GPIO pins), so everything above it, from the anticollision loop to the
framing, is the code the real board runs. Over serial the board speaks on the
master side of a pseudo-terminal and ``port`` is a stable symlink to the
slave side, like ``/dev/serial/by-id/...`` for a real board; ``unplug()``
and ``replug()`` cut and restore the "USB cable" (the board loses power and
reboots with a new boot id; the table keeps its pieces). Over MQTT the board
connects to the broker given in ``mqtt``.

Usage::

    with SimulatedBoard("table-1") as sim:
        link = sim.serial_link()   # or SerialLink(sim.port, sim.registry()).start()
        sim.place_elephant(District.NORTH, "purple")
        sim.move_maharajah("NE")
        sim.press(BoardButton.DONE)
        ...
"""

from __future__ import annotations

import contextlib
import os
import random
import tempfile
import threading
import time
import tty
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import Any, Self

from companion.games.amritsar.sensors.elephants import ElephantRegistry, normalise_uid
from companion.games.amritsar.sensors.events import BoardButton
from companion.games.amritsar.sensors.serial_link import SerialLink
from companion.games.amritsar.sim.firmware import Firmware, load_firmware
from engine.amritsar import MAHARAJAH_SPACE_NAMES, PLAYER_COLOURS, District

#: The NFC stickers of the simulated elephants, one per player colour. They
#: share their first six bytes, so reading several at once exercises the
#: anticollision loop down to the last byte.
ELEPHANT_UIDS: dict[str, str] = {
    colour: f"04A1B2C3D4E5{i + 1:02X}" for i, colour in enumerate(PLAYER_COLOURS)
}


@dataclass(frozen=True)
class BoardMqtt:
    """Where a simulated board on MQTT connects, and as whom."""

    host: str
    port: int
    username: str | None = None
    password: str | None = None
    prefix: str = "amritsar"
    ha_discovery: bool = False


class PtyPort:
    """The board's end of the pseudo-terminal, as the firmware's byte stream."""

    def __init__(self, fd: int) -> None:
        self.fd = fd
        os.set_blocking(fd, False)

    def read(self) -> bytes:
        try:
            return os.read(self.fd, 4096)
        except (BlockingIOError, OSError):
            return b""

    def write(self, data: bytes) -> None:
        view = memoryview(data)
        while view:
            try:
                written = os.write(self.fd, view)
            except BlockingIOError:
                raise OSError("the line is full: nobody reads the other end") from None
            view = view[written:]


def _district(value: District | str) -> District:
    return value if isinstance(value, District) else District.parse(value)


class SimulatedBoard:
    """The real firmware on a fake table; act on the table through its methods."""

    def __init__(
        self,
        board_id: str = "sim-1",
        *,
        mqtt: BoardMqtt | None = None,
        workdir: Path | None = None,
        heartbeat_ms: int = 2000,
        scan_ms: int = 40,
        seed: int | None = None,
    ) -> None:
        self.board_id = board_id
        self.mqtt = mqtt
        self.heartbeat_ms = heartbeat_ms
        self.scan_ms = scan_ms
        self._seed = seed if seed is not None else random.SystemRandom().randrange(1, 2**32)
        self._tmp: tempfile.TemporaryDirectory[str] | None = None
        if workdir is None:
            self._tmp = tempfile.TemporaryDirectory(prefix="amritsar-sim-")
            workdir = Path(self._tmp.name)
        self.workdir = workdir
        self.port = str(workdir / f"tty-{board_id}")
        self._fw: Firmware | None = None
        self._hw: Any = None
        self._board: Any = None
        self._link: Any = None
        self._thread: threading.Thread | None = None
        self._stop = threading.Event()
        self._fds: tuple[int, int] | None = None
        self.error: BaseException | None = None

    # ------------------------------------------------------------------ power
    def _ensure_hardware(self) -> Any:
        if self._fw is None:
            self._fw = load_firmware()
            fake = self._fw.fake_hw
            self._hw = fake.FakeHardware(clock=fake.RealClock(), seed=self._seed)
        return self._hw

    def start(self) -> Self:
        """Plug the board in (it boots, says hello and sends its full state)."""
        self._ensure_hardware()
        if not self.plugged:
            self._power_on()
        return self

    @property
    def plugged(self) -> bool:
        return self._thread is not None

    def _power_on(self) -> None:
        assert self._fw is not None
        fw = self._fw
        if self.mqtt is None:
            master, slave = os.openpty()
            tty.setraw(slave)  # no echo, no line editing: a raw USB CDC line
            self._fds = (master, slave)
            link = fw.links.SerialLink(PtyPort(master))
            tmp_link = Path(self.port + ".new")
            with contextlib.suppress(FileNotFoundError):
                tmp_link.unlink()
            tmp_link.symlink_to(os.ttyname(slave))
            tmp_link.replace(self.port)
        else:
            m = self.mqtt
            link = fw.mqtt_link.MqttLink(
                self._hw,
                self.board_id,
                m.host,
                m.port,
                m.username,
                m.password,
                m.prefix,
                keepalive=10,
                ha_discovery=m.ha_discovery,
            )
        self._link = link
        self._board = fw.board.Board(
            self._hw, self.board_id, link, heartbeat_ms=self.heartbeat_ms, scan_ms=self.scan_ms
        )
        self._stop.clear()
        self._thread = threading.Thread(target=self._run, name=f"sim-{self.board_id}", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self._board.run(self._stop.is_set)
        except BaseException as error:  # surfaced by check(); a test must not hang on it
            self.error = error

    def unplug(self) -> None:
        """Pull the USB cable (or the power): the board stops; the table keeps its pieces."""
        if self._thread is None:
            return
        self._stop.set()
        self._thread.join(timeout=10)
        self._thread = None
        if self._fds is not None:
            for fd in self._fds:
                with contextlib.suppress(OSError):
                    os.close(fd)
            self._fds = None
            with contextlib.suppress(FileNotFoundError):
                Path(self.port).unlink()
        if self.mqtt is not None and self._link is not None and self._link.client is not None:
            with contextlib.suppress(OSError):
                self._link.client.sock.close()  # power loss: no DISCONNECT, the will fires

    def replug(self) -> None:
        """Plug back in: the board boots again (new boot id) and says hello."""
        self.start()

    def stop(self) -> None:
        self.unplug()
        if self._tmp is not None:
            self._tmp.cleanup()
            self._tmp = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def check(self) -> None:
        """Raise what stopped the firmware thread, if anything did."""
        if self.error is not None:
            raise RuntimeError(f"simulated board {self.board_id} crashed") from self.error

    # ------------------------------------------------------------------ what it knows
    @property
    def boot(self) -> str | None:
        """The running firmware's boot id (changes at every replug)."""
        return None if self._board is None else str(self._board.boot)

    @property
    def seq(self) -> int:
        return 0 if self._board is None else int(self._board.seq)

    @property
    def table(self) -> Any:
        """The fake table (firmware ``amritsar_sim.fake_hw.FakeTable``)."""
        return self._ensure_hardware().table

    @staticmethod
    def uid_of(elephant: str) -> str:
        """A player colour -> that elephant's simulated UID; a UID stays itself."""
        if elephant in ELEPHANT_UIDS:
            return ELEPHANT_UIDS[elephant]
        return normalise_uid(elephant)

    @staticmethod
    def registry() -> ElephantRegistry:
        """The pairing of the simulated elephants, as an owner would have saved it."""
        return ElephantRegistry(ELEPHANT_UIDS)

    def serial_link(self, **options: Any) -> SerialLink:
        """A started companion-side ``SerialLink`` on this board's port, with its pairing."""
        if self.mqtt is not None:
            raise RuntimeError("this simulated board talks MQTT; use MqttLink")
        options.setdefault("retry_interval", 0.1)
        return SerialLink(self.port, self.registry(), **options).start()

    # ------------------------------------------------------------------ acting on the table
    def place_elephant(self, district: District | str, elephant: str) -> None:
        """Stand an elephant (colour or UID) on a district's path; it leaves its old path."""
        self.table.place(_district(district).letter, bytes.fromhex(self.uid_of(elephant)))

    def remove_elephant(self, elephant: str) -> None:
        """Lift an elephant (colour or UID) off the board."""
        self.table.take(bytes.fromhex(self.uid_of(elephant)))

    def elephants_on(self, district: District | str) -> list[str]:
        return [bytes(u).hex().upper() for u in self.table.tags_on(_district(district).letter)]

    def move_maharajah(self, space: int | str | None) -> None:
        """Put the Maharajah token on a space (index or name like ``"NE"``); None lifts it."""
        if isinstance(space, int):
            space = MAHARAJAH_SPACE_NAMES[space]
        if space is not None and space not in MAHARAJAH_SPACE_NAMES:
            raise ValueError(f"unknown Maharajah space {space!r}")
        self.table.token(space)

    def lift_maharajah(self) -> None:
        self.move_maharajah(None)

    def press(self, button: BoardButton | str, hold_ms: int = 120, timeout: float = 30.0) -> None:
        """Press and release a button, held long enough to pass the debounce.

        While the board runs, the button is held until the firmware has counted
        the press and released until it has seen the release: the real board
        samples every few milliseconds, but here its loop shares a loaded
        machine and may not run for longer than a person's press. Unplugged,
        the press is only made (nobody counts it)."""
        name = BoardButton(button).value
        pin = self.table.buttons[name]
        board = self._board
        if not self.plugged or board is None:
            self.table.press(name, hold_ms)
            return
        counted = board.presses[name]
        deadline = time.monotonic() + timeout
        pin.hold(int(timeout * 1000))  # down until counted
        try:
            time.sleep(hold_ms / 1000)
            while board.presses[name] == counted and time.monotonic() < deadline:
                time.sleep(0.01)
        finally:
            pin.hold(0)  # up
        while board.buttons[name].active and time.monotonic() < deadline:
            time.sleep(0.01)

    def sensed(self, timeout: float = 30.0) -> bool:
        """Wait until the firmware senses the table as it is (every path's
        stickers, the token); False if it did not within ``timeout`` seconds."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            board = self._board
            if board is None or not self.plugged:
                return False
            paths = [
                {bytes(u).hex().upper() for u in self.table.tags_on(d.letter)} for d in District
            ]
            seen = [set(board.tags[i]) for i in range(len(paths))]
            token = [pin.value() == 0 for pin in self.table.hall]
            if seen == paths and [h.active for h in board.hall] == token:
                return True
            time.sleep(0.02)
        return False

    def break_reader(self, district: District | str, broken: bool = True) -> None:
        """Pull a reader's cable (``broken=False`` plugs it back)."""
        self.table.unplug_reader(_district(district).letter, broken)

    def inject_noise(self, data: bytes) -> None:
        """Write raw bytes onto the serial line towards the companion (line noise)."""
        if self._fds is None:
            raise RuntimeError("the simulated board is not plugged in over serial")
        PtyPort(self._fds[0]).write(data)
