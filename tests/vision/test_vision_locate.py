"""A large frame's first scan placed by a coarse look for the corner markers
(vision/pipeline.py ``LOCATE_STEP``, vision/register.py ``Registrar.locate``).

With no board registered, a 12 MP frame was scanned whole in bands overlapping
by a corner marker on a board filling the frame. A coarse copy (every sixth
pixel) shows the corner markers; where they put the board, the first scan goes
over the board's box in a registered scan's bands instead: the same markers,
the same reading, for less. The frame here is 3200 x 2400 with every scan made
in bands (``BAND_FROM_PIXELS = 0``), the bench's first-frame scene.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

import vision.bands as bands
import vision.pipeline as pipeline
from tests.support.vision_table import noisy_first_frame
from vision.detect import Detection
from vision.pipeline import Pipeline
from vision.sources import Frame
from vision.synthetic import SyntheticCamera


@pytest.fixture(scope="module")
def large() -> tuple[SyntheticCamera, Frame]:
    return noisy_first_frame((3200, 2400))


def _read(cam: SyntheticCamera, frame: Frame) -> Pipeline:
    pipe = Pipeline(cam.truth.players, focal_px=cam.focal_px)
    pipe.process(frame)
    return pipe


def _markers(pipe: Pipeline) -> list[tuple[int, bytes]]:
    return sorted((d.marker_id, d.corners.tobytes()) for d in pipe.markers_read)


def test_the_first_scan_goes_where_the_coarse_look_puts_the_board(
    large: tuple[SyntheticCamera, Frame], monkeypatch: pytest.MonkeyPatch
) -> None:
    cam, frame = large
    monkeypatch.setattr(bands, "BAND_FROM_PIXELS", 0)
    placed = _read(cam, frame)
    box = placed.tracker.region
    assert box is not None  # the board's box, not the whole frame
    assert (box[2] - box[0]) * (box[3] - box[1]) < 0.95 * 3200 * 2400
    assert placed.registration is not None and len(placed.registration.corners_seen) == 4
    assert placed.stats.whole_frame_rescans == 0
    # The same frame scanned whole (no coarse look): the same markers, the same values.
    monkeypatch.setattr(Pipeline, "_locate", lambda self, grey, size: None)
    whole = _read(cam, frame)
    assert whole.tracker.region is None
    assert len(_markers(placed)) > 50
    assert _markers(placed) == _markers(whole)
    assert placed._cache is not None and whole._cache is not None
    assert placed._cache[2].values == whole._cache[2].values


def test_corners_too_small_for_the_coarse_look_leave_the_whole_frame_scanned(
    large: tuple[SyntheticCamera, Frame], monkeypatch: pytest.MonkeyPatch
) -> None:
    cam, frame = large
    monkeypatch.setattr(bands, "BAND_FROM_PIXELS", 0)
    monkeypatch.setattr(pipeline, "LOCATE_STEP", 40)  # corner markers of 3 px there
    pipe = _read(cam, frame)
    assert pipe.tracker.region is None
    assert pipe.registration is not None and pipe.registration.ok
    # A small frame is never looked at coarsely (it is scanned whole, as ever).
    monkeypatch.setattr(pipeline, "LOCATE_STEP", 6)
    monkeypatch.setattr(bands, "BAND_FROM_PIXELS", 8_000_000)
    assert _read(cam, frame).tracker.region is None


def test_locate_wants_all_four_corners_agreeing(
    large: tuple[SyntheticCamera, Frame],
) -> None:
    cam, frame = large
    pipe = _read(cam, frame)
    corners = [d for d in pipe.tracker.last if d.marker_id in pipe.registrar.corner_ids]
    assert len(corners) == 4
    size = (3200, 2400)
    got = pipe.registrar.locate(corners, size)
    assert got is not None and got.ok and len(got.corners_seen) == 4
    assert pipe.registration is not None
    assert np.abs(got.board_to_image - pipe.registration.board_to_image).max() < 1.0 + 1e-3 * (
        np.abs(pipe.registration.board_to_image).max()
    )
    assert pipe.registrar.locate(corners[:3], size) is None  # three are not enough
    assert pipe.registrar.locate([*corners[:3], corners[0]], size) is None  # one read twice
    # A corner marker read at twice its size fits no one board with the others.
    c = corners[0].corners
    grown = Detection(corners[0].marker_id, (c - c.mean(axis=0)) * np.float32(2) + c.mean(axis=0))
    assert pipe.registrar.locate([grown, *corners[1:]], size) is None


def test_a_box_that_misses_the_board_sends_the_scan_to_the_rest_of_the_frame(
    large: tuple[SyntheticCamera, Frame], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Four corner markers of a coarse look placed wrong (the board put 500 px
    off): the box scanned misses part of the board, and the rest of the frame
    is scanned too, so the first frame still reads what the whole frame shows."""
    cam, frame = large
    monkeypatch.setattr(bands, "BAND_FROM_PIXELS", 0)
    whole = _read(cam, frame)
    right = whole.registration
    assert right is not None
    shift = np.array([[1.0, 0.0, 500.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])
    wrong = replace(
        right,
        board_to_image=shift @ right.board_to_image,
        image_to_board=right.image_to_board @ np.linalg.inv(shift),
    )
    monkeypatch.setattr(Pipeline, "_locate", lambda self, grey, size: wrong)
    pipe = _read(cam, frame)
    assert pipe.stats.whole_frame_rescans == 1
    assert pipe.registration is not None and len(pipe.registration.corners_seen) == 4
    monkeypatch.setattr(Pipeline, "_locate", lambda self, grey, size: None)
    assert {d.marker_id for d in pipe.markers_read} == {
        d.marker_id for d in _read(cam, frame).markers_read
    }
