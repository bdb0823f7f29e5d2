"""The camera loops read at most ``--fps`` frames a second (companion.frame_pace).

A camera that always has a new frame is read by the game camera loop and by
Amritsar's ``TableRunner`` for a fixed time: capped at 5 frames a second the
reads stay near 5 a second; uncapped, the same loop reads many times more.
Stopping a capped loop is not delayed by its wait.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import numpy as np

from companion.frame_pace import FramePace
from companion.game_camera import GameCameraLoop
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.runner import TableRunner
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from tests.server.games import new_table
from vision.sources import Frame

RUN = 1.2  # seconds each loop runs
FPS = 5.0


class Counting:
    """A camera with a new frame at every read; counts the reads."""

    def __init__(self) -> None:
        self.reads = 0
        self.first = threading.Event()

    def read(self) -> Frame:
        self.reads += 1
        self.first.set()
        return Frame(np.zeros((4, 4, 3), np.uint8), self.reads, time.monotonic())

    def reads_in(self, seconds: float) -> int:
        """The reads in ``seconds`` from the second one on (the first pays for imports)."""
        assert self.first.wait(30)
        while self.reads < 2:
            time.sleep(0.01)
        start = self.reads
        time.sleep(seconds)
        return self.reads - start

    def close(self) -> None:
        pass


class Blind:
    def read(self, frame: Frame) -> None:
        return None


class Settling:
    """A pipeline that never settles: every frame is read, none passed on."""

    def process(self, frame: Frame) -> Any:
        return type("Snapshot", (), {"settling": True})()


def _game_loop(tmp_path: Path, fps: float | None, run: float = RUN) -> tuple[int, float]:
    """(reads in ``run`` seconds, seconds that stopping took)."""
    session = open_any_session(tmp_path / f"g{fps}.sqlite", "imhotep", ["Ana", "Ben"])
    assert isinstance(session, RulesSession)
    camera = Counting()
    loop = GameCameraLoop(session, camera, Blind(), fps=fps).start()
    if fps is not None and fps < 1:
        assert camera.first.wait(30)
        time.sleep(run)
        reads = camera.reads
    else:
        reads = camera.reads_in(run)
    began = time.monotonic()
    loop.stop()
    return reads, time.monotonic() - began


def test_the_game_camera_loop_is_capped(tmp_path: Path) -> None:
    capped, _ = _game_loop(tmp_path, FPS)
    assert 2 <= capped <= FPS * RUN + 1
    assert _game_loop(tmp_path, None)[0] > 3 * capped
    # At 0.2 frames a second the loop waits 5 s for its next frame: stopping
    # does not wait with it.
    reads, stopping = _game_loop(tmp_path, 0.2, run=0.5)
    assert reads == 1 and stopping < 2.5


def test_the_amritsar_camera_loop_is_capped() -> None:
    reads = {}
    for fps in (FPS, None):
        session = new_table()
        camera = Counting()
        runner = TableRunner(
            session, Reconciler(session), source=camera, pipeline=Settling(), fps=fps
        ).start()
        reads[fps] = camera.reads_in(RUN)
        runner.stop()
    assert 2 <= reads[FPS] <= FPS * RUN + 1
    assert reads[None] > 3 * reads[FPS]


def test_a_read_without_a_new_frame_does_not_count() -> None:
    now = [100.0]
    pace = FramePace(2.0, clock=lambda: now[0])
    stop = threading.Event()
    assert pace.wait(stop)  # the first frame at once
    pace.took()
    now[0] += 0.5  # the next turn has come: no wait (a wait would block on the real clock)
    assert pace.wait(stop)
    assert FramePace(None).interval == 0 and FramePace(4.0).interval == 0.25
    stop.set()
    assert not pace.wait(stop)
