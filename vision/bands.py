"""The first pass over a large image in overlapping bands: the same markers, a fraction of the memory.

Why: ArUco's detection keeps, per adaptive threshold window in flight, a
threshold image and a copy for its contour search, each as large as the
image scanned. A 12 MP first pass over the board's box held two windows of
two such images at once (47 MiB, bench/RESULTS.md, issue 35), above the frame
itself. Scanned in horizontal bands, each band's buffers are a fraction of
that, and they are freed before the next band.

Why the markers are the same: detection is local. A marker's outline, its
corners, its code and its quiet zone depend only on the pixels within the
threshold window's reach of it. Each band owns a core of rows; it is scanned
with ``margin`` rows more above and below, ``margin`` covering the largest
marker's extent from its centre, its quiet zone and the threshold window
(:func:`margin_for`). A marker (or an undecoded square) is kept from the band
whose core holds its centre: whole in that band, found there as in one scan
of the whole image, and found once. The order of the list differs (band by
band), and an undecoded square larger than the largest marker (a printed box,
the board's edge) may be cut by a band and not listed: the closer look uses
only squares of about a sticker's size. (OpenCV's identification is not quite
local either: its candidate loop can stop before the deepest nested contours
of a crowded image are tried, so once in a while a band decodes a large
marker a whole scan left undecoded. The pipeline's readings, zone by zone,
are compared before and after in bench/RESULTS.md, issue 35.)

:func:`spans` cuts rows into bands; :func:`margin_for` gives the margin for
the largest marker expected, in pixels.
"""

from __future__ import annotations

import math
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
#: How far from its centre a marker's quiet zone reaches, in sides (4/3 of half a diagonal).
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


def margin_for(largest_px: float) -> int:
    """Rows a band reaches beyond its core for markers up to ``largest_px`` on a
    side: a square's corner lies at most 0.71 side from its centre and its
    quiet zone (one cell beyond the border: 8/6 of the marker) at most 0.95
    side, whatever its turn (perspective is in ``largest_px``'s slack). Two
    bands overlap by twice this: more than the largest marker."""
    return math.ceil(QUIET_REACH * largest_px) + PAD_ROWS


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
) -> list[Span]:
    """Rows ``top`` to ``bottom`` of an image ``width`` pixels wide, cut into
    bands of about ``pixels`` pixels (:data:`BAND_PIXELS`) each reaching
    ``margin`` rows beyond its core, when the image is large: more than
    :data:`BAND_FROM_PIXELS` (``large``: the caller tells, for a mosaic of a
    large frame's regions). One span (the whole, every centre kept) when it
    is not, or when a band would not be smaller than the whole."""
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
    out = []
    for k in range(count):
        c0 = top + k * core
        c1 = min(bottom, c0 + core)
        out.append(
            Span(
                max(top, c0 - margin),
                min(bottom, c1 + margin),
                -math.inf if k == 0 else float(c0),
                math.inf if k == count - 1 else float(c1),
            )
        )
    return out
