"""The tracker after a camera knock: a full scan, not a mosaic of every marker.

A small knock changes little of the frame (under the tracker's 25 % for a
full scan) but the edges of every marker: the changed regions, widened, cover
nearly all the board's box, and a mosaic of them costs more than a scan of
the box (issue 35: re-registration after a knock). Only after frames the
pipeline skipped for motion: a new blur each frame is read from mosaics.
"""

from __future__ import annotations

import cv2
import numpy as np

from tests.support.vision_table import busy_table
from vision.geometry import CameraPose
from vision.pipeline import Pipeline
from vision.snapshot import differences
from vision.synthetic import Effects, SyntheticCamera
from vision.track import FULL_SCAN_SHARE, STEP, MarkerTracker, change_mask


def _camera() -> SyntheticCamera:
    return SyntheticCamera(
        busy_table(), pose=CameraPose(tilt_deg=12), effects=Effects(noise_sigma=2)
    )


def _grey(cam: SyntheticCamera) -> np.ndarray:
    return cv2.cvtColor(cam.read().image, cv2.COLOR_BGR2GRAY)


def test_a_knock_gets_a_full_scan_of_the_board_and_a_small_change_a_mosaic() -> None:
    cam = _camera()
    pipe = Pipeline(4, focal_px=cam.focal_px)
    for frame in cam.frames(3):
        pipe.process(frame)
    tracker = pipe.tracker
    assert tracker.region is not None and tracker._ref is not None
    ref, last = tracker._ref.copy(), list(tracker.last)
    # A small local change (a piece's worth, away from the corners): a mosaic.
    grey = _grey(cam)
    d = tracker.last[len(tracker.last) // 2]
    x, y = (int(v) for v in d.centre)
    grey[y - 20 : y + 20, x - 20 : x + 20] = 255 - grey[y - 20 : y + 20, x - 20 : x + 20]
    partial = tracker.stats.partial
    _, full = tracker.scan(grey, moved=True)
    assert not full and tracker.stats.partial == partial + 1
    # The camera knocked by a degree: little of the frame changed, every marker's edges did.
    tracker._ref = ref.copy()
    tracker.last = list(last)
    cam.renderer.set_pose(CameraPose(tilt_deg=13))
    knocked = _grey(cam)
    small = np.ascontiguousarray(knocked[::STEP, ::STEP])
    assert 0 < change_mask(small, ref).mean() < FULL_SCAN_SHARE
    # Not after frames skipped for motion (a new blur each frame): a mosaic still.
    fulls, partial = tracker.stats.full, tracker.stats.partial
    _, full = tracker.scan(knocked)
    assert not full and tracker.stats.partial == partial + 1
    tracker._ref = ref.copy()
    tracker.last = list(last)
    fulls, partial = tracker.stats.full, tracker.stats.partial
    found, full = tracker.scan(knocked, moved=True)
    assert full and tracker.stats.full == fulls + 1 and tracker.stats.partial == partial
    # The same markers as a first scan of that box.
    fresh = MarkerTracker(tracker.detector)
    fresh.region, fresh.largest_px, fresh.full_reach = (
        tracker.region,
        tracker.largest_px,
        tracker.full_reach,
    )
    again, _ = fresh.scan(knocked)
    assert sorted((d.marker_id, d.centre) for d in found) == sorted(
        (d.marker_id, d.centre) for d in again
    )


def test_after_a_knock_tracking_reads_as_full_scans() -> None:
    cam = _camera()
    table = busy_table()
    tracked = Pipeline(4, focal_px=cam.focal_px, tracking=True)
    whole = Pipeline(4, focal_px=cam.focal_px, tracking=False)
    for frame in cam.frames(3):
        tracked.process(frame)
        whole.process(frame)
    cam.renderer.set_pose(CameraPose(tilt_deg=13, azimuth_deg=178))
    for frame in cam.frames(8):
        a, b = tracked.process(frame), whole.process(frame)
        assert a.pieces() == b.pieces() and a.settling == b.settling
    assert differences(a, table) == []
    assert tracked.tracker.stats.partial == 0
