"""Rajas of the Ganges' dice on the Kali statues: drawn with their pips, read from them.

Why: every die a player gains is rolled at once and put on an arm of their
Kali statue; a die paid goes back to the supply, a karma use turns one over.
The rulebook never puts a die on the main board, so the statues show every
die in play. A camera that reads them spares a phone answer per roll, per
die paid and per karma use.

The statue is a strip of ``KALI_ARMS`` printed arms beside each province
board (:func:`vision.games.rajas.layout.arm_local`), each with the kit's
"spot" sticker: seen, the arm is empty. A die (``DIE_MM`` cube, a face colour
of the catalog, white pips) on an arm is read from one frame like this:

1. the die's top is cut out of the frame straightened, at its true size
   (the board's registration, the province board's pose and the parallax of
   its height from the camera centre);
2. the colour is taken where the top must be (the middle of the cut-out,
   saturated pixels: not a pip) and named by its log-chromaticity, which
   brightness and shade cancel and a colour cast moves less than half the way
   to another die colour: the nearest of the four by a clear margin, or the
   die is unknown;
3. the top face is the part of the cut-out of that colour round the middle
   (a shaded side is darker, a neighbour another colour): a square of the
   die's side (within 20 %), filled, or the die is unknown;
4. the pips: the nine places of a die's 3 x 3 pip grid, turned with the
   square, each sampled for its least colour channel (a white pip is bright in
   all three, a coloured face is not); the nine split into pips and face at
   their largest gap, which must be wide, alone (no second gap near it) and
   give one of the six faces' patterns, or the die is unknown.

A die read wrong would put a wrong roll into the game, so every test is a
margin, not a best guess: ``bench/rajas_dice.py`` measures how often each
condition reads a die wrong (never, on the record) and leaves it unknown.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.rajas.catalog import COLOURS

Image = NDArray[np.uint8]
Point = tuple[float, float]

#: a die's side (mm), its pips' diameter and the pip grid's step from the centre
DIE_MM = 16.0
PIP_MM = 3.4
PIP_STEP = 4.6
#: the dice's face colours (BGR, catalog order: blue, green, orange, purple), the pips'
DIE_BGR: tuple[tuple[int, int, int], ...] = (
    (170, 90, 30),
    (50, 140, 40),
    (40, 130, 235),
    (120, 40, 110),
)
PIP_BGR = (235, 238, 240)
#: the Kali statue's printed strip, a light stone grey
STRIP_BGR = (185, 190, 195)
#: per face: its pips on the 3 x 3 grid, (column, row) in -1..1
FACES: dict[int, frozenset[tuple[int, int]]] = {
    1: frozenset({(0, 0)}),
    2: frozenset({(-1, -1), (1, 1)}),
    3: frozenset({(-1, -1), (0, 0), (1, 1)}),
    4: frozenset({(-1, -1), (1, -1), (-1, 1), (1, 1)}),
    5: frozenset({(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)}),
    6: frozenset({(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 0), (1, 1)}),
}
GRID = tuple((c, r) for r in (-1, 0, 1) for c in (-1, 0, 1))


def _quarter(pips: frozenset[tuple[int, int]]) -> frozenset[tuple[int, int]]:
    return frozenset((-r, c) for c, r in pips)


#: every face's pattern in each quarter turn -> its value
PATTERNS: dict[frozenset[tuple[int, int]], int] = {}
for _value, _turned in FACES.items():
    for _ in range(4):
        PATTERNS[_turned] = _value
        _turned = _quarter(_turned)

#: the straightened cut-out: its side (mm) and resolution (px per mm)
PATCH_MM = 40.0
PATCH_PX_MM = 4.0
#: the die's colour is taken within this radius (mm) of where its top should be,
#: from the pixels saturated at least ``MIN_SATURATION`` (0-255; not a white pip)
SEED_MM = 5.0
MIN_SATURATION = 105
#: a pixel belongs to the top face within this share of the face colour's length
#: (a shaded side is 0.45 of it away, another colour farther)
TOP_TOLERANCE = 0.2
#: the top face's sides, as a share of ``DIE_MM``
SIDE_RATIO = (0.82, 1.2)
#: least share of its convex hull the face (its pips' holes filled) fills
MIN_FILL = 0.65
#: the gap (least channel, 0-255) between the darkest pip and the brightest face place...
MIN_GAP = 45.0
#: ...at least this many times the next widest gap among the nine places
GAP_ALONE = 2.2
#: a place of the face (no pip) lies within this share of the gap from the face's own level
FACE_NEAR = 0.45
#: colour: the log-chromaticity's distance to the nearest die colour at most...
MAX_COLOUR_DIST = 0.45
#: ...and the second nearest at least this much farther
COLOUR_MARGIN = 0.35
#: the light is too strong to trust a colour (a glare) at or above this value
SATURATED = 248


@dataclass(frozen=True)
class Die:
    """A die read on an arm: colour (catalog index) and the face up (1-6)."""

    colour: int
    face: int

    @property
    def index(self) -> int:
        """Its place in ``RajasObservation.dice``'s counts (colour * 6 + face - 1)."""
        return self.colour * 6 + self.face - 1


