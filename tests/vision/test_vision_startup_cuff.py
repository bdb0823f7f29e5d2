"""Start-up under a hand whose edge keeps its contrast, or whose skin is the table's colour (issue 34).

The start-up check holds the table while something lies across the board's
edge: there the inside looks like the outside. Two hands defeat that: a
sleeve that ends at the edge (skin inside, the sleeve outside: the edge
keeps its contrast) and a palm of the table's own colour (the outside looks
like the table). Both leave the board just inside unlike the board's margin,
which print along the edge and a shadow band do not: a shadow over the same
stretch still starts.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.harsh import harsh_scene
from vision.pipeline import Pipeline
from vision.snapshot import TableSnapshot

SEED = 50002
#: The stretch of the west edge the hand lies across (board mm, y).
Y0, Y1 = 250.0, 330.0


def _poly(pipe: Pipeline, x0: float, x1: float) -> np.ndarray:
    reg = pipe.registration
    assert reg is not None and reg.ok
    pts = [(x0, Y0), (x1, Y0), (x1, Y1), (x0, Y1)]
    return reg.to_image(np.array(pts, dtype=np.float64)).astype(np.int32)


def _start(paint: str) -> tuple[Pipeline, TableSnapshot]:
    """The harsh ideal scene's first frames, painted: ``cuff`` (skin 0-60 mm
    inside the west edge, a black sleeve outside it), ``palm`` (skin of the
    table's own colour from 30 mm outside to 30 mm inside) or ``shadow`` (the
    same stretch, both sides, at 0.6 of its light)."""
    scene = harsh_scene(SEED, "ideal")
    frames = list(scene.frames(2))
    probe = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    probe.process(frames[0])
    inside, outside = _poly(probe, 0.0, 60.0), _poly(probe, -60.0, 0.0)
    across = _poly(probe, -30.0, 30.0)
    table = _poly(probe, -60.0, -40.0)
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    snap = pipe.snapshot
    for f in frames:
        img = f.image.copy()
        if paint == "cuff":
            cv2.fillConvexPoly(img, inside, (100, 120, 160))
            cv2.fillConvexPoly(img, outside, (16, 6, 6))
        elif paint == "palm":
            mask = np.zeros(img.shape[:2], np.uint8)
            cv2.fillConvexPoly(mask, table, 1)
            # The table's colour, a little pinker.
            colour = np.median(img[mask > 0], axis=0) + np.array([8.0, -4.0, -8.0])
            cv2.fillConvexPoly(img, across, tuple(float(c) for c in colour))
        else:
            mask = np.zeros(img.shape[:2], np.uint8)
            cv2.fillConvexPoly(mask, across, 1)
            img[mask > 0] = (img[mask > 0] * 0.6).astype(np.uint8)
        snap = pipe.process(replace(f, image=img))
    return pipe, snap


def test_a_sleeve_ending_at_the_edge_holds_the_reading() -> None:
    pipe, snap = _start("cuff")
    assert not pipe.startup.verified
    assert snap.settling
    assert any(p.code == "clear-the-board-start" for p in snap.problems)


def test_a_palm_of_the_tables_colour_holds_the_reading() -> None:
    pipe, snap = _start("palm")
    assert not pipe.startup.verified
    assert any(p.code == "clear-the-board-start" for p in snap.problems)


def test_a_shadow_over_the_same_stretch_still_starts() -> None:
    pipe, snap = _start("shadow")
    assert pipe.startup.verified
    assert not any(p.code == "clear-the-board-start" for p in snap.problems)
