"""The camera loops let go of a frame before reading the next (issue 35: memory).

A 12 MP colour frame is 35 MiB: a loop that still holds the last frame while
the camera hands over the next has two at once. Each read here checks that
the frame handed out by the read before is gone (a weak reference to it is
dead), in both loops: Amritsar's ``TableRunner`` and the other games'
``GameCameraLoop``.
"""

from __future__ import annotations

import threading
import time
import weakref
from pathlib import Path
from typing import Any

import numpy as np

from companion.game_camera import GameCameraLoop
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.runner import TableRunner
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from tests.server.games import new_table
from vision.sources import Frame

READS = 6


class Watching:
    """A camera that notes, at each read, whether its last frame is still alive."""

    def __init__(self) -> None:
        self.last: weakref.ref[np.ndarray[Any, Any]] | None = None
        self.still_held: list[bool] = []
        self.done = threading.Event()

    def read(self) -> Frame:
        if self.last is not None:
            self.still_held.append(self.last() is not None)
        if len(self.still_held) >= READS:
            self.done.set()
        image = np.zeros((8, 8, 3), np.uint8)
        self.last = weakref.ref(image)
        return Frame(image, len(self.still_held), time.monotonic())

    def close(self) -> None:
        pass


class Settling:
    """A pipeline that reads the frame and never settles."""

    def process(self, frame: Frame) -> Any:
        assert frame.image.shape == (8, 8, 3)
        return type("Snapshot", (), {"settling": True})()


class Reading:
    """A game reader that reads nothing from the frame."""

    def read(self, frame: Frame) -> None:
        assert frame.image.shape == (8, 8, 3)
        return None


def test_the_amritsar_camera_loop_holds_no_frame_while_reading_the_next() -> None:
    camera = Watching()
    session = new_table()
    runner = TableRunner(session, Reconciler(session), source=camera, pipeline=Settling()).start()
    try:
        assert camera.done.wait(30)
    finally:
        runner.stop()
    assert len(camera.still_held) >= READS and not any(camera.still_held)
    assert runner.stats.frames >= READS and runner.stats.failed_frames == 0


def test_the_game_camera_loop_holds_no_frame_while_reading_the_next(tmp_path: Path) -> None:
    camera = Watching()
    session = open_any_session(tmp_path / "g.sqlite", "imhotep", ["Ana", "Ben"])
    assert isinstance(session, RulesSession)
    loop = GameCameraLoop(session, camera, Reading()).start()
    try:
        assert camera.done.wait(30)
    finally:
        loop.stop()
    assert len(camera.still_held) >= READS and not any(camera.still_held)
    assert loop.failed == 0
