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
import numpy as np

from vision.art import PrintedArt
from vision.harsh import harsh_scene
from vision.pipeline import Pipeline
from vision.register import Registration


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


def test_a_plain_group_is_known_by_its_slots_middles_not_their_edges() -> None:
    """A slot's printed name or a neighbour's shadow at its patch's edge is no
    print of the group: the group is known plain by its empty slots' middles
    (the Raspberry Pi's OpenCV 4.11 drew seed 50002's names darker at the edge
    than OpenCV 5: 12 of 22 slots flat over the whole patch, under two thirds,
    and S1 read one worker short there)."""
    per_mm = 4.0
    points = np.array([[20.0 + 20.0 * i, 30.0] for i in range(10)])
    grey = np.full((240, 960), 170, np.uint8)
    rng = np.random.default_rng(7)
    grey = np.clip(grey + rng.normal(0, 1.0, grey.shape), 0, 255).astype(np.uint8)
    for x, y in points[:4].tolist():
        # A printed name under four of the slots, 6-7 mm below their middle.
        cv2.rectangle(
            grey,
            (round((x - 5) * per_mm), round((y + 6) * per_mm)),
            (round((x + 5) * per_mm), round((y + 7) * per_mm)),
            90,
            -1,
        )
    # A sticker no look decoded on the last slot: white in its middle.
    x, y = points[-1].tolist()
    cv2.rectangle(
        grey,
        (round((x - 3) * per_mm), round((y - 3) * per_mm)),
        (round((x + 3) * per_mm), round((y + 3) * per_mm)),
        250,
        -1,
    )
    scale = np.diag([per_mm, per_mm, 1.0])
    reg = Registration(
        scale, np.linalg.inv(scale), np.array([480.0, 120.0, 1000.0]), (), "fresh", 0.0
    )
    art = PrintedArt(points, np.zeros(len(points), np.intp))
    everywhere = np.ones(len(points), bool)
    # The whole patch flat on 5 of the 10 slots only (no print shared by two
    # thirds of them either); their middles on 9.
    bare, known = art.bare(grey, reg, None, everywhere, everywhere)
    assert art.plain == {0}
    assert known.all()
    # The named slots show only ink darker than their ground: bare; the slot
    # holding a sticker does not.
    assert bare[:-1].all()
    assert not bare[-1]
