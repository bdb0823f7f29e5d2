"""Tracking known markers between full scans: look only where the image changed.

A marker cannot move, appear or vanish without the pixels around it changing.
So between full scans the tracker compares a quarter-size grey copy of the
frame with the one its detections were made on:

- no change anywhere: the last detections stand (cost: one small difference);
- changes in a few places: the detector runs only on those regions, widened
  to cover every known marker they touch (one call on a mosaic of the
  regions); markers elsewhere keep their last detection;
- a large change (a hand, a camera knock, a lighting jump), a mosaic nearly
  as large as a full scan after frames the caller skipped for motion
  (``MOSAIC_SHARE``: the camera knocked, every marker's edges moved), or
  ``full_scan_every`` frames
  since the last full scan: a full scan, of the whole frame or, when the
  caller knows where the board is, of ``region``;
  in overlapping bands when the caller tells the largest marker's size
  (``largest_px``, :mod:`vision.bands`).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .detect import Box, Detection, MarkerDetector, merge_boxes

#: Downscale factor of the change map.
STEP = 4
#: Grey-level change (0-255) of a change-map pixel that counts.
CHANGE_LEVEL = 24
#: Least widening (px) of a changed region before it is scanned.
MIN_PAD_PX = 32
#: Above this share of the frame changed, scan the whole frame.
FULL_SCAN_SHARE = 0.25
#: After frames skipped for motion, a mosaic of the changed regions (widened,
#: merged, with the markers they touch) as large as this share of a full
#: scan's area (``region``, else the frame) or more: a full scan instead. A
#: camera knock changes little of the frame but the edges of every marker,
#: and its mosaic (one box of 0.97 of the board's box) cost more than the
#: scan (bench/RESULTS.md, issue 35, H4: 1080p 22.8 vs 21 ms, 12 MP 104 vs 77 ms).
MOSAIC_SHARE = 0.75


@dataclass
class TrackStats:
    full: int = 0
    partial: int = 0
    unchanged: int = 0


class MarkerTracker:
    """Detections for each frame, scanning as little of it as it safely can."""

    def __init__(self, detector: MarkerDetector, full_scan_every: int = 10) -> None:
        self.detector = detector
        self.full_scan_every = full_scan_every
        self.stats = TrackStats()
        self.last: list[Detection] = []
        self._ref: NDArray[np.uint8] | None = None
        #: Where full scans look (the board, when it is known); None: the whole frame.
        self.region: Box | None = None
        #: The largest marker a scan may meet, in pixels: given, a large frame
        #: (or mosaic of changed regions) is scanned in overlapping bands
        #: (vision/bands.py); None: whole.
        self.largest_px: float | None = None
        #: For full scans, when the caller knows where the largest markers lie:
        #: the largest of the others, and (centre row, side) of those (the
        #: board's corner markers): the bands then overlap by the others'
        #: reach only (:func:`vision.bands.keep_out_for`). None: ``largest_px``.
        self.full_reach: tuple[float, tuple[tuple[float, float], ...]] | None = None
        self._since_full = 0
        self._kernel = np.ones((5, 5), np.uint8)

    def reset(self) -> None:
        """Forget the reference: the next frame gets a full scan."""
        self._ref = None

    def scan(
        self, grey: NDArray[np.uint8], force_full: bool = False, moved: bool = False
    ) -> tuple[list[Detection], bool]:
        """This frame's detections and whether the whole frame was scanned.
        ``moved``: the caller skipped frames for motion since the last scan (a
        hand, a knock); then a mosaic of :data:`MOSAIC_SHARE` of a full scan's
        area or more is a full scan. Not otherwise: a new blur each frame
        moves every marker's edges too, and there the markers kept from
        sharper frames read better than a full scan (harsh motion seed 50004)."""
        if self.full_scan_every <= 0:  # not tracking: every scan is a full one
            return self._full(grey, None), True
        small = np.ascontiguousarray(grey[::STEP, ::STEP])
        ref = self._ref
        if (
            force_full
            or ref is None
            or ref.shape != small.shape
            or self._since_full >= self.full_scan_every
        ):
            return self._full(grey, small), True
        mask = change_mask(small, ref)
        count = int(cv2.countNonZero(mask))
        self._since_full += 1
        if count == 0:
            self.stats.unchanged += 1
            return self.last, False
        if count > FULL_SCAN_SHARE * mask.size:
            return self._full(grey, small), True
        mask = cv2.dilate(mask, self._kernel)
        # Grana's labelling: the same regions in the same order as the default,
        # in about half its time on a change map (0.3 vs 0.65 ms at 1080p).
        n, _, stats, _ = cv2.connectedComponentsWithStatsWithAlgorithm(
            mask, 8, cv2.CV_32S, cv2.CCL_GRANA
        )
        # Widen each changed region by a marker's size: a change that only grazes
        # a marker (the edge of a hand that had hidden it) must still show all of it.
        pad = int(max([MIN_PAD_PX] + [d.side_px * 1.5 for d in self.last]))
        regions: list[Box] = []
        for i in range(1, n):
            x, y, w, h = (int(v) for v in stats[i, :4])
            regions.append(
                (x * STEP - pad, y * STEP - pad, (x + w) * STEP + pad, (y + h) * STEP + pad)
            )
        keep: list[Detection] = []
        boxes = list(regions)
        for d in self.last:
            b = d.box(max(8.0, 0.75 * d.side_px))
            if any(_overlap(b, r) for r in regions):
                boxes.append(b)
            else:
                keep.append(d)
        h, w = grey.shape
        # The mosaic's boxes (detect_regions merges them as here: once is enough).
        merged = merge_boxes(
            [(max(0, b[0]), max(0, b[1]), min(w, b[2]), min(h, b[3])) for b in boxes]
        )
        rx0, ry0, rx1, ry1 = self.region or (0, 0, w, h)
        if moved and sum((b[2] - b[0]) * (b[3] - b[1]) for b in merged) >= MOSAIC_SHARE * (
            rx1 - rx0
        ) * (ry1 - ry0):
            return self._full(grey, small), True
        found = self.detector.detect_regions(grey, merged, largest_px=self.largest_px)
        # Refresh the reference where we looked.
        for x0, y0, x1, y1 in boxes:
            sl = (
                slice(max(0, y0 // STEP), y1 // STEP + 1),
                slice(max(0, x0 // STEP), x1 // STEP + 1),
            )
            ref[sl] = small[sl]
        fresh = [(d.marker_id, d.centre) for d in found]
        keep = [
            d
            for d in keep
            if not any(
                i == d.marker_id and abs(c[0] - d.centre[0]) + abs(c[1] - d.centre[1]) < 4
                for i, c in fresh
            )
        ]
        self.last = keep + found
        self.stats.partial += 1
        return self.last, False

    def _full(self, grey: NDArray[np.uint8], small: NDArray[np.uint8] | None) -> list[Detection]:
        reach = self.full_reach
        if reach is None:
            self.last = self.detector.detect(grey, self.region, self.largest_px)
        else:
            self.last = self.detector.detect(grey, self.region, reach[0], reach[1])
        self._ref = small
        self._since_full = 0
        self.stats.full += 1
        return self.last


def change_mask(small: NDArray[np.uint8], ref: NDArray[np.uint8]) -> NDArray[np.uint8]:
    """1 where a quarter-size frame differs from a reference beyond sensor noise."""
    changed = cv2.absdiff(small, ref)
    cv2.blur(changed, (3, 3), dst=changed)
    mask: NDArray[np.uint8] = (changed > CHANGE_LEVEL).astype(np.uint8)
    return mask


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
