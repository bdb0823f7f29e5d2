"""``companion sensors watch`` and ``pair`` against a simulated board over a pty."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.amritsar.sensors.elephants import ElephantRegistry
from companion.games.amritsar.sim.simboard import ELEPHANT_UIDS, SimulatedBoard
from tests.support.broker import MosquittoBroker


@pytest.fixture
def sim() -> Iterator[SimulatedBoard]:
    board = SimulatedBoard("table-1", seed=31).start()
    try:
        yield board
    finally:
        board.stop()
        board.check()


def _later(seconds: float, action: object) -> threading.Thread:
    def run() -> None:
        time.sleep(seconds)
        action()  # type: ignore[operator]

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    return thread


def test_pair_saves_the_tag_that_arrives(
    sim: SimulatedBoard, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "elephants.toml"
    ElephantRegistry({"grey": ELEPHANT_UIDS["grey"]}).save(path)
    _later(1.0, lambda: sim.place_elephant("S", "04DEADBEEF0001"))
    code = main(
        [
            "sensors",
            "pair",
            "--colour",
            "pink",
            "--port",
            sim.port,
            "--elephants",
            str(path),
            "--timeout",
            "10",
        ]
    )
    assert code == 0
    assert ElephantRegistry.load(path).pairs() == {
        "grey": ELEPHANT_UIDS["grey"],
        "pink": "04DEADBEEF0001",
    }
    out = capsys.readouterr().out
    assert "Put the pink elephant on any path" in out
    assert "Paired the pink elephant with tag 04DEADBEEF0001" in out


def test_watch_speaks_spanish(
    sim: SimulatedBoard, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "elephants.toml"
    ElephantRegistry({"purple": ELEPHANT_UIDS["purple"]}).save(path)

    def act() -> None:
        sim.place_elephant("N", "purple")
        sim.place_elephant("N", "orange")
        sim.move_maharajah("NE")
        sim.press("undo")

    _later(1.0, act)
    code = main(
        [
            "sensors",
            "watch",
            "--port",
            sim.port,
            "--elephants",
            str(path),
            "--lang",
            "es",
            "--seconds",
            "2.5",
        ]
    )
    assert code == 0
    out = capsys.readouterr().out
    assert "El elefante morado llegó a la senda del norte" in out
    assert f"Un elefante desconocido ({ELEPHANT_UIDS['orange']}) llegó a la senda del norte" in out
    assert "La ficha de marajá está en NE (entre norte y este)" in out
    assert "Botón «Deshacer» pulsado" in out


def test_watch_reports_a_refused_password(
    mosquitto: MosquittoBroker, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        [
            "sensors",
            "watch",
            "--mqtt",
            f"{mosquitto.host}:{mosquitto.port}",
            "--user",
            "companion",
            "--password",
            "wrong",
            "--elephants",
            str(tmp_path / "none.toml"),
            "--seconds",
            "10",
        ]
    )
    assert code == 2
    assert "refused user 'companion'" in capsys.readouterr().err
