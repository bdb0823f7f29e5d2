"""Tables and frames the vision tests share: a busy table (something in every
kind of zone), the bench's noisy first frame, and a pipeline fed a frame until
it settles."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.geometry import CameraPose
from vision.occlusion import BoardView
from vision.pipeline import Pipeline
from vision.scenes import random_truth
from vision.snapshot import SetupReading, TableSnapshot
from vision.sources import Frame
from vision.synthetic import Effects, SyntheticCamera


def busy_table() -> TableSnapshot:
    """A 4-player table with something in every kind of zone."""
    empty = TableSnapshot.empty(4)
    return replace(
        empty,
        sections={
            "N1": ("Y1", "B2"),
            "N2": ("W1",),
            "E1": ("G1", "G2", "Y2", "B1"),
            "E2": (),
            "S1": ("Y3",),
            "S2": ("W2", "W3"),
            "W1": ("G3",),
            "W2": ("B3",),
        },
        elephants={"purple": "N", "grey": "E", "pink": "E", "orange": "off"},
        maharajah="WN",
        donations={
            **empty.donations,
            "N:1:0": "purple",
            "N:1:1": "grey",
            "N:2:0": "pink",
            "E:1:5": "orange",
        },
        market_counters={"purple": 5, "grey": 5, "pink": 3, "orange": 6},
        coins={**empty.coins, "N1": 1, "E2": 2},
        market={
            "marble": (True, True, True, False, False),
            "copper": (True, False, False, False, False),
            "gold": (False,) * 5,
        },
        setup=SetupReading(
            district_tiles={
                "N": ("DY1", "DB1", "DW1"),
                "E": ("DG1", "DY2", "DB2"),
                "S": ("DW2", "DG2", "DY3"),
                "W": ("DB3", "DW3", "DG3"),
            },
            temple_active="T2",
            temple_rotation=90,
            temple_stack={"lower": "T1", "middle": "T3"},
            bridges={"I": ("BR1", True), "II": ("BR4", False), "III": ("BR2", True)},
            storehouses=("S01", "S05", "S07", "S11"),
        ),
    )


def board_view(view: BoardView, rng: np.random.Generator) -> np.ndarray:
    """A board view's picture: flat print with sharp-edged blocks of art."""
    h, w = view.shape
    img = np.full((h, w, 3), (120, 172, 205), np.uint8)
    for _ in range(40):
        r, c = rng.integers(0, h - 6), rng.integers(0, w - 6)
        img[r : r + 5, c : c + 5] = rng.integers(40, 220, 3)
    return img


def noisy_first_frame(size: tuple[int, int]) -> tuple[SyntheticCamera, Frame]:
    """The first frame of ``bench/vision.py --only first`` at ``size``: a random
    4-player table (rng 7), tilted 15 degrees, sensor noise sigma 3."""
    truth = random_truth(np.random.default_rng(7), players=4)
    cam = SyntheticCamera(
        truth,
        pose=CameraPose(tilt_deg=15),
        effects=Effects(noise_sigma=3.0),
        size=size,
        seed=1,
    )
    return cam, cam.read()


def settled(players: int, focal: float, frame: Frame, image: np.ndarray | None = None) -> Pipeline:
    """A pipeline fed four copies of ``frame`` (its picture swapped for ``image``
    if given), asserted settled: the reading a steady table gives."""
    pipe = Pipeline(players, focal_px=focal)
    shown = frame.image if image is None else image
    for n in range(4):
        snap = pipe.process(replace(frame, image=shown, number=n))
    assert not snap.settling
    return pipe
