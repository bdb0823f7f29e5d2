"""``companion.heap.opencv_threads``: OpenCV on one thread while the demo reads
frames (half ArUco's buffers; issue 35: memory), the count put back after."""

from __future__ import annotations

import cv2
import pytest

from companion.heap import opencv_threads


def test_one_thread_inside_and_the_count_put_back_after(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENCV_FOR_THREADS_NUM", raising=False)
    cv2.setNumThreads(3)
    try:
        with opencv_threads(1):
            assert cv2.getNumThreads() == 1
        assert cv2.getNumThreads() == 3
        with pytest.raises(RuntimeError), opencv_threads(1):
            raise RuntimeError("a demo that fails")
        assert cv2.getNumThreads() == 3
    finally:
        cv2.setNumThreads(-1)


def test_the_environment_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENCV_FOR_THREADS_NUM", "2")
    cv2.setNumThreads(2)
    try:
        with opencv_threads(1):
            assert cv2.getNumThreads() == 2
    finally:
        cv2.setNumThreads(-1)
