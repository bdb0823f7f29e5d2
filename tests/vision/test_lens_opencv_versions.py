"""PointLens undistorts the same on the PC's OpenCV 5 and the Pi's 4.11.

OpenCV 4.11 (constraints/pi.txt) has no ``criteria`` keyword on
``cv2.undistortPoints``; :func:`vision.lens._undistort_points` uses
``undistortPointsIter`` there. Whichever OpenCV runs the tests (``make test``
runs them with both), the points must agree with the lens model's own
fixed-point inverse and distort back to where they were.
"""

from __future__ import annotations

import numpy as np

from vision.lens import Lens, PointLens


def test_to_ideal_agrees_with_the_lens_model_and_round_trips() -> None:
    size = (1920, 1080)
    lens = Lens(1400.0, 1400.0, 960.0, 540.0, k1=-0.32, k2=0.12, p1=1e-3, p2=-5e-4, size=size)
    rng = np.random.default_rng(3)
    raw = np.column_stack([rng.uniform(0, size[0], 400), rng.uniform(0, size[1], 400)])
    ideal = PointLens(lens, size).to_ideal(raw)
    assert np.isfinite(ideal).all()
    assert np.abs(ideal - lens.undistort_pixels(raw)).max() < 1e-3
    assert np.abs(lens.distort_pixels(ideal) - raw).max() < 1e-3
    assert np.abs(ideal - raw).max() > 50  # a wide lens: the points really moved
