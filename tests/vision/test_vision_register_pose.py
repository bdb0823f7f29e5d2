"""Registration by the camera's pose (``solvePnP``) once the lens is calibrated.

The pose fit recovers a known camera from noisy points (the map and the
camera centre), refuses what is no pose of this board, is used only with a
calibration, and reads a harsh calibrated wide-lens scene to well under a
millimetre. The comparison with the homography refit over 50 scenes is
``bench/registration.py`` (bench/RESULTS.md).
"""

from __future__ import annotations

import numpy as np
import pytest

from vision.geometry import CameraPose, build_camera
from vision.harsh import harsh_scene
from vision.lens import PointLens
from vision.pipeline import Pipeline
from vision.register import DEFAULT_METHOD, METHODS, pose_homography

SIZE = (3200, 2400)
EXTENT = (0.0, 0.0, 1000.0, 800.0)


def _points(rng: np.random.Generator, n: int = 60) -> np.ndarray:
    return np.column_stack([rng.uniform(0, 1000, n), rng.uniform(0, 800, n)])


@pytest.mark.parametrize("tilt", [0.0, 20.0, 35.0])
def test_the_pose_is_recovered_from_noisy_points(tilt: float) -> None:
    rng = np.random.default_rng(int(tilt))
    cam = build_camera(CameraPose(1100.0, tilt, 200.0, 8.0), SIZE, EXTENT)
    H = cam.plane_homography(0.0)
    board = _points(rng)
    ideal = np.column_stack([board, np.ones(len(board))]) @ H.T
    ideal = ideal[:, :2] / ideal[:, 2:] + rng.normal(0, 0.3, (len(board), 2))
    found = pose_homography(board, ideal, cam.K, H)
    assert found is not None
    posed, centre = found
    probe = np.column_stack([_points(rng, 200), np.ones(200)])
    a, b = probe @ posed.T, probe @ H.T
    apart = np.linalg.norm(a[:, :2] / a[:, 2:] - b[:, :2] / b[:, 2:], axis=1)
    assert apart.max() < 0.5  # px, with 0.3 px noise on every point
    true = cam.centre
    assert np.linalg.norm(centre - np.array([true[0], true[1], -true[2]])) < 5.0  # mm


def test_no_pose_is_made_up_from_points_of_another_board() -> None:
    rng = np.random.default_rng(7)
    cam = build_camera(CameraPose(1100.0, 25.0, 90.0, 0.0), SIZE, EXTENT)
    H = cam.plane_homography(0.0)
    board = _points(rng)
    ideal = np.column_stack([board, np.ones(len(board))]) @ H.T
    ideal = ideal[:, :2] / ideal[:, 2:]
    shifted = ideal + np.array([300.0, 0.0])  # the fit a pose must agree with is elsewhere
    assert pose_homography(board, shifted, cam.K, H) is None


def test_the_pose_is_used_only_with_a_calibration() -> None:
    assert DEFAULT_METHOD in METHODS
    scene = harsh_scene(50_002, "wide-lens-calibrated")
    plain = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    plain.registrar.method = "pose"
    posed = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=scene.lens)
    posed.registrar.method = "pose"
    frame = next(scene.frames(1))
    plain.process(frame)
    posed.process(frame)
    assert plain.registrar._pose_centre is None
    assert posed.registrar._pose_centre is not None
    reg = posed.registration
    assert reg is not None and reg.ok and reg.fit is not None and reg.fit.good
    # Every zone anchor, from where the true lens shows it, lands back within 0.5 mm.
    renderer = scene._renderer
    anchors = np.array([p for z in scene.layout.zones for p in z.anchors], dtype=np.float64)
    ideal = np.column_stack([anchors, np.ones(len(anchors))]) @ renderer.H.T
    raw = scene.lens.distort_pixels(ideal[:, :2] / ideal[:, 2:])
    back = reg.to_board(PointLens(scene.lens, scene.size).to_ideal(raw))
    assert np.nanmax(np.linalg.norm(back - anchors, axis=1)) < 0.5
    # The camera centre comes from the pose: within 1 % of the height.
    true = renderer.cam
    assert np.linalg.norm(reg.camera - true) < 0.01 * true[2]
