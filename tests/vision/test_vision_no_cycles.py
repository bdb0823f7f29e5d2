"""Reading a table makes no reference cycle that holds a frame.

A cycle is freed only by the garbage collector's full pass, which the number of
small objects made triggers, not their bytes: a cycle holding frame-sized
arrays (23 MB a 12 MP colour frame) lets memory climb by hundreds of MB
between passes. That once took one process running the vision tests to
8 GB, and would starve a Pi. With the collector off, the scene, its
renderer and the pipeline must go as soon as the last name for them does.
"""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from vision.harsh import harsh_scene
from vision.pipeline import Pipeline


@pytest.fixture
def collector_off() -> Iterator[None]:
    gc.collect()
    gc.disable()
    try:
        yield
    finally:
        gc.enable()


def test_a_read_scene_and_its_pipeline_are_freed_without_the_collector(
    collector_off: None,
) -> None:
    scene = harsh_scene(3, "ideal")
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=scene.calibration)
    for frame in scene.frames(2):
        snap = pipe.process(frame)
    assert pipe.registration is not None  # it found the board and read it
    gone = [
        weakref.ref(scene),
        weakref.ref(scene._renderer),
        weakref.ref(scene._renderer.rig),
        weakref.ref(pipe),
    ]
    del scene, pipe, frame, snap
    alive = [ref() for ref in gone]
    assert [type(a).__name__ for a in alive if a is not None] == []
