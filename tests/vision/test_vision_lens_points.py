"""The calibrated path without undistorting frames: marker corners are
undistorted (vision.lens.PointLens), the closer look and the board view are
placed through the lens, and a wide-lens table reads as well as through a
fully undistorted frame."""

from __future__ import annotations

import cv2
import numpy as np

from vision.detect import Detection
from vision.harsh import harsh_scene
from vision.lens import Lens, PointLens, Undistorter
from vision.pipeline import Pipeline
from vision.snapshot import compare
from vision.sources import Frame


def _settled(pipe: Pipeline, frames: list[Frame]):  # type: ignore[no-untyped-def]
    snap = None
    for frame in frames:
        snap = pipe.process(frame)
    assert snap is not None and not snap.settling
    return snap


def test_point_lens_round_trips_and_refuses_what_it_cannot_undistort() -> None:
    lens = harsh_scene(3, "wide-lens").lens
    points = PointLens(lens, lens.size)
    w, h = lens.size
    grid = np.stack(np.meshgrid(np.linspace(0, w - 1, 9), np.linspace(0, h - 1, 7)), -1)
    grid = grid.reshape(-1, 2)
    ideal = points.to_ideal(grid)
    assert np.isfinite(ideal).all()
    assert np.abs(points.to_raw(ideal) - grid).max() < 1e-3
    # The frame's corner lies 8-25 % farther out in the ideal image (barrel lens).
    corner = np.linalg.norm(ideal[0] - (w / 2, h / 2)) / np.linalg.norm(grid[0] - (w / 2, h / 2))
    assert 1.05 < corner < 1.4
    # A lens bent so hard that the frame's corners lie past its turn: no answer there.
    hard = PointLens(Lens(800, 800, w / 2, h / 2, k1=-0.5, size=(w, h)), (w, h))
    square = np.array([[0, 0], [30, 0], [30, 30], [0, 30]], dtype=np.float32)
    at_centre = Detection(7, square + np.float32([w / 2, h / 2]))
    in_corner = Detection(9, square + np.float32([2, 2]))
    found = [at_centre, in_corner]
    out = hard.detections(found)
    assert [d.marker_id for d in out] == [7]
    assert np.abs(out[0].corners - at_centre.corners).max() < 2.0
    assert hard.detections(found) is out  # the same list: reused whole
    again = hard.detections([at_centre])
    assert again is not out and again[0] is out[0]  # the same marker: reused


def test_a_calibrated_wide_lens_table_reads_as_well_as_through_full_undistortion() -> None:
    scene = harsh_scene(50_001, "wide-lens-calibrated")
    lens = scene.calibration
    assert lens is not None and lens.k1 < -0.2
    frames = list(scene.frames(4))
    undistort = Undistorter(lens)
    flat = [Frame(image=undistort(f.image), number=f.number, time=f.time) for f in frames]
    old = Pipeline(scene.truth.players, focal_px=lens.fx)
    old_snap = _settled(old, flat)
    new = Pipeline(scene.truth.players, calibration=lens)
    new_snap = _settled(new, frames)
    old_wrong, old_unmeasured = compare(old_snap, scene.truth)
    new_wrong, new_unmeasured = compare(new_snap, scene.truth)
    assert new_wrong == [] and old_wrong == []
    assert len(new_snap.unseen) <= len(old_snap.unseen)
    assert len(new_unmeasured) <= len(old_unmeasured)
    assert new.stats.markers >= old.stats.markers
    # The fit through the corner path is as good: well under the 3 mm limit.
    assert new.fit is not None and new.fit.good and new.fit.worst_mm < 1.0


def test_the_closer_look_finds_a_marker_near_the_edge_of_a_bent_frame() -> None:
    scene = harsh_scene(50_001, "wide-lens-calibrated")
    (frame,) = scene.frames(1)
    pipe = Pipeline(scene.truth.players, calibration=scene.calibration)
    pipe.process(frame)
    reg = pipe.registration
    assert reg is not None and reg.ok and pipe.closer is not None and pipe._lens is not None
    closer = pipe.closer
    raw = list(pipe.tracker.last)
    grey = cv2.cvtColor(frame.image, cv2.COLOR_BGR2GRAY)
    spots = closer.spots(reg)
    w, h = scene.size
    # The first pass's marker on a spot farthest from the frame's centre, where
    # the lens bends most.
    best = None
    for d in raw:
        gaps = np.hypot(*(spots.centres - d.centre).T)
        i = int(gaps.argmin())
        key = closer.spot_keys[i]
        if gaps[i] < d.side_px and key is not None:
            r = np.hypot(d.centre[0] - w / 2, d.centre[1] - h / 2)
            if best is None or r > best[0]:
                best = (r, d, key)
    assert best is not None
    r, lost, key = best
    assert r > 0.6 * np.hypot(w / 2, h / 2)  # out towards the frame's edge
    ideal = pipe._lens.to_ideal(np.array([lost.centre]))[0]
    assert np.hypot(*(ideal - lost.centre)) > 10  # where the lens bends it far
    closer.expect([key])  # a piece the game says is there: looked at, whatever its size
    others = [d for d in raw if d is not lost]
    got = closer.look(grey, others, reg, None, frozenset())
    same = [d for d in got if d.marker_id == lost.marker_id]
    assert same, f"the closer look lost marker {lost.marker_id} at {lost.centre}"
    assert np.abs(same[0].corners - lost.corners).max() < 2.0
