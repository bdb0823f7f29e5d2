"""Does a resource cube stand over a market cell's centre? Its top face says.

A market cell whose printed sticker is not seen reads "covered": a cube is on
it. But a cube pushed off its cell's centre toward the camera hides the whole
sticker while its foot is beside the centre (issue 34, the second renderer's
``everything_calibrated`` and ``sloppy`` frames: clear cells read covered; its
truth calls a cell covered when the cube's foot covers the sticker's centre).
Nothing in the sticker's place tells "over" from "beside": the cube itself
must be located.

A cube's top face is a flat square as wide as the cube is tall, straight above
its foot. Sampled on the plane at the cube's height (the board registration
lifted by parallax, :func:`vision.geometry.foot_to_ground`), the top face shows
undistorted where the foot is, whatever the tilt; the side faces and the board
show beside it. So: grow the flat patch around the cell's centre on that
plane (one colour in a BGR frame, where a pale cube stands apart from the
beige board; one grey level in a grey frame, the Y plane of a YUV camera),
and fit it a rectangle. Positive evidence of a cube over the centre is
a patch shaped like a cube's top (square, filled, of a cube's size) with the
centre at least :data:`MARGIN_MM` inside it. Anything else (a patch of another
shape, a face lit unevenly, the centre near the edge) proves nothing, and the
cell is unknown, never covered. The cube's height is not known to the plan:
the plane is taken at :data:`PLANE_MM`, then at the height the fitted top's
side says (a cube is as tall as it is wide).
"""

from __future__ import annotations

import math
from collections.abc import Callable

import cv2
import numpy as np
from numpy.typing import NDArray

from .lens import PointLens
from .read import Value
from .register import Registration

#: The patch sampled around a cell's centre: half its width (mm) and its step.
REACH_MM = 16.0
STEP_MM = 0.5
#: The plane sampled first (mm above the board); cubes of 7-16 mm are looked
#: for, those of another height again on their own plane (:func:`over_centre`).
PLANE_MM = 12.0
SIDES_MM = (7.0, 16.0)
#: A fitted top's sides may differ by this ratio, and the patch must fill this
#: share of its rectangle (a top and a side face grown together do not).
ASPECT = 1.3
FILL = 0.7
#: The centre must lie this far inside the fitted top: the registration's
#: error and the cube's height misjudged by a millimetre or two.
MARGIN_MM = 1.5
#: Levels (per channel) a flat face may vary by around its median at the
#: centre (a share of it, at least the floor): noise, a lamp's gradient. The
#: patch is smoothed first (a Gaussian of this many steps: sensor noise and
#: JPEG blocks on a dark channel spread 10-40 levels unsmoothed), and the
#: centre's flatness taken over a square of 2 * CORE_STEPS + 1 steps a side.
TOLERANCE = 0.08
TOLERANCE_FLOOR = 16.0
BLUR_STEPS = 1.5
CORE_STEPS = 2
#: Samples a side, and the coarse grid (points a side, spanning the same
#: square) the registration and lens map, with their offsets from the centre
#: (mm; east, south; row-major: row = south, column = east), and the weights
#: that spread the coarse grid over the samples (bilinear, per axis).
_SIDE = round(2 * REACH_MM / STEP_MM)
_COARSE = 9
_COARSE_OFFSETS = tuple(
    a.ravel()
    for a in np.meshgrid(*[np.linspace(-1.0, 1.0, _COARSE) * (_SIDE - 1) / 2 * STEP_MM] * 2)
)
_AT = np.linspace(0.0, _COARSE - 1.0, _SIDE)
_SPREAD = np.maximum(0.0, 1.0 - np.abs(_AT[:, None] - np.arange(_COARSE)[None, :]))
#: How the top is grown: (share of the tolerance, opening) tried in turn until
#: the patch grown stays inside the sampled square and is shaped like a top.
#: The opening cuts bridges of flat colour narrower than it (a corner touching
#: the next cube's top, the board beside a pale cube); a tighter tolerance and
#: a wider opening follow where the first grows out to the square's edge, or
#: grows the top together with a pale face beside it (our own renderer's
#: cubes in a column: the top and the side of the cube beyond, 8 x 11 mm).
GROW = tuple(
    (share, cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (size, size)))
    for share, size in ((1.0, 11), (1.0, 15), (0.6, 15))
)


