"""Marker detection: OpenCV's ``ArucoDetector`` restricted to the plan's ids.

Two ways to look:

- :meth:`MarkerDetector.detect` scans a whole frame;
- :meth:`MarkerDetector.detect_regions` scans only small regions (around where
  markers were last seen), pasted side by side into one small mosaic image so
  the detector runs once. This is the tracking mode that keeps a steady table
  cheap; the pipeline still scans the full frame at a lower rate and whenever
  something moves.

The detector is given a dictionary holding only the plan's codes (a subset of
``DICT_4X4_100`` with pairwise distance >= 4), and its parameters are tuned for
small markers (see ``docs/vision.md``): the minimum marker size is set in
pixels, not as a share of the image, so a small mosaic and a 12 MP still find
the same markers. Its output is filtered: every detection must show its white
quiet zone, repeats are merged, and (unless ``keep_nested``) detections lying
inside one another are dropped.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
from numpy.typing import NDArray

from . import bands
from .bands import QUIET_REACH, Span, is_large, keep_out_for, margin_for, spans
from .plan import DEFAULT_PLAN, DICTIONARY_NAME, HasIds

Image = NDArray[np.uint8]
Box = tuple[int, int, int, int]  # x0, y0, x1, y1 (exclusive)
Quads = NDArray[np.float32]  # (n, 4, 2): a marker's corners, n markers
Quads64 = NDArray[np.float64]  # (n, 4, 2): undecoded squares' corners

#: Smallest marker side the detector looks for, in pixels.
MIN_SIDE_PX = 14
#: Every corner within this (px) of a detection of the same id in an earlier
#: frame: the same marker, unmoved (corners are whole pixels and jitter by one).
SAME_SPOT_PX = 1.5


@dataclass(frozen=True)
class Detection:
    """One marker found in a frame: plan id and its 4 corners in image pixels
    (ArUco order: the printed marker's top-left, top-right, bottom-right, bottom-left)."""

    marker_id: int
    corners: NDArray[np.float32]
    centre: tuple[float, float] = field(init=False)
    side_px: float = field(init=False)

    def __post_init__(self) -> None:
        # Plain floats: a frame has a hundred detections, numpy per item is slow.
        # Written out (no generators): the same sums in the same order, for a
        # third of the time (a first frame makes a few hundred detections).
        a, b, c, d = self.corners.tolist()
        cx = (a[0] + b[0] + c[0] + d[0]) / 4
        cy = (a[1] + b[1] + c[1] + d[1]) / 4
        dist = math.dist
        side = (dist(a, b) + dist(b, c) + dist(c, d) + dist(d, a)) / 4
        object.__setattr__(self, "centre", (cx, cy))
        object.__setattr__(self, "side_px", side)

    def box(self, margin: float) -> Box:
        pts = self.corners.tolist()
        xs = [p[0] for p in pts]
        ys = [p[1] for p in pts]
        return (
            int(min(xs) - margin),
            int(min(ys) - margin),
            math.ceil(max(xs) + margin),
            math.ceil(max(ys) + margin),
        )


def plan_dictionary(plan: HasIds = DEFAULT_PLAN) -> cv2.aruco.Dictionary:
    """A dictionary holding only the plan's codes, in plan id order (index == plan id
    when the plan uses ids 0..n-1; :func:`plan_index` maps otherwise)."""
    base = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY_NAME))
    ids = sorted(plan.ids)
    return cv2.aruco.Dictionary(base.bytesList[ids], base.markerSize, 1)


def tuned_parameters(min_side_px: float = MIN_SIDE_PX) -> cv2.aruco.DetectorParameters:
    """Detector parameters for small, tilted, blurred markers (chosen by bench/vision.py)."""
    p = cv2.aruco.DetectorParameters()
    p.adaptiveThreshWinSizeMin = 5
    p.adaptiveThreshWinSizeMax = 23
    p.adaptiveThreshWinSizeStep = 10
    p.adaptiveThreshConstant = 7
    p.minMarkerPerimeterRate = 0.01
    p.polygonalApproxAccuracyRate = 0.05
    p.minCornerDistanceRate = 0.05
    p.minMarkerDistanceRate = 0.125
    p.minDistanceToBorder = 1
    p.perspectiveRemovePixelPerCell = 8
    p.perspectiveRemoveIgnoredMarginPerCell = 0.25
    p.maxErroneousBitsInBorderRate = 0.1
    p.errorCorrectionRate = 1.0
    p.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_NONE
    p.useAruco3Detection = False
    return p


