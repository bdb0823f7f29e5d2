"""A group of spots carrying two prints learns both (issue 34, first frame).

Our own renderer's donation spaces of a 3-player table: some lie on a 4-player
space's filled disc, the rest between two discs, and the two patches
correlate about -0.36. With one print per group neither reached two thirds of
the empty spots, nothing was learned, and every empty donation space stayed
marker-like: unknown, and looked at closer on the first frame (11 ms of a
97 ms first reading at 3200x2400). Each print must still be the consensus of
several spots, and a spot showing neither holds something.
"""

from __future__ import annotations

import cv2
import numpy as np

from vision.art import PrintedArt
from vision.register import Registration

SCALE = 4.0  # px per mm, straight down


def _board(
    kinds: list[str],
) -> tuple[np.ndarray, Registration, np.ndarray]:
    """Spots 20 mm apart; per spot ``disc`` (a dark ring around it), ``gap``
    (dark bars either side of it), ``piece`` (a sticker-like block pattern,
    different per spot) or ``flat``."""
    h = np.array([[SCALE, 0, 0], [0, SCALE, 0], [0, 0, 1]], dtype=np.float64)
    reg = Registration(h, np.linalg.inv(h), np.array([0.0, 0.0, 900.0]), (), "fresh", 0.0)
    grey = np.full((200, 80 + 80 * len(kinds)), 200, np.uint8)
    points = np.array([[20.0 + 20 * k, 25.0] for k in range(len(kinds))])
    rng = np.random.default_rng(7)
    for (x, y), kind in zip(points.tolist(), kinds, strict=True):
        px, py = round(x * SCALE), round(y * SCALE)
        if kind == "disc":
            cv2.circle(grey, (px, py), round(5 * SCALE), 70, round(1.2 * SCALE))
        elif kind == "gap":
            for dx in (-5.0, 4.0):
                x0 = round((x + dx) * SCALE)
                cv2.rectangle(grey, (x0, py - 24), (x0 + 4, py + 24), 60, -1)
        elif kind == "piece":
            cells = rng.integers(0, 2, (4, 4)) * 200 + 20
            block = cv2.resize(cells.astype(np.uint8), (24, 24), interpolation=cv2.INTER_NEAREST)
            grey[py - 12 : py + 12, px - 12 : px + 12] = block
    return grey, reg, points


def test_two_prints_each_shown_by_several_empty_spots_are_both_learned() -> None:
    kinds = ["disc"] * 7 + ["gap"] * 6 + ["piece"] * 2
    grey, reg, points = _board(kinds)
    art = PrintedArt(points, np.zeros(len(points), np.intp))
    every = np.ones(len(points), bool)
    bare, known = art.bare(grey, reg, None, every, every)
    assert len(art.learned[0]) == 2
    assert known.all()
    # Both prints read bare; the pieces (no print shown) hold something.
    assert bare.tolist() == [k != "piece" for k in kinds]


def test_a_second_print_of_too_few_spots_is_no_print() -> None:
    # 7 of 12 show one print, 3 another: neither reaches two thirds, and three
    # spots alike are no consensus (a few pieces could look alike).
    kinds = ["disc"] * 7 + ["gap"] * 3 + ["piece"] * 2
    grey, reg, points = _board(kinds)
    art = PrintedArt(points, np.zeros(len(points), np.intp))
    every = np.ones(len(points), bool)
    bare, _ = art.bare(grey, reg, None, every, every)
    assert 0 not in art.learned
    assert not bare[7:].any()
