"""The first pass in overlapping bands (vision/bands.py): every row in one core,
no marker cut, the same markers as one scan of the whole image, and the
pipeline telling its tracker the largest marker's size."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

import vision.bands as bands
from tests.support.vision_table import busy_table
from vision.bands import margin_for, spans
from vision.detect import Detection, MarkerDetector
from vision.geometry import CameraPose
from vision.pipeline import Pipeline
from vision.synthetic import Effects, SyntheticCamera


def _key(found: list[Detection]) -> list[tuple[int, bytes]]:
    return sorted((d.marker_id, d.corners.tobytes()) for d in found)


def test_cores_split_the_rows_and_bands_reach_a_margin_beyond() -> None:
    assert 3200 * 2400 <= bands.BAND_FROM_PIXELS < 4000 * 2851  # a 12 MP board box
    cut = spans(100, 3100, 4000, 150, pixels=2_500_000)
    assert len(cut) > 2
    assert cut[0].top == 100 and cut[-1].bottom == 3100
    for row in range(100, 3100, 7):
        owners = [s for s in cut if s.core_top <= row < s.core_bottom]
        assert len(owners) == 1
        s = owners[0]
        # A marker centred on the row, whole in the band that keeps it.
        assert s.top <= max(100, row - 150) and min(3100, row + 150) <= s.bottom
    assert all(s.bottom - s.top <= 2_500_000 // 4000 + 2 * 150 for s in cut)


def test_seams_keep_out_of_the_rows_a_larger_marker_needs() -> None:
    plain = spans(0, 3000, 4000, 100, pixels=2_000_000)
    seams = [s.core_top for s in plain[1:]]
    # A marker of 300 px centred 20 rows below the first seam: plain bands cut it.
    row, side = seams[0] + 20, 300.0
    keep_out = bands.keep_out_for([(row, side)], 100)
    (lo, hi) = keep_out[0]
    assert lo < seams[0] < hi
    cut = spans(0, 3000, 4000, 100, pixels=2_000_000, keep_out=keep_out)
    assert len(cut) == len(plain)
    assert all(not lo < s.core_top < hi for s in cut[1:])
    owner = next(s for s in cut if s.core_top <= row < s.core_bottom)
    assert owner.top <= row - margin_for(side) and row + margin_for(side) <= owner.bottom
    for r in range(0, 3000, 11):  # every row still in one core
        assert len([s for s in cut if s.core_top <= r < s.core_bottom]) == 1
    # Markers no larger than the margin covers keep nothing out.
    assert bands.keep_out_for([(500.0, 50.0)], 100) == []


def test_a_small_image_or_no_room_for_cores_is_one_span() -> None:
    assert len(spans(0, 1080, 1920, 100)) == 1  # 2 MP: whole, as before
    whole = spans(0, 3000, 4000, 5000)
    assert len(whole) == 1 and whole[0].core_top == -math.inf
    assert margin_for(100.0) >= 0.71 * 100 + 8  # corners, threshold window, a pixel
    assert margin_for(100.0, bands.QUIET_REACH) >= 0.95 * 100 + 8  # the quiet zone too


@pytest.fixture(scope="module")
def frame() -> np.ndarray:  # type: ignore[type-arg]
    cam = SyntheticCamera(
        busy_table(),
        pose=CameraPose(tilt_deg=20),
        effects=Effects(noise_sigma=2),
        size=(1600, 1200),
    )
    image: np.ndarray = cam.read().image  # type: ignore[type-arg]
    return image


def test_banded_first_pass_finds_what_one_whole_scan_finds(
    frame: np.ndarray,  # type: ignore[type-arg]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    whole = MarkerDetector(keep_nested=True)
    found = whole.detect(grey)
    largest = max(d.side_px for d in found)
    monkeypatch.setattr(bands, "BAND_PIXELS", 300_000)  # six bands or more on 1600x1200
    monkeypatch.setattr(bands, "BAND_FROM_PIXELS", 0)
    assert len(spans(0, 1200, 1600, margin_for(largest))) >= 6
    banded = MarkerDetector(keep_nested=True)
    got = banded.detect(grey, None, largest)
    assert len(found) > 40
    assert _key(got) == _key(found)  # none cut, none twice

    # The undecoded squares of up to a marker's size (what the closer look
    # uses) too; larger ones (printed boxes, the board) may be cut by a band.
    def squares(d: MarkerDetector) -> list[tuple[float, float, float]]:
        (c, s) = d.candidates
        return sorted(
            (float(x), float(y), float(z)) for (x, y), z in zip(c, s, strict=True) if z <= largest
        )

    assert len(squares(whole)) >= 5
    assert squares(banded) == squares(whole)
    # Bands overlapping by the smaller markers' reach only, their seams kept
    # off the rows of the larger ones (as the pipeline keeps them off the
    # board's corner markers): the same markers again.
    # Here pieces' stickers of 14-23 px, and four of 34-45 px (as a board's
    # corners); the pieces' largest with the pipeline's slack (1.25).
    small = 1.25 * max(d.side_px for d in found if d.side_px < 30)
    big = [(d.centre[1], d.side_px) for d in found if d.side_px > small]
    assert len(big) >= 4 and margin_for(small) < margin_for(largest) - 10
    assert len(spans(0, 1200, 1600, margin_for(small))) >= 6
    assert _key(MarkerDetector(keep_nested=True).detect(grey, None, small, big)) == _key(found)
    # A colour frame made grey band by band: the same markers again.
    assert _key(MarkerDetector(keep_nested=True).detect(frame, None, largest)) == _key(found)
    # In a box of the frame too.
    box = (200, 150, 1500, 1100)
    assert _key(banded.detect(grey, box, largest)) == _key(whole.detect(grey, box))


def test_the_pipeline_tells_the_tracker_the_largest_marker() -> None:
    cam = SyntheticCamera(busy_table(), pose=CameraPose(tilt_deg=20), size=(1600, 1200))
    pipe = Pipeline(4, focal_px=cam.focal_px)
    unregistered = pipe._largest(None, (1600, 1200))
    for f in cam.frames(2):
        pipe.process(f)
    assert pipe.registration is not None and pipe.registration.ok
    largest = pipe.tracker.largest_px
    assert largest is not None
    biggest = max(d.side_px for d in pipe.tracker.last)
    # Above every marker read (a corner marker is the plan's largest), below
    # the bound used while the board is not registered.
    assert biggest <= largest <= unregistered


def test_a_hands_mosaic_goes_in_its_own_smaller_bands(
    frame: np.ndarray,  # type: ignore[type-arg]
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    grey = cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    boxes = [(100, 80, 900, 700), (950, 300, 1550, 1150)]
    whole = MarkerDetector(keep_nested=True).detect_regions(grey, boxes)
    largest = max(d.side_px for d in whole)
    assert len(whole) > 20
    monkeypatch.setattr(bands, "BAND_FROM_PIXELS", 0)
    monkeypatch.setattr(bands, "MOSAIC_BAND_PIXELS", 250_000)
    cuts: list[int] = []

    class Counting(MarkerDetector):
        def _walk(self, *args, **kwargs):  # type: ignore[no-untyped-def]
            cuts.append(len(args[5]))
            return super()._walk(*args, **kwargs)

    got = Counting(keep_nested=True).detect_regions(grey, boxes, largest_px=largest)
    assert cuts and cuts[0] >= 4  # a mosaic of ~1 MP in bands of 0.25 MP
    assert _key(got) == _key(whole)
