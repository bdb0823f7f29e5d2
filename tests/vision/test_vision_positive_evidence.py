"""Positive evidence only (issue 34): a spot reads empty only where the
pipeline saw its own background clean.

A sticker washed to grey (glare on a glossy sticker) is still decoded by the
detector, then refused by the white-quiet-zone check in ``detect()``. Such a
marker is evidence of a piece, never of an empty space: its zone reads
unknown, not empty.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from tests.support.vision_table import busy_table
from vision.detect import MarkerDetector
from vision.geometry import CameraPose
from vision.pipeline import Pipeline
from vision.plan import DEFAULT_PLAN, Kind
from vision.synthetic import SyntheticCamera


def _washed(image: np.ndarray, corners: np.ndarray, low: float, gain: float) -> np.ndarray:
    """``image`` with one sticker (marker and quiet zone) washed towards grey."""
    out = image.copy()
    centre = corners.mean(axis=0)
    outer = ((corners - centre) * (8 / 6 * 1.05) + centre).astype(np.int32)
    mask = np.zeros(out.shape[:2], np.uint8)
    cv2.fillConvexPoly(mask, outer, 1)
    out[mask > 0] = (low + gain * out[mask > 0]).clip(0, 255).astype(np.uint8)
    return out


def test_a_decoded_marker_refused_for_its_quiet_zone_makes_its_zone_unknown() -> None:
    truth = busy_table()  # N2 holds W1 alone
    cam = SyntheticCamera(truth, pose=CameraPose(tilt_deg=10), size=(3200, 2400))
    frame = cam.read()
    w1 = DEFAULT_PLAN.find(Kind.WORKER, "W1").marker_id
    d = next(x for x in MarkerDetector().detect(frame.image) if x.marker_id == w1)
    image = _washed(frame.image, d.corners, 150.0, 0.15)
    # The detector decodes the washed sticker and refuses it: it says so.
    detector = MarkerDetector(keep_nested=True)
    assert all(x.marker_id != w1 for x in detector.detect(image))
    centres, _ = detector.refused
    assert (np.abs(centres - np.array(d.centre)).max(axis=1) < 3).any()
    # The pipeline never calls N2 empty: unknown (its true value is W1).
    pipe = Pipeline(truth.players, focal_px=cam.focal_px)
    for n in range(4):
        snap = pipe.process(replace(frame, image=image, number=n))
    assert not snap.settling
    assert "section:N2" in snap.unseen
    # The rest of the table still reads as it did.
    assert snap.sections["E1"] == truth.sections["E1"]


def _glare(image: np.ndarray, centre: np.ndarray, radius: float) -> np.ndarray:
    """A lamp's reflection: clipped white in its core, fading out around it."""
    h, w = image.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w]
    dist = np.hypot(xx - centre[0], yy - centre[1])
    add = 400 * np.clip(1.5 - dist / radius, 0, 1)
    return np.clip(image.astype(np.float32) + add[..., None], 0, 255).astype(np.uint8)


def test_a_saturated_patch_over_part_of_a_sticker_makes_its_zone_unknown() -> None:
    truth = busy_table()
    cam = SyntheticCamera(truth, pose=CameraPose(tilt_deg=10), size=(3200, 2400))
    frame = cam.read()
    w1 = DEFAULT_PLAN.find(Kind.WORKER, "W1").marker_id
    d = next(x for x in MarkerDetector().detect(frame.image) if x.marker_id == w1)
    side = d.side_px
    # Clipped white over about a third of the sticker, from its east side.
    image = _glare(frame.image, np.array(d.centre) + np.array([side * 0.74, 0.0]), side * 0.6)
    assert all(x.marker_id != w1 for x in MarkerDetector().detect(image))
    pipe = Pipeline(truth.players, focal_px=cam.focal_px)
    for n in range(4):
        snap = pipe.process(replace(frame, image=image, number=n))
    assert not snap.settling
    assert "section:N2" in snap.unseen  # not "empty": the glare hides what is there
    assert snap.sections["E1"] == truth.sections["E1"]
