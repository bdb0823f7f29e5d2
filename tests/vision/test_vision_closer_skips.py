"""Where the closer look (vision/closer.py) does not look, and why that costs nothing.

The first frame after registration looks closer at every spot where no marker
was read; at 1920 x 1080 that magnified look cost as much as half a whole-frame
scan. Kinds of spot that cannot gain from it are left out: a printed spot
with no trace of its sticker (covered: nothing to decode), a printed spot
showing its whole print clean (clear, decoded or not), the Maharajah's
spaces once his token is read on one of them, the elephants' places once
every elephant in play is read, and a spot wanted for its size alone where
nothing marker-like shows (flat: no black border, no white ring), unless the
piece whose place it is still is not read after the other looks. The scene is
the first frame of ``bench/vision.py --only first`` at 1080p.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import cv2
import numpy as np
import pytest

from tests.support.vision_table import noisy_first_frame
from vision.closer import CloserLook
from vision.detect import Box, Detection, MarkerDetector
from vision.pipeline import Pipeline
from vision.plan import DEFAULT_PLAN, Kind
from vision.sources import Frame
from vision.synthetic import SyntheticCamera


class Recorded:
    """The pipeline's own detector, recording the crops each region scan was given."""

    def __init__(self, detector: MarkerDetector) -> None:
        self.boxes: list[Box] = []
        real = detector.detect_regions

        def detect_regions(image: Any, boxes: Sequence[Box], **kw: Any) -> list[Detection]:
            self.boxes += [tuple(int(v) for v in b) for b in boxes]  # type: ignore[misc]
            return real(image, boxes, **kw)

        detector.detect_regions = detect_regions  # type: ignore[method-assign,assignment]


@pytest.fixture(scope="module")
def first_frame() -> tuple[SyntheticCamera, Frame]:
    return noisy_first_frame((1920, 1080))


def _looked(closer: CloserLook, boxes: list[Box], where: np.ndarray) -> list[int]:
    """Spots in ``where`` whose crop was scanned."""
    assert closer._spots is not None
    spots = closer._spots[1]
    crops = set(boxes)
    return [int(i) for i in np.nonzero(where)[0] if tuple(int(v) for v in spots.boxes[i]) in crops]


def test_covered_printed_spots_and_a_placed_token_get_no_closer_look(
    first_frame: tuple[SyntheticCamera, Frame],
) -> None:
    cam, frame = first_frame
    pipe = Pipeline(cam.truth.players, focal_px=cam.focal_px)
    spy = Recorded(pipe.detector)
    pipe.process(frame)
    closer = pipe.closer
    assert closer is not None and spy.boxes
    # Printed spots: those with a trace of the sticker were looked at (and read
    # clear); those with none were not, and read covered.
    covered = closer.covered
    assert len(covered) >= 5
    spot_of = {k: i for i, k in enumerate(closer.spot_keys) if k is not None}
    gone = np.zeros(len(closer.spot_keys), bool)
    gone[[spot_of[k] for k in covered]] = True
    assert _looked(closer, spy.boxes, gone) == []
    printed = np.array(
        [k is not None and k.startswith(("coins:", "market:")) for k in closer.spot_keys]
    )
    # Those showing their print whole and clean were not looked at either:
    # they read clear without a look (vision/printed.py, CLEAR_CORRELATION).
    clean = np.zeros(len(closer.spot_keys), bool)
    clean[[spot_of[k] for k in closer.clean]] = True
    assert clean.sum() >= 5 and not (clean & (gone | ~printed)).any()
    assert _looked(closer, spy.boxes, clean) == []
    values = pipe._cache[2].values if pipe._cache is not None else {}
    assert all(values[k] is False for k in closer.clean)
    for key in covered:
        kind, _, name = key.partition(":")
        if kind == "coins":
            assert cam.truth.coins[name], key
    # The Maharajah's token was read on its space: none of his spaces was looked at.
    token = {e.marker_id for e in DEFAULT_PLAN.of_kind(Kind.MAHARAJAH)}
    assert token & {d.marker_id for d in pipe.tracker.last}
    assert _looked(closer, spy.boxes, closer._always) == []


