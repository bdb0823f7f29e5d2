"""The first pass over a large image in overlapping bands: the same markers, a fraction of the memory.

Why: ArUco's detection keeps, per adaptive threshold window in flight, a
threshold image and a copy for its contour search, each as large as the
image scanned. A 12 MP first pass over the board's box held two windows of
two such images at once (47 MiB, bench/RESULTS.md, issue 35), above the frame
itself. Scanned in horizontal bands, each band's buffers are a fraction of
that, and they are freed before the next band.

Why the markers are the same: detection is local. A marker's outline, its
corners and its code depend only on the pixels within the threshold window's
reach of its outline. Each band owns a core of rows; it is scanned with
``margin`` rows more above and below, ``margin`` covering the largest
marker's corners from its centre and the threshold window
(:func:`margin_for`). A marker (or an undecoded square) is kept from the band
whose core holds its centre: whole in that band, found there as in one scan
of the whole image, and found once. Its quiet zone (a cell beyond its
border) need not be in the band: the detector's caller checks it in the
whole frame. The order of the list differs (band by band), and an undecoded
square larger than the largest marker (a printed box, the board's edge) may
be cut by a band and not listed: the closer look uses only squares of about
a sticker's size. (OpenCV's identification is not quite local either: its
candidate loop can stop before the deepest nested contours of a crowded
image are tried, so once in a while a band decodes a large marker a whole
scan left undecoded. The pipeline's readings, zone by zone, are compared
before and after in bench/RESULTS.md, issue 35.)

The overlap is what a banded scan costs over a whole one, and the largest
markers (a board's corner markers, twice a piece's side) set it. Where those
lie is known once the board is registered: a scan then takes ``margin`` for
the pieces' markers and keeps its seams out of the rows where a larger one
needs more (``keep_out``, :func:`keep_out_for`): the same markers, whole, for
a fraction of the overlap.

:func:`spans` cuts rows into bands; :func:`margin_for` gives the margin for
the largest marker expected, in pixels.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: A scan of more pixels than this is made in bands: a 12 MP camera's board
#: box (the memory goal is at 12 MP; up to 3200x2400 frames are scanned
#: whole, as before, at no extra cost).
BAND_FROM_PIXELS = 8_000_000
#: Pixels of a band (core and margins), about; a band is at least four margins
#: tall (its core at least two): a 12 MP board box goes in four bands. The trade
#: (bench/RESULTS.md, issue 35): nine bands (2.5 MP) held `companion run` at 12 MP
#: to 141 MiB but cost 1.50x bare detection a full scan; four, 143.6 MiB and 1.18x.
BAND_PIXELS = 4_200_000
#: The same for a hand's mosaic of changed regions (vision/track.py): a copy
#: of those regions, held beside the frame while its bands are scanned, set
#: `companion run`'s 12 MP peak (144 MiB; 142 with these smaller bands,
#: bench/RESULTS.md, issue 35, H2); only a hand's frames pay the overlap.
MOSAIC_BAND_PIXELS = 3_000_000
#: How far from its centre a marker's corner reaches, in sides (half a diagonal):
#: what a band must hold of a marker it keeps.
CORNER_REACH = 0.71
#: How far from its centre a marker's quiet zone reaches, in sides (4/3 of half
#: a diagonal): what a colour band made grey must hold for the quiet zone check.
QUIET_REACH = 0.95
#: Extra rows beyond the largest marker's reach: the threshold window's half
#: (the largest first-pass window is 15 px), a pixel of interpolation, and one more.
PAD_ROWS = 10


@dataclass(frozen=True)
class Span:
    """One band: rows ``top`` to ``bottom`` (exclusive) are scanned; what is
    centred on rows ``core_top`` to ``core_bottom`` (exclusive) is kept."""

    top: int
    bottom: int
    core_top: float
    core_bottom: float


def margin_for(largest_px: float, reach: float = CORNER_REACH) -> int:
    """Rows a band reaches beyond its core for markers up to ``largest_px`` on a
    side: a square's corner lies at most 0.71 side from its centre, whatever
    its turn (perspective is in ``largest_px``'s slack), and the threshold
    window's half beyond it. Two bands overlap by twice this: more than the
    largest marker. ``reach``: :data:`QUIET_REACH` for the quiet zone too
    (one cell beyond the border: 8/6 of the marker, at most 0.95 side)."""
    return math.ceil(reach * largest_px) + PAD_ROWS


def keep_out_for(big: Sequence[tuple[float, float]], margin: int) -> list[tuple[float, float]]:
    """Rows no seam may cross, for markers larger than the bands' ``margin``
    covers: per (centre row, side in pixels) of ``big``, the rows within
    ``margin_for(side) - margin`` of its centre. A seam outside them leaves the
    band keeping that marker reaching ``margin_for(side)`` past its centre."""
    out = []
    for row, side in big:
        extra = margin_for(side) - margin
        if extra > 0:
            out.append((row - extra, row + extra))
    return out


def is_large(pixels: int) -> bool:
    """Whether an image of ``pixels`` is scanned in bands (:data:`BAND_FROM_PIXELS`)."""
    return pixels > BAND_FROM_PIXELS


def spans(
    top: int,
    bottom: int,
    width: int,
    margin: int,
    pixels: int | None = None,
    large: bool | None = None,
    keep_out: Sequence[tuple[float, float]] = (),
) -> list[Span]:
    """Rows ``top`` to ``bottom`` of an image ``width`` pixels wide, cut into
    bands of about ``pixels`` pixels (:data:`BAND_PIXELS`) each reaching
    ``margin`` rows beyond its core, when the image is large: more than
    :data:`BAND_FROM_PIXELS` (``large``: the caller tells, for a mosaic of a
    large frame's regions). One span (the whole, every centre kept) when it
    is not, or when a band would not be smaller than the whole. A seam (one
    core's end, the next one's start) inside a ``keep_out`` interval of rows
    (:func:`keep_out_for`) moves to the interval's nearer end: a band then
    grows by as much, its neighbour shrinks."""
    pixels = BAND_PIXELS if pixels is None else pixels
    rows = bottom - top
    whole = [Span(top, bottom, -math.inf, math.inf)]
    if large is None:
        large = is_large(rows * width)
    if rows <= 0 or width <= 0 or rows * width <= pixels or not large:
        return whole
    core = max(2 * margin, pixels // width - 2 * margin)
    count = math.ceil(rows / core)
    if count < 2:
        return whole
    core = math.ceil(rows / count)
    seams = [top + k * core for k in range(1, count)]
    if keep_out:
        seams = _seams_kept_out(seams, keep_out, top, bottom)
        count = len(seams) + 1
    edges = [top, *seams, bottom]
    out = []
    for k in range(count):
        c0, c1 = edges[k], edges[k + 1]
        out.append(
            Span(
                max(top, c0 - margin),
                min(bottom, c1 + margin),
                -math.inf if k == 0 else float(c0),
                math.inf if k == count - 1 else float(c1),
            )
        )
    return out


def _seams_kept_out(
    seams: list[int], keep_out: Sequence[tuple[float, float]], top: int, bottom: int
) -> list[int]:
    """``seams`` (rising) each moved out of the ``keep_out`` intervals (merged
    where they overlap) to the nearer end; a seam that would meet its
    neighbour or the image's end is dropped (two bands become one)."""
    merged: list[list[float]] = []
    for lo, hi in sorted(keep_out):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    out: list[int] = []
    for seam in seams:
        low = out[-1] if out else top
        for lo, hi in merged:
            if lo < seam < hi:
                ends = sorted((math.floor(lo), math.ceil(hi)), key=lambda e: abs(e - seam))
                seam = next((e for e in ends if low < e < bottom), low)
                break
        if low < seam < bottom:
            out.append(seam)
    return out
