"""Is a printed sticker still in view where no marker was decoded?

The board's printed spots (coin spots, market cells) read "covered" when their
marker is not seen: that is a value, and a confident one. But a sticker can be
in plain view and still not decode (blur, ink bleed, a noisy frame at the edge
of the detector's reach); read as "covered" it is a false coin or a false cube.

The camera knows exactly what the sticker looks like and where it lies, so it
can check: sample the image over the sticker's 8 x 8 cells (the quiet zone, the
black border and the 4 x 4 code), allowing the registration's error by trying
small shifts, and correlate with the printed pattern. A coin or a cube on the
spot shows no such pattern; the sticker itself, even undecoded, does. A spot
whose pattern is still there is not covered (the reader leaves it unknown).
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from .lens import PointLens
from .plan import DICTIONARY_NAME
from .register import Registration

#: Shifts (mm) tried around the spot's anchor: the registration's error.
SHIFT_MM = 1.5
SHIFT_STEPS = 5
#: Sub-samples per cell along each axis (within the cell's middle half).
SUBSAMPLES = (-0.25, 0.0, 0.25)
#: A correlation with the printed pattern at least this high: the sticker is in view.
#: (bench/vision.py's harsh groups: a covered spot correlates 0.71 at most, a
#: clear one outside glare 0.83 at least.)
SEEN_CORRELATION = 0.78
#: At most this: no trace of the sticker, something covers the spot. Between
#: the two the spot is left as it reads.
GONE_CORRELATION = 0.6


def pattern(marker_id: int) -> NDArray[np.float64]:
    """The sticker as printed, 8 x 8 cells: 1 white (quiet zone, code's white
    cells), 0 black (border, code's black cells)."""
    base = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY_NAME))
    cells = cv2.aruco.generateImageMarker(base, marker_id, 6) / 255.0
    out = np.ones((8, 8))
    out[1:7, 1:7] = cells
    return out


def correlations(
    grey: NDArray[np.uint8],
    reg: Registration,
    lens: PointLens | None,
    anchors: NDArray[np.float64],
    side_mm: float,
    printed: NDArray[np.float64],
) -> NDArray[np.float64]:
    """For each anchor (n, 2; board mm) the best correlation (-1..1) of the image
    over the sticker of ``side_mm`` (its black square) with ``printed`` (8 x 8),
    over the shifts tried."""
    if not len(anchors):
        return np.zeros(0)
    cell = side_mm / 6
    centres = (np.arange(8) - 3.5) * cell
    sub = np.array(SUBSAMPLES) * cell
    # Offsets of every sub-sample of every cell (64 * 9, 2), row-major cells.
    cx, cy = np.meshgrid(centres, centres)  # cx[row, col]
    sx, sy = np.meshgrid(sub, sub)
    offs = np.stack(
        [
            (cx.ravel()[:, None] + sx.ravel()[None, :]).ravel(),
            (cy.ravel()[:, None] + sy.ravel()[None, :]).ravel(),
        ],
        axis=1,
    )
    steps = np.linspace(-SHIFT_MM, SHIFT_MM, SHIFT_STEPS)
    shx, shy = np.meshgrid(steps, steps)
    shifts = np.stack([shx.ravel(), shy.ravel()], axis=1)
    pts = anchors[:, None, None, :] + shifts[None, :, None, :] + offs[None, None, :, :]
    flat = reg.to_image(pts.reshape(-1, 2))
    if lens is not None:
        flat = lens.to_raw(flat)
    xy = flat.astype(np.float32).reshape(-1, len(offs), 2)  # rows < SHRT_MAX
    values = cv2.remap(
        grey, xy[..., 0], xy[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    ).astype(np.float64)
    per_cell = values.reshape(len(anchors), len(shifts), 64, len(SUBSAMPLES) ** 2).mean(axis=3)
    t = printed.ravel() - printed.mean()
    v = per_cell - per_cell.mean(axis=2, keepdims=True)
    norm = np.linalg.norm(v, axis=2) * np.linalg.norm(t)
    corr = (v @ t) / np.maximum(norm, 1e-9)
    best: NDArray[np.float64] = corr.max(axis=1)
    return best
