"""glibc's mmap threshold is fixed, so freed frame-sized buffers leave resident memory."""

from __future__ import annotations

import subprocess
import sys

import pytest

CHILD = r"""
import sys
import numpy as np
from companion.heap import fix_mmap_threshold

def rss():
    with open("/proc/self/status") as f:
        return next(int(l.split()[1]) for l in f if l.startswith("VmRSS")) // 1024

if sys.argv[1] == "fixed":
    assert fix_mmap_threshold()
small = []
for _ in range(20):
    big = np.ones(12_000_000, np.uint8)  # a 12 MP grey frame
    small.append(np.ones(1000, np.uint8))  # kept: pins the heap's top
    del big
for _ in range(20):
    big = np.ones(12_000_000, np.uint8)
    small.append(np.ones(1000, np.uint8))
    del big
print(rss())
"""


def _rss_after(mode: str) -> int:
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": "."}
    out = subprocess.run(
        [sys.executable, "-c", CHILD, mode], capture_output=True, text=True, env=env, check=True
    )
    return int(out.stdout.split()[-1])


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="glibc's mallopt")
def test_freed_frames_do_not_stay_resident() -> None:
    dynamic, fixed = _rss_after("dynamic"), _rss_after("fixed")
    assert fixed + 8 <= dynamic, (fixed, dynamic)
