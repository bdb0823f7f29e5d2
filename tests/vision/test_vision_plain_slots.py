"""Section slots with no print: a slot reads bare only showing the board (issue 34).

The harsh renderer's section slots, like the demo's, carry no print: the frame's
empty slots agree on none, so :mod:`vision.art` learned nothing there and a
slot with nothing decoded counted as bare. In the placement group a worker
pushed against its neighbour has its sticker cut by the neighbour's body: no
look decodes it, no marker-like square is left, and its section read one
worker short at full confidence (seeds 50002, 50010, 50014, 50019). Now such
a group is known to be plain: a slot is bare only flat, or holding nothing
lighter than its ground (a printed name's ink), over the part a read piece's
body beside it does not hide; any other slot holds something.
"""

from __future__ import annotations

import cv2
import pytest

from vision.harsh import harsh_scene
from vision.pipeline import Pipeline

#: The Raspberry Pi's OpenCV (4.11, constraints/pi.txt) places the slots' patches
#: a little otherwise on this frame: 12 of its 22 empty slots show flat (15 with
#: OpenCV 5), under the two thirds that make the group known plain, and S1 reads
#: one worker short as before the rule. A known gap, kept visible: strict, so
#: the day it reads right there this marker must go.
PI_OPENCV_GAP = pytest.mark.xfail(
    int(cv2.__version__.split(".")[0]) < 5,
    reason="OpenCV 4.x: the slot group is not learned plain on seed 50002 (issue 34)",
    strict=True,
)


@PI_OPENCV_GAP
def test_a_worker_cut_by_its_neighbour_never_leaves_its_section_one_short() -> None:
    scene = harsh_scene(50002, "placement")
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=scene.calibration)
    for frame in scene.frames(4):
        snap = pipe.process(frame)
        if not snap.settling:
            break
    assert not snap.settling
    truth = scene.truth.sections
    # S1 holds G3 and G4, G3's sticker cut by G4's body: read ('G4',) before.
    assert truth["S1"] == ("G3", "G4")
    assert "section:S1" in snap.unseen or snap.sections["S1"] == truth["S1"]
    # The slot group is known to carry no print (learned from the frame).
    assert pipe.closer is not None and pipe.closer.art.plain
    # Not every section unknown for it: E1's bare slot under its printed name
    # (ink only, darker than the board) and the bare slot beside G1 in S2
    # (part of it under G1's body) still read bare.
    for name in ("E1", "S2", "W2"):
        assert f"section:{name}" not in snap.unseen
        assert snap.sections[name] == truth[name]
