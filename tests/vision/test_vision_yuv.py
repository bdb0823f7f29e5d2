"""Frames as YUV 4:2:0 planes (vision/yuv.py): cut from picamera2's buffer
without a copy, the grey image exactly OpenCV's, and the pipeline reading the
table from them as from the BGR frame."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.support.vision_table import busy_table
from vision.geometry import CameraPose
from vision.layout import default_layout
from vision.occlusion import BoardView
from vision.pipeline import Pipeline
from vision.snapshot import differences
from vision.synthetic import Effects, SyntheticCamera
from vision.yuv import from_bgr, planes, to_bgr


def test_planes_are_views_into_a_padded_buffer() -> None:
    w, h, stride = 8, 4, 12
    buffer = np.arange(h * 3 // 2 * stride, dtype=np.uint32).astype(np.uint8).reshape(-1, stride)
    y, chroma = planes(buffer, (w, h))
    assert y.shape == (4, 8) and chroma.shape == (2, 2, 4)
    assert np.shares_memory(y, buffer) and np.shares_memory(chroma, buffer)
    np.testing.assert_array_equal(y, buffer[:4, :8])
    flat = buffer[4:].reshape(-1)
    np.testing.assert_array_equal(chroma[0], flat[:12].reshape(2, 6)[:, :4])  # U rows
    np.testing.assert_array_equal(chroma[1], flat[12:].reshape(2, 6)[:, :4])  # V rows
    with pytest.raises(ValueError, match="YUV 4:2:0 buffer of 8x4"):
        planes(buffer[:5], (w, h))


@pytest.fixture(scope="module")
def camera() -> SyntheticCamera:
    return SyntheticCamera(
        busy_table(),
        pose=CameraPose(tilt_deg=20),
        effects=Effects(noise_sigma=2),
        size=(1600, 1200),
    )


def test_the_y_plane_is_the_grey_image_and_colour_comes_back_close(
    camera: SyntheticCamera,
) -> None:
    image = camera.read().image
    y, chroma = from_bgr(image)
    np.testing.assert_array_equal(y, cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    assert chroma.shape == (2, 600, 800)
    back = to_bgr(y, chroma)
    assert np.abs(back.astype(np.int16) - image).mean() < 3.0


def test_a_grey_frame_gives_the_board_view_of_its_bgr_copy() -> None:
    rng = np.random.default_rng(1)
    grey = rng.integers(0, 256, (600, 800), dtype=np.uint8)
    h = np.array([[1.1, 0.05, 30.0], [0.02, 1.05, 20.0], [0.0, 0.0001, 1.0]])
    view = BoardView(default_layout())
    np.testing.assert_array_equal(
        view.warp(grey, h),
        BoardView(default_layout()).warp(cv2.cvtColor(grey, cv2.COLOR_GRAY2BGR), h),
    )


def test_the_pipeline_reads_yuv_frames_as_bgr_frames(camera: SyntheticCamera) -> None:
    frames = list(camera.frames(5))
    bgr = Pipeline(4, focal_px=camera.focal_px)
    yuv = Pipeline(4, focal_px=camera.focal_px)
    for f in frames:
        a = bgr.process(f)
        y, chroma = from_bgr(f.image)
        b = yuv.process(replace(f, image=y, chroma=chroma))
        assert sorted((d.marker_id, d.corners.tobytes()) for d in yuv.markers_read) == sorted(
            (d.marker_id, d.corners.tobytes()) for d in bgr.markers_read
        )
    assert not b.settling and a == b
    wrong = [d for d in differences(b, busy_table()) if not d.endswith("not measured")]
    assert wrong == [] and len(b.confidence) > 100
    # The board views differ only by chroma's coarser sampling.
    assert yuv.view.prev is not None and bgr.view.prev is not None
    assert np.abs(yuv.view.prev.astype(np.int16) - bgr.view.prev).mean() < 4.0
