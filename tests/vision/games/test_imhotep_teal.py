"""Imhotep's empty stone space is its teal print, whatever shade the printer made.

On the second renderer (issue 34, ``bench/independent_games.py``, development
seeds) every empty sled slot, burial cell and boat slot read unknown: its
teal, (128, 128, 0) in BGR, is another shade than ``EMPTY_BGR``, and the
reader knew only that one. The kit says "a teal square" (hardware/imhotep/
README.md), so any clearly teal space is empty; anything else is not.
"""

from __future__ import annotations

import numpy as np

from vision.games.imhotep.colour import EMPTY_BGR, PRINT_BGR, STONE_BGR, classify


def _patch(
    bgr: tuple[float, float, float], cast: tuple[float, float, float] = (1, 1, 1)
) -> np.ndarray:
    rng = np.random.default_rng(5)
    return np.array(bgr, float) * cast + rng.normal(0, 2, (25, 3))


def test_any_teal_reads_empty_under_any_cast() -> None:
    for teal in ((128, 128, 0), (150, 125, 60), (170, 140, 40), (110, 130, 20)):
        for cast in ((1.0, 1.0, 1.0), (0.8, 1.0, 1.1), (0.6, 0.6, 0.6)):
            ref = np.array(PRINT_BGR, float) * cast
            top = _patch(teal, cast)
            assert classify(top, ref, float(top.max())) == "", (teal, cast)
    assert classify(_patch(EMPTY_BGR), PRINT_BGR) == ""


def test_a_stone_or_a_mix_is_never_empty() -> None:
    for name, bgr in STONE_BGR.items():
        assert classify(_patch(bgr), PRINT_BGR) == name
    # a stone's edge over the teal (part stone, part teal) is not empty
    for bgr in STONE_BGR.values():
        mix = np.array([bgr] * 6 + [(128, 128, 0)] * 19, float)
        assert classify(mix, PRINT_BGR) != ""
    # blue or green alone, or a dark teal in deep shadow, is not the teal
    for other in ((200, 60, 10), (60, 200, 10), (40, 40, 5)):
        assert classify(_patch(other), PRINT_BGR) is None