Windows = tuple[int, int, int]  # adaptive threshold window: smallest, largest, step (px)
#: The threshold constant of a second look, for markers on dark pieces or in
#: glare (the first pass's constant is 7).
HARD_CONSTANT = 13.0


def windows_for(side_px: float) -> Windows:
    """Adaptive threshold windows for markers of about ``side_px``: from about
    half a cell (a dark piece's sticker reads with a window that small) to about
    three cells, three windows in all. The first pass's fixed windows (5, 15)
    suit markers of 20-40 px; larger and smaller ones read better with these."""
    cell = side_px / 6
    lo = max(3, int(cell * 0.6) | 1)
    hi = max(lo + 2, int(cell * 3) | 1)
    step = max(2, (hi - lo) // 2)
    return lo, hi, step


def _set_min_side(
    detector: cv2.aruco.ArucoDetector,
    params: cv2.aruco.DetectorParameters,
    shape: Sequence[int],
    min_side_px: float,
) -> None:
    rate = 4 * min_side_px / max(shape[0], shape[1])
    if abs(params.minMarkerPerimeterRate - rate) > 1e-9:
        params.minMarkerPerimeterRate = rate
        detector.setDetectorParameters(params)


class MarkerDetector:
    """Finds the plan's markers in grey or colour frames."""

    def __init__(
        self,
        plan: HasIds = DEFAULT_PLAN,
        params: cv2.aruco.DetectorParameters | None = None,
        min_side_px: float = MIN_SIDE_PX,
        keep_nested: bool = False,
    ) -> None:
        """``keep_nested``: return detections lying inside one another instead of
        dropping both; for a caller that can tell them apart by their expected
        size on the board (the pipeline's reader does)."""
        self.plan = plan
        self.keep_nested = keep_nested
        self._ids = np.array(sorted(plan.ids), dtype=np.int32)
        self.dictionary = plan_dictionary(plan)
        self.params = params if params is not None else tuned_parameters()
        self.min_side_px = min_side_px
        self._detector = cv2.aruco.ArucoDetector(self.dictionary, self.params)
        self._verdicts: tuple[Markers, list[bool]] | None = None
        #: Squares the detector saw but could not decode, from the last whole
        #: scan (kept up to date by region scans): centres (n, 2) and sides (n,)
        #: in frame pixels. A sticker missed on a dark piece or in glare is
        #: usually among them: a reason to look closer, and no proof of an empty space.
        self.candidates: tuple[NDArray[np.float64], NDArray[np.float64]] = (
            np.zeros((0, 2)),
            np.zeros(0),
        )
        #: Markers the last whole scan decoded and then refused (no white quiet
        #: zone: a sticker washed to grey by glare, or a pattern read off
        #: print), kept up to date by region scans like :attr:`candidates`:
        #: centres (n, 2) and sides (n,). Evidence that something marker-like
        #: lies there, never of an empty space.
        self.refused: tuple[NDArray[np.float64], NDArray[np.float64]] = (
            np.zeros((0, 2)),
            np.zeros(0),
        )
        #: The same for the last :meth:`detect_regions` call (a closer look),
        #: as detections in frame pixels.
        self.last_refused: list[Detection] = []
        #: Detectors with other threshold windows and constants (closer looks).
        self._variants: dict[
            tuple[Windows, float], tuple[cv2.aruco.ArucoDetector, cv2.aruco.DetectorParameters]
        ] = {}

    def _variant(
        self, windows: Windows | None, constant: float | None
    ) -> tuple[cv2.aruco.ArucoDetector, cv2.aruco.DetectorParameters]:
        if windows is None and constant is None:
            return self._detector, self.params
        key = (
            windows
            or (
                self.params.adaptiveThreshWinSizeMin,
                self.params.adaptiveThreshWinSizeMax,
                self.params.adaptiveThreshWinSizeStep,
            ),
            constant if constant is not None else self.params.adaptiveThreshConstant,
        )
        got = self._variants.get(key)
        if got is None:
            p = tuned_parameters(self.min_side_px)
            for name in dir(self.params):
                value = getattr(self.params, name)
                if not name.startswith("_") and not callable(value):
                    setattr(p, name, value)
            p.adaptiveThreshWinSizeMin, p.adaptiveThreshWinSizeMax, p.adaptiveThreshWinSizeStep = (
                key[0]
            )
            p.adaptiveThreshConstant = key[1]
            got = (cv2.aruco.ArucoDetector(self.dictionary, p), p)
            self._variants[key] = got
        return got

    def detect(
        self,
        image: Image,
        region: Box | None = None,
        largest_px: float | None = None,
        big: Sequence[tuple[float, float]] = (),
    ) -> list[Detection]:
        """Every marker in the frame, or only in ``region`` (a box of the frame).
        ``largest_px``: the largest marker expected there, in pixels; given, a
        large image is scanned in overlapping bands (:mod:`vision.bands`): the
        same markers for a fraction of detection's memory, a colour image
        made grey band by band. ``big``: (centre row, side in pixels) of
        markers larger than ``largest_px`` known to lie there (the board's
        corner markers): no band's seam crosses them
        (:func:`vision.bands.keep_out_for`)."""
        h, w = image.shape[:2]
        x0, y0, x1, y1 = (0, 0, w, h) if region is None else _clip(region, w, h)
        if largest_px is None:
            cuts = [Span(y0, y1, -math.inf, math.inf)]
            pad = max(h, w)  # a colour image is made grey whole, as it always was
        else:
            margin = margin_for(largest_px)
            cuts = spans(y0, y1, x1 - x0, margin, keep_out=keep_out_for(big, margin))
            # A colour band is made grey with room for the quiet zones of the
            # markers it keeps (checked in that grey).
            pad = margin_for(max([largest_px, *(side for _, side in big)]), QUIET_REACH)
        found: list[Detection] = []
        squares: list[NDArray[np.float64]] = []
        verdicts: list[bool] = []
        for corners, which, rejected, slab, at in self._walk(
            self._detector, self.params, image, x0, x1, cuts, pad, self.min_side_px
        ):
            band = [d for d in self._wrap(corners, which) if d.side_px >= self.min_side_px]
            if image.ndim == 3:  # no grey frame: the quiet zones seen in the slab's grey
                verdicts += quiet_zones(slab, band, at)
            squares.append(rejected)
            found += band
        self.candidates = _squares(np.concatenate(squares))
        if image.ndim == 2:
            verdicts = self._quiet(image, found)
        self.refused = centres_sides([d for d, ok in zip(found, verdicts, strict=True) if not ok])
        found = dedupe([d for d, ok in zip(found, verdicts, strict=True) if ok])
        return found if self.keep_nested else drop_nested(found)

    def _walk(
        self,
        detector: cv2.aruco.ArucoDetector,
        params: cv2.aruco.DetectorParameters,
        image: Image,
        x0: int,
        x1: int,
        cuts: Sequence[Span],
        pad: int,
        min_side: float,
    ) -> Iterator[tuple[Quads, NDArray[np.intp], Quads64, Image, tuple[int, int]]]:
        """The one band walker of both scans: per span of ``cuts``,
        ``detectMarkers`` on its rows and columns ``x0`` to ``x1`` of ``image``
        (a colour image made grey band by band, ``pad`` pixels around it),
        markers of ``min_side`` pixels or more, and
        what it found centred in the span's core (all of it when there is one
        span). Yields the markers' corners (n, 4, 2) in ``image``'s pixels,
        their dictionary indices (n,), the undecoded squares (m, 4, 2), the
        grey slab the band was cut from and the slab's place (x, y) in ``image``."""
        h, w = image.shape[:2]
        for cut in cuts:
            if image.ndim == 2:
                slab, sx0, sy0 = image, 0, 0
            else:
                sx0, sy0 = max(0, x0 - pad), max(0, cut.top - pad)
                slab = _grey(image[sy0 : min(h, cut.bottom + pad), sx0 : min(w, x1 + pad)])
            part = slab[cut.top - sy0 : cut.bottom - sy0, x0 - sx0 : x1 - sx0]
            _set_min_side(detector, params, part.shape, min_side)
            corners, ids, rejected = detector.detectMarkers(part)
            quads = np.asarray(corners, np.float32).reshape(-1, 4, 2) + np.array(
                [x0, cut.top], np.float32
            )
            which = np.zeros(0, np.intp) if ids is None else ids.ravel().astype(np.intp)
            squares = np.asarray(rejected, np.float64).reshape(-1, 4, 2) + np.array(
                [x0, cut.top], np.float64
            )
            if len(cuts) > 1:
                # Kept from the band whose core holds the centre: found once, whole.
                mine = _in_core(quads, cut)
                quads, which = quads[mine], which[mine]
                squares = squares[_in_core(squares, cut)]
            yield quads, which, squares, slab, (sx0, sy0)

    def _banded(
        self,
        detector: cv2.aruco.ArucoDetector,
        params: cv2.aruco.DetectorParameters,
        grey: Image,
        largest_px: float | None,
        large: bool,
        min_side: float,
    ) -> tuple[Quads, NDArray[np.intp], Quads64]:
        """``detectMarkers`` on ``grey``, in overlapping bands when ``largest_px``
        is given and the image is large (:mod:`vision.bands`, a mosaic's
        bands: ``MOSAIC_BAND_PIXELS``): the markers' corners, dictionary
        indices and undecoded squares, as :meth:`_walk`."""
        h, w = grey.shape
        cuts = (
            [Span(0, h, -math.inf, math.inf)]
            if largest_px is None
            else spans(0, h, w, margin_for(largest_px), bands.MOSAIC_BAND_PIXELS, large)
        )
        got = list(self._walk(detector, params, grey, 0, w, cuts, 0, min_side))
        if len(got) == 1:
            return got[0][:3]
        return (
            np.concatenate([g[0] for g in got]),
            np.concatenate([g[1] for g in got]),
            np.concatenate([g[2] for g in got]),
        )

    def _quiet(self, grey: Image, found: list[Detection]) -> list[bool]:
        """:func:`quiet_zones`, reusing the verdicts of the last frame's scan for
        detections that are the same markers within a pixel (a still table)."""
        now = marker_arrays(found)
        last = self._verdicts
        if last is not None:
            match = matching(now, last[0], SAME_SPOT_PX)
            if match is not None:
                return [last[1][int(k)] for k in match]
        verdicts = quiet_zones(grey, found)
        self._verdicts = (now, verdicts)
        return verdicts

    def detect_regions(
        self,
        image: Image,
        boxes: Sequence[Box],
        zoom: float = 1.0,
        windows: Windows | None = None,
        constant: float | None = None,
        stretch: bool = False,
        largest_px: float | None = None,
        min_side_px: float | None = None,
    ) -> list[Detection]:
        """Detect only inside ``boxes`` (merged where they overlap), in one call;
        ``zoom`` magnifies the regions first (for markers too small to read as they are);
        ``windows`` and ``constant``: adaptive threshold settings other than the
        first pass's (see :func:`windows_for`); ``stretch``: each region's grey
        levels stretched to the full range first (a marker washed out by glare
        keeps its pattern at low contrast); ``largest_px``: as for
        :meth:`detect`, a large mosaic (where a hand passed) is scanned in bands;
        ``min_side_px``: the smallest marker looked for, in the mosaic's pixels
        (above :data:`MIN_SIDE_PX`: where only larger markers matter, the
        detector skips the many smaller contours of a magnified crop)."""
        grey = _grey(image)
        h, w = grey.shape
        merged = merge_boxes([_clip(b, w, h) for b in boxes])
        merged = [b for b in merged if b[2] - b[0] > 4 and b[3] - b[1] > 4]
        self.last_refused = []
        if not merged:
            return []
        mosaic, offsets = _pack(grey, merged, zoom, stretch)
        detector, params = self._variant(windows, constant)
        large = is_large(grey.size)  # a large frame's mosaic (vision/bands.py)
        least = self.min_side_px if min_side_px is None else max(self.min_side_px, min_side_px)
        corners, which, rejected = self._banded(detector, params, mosaic, largest_px, large, least)
        if zoom == 1.0 and windows is None and constant is None:
            self._update_candidates(rejected, offsets)
        found = self._wrap(corners, which)
        refused: list[Detection] = []
        if zoom != 1.0:
            # Magnified, the quiet zone is checked where it is large enough to see.
            found, refused = _checked(mosaic, found, self.min_side_px)
        out = self._to_frame(found, offsets, zoom)
        if zoom == 1.0:
            out, refused = _checked(grey, out, self.min_side_px)
        else:
            refused = self._to_frame(refused, offsets, zoom)
        self.last_refused = refused
        if zoom == 1.0 and windows is None and constant is None:
            regions = [(bx, by, bw, bh) for (_, _, bw, bh), (bx, by) in offsets]
            self.refused = _replaced(self.refused, centres_sides(refused), regions)
        return out if self.keep_nested else drop_nested(out)

    @staticmethod
    def _to_frame(
        found: list[Detection], offsets: Sequence[tuple[Box, tuple[int, int]]], zoom: float
    ) -> list[Detection]:
        """Detections in a mosaic, moved back to the frame."""
        out: list[Detection] = []
        for d in found:
            cx, cy = d.centre
            for (mx, my, bw, bh), (bx, by) in offsets:
                if mx <= cx < mx + bw and my <= cy < my + bh:
                    # Pixel centres: mosaic u is frame (u + 0.5) / zoom - 0.5.
                    shifted = (d.corners - (mx, my) + 0.5) / zoom - 0.5 + (bx, by)
                    out.append(Detection(d.marker_id, shifted.astype(np.float32)))
                    break
        return out

    def _update_candidates(
        self,
        rejected: Quads64,
        offsets: Sequence[tuple[Box, tuple[int, int]]],
    ) -> None:
        """A region scan at the first pass's settings: its undecoded squares
        replace those the last scan saw in the same regions."""
        centres, sides = self.candidates
        keep = np.ones(len(centres), bool)
        new_c: list[NDArray[np.float64]] = []
        new_s: list[NDArray[np.float64]] = []
        got_c, got_s = _squares(rejected)
        for (mx, my, bw, bh), (bx, by) in offsets:
            keep &= ~(
                (centres[:, 0] >= bx)
                & (centres[:, 0] < bx + bw)
                & (centres[:, 1] >= by)
                & (centres[:, 1] < by + bh)
            )
            inside = (
                (got_c[:, 0] >= mx)
                & (got_c[:, 0] < mx + bw)
                & (got_c[:, 1] >= my)
                & (got_c[:, 1] < my + bh)
            )
            new_c.append(got_c[inside] - (mx, my) + (bx, by))
            new_s.append(got_s[inside])
        self.candidates = (
            np.concatenate([centres[keep], *new_c]).reshape(-1, 2),
            np.concatenate([sides[keep], *new_s]),
        )

    def _wrap(self, corners: Quads, which: NDArray[np.intp]) -> list[Detection]:
        """Detections of corners (n, 4, 2) and dictionary indices (n,)."""
        return [
            Detection(int(i), c) for c, i in zip(corners, self._ids[which].tolist(), strict=True)
        ]


#: A real marker's black border must be this much darker (0-255) than the white
#: quiet zone just outside it; patterns read off a sticker's surroundings are not.
QUIET_CONTRAST = 40.0


def _grids() -> tuple[NDArray[np.float64], NDArray[np.bool_], NDArray[np.bool_]]:
    """Sample points (2 x 2 per cell) over the marker plus its quiet zone (8 x 8
    cells, in a unit square), and which cells are quiet zone and black border."""
    g = (np.arange(16) + 0.5) / 16
    gx, gy = np.meshgrid(g, g)
    unit = np.stack([gx.ravel(), gy.ravel(), np.ones(256)])
    ring = np.ones((8, 8), bool)
    ring[1:7, 1:7] = False
    border = np.zeros((8, 8), bool)
    border[1:7, 1:7] = True
    border[2:6, 2:6] = False
    return unit, ring, border


_UNIT, _RING, _BORDER = _grids()
# Per sample: its weight in (mean of the quiet ring) - (mean of the black border).
_CONTRAST = (
    np.kron(_RING, np.ones((2, 2))).ravel() / (4 * _RING.sum())
    - np.kron(_BORDER, np.ones((2, 2))).ravel() / (4 * _BORDER.sum())
).astype(np.float32)


def _square_to_quads(quads: NDArray[np.float64]) -> NDArray[np.float64]:
    """Homographies taking the unit square (0,0), (1,0), (1,1), (0,1) to each of
    ``quads`` (n, 4, 2), all at once (the closed form for a square's image)."""
    x, y = quads[..., 0], quads[..., 1]
    sx = x[:, 0] - x[:, 1] + x[:, 2] - x[:, 3]
    sy = y[:, 0] - y[:, 1] + y[:, 2] - y[:, 3]
    dx1, dx2 = x[:, 1] - x[:, 2], x[:, 3] - x[:, 2]
    dy1, dy2 = y[:, 1] - y[:, 2], y[:, 3] - y[:, 2]
    den = dx1 * dy2 - dx2 * dy1
    den = np.where(np.abs(den) < 1e-12, 1e-12, den)
    g = (sx * dy2 - dx2 * sy) / den
    h = (dx1 * sy - sx * dy1) / den
    H = np.empty((len(quads), 3, 3))
    H[:, 0, 0] = x[:, 1] - x[:, 0] + g * x[:, 1]
    H[:, 0, 1] = x[:, 3] - x[:, 0] + h * x[:, 3]
    H[:, 0, 2] = x[:, 0]
    H[:, 1, 0] = y[:, 1] - y[:, 0] + g * y[:, 1]
    H[:, 1, 1] = y[:, 3] - y[:, 0] + h * y[:, 3]
    H[:, 1, 2] = y[:, 0]
    H[:, 2, 0] = g
    H[:, 2, 1] = h
    H[:, 2, 2] = 1.0
    return H


def quiet_zones(
    grey: Image, found: Sequence[Detection], at: tuple[int, int] = (0, 0)
) -> list[bool]:
    """For each detection: is there a white ring one cell wide around its black
    border? (All sampled in one ``remap``.) ``at``: ``grey``'s place (x, y) in
    the detections' image (a band's slab)."""
    if not found:
        return []
    n = len(found)
    corners = np.stack([d.corners for d in found]).astype(np.float64) - at
    centre = corners.mean(axis=1, keepdims=True)
    outer = (corners - centre) * (8 / 6) + centre
    pts = _square_to_quads(outer) @ _UNIT
    xy = (pts[:, :2] / pts[:, 2:3]).astype(np.float32)
    samples = cv2.remap(
        grey, xy[:, 0].reshape(n * 16, 16), xy[:, 1].reshape(n * 16, 16), cv2.INTER_LINEAR
    ).astype(np.float32)
    contrast = samples.reshape(n, 256) @ _CONTRAST
    return [bool(c >= QUIET_CONTRAST) for c in contrast]


def _checked(
    grey: Image, found: list[Detection], min_side: float
) -> tuple[list[Detection], list[Detection]]:
    """The detections that show their quiet zone (deduplicated), and those
    decoded at a marker's size that do not (refused)."""
    big = [d for d in found if d.side_px >= min_side]
    verdicts = quiet_zones(grey, big)
    kept = dedupe([d for d, ok in zip(big, verdicts, strict=True) if ok])
    return kept, [d for d, ok in zip(big, verdicts, strict=True) if not ok]


def centres_sides(found: Sequence[Detection]) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Centres (n, 2) and sides (n,) of detections."""
    return (
        np.array([d.centre for d in found], dtype=np.float64).reshape(-1, 2),
        np.array([d.side_px for d in found], dtype=np.float64),
    )


def _replaced(
    old: tuple[NDArray[np.float64], NDArray[np.float64]],
    new: tuple[NDArray[np.float64], NDArray[np.float64]],
    regions: Sequence[tuple[int, int, int, int]],
) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Points of ``old`` outside the regions just scanned (frame x, y, width,
    height), and ``new``."""
    centres, sides = old
    keep = np.ones(len(centres), bool)
    for bx, by, bw, bh in regions:
        keep &= ~(
            (centres[:, 0] >= bx)
            & (centres[:, 0] < bx + bw)
            & (centres[:, 1] >= by)
            & (centres[:, 1] < by + bh)
        )
    return (
        np.concatenate([centres[keep], new[0]]).reshape(-1, 2),
        np.concatenate([sides[keep], new[1]]),
    )


def apart(a: NDArray[np.float64], b: NDArray[np.float64]) -> NDArray[np.float64]:
    """(len(a), len(b)): the largest coordinate difference between rows of ``a``
    and ``b`` (points (n, 2), or corners flattened (n, 8)); one 2-D pass per
    coordinate, quicker than one 3-D pass."""
    d: NDArray[np.float64] = np.abs(np.subtract.outer(a[:, 0], b[:, 0]))
    for k in range(1, a.shape[1]):
        np.maximum(d, np.abs(np.subtract.outer(a[:, k], b[:, k])), out=d)
    return d


Markers = tuple[NDArray[np.int64], NDArray[np.float64]]


def marker_arrays(found: Sequence[Detection]) -> Markers:
    """Ids (n,) and the four corners (n, 8) of detections, for comparing frames:
    corners, not centres, so a piece turned where it stands counts as changed."""
    ids = np.array([d.marker_id for d in found], dtype=np.int64)
    corners = np.array([d.corners for d in found], dtype=np.float64).reshape(-1, 8)
    return ids, corners


def matching(a: Markers, b: Markers, tolerance_px: float) -> NDArray[np.intp] | None:
    """If ``a`` and ``b`` hold the same markers (in any order, every corner
    within ``tolerance_px`` of its place in the other): for each marker of
    ``a``, the index of its match in ``b``. Otherwise None."""
    if len(a[0]) != len(b[0]):
        return None
    if len(a[0]) == 0:
        return np.zeros(0, np.intp)
    near = (apart(a[1], b[1]) < tolerance_px) & np.equal.outer(a[0], b[0])
    if not (near.any(axis=1).all() and near.any(axis=0).all()):
        return None
    found: NDArray[np.intp] = near.argmax(axis=1)
    return found


def same_markers(a: Markers, b: Markers, tolerance_px: float) -> bool:
    """The same markers in both (see :func:`matching`)."""
    return matching(a, b, tolerance_px) is not None


def dedupe(found: list[Detection]) -> list[Detection]:
    """One detection per marker: the detector may return a marker once per
    threshold window; keep the first of same-id detections closer than a quarter side."""
    out: list[Detection] = []
    by_id: dict[int, list[Detection]] = {}
    for d in found:
        same = by_id.setdefault(d.marker_id, [])
        if not any(math.dist(o.centre, d.centre) < 0.25 * min(o.side_px, d.side_px) for o in same):
            same.append(d)
            out.append(d)
    return out


def drop_nested(found: list[Detection]) -> list[Detection]:
    """Drop every detection that lies inside another, and that other too.

    Markers never overlap, so one of a nested pair is a pattern read off the
    inside or the surroundings of a real marker, and which one cannot be told
    from the codes alone: both go (a miss this frame costs nothing; a wrong id
    would). A later frame reads the real one.
    """
    if len(found) < 2:
        return found
    centres = np.array([d.centre for d in found])
    sides = np.array([d.side_px for d in found])
    nested: set[int] = set()
    for k in range(len(found)):
        near = np.nonzero(np.abs(centres - centres[k]).max(axis=1) < sides / 2)[0]
        for j in near:
            if j != k and sides[j] > sides[k]:
                poly = found[j].corners.reshape(-1, 1, 2)
                point = (float(centres[k][0]), float(centres[k][1]))
                if cv2.pointPolygonTest(poly, point, False) > 0:
                    nested.update((k, int(j)))
    return [d for k, d in enumerate(found) if k not in nested]


def _squares(quads: Quads64) -> tuple[NDArray[np.float64], NDArray[np.float64]]:
    """Centres (n, 2) and mean sides (n,) of the detector's rejected squares (n, 4, 2)."""
    sides = np.linalg.norm(np.roll(quads, -1, axis=1) - quads, axis=2).mean(axis=1)
    return quads.mean(axis=1).reshape(-1, 2), sides


def _in_core(quads: NDArray[np.floating], cut: Span) -> NDArray[np.bool_]:
    """Which quads (n, 4, 2; rows in the image) have their centre in ``cut``'s core."""
    rows = quads[:, :, 1].mean(axis=1)
    out: NDArray[np.bool_] = (rows >= cut.core_top) & (rows < cut.core_bottom)
    return out


def _grey(image: Image) -> Image:
    if image.ndim == 2:
        return image
    grey: Image = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    return grey


def _clip(box: Box, w: int, h: int) -> Box:
    x0, y0, x1, y1 = box
    return (max(0, x0), max(0, y0), min(w, x1), min(h, y1))


def merge_boxes(boxes: Sequence[Box]) -> list[Box]:
    """Union overlapping boxes until none overlap."""
    out = sorted(boxes)
    changed = True
    while changed:
        changed = False
        merged: list[Box] = []
        for b in out:
            for k, m in enumerate(merged):
                if b[0] < m[2] and m[0] < b[2] and b[1] < m[3] and m[1] < b[3]:
                    merged[k] = (min(b[0], m[0]), min(b[1], m[1]), max(b[2], m[2]), max(b[3], m[3]))
                    changed = True
                    break
            else:
                merged.append(b)
        out = merged
    return out


_GAP = 8


def _pack(
    grey: Image, boxes: Sequence[Box], zoom: float = 1.0, stretch: bool = False
) -> tuple[Image, list[tuple[Box, tuple[int, int]]]]:
    """Shelf-pack the regions (magnified by ``zoom``) into one image; returns it
    and, per region, its (x, y, w, h) in the mosaic and its (x, y) in the frame."""

    def size(b: Box) -> tuple[int, int]:
        return round((b[2] - b[0]) * zoom), round((b[3] - b[1]) * zoom)

    order = sorted(boxes, key=lambda b: -size(b)[1])
    total = sum((size(b)[0] + _GAP) * (size(b)[1] + _GAP) for b in order)
    width = max(max(size(b)[0] for b in order) + _GAP, int(np.sqrt(total) * 1.2))
    placements: list[tuple[Box, tuple[int, int]]] = []
    x = y = shelf = 0
    for b in order:
        bw, bh = size(b)
        if x + bw + _GAP > width:
            x, y, shelf = 0, y + shelf, 0
        placements.append(((x + _GAP, y + _GAP, bw, bh), (b[0], b[1])))
        x += bw + _GAP
        shelf = max(shelf, bh + _GAP)
    height = y + shelf + _GAP
    # The gaps take the regions' mean grey (of a coarse sample: cheap on 12 MP).
    fill = int(np.mean([grey[b[1] : b[3] : 4, b[0] : b[2] : 4].mean() for b in boxes]))
    mosaic = np.full((height, width + _GAP), fill, dtype=np.uint8)
    for (mx, my, bw, bh), (bx, by) in placements:
        crop = grey[by : by + round(bh / zoom), bx : bx + round(bw / zoom)]
        if stretch:
            crop = _stretched(crop)
        if zoom != 1.0:
            crop = cv2.resize(crop, (bw, bh), interpolation=cv2.INTER_CUBIC)
        mosaic[my : my + bh, mx : mx + bw] = crop
    return mosaic, placements


#: Grey levels a region must span (2nd to 98th percentile) to be stretched.
STRETCH_MIN_SPAN = 12


def _stretched(crop: Image) -> Image:
    """The crop's grey levels from its 2nd to 98th percentile spread to 0-255."""
    lo, hi = np.percentile(crop, (2, 98))
    if hi - lo < STRETCH_MIN_SPAN:
        return crop
    out: Image = cv2.convertScaleAbs(crop, alpha=255.0 / (hi - lo), beta=-lo * 255.0 / (hi - lo))
    return out
