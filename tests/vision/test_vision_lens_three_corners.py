"""The uncalibrated-lens refusal judged from the corner markers alone (issue 34).

Any three corner markers seen show a strongly bent lens by themselves: their
own corner points do not fit one homography. No printed marker has to be
matched to its anchor for it, so the refusal holds when a corner is hidden and
the printed markers are covered too (before, such a table was never refused
for its lens: "clear the board" for ever, the bent edge taken for an arm).
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.detect import MarkerDetector
from vision.harsh import Condition, harsh_scene
from vision.pipeline import Pipeline
from vision.plan import DEFAULT_PLAN, Kind
from vision.snapshot import TableSnapshot, compare
from vision.startup import CORNERS_BENT_MM

#: A wider lens than the harsh renderer's wide-lens group (k1 -0.2 to -0.35).
STRONG = Condition("wide-lens", "a strongly bent lens, uncalibrated", k1=(-0.7, -0.7))
PRINTED = {
    DEFAULT_PLAN.find(Kind.COIN_SPOT, "coin-spot").marker_id,
    DEFAULT_PLAN.find(Kind.MARKET_CELL, "market-cell").marker_id,
}


def _read_covered(
    seed: int, condition: str | Condition, corner_id: int
) -> tuple[Pipeline, TableSnapshot, TableSnapshot]:
    """The scene read with one corner sticker and every printed marker painted
    over with the table's colour: (pipeline, last snapshot, truth)."""
    scene = harsh_scene(seed, condition)
    frames = list(scene.frames(4))
    patches = [
        ((d.corners - d.corners.mean(axis=0)) * 1.6 + d.corners.mean(axis=0)).astype(np.int32)
        for d in MarkerDetector().detect(frames[0].image)
        if d.marker_id == corner_id or d.marker_id in PRINTED
    ]
    table = tuple(int(v) for v in np.median(frames[0].image[::50, ::50].reshape(-1, 3), axis=0))
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=scene.calibration)
    snap = pipe.snapshot
    for f in frames:
        image = f.image.copy()
        for patch in patches:
            cv2.fillConvexPoly(image, patch, table)
        snap = pipe.process(replace(f, image=image))
    return pipe, snap, scene.truth


def test_a_bent_lens_is_refused_from_three_corners_with_no_printed_marker() -> None:
    pipe, snap, _ = _read_covered(50001, STRONG, 0)  # NW hidden
    reg = pipe.registration
    assert reg is not None and sorted(reg.corners_seen) == ["NE", "SE", "SW"]
    assert reg.fit is not None and reg.fit.good  # no printed marker says otherwise
    assert reg.fit.corners_mm is not None and reg.fit.corners_mm > CORNERS_BENT_MM
    refusal = [p for p in snap.problems if p.code == "lens-uncalibrated"]
    assert refusal and "calibrate" in refusal[0].en
    assert "calibra" in refusal[0].es
    assert snap.settling and not any(snap.sections.values())


def test_a_straight_lens_with_a_corner_and_the_printed_markers_covered_is_read() -> None:
    pipe, snap, truth = _read_covered(50001, "ideal", 0)
    reg = pipe.registration
    assert reg is not None and "NW" not in reg.corners_seen
    assert reg.fit is not None and reg.fit.corners_mm is not None and reg.fit.corners_mm < 1.0
    assert not any(p.code in ("lens-uncalibrated", "poor-fit") for p in snap.problems)
    assert not snap.settling
    # Every zone read as it lies, but the printed spots painted over (read covered).
    wrong = compare(snap, truth)[0]
    assert wrong and all(w.startswith(("coins_present.", "market.")) for w in wrong)
    assert all("seen True, truth False" in w for w in wrong)
