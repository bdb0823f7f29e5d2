"""A frame-rate cap for the camera loops (``companion run --fps``).

The table changes once every few seconds, yet a camera loop read frames as
fast as the camera gave them: on a Pi that is a core kept busy, heat and
current for nothing. :class:`FramePace` holds a loop to at most ``fps``
frames a second: before each read the loop waits for its turn, which comes
``1 / fps`` seconds after the last frame it got (a read that found no new
frame does not count). The wait is on the loop's stop event, so stopping is
never delayed by the cap; at the slowest rate allowed (0.1 fps, every 10 s)
the loop still beats the service watchdog well within ``WatchdogSec``.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

#: ``companion run``'s default: a few frames a second, a move read within a second.
DEFAULT_FPS = 4.0


class FramePace:
    """At most ``fps`` frames a second; ``None`` or 0: no cap (tests, recordings)."""

    def __init__(self, fps: float | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.interval = 1.0 / fps if fps else 0.0
        self._clock = clock
        self._next: float | None = None

    def wait(self, stop: threading.Event) -> bool:
        """Wait until the next frame may be read; False when ``stop`` is set meanwhile."""
        if self._next is not None:
            left = self._next - self._clock()
            if left > 0 and stop.wait(left):
                return False
        return not stop.is_set()

    def took(self) -> None:
        """A frame was read now: the next one may be read ``1 / fps`` seconds later."""
        if self.interval > 0:
            self._next = self._clock() + self.interval
