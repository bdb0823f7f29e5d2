"""The harsh renderer draws through the lens it claims, and its groups are usable."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.detect import MarkerDetector
from vision.harsh import CONDITIONS, harsh_scene
from vision.layout import default_layout
from vision.plan import DEFAULT_PLAN, Kind


def test_corner_markers_land_where_the_distorted_lens_puts_them() -> None:
    cond = replace(CONDITIONS["wide-lens"], size=(1600, 1200), noise_sigma=(0.5, 1.0))
    scene = harsh_scene(7, cond)
    assert -0.35 <= scene.lens.k1 <= -0.2 and scene.calibration is None
    (frame,) = scene.frames(1)
    assert frame.image.shape == (1200, 1600, 3)
    found = {d.marker_id: d.centre for d in MarkerDetector().detect(frame.image)}
    H = scene._renderer.H
    layout = default_layout()
    for name, centre in layout.corners.items():
        mid = DEFAULT_PLAN.find(Kind.CORNER, name).marker_id
        ideal = cv2.perspectiveTransform(np.array([[centre]], dtype=np.float64), H)[0]
        bent = scene.lens.distort_pixels(ideal)[0]
        assert np.hypot(*(np.array(found[mid]) - bent)) < 1.5
        # ... and far from where a pinhole would show it, at least somewhere.
    far = [
        np.hypot(
            *(
                np.array(found[DEFAULT_PLAN.find(Kind.CORNER, n).marker_id])
                - cv2.perspectiveTransform(np.array([[c]], dtype=np.float64), H)[0, 0]
            )
        )
        for n, c in layout.corners.items()
    ]
    assert max(far) > 15


def test_every_group_is_a_scene_and_the_calibrated_group_shares_the_frames_lens() -> None:
    for name, cond in CONDITIONS.items():
        scene = harsh_scene(3, name)
        assert scene.size == cond.size and scene.truth.players in (1, 2, 3, 4)
    plain = harsh_scene(3, "wide-lens")
    told = harsh_scene(3, "wide-lens-calibrated")
    assert told.lens == plain.lens and told.calibration is not None
    assert told.calibration != plain.lens
    assert abs(told.calibration.k1 - plain.lens.k1) <= 0.015
    (a,) = plain.frames(1)
    (b,) = told.frames(1)
    assert np.array_equal(a.image, b.image)
