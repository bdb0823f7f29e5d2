"""Serial end to end with the board as a separate process on a real pty.

The fake board process is the firmware itself under the MicroPython unix port
(``firmware/amritsar_sim/board_process.py``: fake hardware, real serial link
code on stdin/stdout), its stdin and stdout on the master side of a
pseudo-terminal. The companion's ``SerialLink`` opens the slave side with
pyserial through a stable symlink. Killing the process is pulling the cable;
a new process on a new pty is plugging it back.
"""

from __future__ import annotations

import json
import os
import subprocess
import tty
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.amritsar.sensors.serial_link import SerialLink
from companion.games.amritsar.sim.simboard import ELEPHANT_UIDS, SimulatedBoard
from tests.firmware.runners import FIRMWARE, MICROPYTHON
from tests.sensors.helpers import (
    BoardOffline,
    BoardOnline,
    BoardState,
    changes,
    collect,
    count,
    n_changes,
    settle,
)


class BoardProcess:
    """One power-up of the board: a MicroPython process on a fresh pty."""

    def __init__(self, workdir: Path, port: Path, script: dict[str, object]) -> None:
        path = workdir / f"script-{script['seed']}.json"
        path.write_text(json.dumps(script))
        master, slave = os.openpty()
        tty.setraw(slave)
        env = dict(os.environ, MICROPYPATH=f"{FIRMWARE}:{FIRMWARE / 'lib'}")
        self.process = subprocess.Popen(
            [str(MICROPYTHON), str(FIRMWARE / "amritsar_sim" / "board_process.py"), str(path)],
            stdin=master,
            stdout=master,
            stderr=subprocess.PIPE,
            env=env,
        )
        os.close(master)  # the process holds it now: when it dies, the line hangs up
        self.slave = slave
        tmp = port.with_suffix(".new")
        tmp.unlink(missing_ok=True)
        tmp.symlink_to(os.ttyname(slave))
        tmp.replace(port)

    def unplug(self) -> None:
        self.process.kill()
        self.process.wait(timeout=10)
        os.close(self.slave)
        assert self.process.stderr is not None
        errors = self.process.stderr.read().decode()
        assert "Traceback" not in errors, errors


@pytest.fixture
def port(tmp_path: Path) -> Iterator[Path]:
    yield tmp_path / "ttyBOARD"


def test_micropython_board_process_unplugged_and_replugged(tmp_path: Path, port: Path) -> None:
    purple, grey = ELEPHANT_UIDS["purple"], ELEPHANT_UIDS["grey"]
    first = BoardProcess(
        tmp_path,
        port,
        {
            "seed": 41,
            "until": 60000,
            "steps": [
                {"at": -1, "do": "place", "district": "W", "uid": grey},
                {"at": 1500, "do": "place", "district": "N", "uid": purple},
                {"at": 1800, "do": "press", "button": "done"},
            ],
        },
    )
    link = SerialLink(str(port), SimulatedBoard.registry(), retry_interval=0.1).start()
    second = None
    try:
        events = collect(link, count(BoardState), timeout=15)
        state = next(e for e in events if isinstance(e, BoardState))
        assert [e.colour for e in state.elephants[state.district_of(grey)]] == ["grey"]
        collect(link, n_changes(2), into=events)
        first.unplug()
        collect(link, count(BoardOffline), into=events)

        # While unplugged purple moved to the East path; then the board comes back.
        second = BoardProcess(
            tmp_path,
            port,
            {
                "seed": 42,
                "until": 60000,
                "steps": [
                    {"at": -1, "do": "place", "district": "W", "uid": grey},
                    {"at": -1, "do": "place", "district": "E", "uid": purple},
                    {"at": 1500, "do": "token", "space": "SW"},
                ],
            },
        )
        collect(link, n_changes(5), into=events, timeout=15)
        events += settle(link, 0.5)
        assert changes(events) == [
            ("ElephantArrived", "N", "purple"),
            ("ButtonPressed", "done"),
            ("ElephantLeft", "N", "purple"),
            ("ElephantArrived", "E", "purple"),
            ("MaharajahPlaced", "SW"),
        ]
        assert [e.resync for e in events if e.seq and changes([e])] == [
            False,
            False,
            True,
            True,
            False,
        ]
        boots = {e.boot for e in events if isinstance(e, BoardOnline)}
        assert len(boots) == 2
        assert all(e.link == "serial" for e in events if isinstance(e, BoardOnline))
    finally:
        link.close()
        for board in (first, second):
            if board is not None and board.process.poll() is None:
                board.unplug()
