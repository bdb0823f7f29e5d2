"""A still table reuses each stage's last answer (vision/pipeline.py); anything
that changes on the table must still be read afresh."""

from __future__ import annotations

from dataclasses import replace

from tests.support.vision_table import busy_table
from vision.geometry import CameraPose
from vision.pipeline import Pipeline
from vision.snapshot import differences
from vision.synthetic import Effects, SyntheticCamera


def test_a_tile_turned_where_it_lies_is_read_afresh() -> None:
    table = busy_table()
    turned = replace(table, setup=replace(table.setup, temple_rotation=90))
    cam = SyntheticCamera(turned, pose=CameraPose(tilt_deg=10), effects=Effects(noise_sigma=2))
    pipe = Pipeline(4, focal_px=cam.focal_px)
    for frame in cam.frames(4):
        snap = pipe.process(frame)
    assert snap.setup.temple_rotation == 90 and not snap.settling
    readings = pipe.stats.readings
    for frame in cam.frames(3):
        snap = pipe.process(frame)
    assert pipe.stats.readings == readings  # still: the last reading stands
    # Turned back north on the same spot, under a hand: the new angle is read.
    upright = replace(turned, setup=replace(turned.setup, temple_rotation=0))
    cam.move(upright, hand_frames=2)
    for frame in cam.frames(7):
        snap = pipe.process(frame)
    assert not snap.settling
    assert snap.setup.temple_rotation == 0
    assert differences(snap, upright) == []