def pip_points(face: int, centre: Point, angle_deg: float, scale: float = 1.0) -> list[Point]:
    """Where ``face``'s pips lie (mm) on a die top at ``centre`` turned ``angle_deg``."""
    a = math.radians(angle_deg)
    u = (math.cos(a), math.sin(a))
    v = (-u[1], u[0])
    s = PIP_STEP * scale
    return [
        (centre[0] + s * (c * u[0] + r * v[0]), centre[1] + s * (c * u[1] + r * v[1]))
        for c, r in sorted(FACES[face])
    ]


def _log_chroma(bgr: NDArray[np.float64]) -> NDArray[np.float64]:
    logs = np.log(np.maximum(bgr, 1e-3))
    out: NDArray[np.float64] = logs - logs.mean()
    return out


#: each die colour, brightness removed
_PROTOTYPES = np.array([_log_chroma(np.array(c, np.float64)) for c in DIE_BGR])


def _disc(radius_px: float) -> NDArray[np.bool_]:
    r = max(1, math.ceil(radius_px))
    yy, xx = np.mgrid[-r : r + 1, -r : r + 1]
    out: NDArray[np.bool_] = xx**2 + yy**2 <= radius_px**2
    return out


#: where the die's colour is taken (the middle of the cut-out), as a mask
_SEED = _disc(SEED_MM * PATCH_PX_MM)


def die_from_patch(patch: Image) -> Die | None:
    """The die on a straightened cut-out of an arm (``PATCH_MM`` square at
    ``PATCH_PX_MM``, the die's top at true size), or ``None`` when unsure."""
    k = PATCH_PX_MM
    h, w = patch.shape[:2]
    r = _SEED.shape[0] // 2
    y0, x0 = h // 2 - r, w // 2 - r
    middle = patch[y0 : y0 + 2 * r + 1, x0 : x0 + 2 * r + 1]
    sat = cv2.cvtColor(middle, cv2.COLOR_BGR2HSV)[..., 1]
    seed_here = _SEED & (sat >= MIN_SATURATION)
    if int(seed_here.sum()) < 0.3 * int(_SEED.sum()):
        return None  # an empty arm, a white or glared top: quickly done
    seed = np.median(middle[seed_here].astype(np.float64), axis=0)
    if float(seed.max()) >= SATURATED:
        return None
    colour = _colour(seed)
    if colour is None:
        return None
    # the top face: the seed's colour (a shaded side is darker, a neighbour another colour)
    diff = patch.astype(np.float32) - seed.astype(np.float32)
    reach = TOP_TOLERANCE * float(np.linalg.norm(seed))
    top = (np.einsum("ijk,ijk->ij", diff, diff) <= reach * reach).astype(np.uint8)
    n, labels = cv2.connectedComponents(top, connectivity=8)
    ids = labels[y0 : y0 + 2 * r + 1, x0 : x0 + 2 * r + 1][seed_here]
    ids = ids[ids > 0]
    if n < 2 or not len(ids):
        return None
    best = int(np.bincount(ids).argmax())
    outline, _ = cv2.findContours(
        (labels == best).astype(np.uint8), cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE
    )
    # the face with its pips (holes, or notches where a blurred pip meets the edge)
    hull = cv2.convexHull(np.concatenate(outline))
    (cu, cv_), (rw, rh), angle = cv2.minAreaRect(hull)
    lo, hi = SIDE_RATIO[0] * DIE_MM * k, SIDE_RATIO[1] * DIE_MM * k
    if not (lo <= rw <= hi and lo <= rh <= hi):
        return None
    filled = np.zeros(top.shape, np.uint8)
    cv2.drawContours(filled, outline, -1, 1, -1)
    hull_area = cv2.contourArea(hull)
    if int(filled.sum()) < MIN_FILL * hull_area or hull_area < 0.85 * rw * rh:
        return None
    blob = np.zeros(top.shape, np.uint8)
    cv2.drawContours(blob, [hull], -1, 1, -1)
    face = _pips(patch, (cu, cv_), (rw + rh) / 2 / (DIE_MM * k), angle, (blob > 0) & (top > 0))
    return None if face is None else Die(colour, face)


