"""The sensor board's serial port is opened exclusively (companion.games.amritsar.sensors.serial_link).

Two programs reading one serial port split the board's bytes between them:
frames go missing on both sides. The companion opens the port with an
exclusive lock, so a second companion (or ``companion sensors watch`` while the
service runs) is refused with a line saying who to stop, and so is any program
that locks the port as mpremote does; once the holder lets go, the port opens.
Over a real pseudo-terminal, as the board's /dev/ttyACM0 would be.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator

import pytest
import serial

from companion.games.amritsar.sensors.serial_link import IN_USE, SerialLink

WAIT = 20.0  # seconds a step may take on a loaded machine; each ends as soon as it holds


def until(what: Callable[[], bool]) -> bool:
    deadline = time.monotonic() + WAIT
    while not what():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


@pytest.fixture
def pty_path() -> Iterator[str]:
    master, slave = os.openpty()
    try:
        yield os.ttyname(slave)
    finally:
        os.close(slave)
        os.close(master)


def _link(path: str) -> SerialLink:
    return SerialLink(path, retry_interval=0.05, probe_timeout=0.1).start()


def test_a_second_companion_is_refused_until_the_first_lets_go(pty_path: str) -> None:
    first = _link(pty_path)
    second = None
    try:
        assert until(lambda: first.port_in_use == pty_path)
        second = _link(pty_path)
        busy = IN_USE.format(path=pty_path)
        assert until(lambda: second is not None and second.last_error == busy)
        assert second.port_in_use is None
        assert "sudo systemctl stop amritsar" in busy
        first.close()
        assert until(lambda: second is not None and second.port_in_use == pty_path)
    finally:
        first.close()
        if second is not None:
            second.close()


def test_a_program_that_locks_the_port_as_mpremote_does_is_refused_too(pty_path: str) -> None:
    link = _link(pty_path)
    try:
        assert until(lambda: link.port_in_use == pty_path)
        with pytest.raises(serial.SerialException, match="Could not exclusively lock"):
            serial.Serial(pty_path, exclusive=True)
    finally:
        link.close()
    with serial.Serial(pty_path, exclusive=True) as holder:  # the companion let go
        assert holder.is_open
