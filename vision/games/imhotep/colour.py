"""Stones by colour: a stone's top against the light print right beside it.

Imhotep's stones are small wooden cubes in the players' colours (black,
white, brown, grey); stickers on every face of some 120 cubes would be a
chore at every game, so stones carry none and are read by colour. What makes
that safe:

- every stone space (boat slots, burial chamber cells, sled spaces) is
  printed in a colour no stone has (``EMPTY_BGR``, a teal square), so an empty
  space is *seen* empty, never assumed;
- around the spaces the print is a light neutral (``PRINT_BGR``). The reader
  measures the stone's top as a ratio to that print a few mm away, channel by
  channel: the lamp's colour cast, the vignetting and a shadow band multiply
  both alike and cancel;
- the reading is refused (``None``) when the print or the top is saturated
  (glare), too dark to tell, not uniform (an edge, a hand, a stone off its
  space), or not clearly nearer one candidate than every other.

The renderer (:mod:`vision.games.imhotep.render`) paints stones with
``STONE_BGR``; the reader only knows the ratios in ``CANDIDATES``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
from numpy.typing import NDArray

#: the stones' colours as a lamp of neutral white shows them (BGR)
STONE_BGR: dict[str, tuple[int, int, int]] = {
    "black": (40, 38, 42),
    "white": (212, 216, 216),
    "brown": (62, 112, 160),
    "grey": (116, 118, 120),
}
#: the light neutral print around every stone space (the local white)
PRINT_BGR = (198, 206, 212)
#: an empty stone space: a colour no stone has
EMPTY_BGR = (150, 125, 60)

#: what a top looks like as a ratio to the print beside it ("": empty space)
CANDIDATES: dict[str, tuple[float, float, float]] = {
    name: (bgr[0] / PRINT_BGR[0], bgr[1] / PRINT_BGR[1], bgr[2] / PRINT_BGR[2])
    for name, bgr in {**STONE_BGR, "": EMPTY_BGR}.items()
}

#: the nearest candidate must be nearer than this (ratio units) ...
NEAR = 0.17
#: ... and every other candidate farther by at least this much
MARGIN = 0.16
#: a channel at or above this is saturated (glare): no ratio can be trusted
SATURATED = 248.0
#: the print darker than this in any channel: too dark to tell colours
DARK = 35.0
#: the spread (ratio units) of a top's samples above which it is not one flat colour
SPREAD = 0.12
#: An empty space's teal as any printer makes it (the kit says "teal", not
#: which shade; a home printer's, or another maker's, is not ``EMPTY_BGR``):
#: in every sample, as ratios to the print beside it, red at most this share
#: of the lower of green and blue ...
TEAL_RED = 0.5
#: ... the lower of green and blue at least this bright ...
TEAL_MIN = 0.35
#: ... and at least this share of the higher (green and blue alike).
TEAL_BALANCE = 0.6
#: A brown stone of any stain, as ratios to the print beside it: red at least
#: this many times green and green this many times blue (``STONE_BGR``'s
#: brown: 1.43 and 1.81; a darker stain's 1.6 and 2; neutral stones about 1) ...
BROWN_STEP = 1.3
#: ... and red at least this bright (a black stone's ratios are near 0.1-0.2,
#: where noise could tilt its hue)
BROWN_MIN = 0.3


def classify(
    top: NDArray[np.float64], print_bgr: Sequence[float] | NDArray[np.float64], top_max: float = 0.0
) -> str | None:
    """The candidate a top's samples (n, 3 BGR) show against the local print's
    mean colour, or ``None`` when it is not clearly one of them.

    ``top_max``: the brightest channel value among the top's samples (a
    saturated pixel anywhere on it refuses the reading)."""
    ref = np.asarray(print_bgr, dtype=np.float64)
    if ref.min() < DARK or ref.max() >= SATURATED or top_max >= SATURATED:
        return None
    ratios = top / ref
    mean = ratios.mean(axis=0)
    if (
        float(np.abs(ratios - mean).max()) > 2.5 * SPREAD
        or float(ratios.std(axis=0).max()) > SPREAD
    ):
        return None
    dists = sorted((math.dist(mean, c), name) for name, c in CANDIDATES.items())
    (d1, best), (d2, _) = dists[0], dists[1]
    if d1 > NEAR or d2 - d1 < MARGIN:
        return "" if teal(ratios) else "brown" if brown(ratios) else None
    return best


def brown(ratios: NDArray[np.float64]) -> bool:
    """Whether every sample (n, 3: BGR ratios to the print beside it) shows a
    brown stone's top, whatever the stain: the kit says "brown", not which
    shade (another maker's stones are darker than ``STONE_BGR``'s). Red above
    green above blue, each by a clear step (``BROWN_STEP``), and red not dark
    (``BROWN_MIN``). Black, grey and white stones are neutral against the
    neutral print (the light's colour cancels in the ratio); teal has the
    least red; so no other stone nor an empty space passes."""
    b, g, r = ratios[:, 0], ratios[:, 1], ratios[:, 2]
    return bool(((r >= BROWN_STEP * g) & (g >= BROWN_STEP * b) & (r >= BROWN_MIN)).all())


def teal(ratios: NDArray[np.float64]) -> bool:
    """Whether every sample (n, 3: BGR ratios to the print beside it) shows
    the empty space's teal, whatever its shade: no stone is teal (black,
    white and grey have red as high as green and blue, brown higher), so a
    space whose every sample is teal is seen empty; one sample of anything
    else (a stone's edge, a neighbour's side) and it is not."""
    b, g, r = ratios[:, 0], ratios[:, 1], ratios[:, 2]
    low, high = np.minimum(b, g), np.maximum(b, g)
    return bool(((r <= TEAL_RED * low) & (low >= TEAL_MIN) & (low >= TEAL_BALANCE * high)).all())
