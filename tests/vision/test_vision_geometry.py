"""Camera geometry: the pipeline recovers what the renderer built."""

from __future__ import annotations

import numpy as np
import pytest

from vision.geometry import (
    CameraPose,
    build_camera,
    camera_centre,
    estimate_focal,
    foot_to_ground,
    ground_to_foot,
)

EXTENT = (-10.0, -10.0, 790.0, 650.0)


@pytest.mark.parametrize("tilt", [0.0, 20.0, 45.0])
def test_camera_centre_from_the_board_homography(tilt: float) -> None:
    cam = build_camera(
        CameraPose(height_mm=1000, tilt_deg=tilt, azimuth_deg=150, roll_deg=12),
        (1920, 1080),
        EXTENT,
    )
    H = cam.plane_homography(0.0)
    truth = cam.centre
    got = camera_centre(H, float(cam.K[0, 0]), (1920, 1080))
    assert got == pytest.approx([truth[0], truth[1], -truth[2]], abs=0.5)


def test_focal_length_is_estimated_from_a_tilted_view_only() -> None:
    tilted = build_camera(CameraPose(tilt_deg=30, azimuth_deg=200), (1920, 1080), EXTENT)
    f = estimate_focal(tilted.plane_homography(), (1920, 1080))
    assert f == pytest.approx(tilted.K[0, 0], rel=0.01)
    straight = build_camera(CameraPose(tilt_deg=0, roll_deg=0), (1920, 1080), EXTENT)
    assert estimate_focal(straight.plane_homography(), (1920, 1080)) is None


def test_raised_point_projects_like_its_ground_shadow() -> None:
    cam = build_camera(CameraPose(tilt_deg=35, azimuth_deg=100), (1920, 1080), EXTENT)
    c = cam.centre
    centre = np.array([c[0], c[1], -c[2]])
    foot = (200.0, 300.0)
    ground = foot_to_ground(*foot, centre, 16.0)
    raised = cam.plane_homography(16.0) @ np.array([*foot, 1.0])
    flat = cam.plane_homography(0.0) @ np.array([*ground, 1.0])
    assert raised[:2] / raised[2] == pytest.approx(flat[:2] / flat[2], abs=1e-6)
    assert ground_to_foot(*ground, centre, 16.0) == pytest.approx(foot)
