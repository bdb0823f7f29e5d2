"""Camera frames as YUV 4:2:0 planes: the grey image as it comes, colour only where the board view needs it.

Why: at 12 MP a BGR frame is 35 MiB and the grey copy every stage reads is
12 MiB more. A camera that gives YUV 4:2:0 (the Pi camera through picamera2,
``"YUV420"``) gives both in 18 MiB: its Y plane *is* the grey image (full
range, the same weights as OpenCV's BGR-to-grey: sYCC, what picamera2's still
configuration uses), and its two quarter-size chroma planes hold the colour.
The pipeline reads markers on the Y plane and makes colour only for the
coarse board view (one sample per cell, :mod:`vision.occlusion`): the Y plane
sampled there as before, the chroma planes at half the scale.

A :class:`~vision.sources.Frame` holds such a frame as ``image`` (the Y plane,
H x W) and ``chroma`` (2 x H/2 x W/2: Cb, then Cr). :func:`planes` cuts them
out of picamera2's buffer without a copy; :func:`from_bgr` makes them from a
BGR image (the synthetic 12 MP camera of ``bench/run_memory.py``, tests);
:func:`to_bgr` makes the whole BGR image again for a reader that needs it.
"""

from __future__ import annotations

import cv2
import numpy as np
from numpy.typing import NDArray

Image = NDArray[np.uint8]


def planes(buffer: Image, size: tuple[int, int]) -> tuple[Image, Image]:
    """The Y plane (H x W) and the chroma planes (2 x H/2 x W/2) of a YUV 4:2:0
    buffer as picamera2 gives it: 3H/2 rows of ``stride`` bytes (``stride``
    >= W, rows padded to the camera's alignment), Y, then U, then V, each
    chroma row half a stride. Views into ``buffer`` when it is contiguous."""
    w, h = size
    rows, stride = buffer.shape[:2]
    if buffer.ndim != 2 or w % 2 or h % 2 or rows != h * 3 // 2 or stride < w:
        raise ValueError(
            f"a YUV 4:2:0 buffer of {w}x{h} has {h * 3 // 2} rows of at least {w} bytes,"
            f" not the shape {buffer.shape}"
        )
    y = buffer[:h, :w]
    flat = np.ascontiguousarray(buffer[h:]).reshape(-1)
    chroma = flat[: 2 * (h // 2) * (stride // 2)].reshape(2, h // 2, stride // 2)[:, :, : w // 2]
    return y, chroma


def from_bgr(image: Image) -> tuple[Image, Image]:
    """A BGR image as a camera giving YUV 4:2:0 would: Y exactly OpenCV's grey
    of it, Cb and Cr (full range) averaged over each 2 x 2 block."""
    h, w = image.shape[:2]
    if w % 2 or h % 2:
        raise ValueError(f"YUV 4:2:0 needs an even width and height, not {w}x{h}")
    y: Image = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    chroma = np.empty((2, h // 2, w // 2), np.uint8)
    band = 256  # rows at a time: no full-size colour copy
    for top in range(0, h, band):
        ycrcb = cv2.cvtColor(image[top : top + band], cv2.COLOR_BGR2YCrCb)
        small = cv2.resize(ycrcb, (w // 2, ycrcb.shape[0] // 2), interpolation=cv2.INTER_AREA)
        chroma[0, top // 2 : top // 2 + small.shape[0]] = small[:, :, 2]  # Cb
        chroma[1, top // 2 : top // 2 + small.shape[0]] = small[:, :, 1]  # Cr
    return y, chroma


def to_bgr(y: Image, chroma: Image) -> Image:
    """The whole BGR image of Y and chroma planes (chroma repeated over each 2 x 2 block)."""
    h, w = y.shape
    cb = cv2.resize(chroma[0], (w, h), interpolation=cv2.INTER_NEAREST)
    cr = cv2.resize(chroma[1], (w, h), interpolation=cv2.INTER_NEAREST)
    bgr: Image = cv2.cvtColor(cv2.merge([y, cr, cb]), cv2.COLOR_YCrCb2BGR)
    return bgr


def chroma_map(at: NDArray[np.float32]) -> NDArray[np.float32]:
    """Points in the Y plane (x, y, pixel centres at whole numbers) in the
    chroma planes' pixels: a chroma pixel's centre lies between two Y pixels."""
    out: NDArray[np.float32] = ((at - np.float32(0.5)) * np.float32(0.5)).astype(np.float32)
    return out


def view_bgr(y: Image, cb: Image, cr: Image) -> Image:
    """BGR of a small picture sampled from the three planes (same shape each)."""
    bgr: Image = cv2.cvtColor(cv2.merge([y, cr, cb]), cv2.COLOR_YCrCb2BGR)
    return bgr