def test_elephant_places_are_looked_at_only_while_an_elephant_is_missing(
    first_frame: tuple[SyntheticCamera, Frame],
) -> None:
    pipe, closer, reg, everything, gone = _elephant_scene(first_frame)
    frame = first_frame[1]
    # One elephant missed by the whole-frame scan (OpenCV 5 misses one here by
    # itself; the Pi's 4.11 reads all four, so one is taken out by hand): the
    # closer look looks at the elephants' places and finds it.
    missed = [d for d in everything if d.marker_id != gone]
    grey = cv2.cvtColor(frame.image, cv2.COLOR_BGR2GRAY)
    for found, looked in ((missed, True), (everything, False)):
        closer.forget()
        spy = Recorded(pipe.detector)
        new = closer.look(grey, found, reg)
        assert bool(_looked(closer, spy.boxes, closer._few)) is looked
        assert (gone in {d.marker_id for d in new}) is looked


def _elephant_scene(
    first_frame: tuple[SyntheticCamera, Frame],
) -> tuple[Pipeline, CloserLook, Any, list[Detection], int]:
    cam, frame = first_frame
    pipe = Pipeline(cam.truth.players, focal_px=cam.focal_px)
    pipe.process(frame)
    closer, reg = pipe.closer, pipe.registration
    assert closer is not None and reg is not None
    elephants = {e.marker_id for e in DEFAULT_PLAN.of_kind(Kind.ELEPHANT)}
    everything = list(pipe.markers_read)
    assert elephants <= {d.marker_id for d in everything}
    return pipe, closer, reg, everything, max(elephants)


def test_flat_places_wait_until_the_other_looks_leave_a_piece_missing(
    first_frame: tuple[SyntheticCamera, Frame],
) -> None:
    """An elephant the first pass missed: the looks go first to the places
    showing something marker-like (its own sticker among them), and the flat
    ones stay unlooked once it is found; with its sticker painted over, no
    such place holds it, and every flat place is looked at after all."""
    pipe, closer, reg, everything, gone = _elephant_scene(first_frame)
    missed = [d for d in everything if d.marker_id != gone]
    grey = cv2.cvtColor(first_frame[1].image, cv2.COLOR_BGR2GRAY)
    closer.forget()
    spy = Recorded(pipe.detector)
    assert gone in {d.marker_id for d in closer.look(grey, missed, reg)}
    looked_first = _looked(closer, spy.boxes, closer._few)
    few = int(closer._few.sum())
    assert 0 < len(looked_first) < few // 2
    # The sticker painted over with the board's grey around it: not found,
    # and then every elephant place without a marker read is looked at.
    sticker = next(d for d in everything if d.marker_id == gone)
    x0, y0, x1, y1 = sticker.box(0.4 * sticker.side_px)
    hidden = grey.copy()
    hidden[y0:y1, x0:x1] = int(np.median(grey[y1 : y1 + 6, x0:x1]))
    closer.forget()
    spy = Recorded(pipe.detector)
    assert gone not in {d.marker_id for d in closer.look(hidden, missed, reg)}
    looked_all = _looked(closer, spy.boxes, closer._few)
    assert len(looked_all) > len(looked_first) + few // 2


def test_tenths_are_numpys_percentiles_to_the_last_bit() -> None:
    from vision.closer import _tenths

    rng = np.random.default_rng(3)
    for n in (1, 2, 9, 10, 11, 49, 625):
        rows = rng.integers(0, 256, (5, n)).astype(np.uint8)
        lo, hi = np.percentile(rows, (10, 90), axis=1)
        assert np.array_equal(_tenths(rows), hi - lo)
