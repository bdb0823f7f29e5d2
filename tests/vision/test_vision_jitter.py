"""A still table seen through a shaking, noisy camera settles; a hand still counts as motion.

The harsh renderer's "motion" group draws a new motion blur (2-8 px, any
direction), strong noise and JPEG 70-85 on every frame of a still table: the
board view changes at every edge from frame to frame. That is jitter, not a
move: the readings agree, so the table settles. A hand changes flat places of
the board too, and stays motion.
"""

from __future__ import annotations

import numpy as np

from tests.support.vision_table import board_view
from vision.harsh import harsh_scene
from vision.layout import default_layout
from vision.occlusion import MOTION_CELLS, BoardView
from vision.pipeline import Pipeline
from vision.snapshot import compare, zone_paths


def test_a_still_table_through_per_frame_blur_and_noise_settles_without_wrong_zones() -> None:
    scene = harsh_scene(50005, "motion")
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    jitter = []
    for frame in scene.frames(12):
        snap = pipe.process(frame)
        jitter.append(pipe.view.jitter)
        if not snap.settling:
            break
    assert not snap.settling  # it used to never settle: every frame was "motion"
    assert sum(jitter) >= 2
    wrong, _ = compare(snap, scene.truth)
    unknown = {p for key in snap.unseen for p in zone_paths(key)}
    assert [w for w in wrong if w.split(": seen ")[0] not in unknown] == []


def test_change_only_at_edges_is_jitter_and_a_hand_over_flat_print_is_motion() -> None:
    view = BoardView(default_layout())
    rng = np.random.default_rng(3)
    first = board_view(view, rng)
    view.motion(first)
    # Every edge softened towards its neighbour (a blur, a shake).
    shaken = ((first.astype(np.uint16) + np.roll(first, 1, axis=1)) // 2).astype(np.uint8)
    assert view.motion(shaken) >= MOTION_CELLS and view.jitter
    # A hand comes in over flat print: motion, whatever else jitters.
    hand = shaken.copy()
    hand[60:90, 10:40] = (60, 90, 140)
    assert view.motion(hand) >= MOTION_CELLS and not view.jitter
