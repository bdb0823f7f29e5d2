"""Large image buffers go back to the system when freed (glibc's mmap threshold, fixed).

glibc serves an allocation of at least the mmap threshold (128 KiB at start)
with its own ``mmap`` and unmaps it when freed. But the threshold is dynamic:
each time such a block is freed, glibc raises the threshold to that block's
size (up to 32 MiB), so from then on a frame-sized buffer (a 12 MP grey image
is 12 MB, a colour one 37 MB) comes from the heap instead, and once freed
stays in the process's resident memory, fragmented between smaller blocks.
A camera loop that allocates and frees such buffers every frame then grows by
tens of MB (bench/run_memory.py: ~55 MB after 16 frames at 12 MP).

Setting the threshold once turns the dynamic raise off. ``fix_mmap_threshold``
does that through ``mallopt`` where the C library is glibc, and nothing
elsewhere (musl, macOS); an ``MALLOC_MMAP_THRESHOLD_`` in the environment wins.

``opencv_threads(1)``: ArUco detection thresholds the frame once per window
size in parallel, each thread with a threshold image and a contour copy of its
own (two frame-sized buffers); on one thread only one such pair exists at a
time. ``companion demo`` reads its frames in it (bench/RESULTS.md, issue 35: 11 MiB lower
peak at 2560x1920, the same markers found, no slower on 2 busy cores), and
``companion run`` once its camera is open (``one_opencv_thread``: with the
first pass in bands, ~5 MiB lower at 12 MP);
``OPENCV_FOR_THREADS_NUM`` in the environment wins.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
from collections.abc import Iterator
from contextlib import contextmanager

#: Blocks of this size or more are mapped on their own and unmapped when freed:
#: below any whole frame (1080p grey: 2 MB) and a 12 MP frame's quarter-size
#: copies and crops (0.8 MB), above the many small ones. (1 MiB before issue
#: 35's second pass; 256 KiB lowered `companion run`'s 12 MP peak by ~2 MiB.)
MMAP_THRESHOLD = 1 << 18

_M_MMAP_THRESHOLD = -3  # glibc's mallopt parameter number


def fix_mmap_threshold(threshold: int = MMAP_THRESHOLD) -> bool:
    """Fix glibc's mmap threshold; returns whether it was set here."""
    if "MALLOC_MMAP_THRESHOLD_" in os.environ:
        return False
    name = ctypes.util.find_library("c")
    if name is None or "libc.so" not in name:
        return False
    try:
        libc = ctypes.CDLL(name)
        mallopt = libc.mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(_M_MMAP_THRESHOLD, threshold))


def one_opencv_thread() -> bool:
    """OpenCV's parallel loops on one thread from now on, for ``companion run``
    (``opencv_threads`` is the same for a stretch of code); returns whether it
    was set here (an ``OPENCV_FOR_THREADS_NUM`` in the environment wins)."""
    if "OPENCV_FOR_THREADS_NUM" in os.environ:
        return False
    import cv2

    cv2.setNumThreads(1)
    return True


@contextmanager
def opencv_threads(count: int) -> Iterator[None]:
    """OpenCV's parallel loops on ``count`` threads while inside (the count
    before is put back after: a test running the demo leaves no trace); an
    ``OPENCV_FOR_THREADS_NUM`` in the environment wins."""
    if "OPENCV_FOR_THREADS_NUM" in os.environ:
        yield
        return
    import cv2

    before = cv2.getNumThreads()
    cv2.setNumThreads(count)
    try:
        yield
    finally:
        cv2.setNumThreads(before)
