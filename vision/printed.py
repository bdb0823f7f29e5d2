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

Nor is a spot whose sticker is half in view (:func:`whole_and_half`): a
piece pushed off its own spot may hide half of its neighbour's sticker, and the
whole sticker then correlates like a covered one while one side of it shows
its print clean. Whether the piece stands over the spot's centre (covered) or
beside it (clear) is not seen then: the spot is unknown, never "covered"
(issue 34, the second renderer's sloppy development seeds: four clear market
cells read covered, their stickers 42-54 % hidden by a cube beside them).
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

from .lens import PointLens
from .plan import DICTIONARY_NAME
from .register import Registration

#: The image is sampled on a board grid a third of a cell apart; shifts of
#: up to this many grid steps either way are tried (the registration's error,
#: about 1.7 mm for a 10 mm marker). Each cell's grey is the mean of its 3 x 3
#: grid points.
SHIFT_STEPS = 3
#: A correlation with the printed pattern at least this high: the sticker is in view.
#: (bench/vision.py's harsh groups: a covered spot correlates 0.71 at most, a
#: clear one outside glare 0.83 at least.)
SEEN_CORRELATION = 0.78
#: At most this: no trace of the sticker, something covers the spot. Between
#: the two the spot is left as it reads.
GONE_CORRELATION = 0.6
#: At least this, the whole sticker shows its print clean: the spot is
#: clear, decoded or not (positive evidence: a piece over the spot's centre
#: hides much of it). On the second renderer's development seeds 100-119
#: (ideal, sloppy, everything at once) the 447 covered spots correlated 0.75
#: at most, and 51 clear spots no look decoded 0.85 or more (38 of them with
#: every harsh condition at once); the harsh renderer's covered spots 0.71 at
#: most (above).
CLEAR_CORRELATION = 0.85
#: A half of the sticker (four of its eight rows or columns, quiet zone
#: included) correlating at least this high with the same half of the print
#: is in view (second renderer, sloppy development seeds: 0.83-0.98 on the
#: four clear cells read covered; 0.72 at most where a piece hides two
#: thirds of the sticker or more; a cube over the centre but off it may show
#: a half too, and that cell is unknown as well).
PART_CORRELATION = 0.8


def pattern(marker_id: int) -> NDArray[np.float64]:
    """The sticker as printed, 8 x 8 cells: 1 white (quiet zone, code's white
    cells), 0 black (border, code's black cells)."""
    base = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY_NAME))
    cells = cv2.aruco.generateImageMarker(base, marker_id, 6) / 255.0
    out = np.ones((8, 8))
    out[1:7, 1:7] = cells
    return out


def whole_and_half(
    grey: NDArray[np.uint8],
    reg: Registration,
    lens: PointLens | None,
    anchors: NDArray[np.float64],
    side_mm: float,
    printed: NDArray[np.float64],
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """For each anchor (n, 2; board mm): the best correlation (-1..1) of the image
    over the sticker of ``side_mm`` (its black square) with ``printed`` (8 x 8, or
    one per anchor: (n, 8, 8); all anchors in one sampling of the image), and
    the best of any half of it (its north, south, west or east four rows or columns
    of cells) with the same half of ``printed``, over the shifts tried, from one
    sampling of the image: a sticker half hidden by a piece beside it still shows
    the other half clean."""
    if not len(anchors):
        return np.zeros(0), np.zeros(0)
    cells = _cells(grey, reg, lens, anchors, side_mm)
    flat = printed.reshape(-1, 64)
    half: NDArray[np.float64] = np.max(
        [_best(cells[..., part], flat[:, part]) for part in _HALVES], axis=0
    )
    return _best(cells, flat), half


def _cells(
    grey: NDArray[np.uint8],
    reg: Registration,
    lens: PointLens | None,
    anchors: NDArray[np.float64],
    side_mm: float,
) -> NDArray[np.float64]:
    """The image's grey over each anchor's 8 x 8 cells, at every shift tried:
    (n, shifts, 64)."""
    m = SHIFT_STEPS
    n = 24 + 2 * m
    pts = anchors[:, None, :] + _grid(side_mm)[None, :, :]
    flat = reg.to_image(pts.reshape(-1, 2))
    if lens is not None:
        flat = lens.to_raw(flat)
    xy = flat.astype(np.float32).reshape(len(anchors), n * n, 2)  # rows < SHRT_MAX
    values = cv2.remap(
        grey, xy[..., 0], xy[..., 1], cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
    ).astype(np.float64)
    v = values.reshape(len(anchors), n, n)
    # Sum of each grid point's 3 x 3 neighbourhood (points 1..n-2 each way),
    # added in the same order as ever (the same sums to the last bit).
    box = v[:, : n - 2, : n - 2].copy()
    for a, b in _NEIGHBOURS:
        box += v[:, a : a + n - 2, b : b + n - 2]
    cells = box[:, _ROWS, _COLS]  # (n, sy, sx, 8, 8)
    out: NDArray[np.float64] = cells.reshape(len(anchors), (2 * m + 1) ** 2, 64)
    return out


def _best(cells: NDArray[np.float64], printed: NDArray[np.float64]) -> NDArray[np.float64]:
    """Per anchor, the best correlation over the shifts of ``cells`` (n,
    shifts, k) with ``printed`` (1 or n, k: one for all, or one per anchor)."""
    t = printed - printed.mean(axis=1, keepdims=True)
    c = cells - cells.mean(axis=2, keepdims=True)
    norm = np.linalg.norm(c, axis=2) * np.linalg.norm(t, axis=1)[:, None]
    corr = np.matmul(c, t[:, :, None])[..., 0] / np.maximum(norm, 1e-9)
    best: NDArray[np.float64] = corr.max(axis=1)
    return best


#: Every 3 x 3 neighbour but the first, in the order the box sums add them.
_NEIGHBOURS = tuple((a, b) for a in range(3) for b in range(3))[1:]
_IDX = 3 * np.arange(8)[None, :] + np.arange(2 * SHIFT_STEPS + 1)[:, None]  # (shift, cell)
_ROWS, _COLS = _IDX[:, None, :, None], _IDX[None, :, None, :]
_GRIDS: dict[float, NDArray[np.float64]] = {}
#: The sticker's four halves, as indices into its 64 cells (row-major).
_HALVES = tuple(
    np.flatnonzero(mask.ravel())
    for mask in (
        np.arange(8)[:, None].repeat(8, axis=1) < 4,
        np.arange(8)[:, None].repeat(8, axis=1) >= 4,
        np.arange(8)[None, :].repeat(8, axis=0) < 4,
        np.arange(8)[None, :].repeat(8, axis=0) >= 4,
    )
)


def _grid(side_mm: float) -> NDArray[np.float64]:
    """The sample points around an anchor (board mm, (n * n, 2)) for a sticker
    of ``side_mm``: a third of a cell apart, shifts included (made once)."""
    got = _GRIDS.get(side_mm)
    if got is None:
        n = 24 + 2 * SHIFT_STEPS
        g = (np.arange(n) - (n - 1) / 2) * (side_mm / 6 / 3)
        gx, gy = np.meshgrid(g, g)  # gx[i, j]: row i (south), column j (east)
        got = np.stack([gx.ravel(), gy.ravel()], axis=1)
        _GRIDS[side_mm] = got
    return got
