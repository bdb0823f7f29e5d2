"""Start-up with glare on an edge, and sleeves of any colour (issue 34).

The start-up check holds the table while something lies across the board's
edge. A pale thing beside the edge (a tray as pale as the board) washed out
by a lamp looks like an arm there; with near-white glare beside it only glare
may explain it, and the table must still start: the zones near it stay
unknown and a problem says so (English and Spanish), the rest is read. The
same pale stretch without the glare, and arms in sleeves of several colours,
still hold the reading.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from vision import rig
from vision.harsh import harsh_scene
from vision.pipeline import Pipeline
from vision.snapshot import TableSnapshot, compare

SEED = 50002


def _mm_to_px(pipe: Pipeline, pts: list[tuple[float, float]]) -> np.ndarray:
    reg = pipe.registration
    assert reg is not None and reg.ok
    return reg.to_image(np.array(pts, dtype=np.float64)).astype(np.int32)


def _read_painted(glare: bool) -> tuple[Pipeline, TableSnapshot, TableSnapshot, list[str]]:
    """The ideal scene with a pale, even strip lying across the west edge (y
    250-330 mm, from 10 mm outside to 26 mm inside: what a pale tray beside the
    board washed out by a lamp looks like to the edge check, and a pale sleeve
    too), and with ``glare`` a near-white patch beside it on the edge."""
    scene = harsh_scene(SEED, "ideal")
    frames = list(scene.frames(4))
    probe = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    probe.process(frames[0])
    strip = _mm_to_px(probe, [(-10.0, 250.0), (26.0, 250.0), (26.0, 330.0), (-10.0, 330.0)])
    patch = _mm_to_px(probe, [(-10.0, 190.0), (12.0, 190.0), (12.0, 236.0), (-10.0, 236.0)])
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    snap = pipe.snapshot
    for f in frames:
        img = f.image.copy()
        cv2.fillConvexPoly(img, strip, (190, 215, 230))
        if glare:
            cv2.fillConvexPoly(img, patch, (252, 252, 252))
        snap = pipe.process(replace(f, image=img))
    near = [k for p in snap.problems if p.code == "glare-at-edge" for k in p.zones]
    return pipe, snap, scene.truth, near


def test_glare_on_an_edge_with_no_hand_starts_with_the_zones_near_it_unknown() -> None:
    pipe, snap, truth, near = _read_painted(glare=True)
    assert pipe.startup.verified and pipe.startup.uncertain
    assert not snap.settling
    assert not any(p.code == "clear-the-board-start" for p in snap.problems)
    problem = next(p for p in snap.problems if p.code == "glare-at-edge")
    assert "west" in problem.en and "oeste" in problem.es
    assert near and len(near) < len(pipe._keys) / 2  # part of the table, not all of it
    # Nothing read wrong; the zones near the glare are not read at all.
    assert compare(snap, truth)[0] == []
    assert set(near) <= set(snap.unseen)


def test_the_same_pale_stretch_without_glare_holds_the_reading() -> None:
    pipe, snap, _, _ = _read_painted(glare=False)
    assert not pipe.startup.verified
    assert snap.settling
    assert any(p.code == "clear-the-board-start" for p in snap.problems)


@pytest.mark.parametrize(
    "sleeve", [(0, 110, 240), (235, 235, 235), (40, 40, 200)], ids=["orange", "white", "red"]
)
def test_an_arm_in_a_sleeve_of_any_colour_at_start_holds_the_reading(
    sleeve: tuple[int, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rig, "SLEEVE", sleeve)
    scene = harsh_scene(50005, "hand-start")
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    for frame in list(scene.frames(scene.condition.hand_frames))[:3]:
        snap = pipe.process(frame)
        assert not pipe.startup.verified and not pipe.startup.uncertain
        assert snap.settling
        assert any(p.code == "clear-the-board-start" for p in snap.problems)