def _pips(
    patch: Image, centre: Point, scale: float, angle: float, face_px: NDArray[np.bool_]
) -> int | None:
    least = patch.min(axis=2).astype(np.float32)
    if not face_px.any():
        return None
    disc = _disc(0.32 * PIP_MM * PATCH_PX_MM * scale).astype(np.float32)
    mean = cv2.filter2D(least, -1, disc / float(disc.sum()), borderType=cv2.BORDER_REPLICATE)
    h, w = least.shape
    a = math.radians(angle)
    u = (math.cos(a), math.sin(a))
    v = (-u[1], u[0])
    step = PIP_STEP * PATCH_PX_MM * scale
    values = []
    for c, r in GRID:
        x = round(centre[0] + step * (c * u[0] + r * v[0]))
        y = round(centre[1] + step * (c * u[1] + r * v[1]))
        if not (0 <= x < w and 0 <= y < h):
            return None
        values.append(float(mean[y, x]))
    face_level = float(np.median(least[face_px]))
    order = sorted(values)
    gaps = [order[i + 1] - order[i] for i in range(8)]
    widest = max(range(8), key=lambda i: gaps[i])
    gap = gaps[widest]
    others = [g for i, g in enumerate(gaps) if i != widest]
    if gap < MIN_GAP or gap < GAP_ALONE * max(others):
        return None
    cut = (order[widest] + order[widest + 1]) / 2
    dark = [x for x in values if x < cut]
    if max(dark) - face_level > FACE_NEAR * gap or face_level - min(dark) > FACE_NEAR * gap:
        return None
    pattern = frozenset(g for g, x in zip(GRID, values, strict=True) if x >= cut)
    return PATTERNS.get(pattern)


def _colour(face: NDArray[np.float64]) -> int | None:
    """The catalog colour of a die face's median colour (BGR), by its
    log-chromaticity (brightness and shade cancel out; a light's colour cast
    moves it less than half the way to another die colour), or ``None``."""
    chroma = _log_chroma(face)
    dist = np.linalg.norm(_PROTOTYPES - chroma, axis=1)
    order = np.argsort(dist)
    first, second = float(dist[order[0]]), float(dist[order[1]])
    if first > MAX_COLOUR_DIST or second - first < COLOUR_MARGIN:
        return None
    return int(order[0])


def patch_corners(centre: Point, scale: float) -> NDArray[np.float64]:
    """The cut-out's corners on the board plane (mm): ``centre`` the die top's
    place seen on the board, ``scale`` its parallax (how much larger it looks)."""
    half = PATCH_MM / 2 * scale
    x, y = centre
    return np.array(
        [(x - half, y - half), (x + half, y - half), (x + half, y + half), (x - half, y + half)]
    )


def cut_out(image: Image, corners_px: NDArray[np.float64]) -> Image | None:
    """The straightened cut-out from the frame, given its four corners there (px);
    ``None`` unless its middle ``DIE_MM * 1.75`` square (the die, however it
    lies on its arm) is inside the frame (the rest may be cut off, left black)."""
    side = round(PATCH_MM * PATCH_PX_MM)
    if not np.isfinite(corners_px).all():
        return None
    h, w = image.shape[:2]
    middle = corners_px.mean(axis=0)
    inner = middle + (corners_px - middle) * (1.75 * DIE_MM / PATCH_MM)
    if (inner < 0).any() or (inner[:, 0] >= w).any() or (inner[:, 1] >= h).any():
        return None
    dst = np.array([(0, 0), (side, 0), (side, side), (0, side)], np.float32)
    m = cv2.getPerspectiveTransform(corners_px.astype(np.float32), dst)
    out: Image = cv2.warpPerspective(
        image, m, (side, side), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT
    )
    return out


def counts(dice: Sequence[Die]) -> tuple[int, ...]:
    """The dice as ``RajasObservation.dice`` counts one seat's: per colour and face."""
    out = [0] * (len(COLOURS) * 6)
    for d in dice:
        out[d.index] += 1
    return tuple(out)