def over_centre(
    image: NDArray[np.uint8],
    reg: Registration,
    lens: PointLens | None,
    centres: list[tuple[float, float]],
) -> list[bool]:
    """For each cell centre (board mm): is a cube's top face seen over it?
    ``image``: the frame, BGR (colour tells a pale cube from the board) or grey."""
    camera = reg.camera
    out: list[bool] = []
    # The cubes of one table are all alike: after the first top found, the
    # next cells are looked at on its plane first (one sampling a cell).
    plane = PLANE_MM
    for cx, cy in centres:
        fit = _top(image, reg, lens, (cx, cy), plane, camera)
        if fit is None:
            out.append(False)
            continue
        side, depth = fit
        margin = MARGIN_MM
        if abs(side - plane) > 1.0:
            # A cube of another height: its top is looked at on its own plane;
            # failing that, this plane's top is shifted along the camera's line
            # of sight by the difference, and that much more margin is asked.
            again = _top(image, reg, lens, (cx, cy), side, camera)
            if again is not None and abs(again[0] - side) <= 1.5:
                depth = again[1]
                plane = side
            else:
                reach = math.hypot(cx - float(camera[0]), cy - float(camera[1]))
                lift = max(float(camera[2]) - max(side, plane), 1.0)
                margin += abs(side - plane) * reach / lift
        out.append(depth >= margin)
    return out


def _top(
    image: NDArray[np.uint8],
    reg: Registration,
    lens: PointLens | None,
    centre: tuple[float, float],
    height: float,
    camera: NDArray[np.float64],
) -> tuple[float, float] | None:
    """The flat patch around ``centre`` on the plane ``height`` mm up, if shaped
    like a cube's top: (its mean side, how far inside it the centre lies), mm."""
    return _fit(_sample(image, reg, lens, centre, height, camera))


def _fit(patch: NDArray[np.float32]) -> tuple[float, float] | None:
    """The flat patch around the middle of ``patch`` (:func:`_sample`), if
    shaped like a cube's top: (its mean side, how far inside it the middle
    lies), mm."""
    n = patch.shape[0]
    patch = cv2.GaussianBlur(patch, (0, 0), BLUR_STEPS).reshape(n, n, -1)
    mid = n // 2
    r = CORE_STEPS
    core = np.sort(
        patch[mid - r : mid + r + 1, mid - r : mid + r + 1].reshape(-1, patch.shape[2]), axis=0
    )
    m = len(core)
    ref = core[m // 2]  # the median, and the spread between the tenths
    tol = np.maximum(TOLERANCE_FLOOR, TOLERANCE * ref)
    spread = core[int(m * 0.9)] - core[int(m * 0.1)]
    if (spread > tol).any():
        return None  # no flat face at the centre (a print, an edge)
    for share, kernel in GROW:
        mask = (np.abs(patch - ref) <= tol * share).all(axis=2).astype(np.uint8)
        mask = cv2.morphologyEx(mask, cv2.MORPH_OPEN, kernel)
        _, labels = cv2.connectedComponents(mask, connectivity=4)
        label = int(labels[mid, mid])
        if label == 0:
            return None
        region = (labels == label).astype(np.uint8)
        if region[0].any() or region[-1].any() or region[:, 0].any() or region[:, -1].any():
            continue  # it runs out of the patch: board, not a cube's top
        # A top grown together with a pale face beside it (the next cube's
        # side, a sticker's white ring) is not square: a tighter grow may part them.
        fit = _shaped(region, mid)
        if fit is not None:
            return fit
    return None


def _shaped(region: NDArray[np.uint8], mid: int) -> tuple[float, float] | None:
    """``region`` (a patch's flat part around its middle), if shaped like a
    cube's top: (its mean side, how far inside it the middle lies), mm."""
    contours, _ = cv2.findContours(region, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_NONE)
    if not contours:
        return None
    rect = cv2.minAreaRect(max(contours, key=cv2.contourArea))
    w, h = (float(v) * STEP_MM for v in rect[1])
    if min(w, h) <= 0:
        return None
    area = float(region.sum()) * STEP_MM * STEP_MM
    side = math.sqrt(w * h)
    if not (SIDES_MM[0] <= min(w, h) and max(w, h) <= SIDES_MM[1]):
        return None
    if max(w, h) / min(w, h) > ASPECT or area < FILL * w * h:
        return None
    box = cv2.boxPoints(rect).astype(np.float32).reshape(-1, 1, 2)
    depth = cv2.pointPolygonTest(box, (float(mid), float(mid)), True) * STEP_MM
    return side, float(depth)


def _sample(
    image: NDArray[np.uint8],
    reg: Registration,
    lens: PointLens | None,
    centre: tuple[float, float],
    height: float,
    camera: NDArray[np.float64],
) -> NDArray[np.float32]:
    """The image over the plane ``height`` mm up around ``centre``: a square of
    points :data:`STEP_MM` apart (the sensor's noise is smoothed in :func:`_fit`),
    row = south, column = east; (n, n, channels)."""
    n = _SIDE
    # A point h mm up meets the board's plane, seen from the camera, at
    # camera + (point - camera) * H / (H - h) (vision/geometry.py's foot_to_ground).
    # The registration and the lens are smooth over the patch: a coarse grid
    # goes through them, the samples between are interpolated (bilinear).
    k = float(camera[2]) / max(float(camera[2]) - height, 1.0)
    pts = np.empty((_COARSE * _COARSE, 2))
    for axis in (0, 1):  # column by column: numpy is slow over a last axis of two
        at = float(camera[axis])
        pts[:, axis] = at + (_COARSE_OFFSETS[axis] + (centre[axis] - at)) * k
    coarse = reg.to_image(pts)
    if lens is not None:
        coarse = lens.to_raw(coarse)
    xy = np.empty((n * n, 2))
    for axis in (0, 1):
        grid = coarse[:, axis].reshape(_COARSE, _COARSE)
        xy[:, axis] = (_SPREAD @ grid @ _SPREAD.T).ravel()
    # Only the image's box around the samples is handed to the remap.
    xs, ys = xy[:, 0], xy[:, 1]
    x0, y0 = math.floor(xs.min()) - 1, math.floor(ys.min()) - 1
    x1, y1 = math.ceil(xs.max()) + 2, math.ceil(ys.max()) + 2
    h, w = image.shape[:2]
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(max(x1, 1), w), min(max(y1, 1), h)
    if x0 >= x1 or y0 >= y1:
        x0, y0, x1, y1 = 0, 0, w, h
    xy32 = (xy - (x0, y0)).astype(np.float32).reshape(n, n, 2)
    values = cv2.remap(
        image[y0:y1, x0:x1],
        xy32[..., 0],
        xy32[..., 1],
        cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    out: NDArray[np.float32] = values.reshape(n, n, -1).astype(np.float32)
    return out


def withhold_beside(
    values: dict[str, Value],
    image: NDArray[np.uint8],
    reg: Registration,
    lens: PointLens | None,
    anchor: Callable[[str], tuple[float, float]],
) -> None:
    """Every market cell read covered (``market:<resource>:<row>`` True) with no
    cube's top seen over its centre becomes unknown (None), in place."""
    keys = [k for k, v in values.items() if k.startswith("market:") and v is True]
    if not keys:
        return
    over = over_centre(image, reg, lens, [anchor(k) for k in keys])
    for key, seen in zip(keys, over, strict=True):
        if not seen:
            values[key] = None
