"""A camera table at the lowest layer for tests: frames that carry the observation they show.

No game's pixel table is needed to test what comes after the reader:
``StampedTable.render`` keeps each new observation it is asked to draw and
returns a tiny frame stamped with its number (the same number while the same
observation is drawn frame after frame); its reader gives back that
observation's seen fields (``as_seen``) once two frames in a row carry the
same stamp (a reader settles before it reports), ``None`` before.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from engine.core.observation import Observation
from vision.sources import Frame


class StampedTable:
    """A camera table at the lowest layer: a frame carries the number of the
    observation it shows; the reader settles after two equal frames."""

    game = "imhotep"

    def __init__(self) -> None:
        self.shown: list[Observation] = []

    def render(self, observation: Observation, **_: Any) -> np.ndarray:
        if not self.shown or self.shown[-1] != observation:  # a new picture on the table
            self.shown.append(observation)
        number = len(self.shown) - 1
        image = np.zeros((4, 4, 3), dtype=np.uint8)
        image[0, 0, 0], image[0, 0, 1] = number % 256, number // 256
        return image

    def reader(
        self,
        calibration: Any = None,
        players: int | None = None,
        options: Any = None,
    ) -> Any:
        table = self
        self.told = (calibration, players, tuple(options or ()))

        class Reader:
            last = -1

            def read(self, frame: Frame) -> Observation | None:
                stamp = int(frame.image[0, 0, 0]) + 256 * int(frame.image[0, 0, 1])
                steady, self.last = stamp == self.last, stamp
                return table.shown[stamp].as_seen() if steady else None

            def problems(self) -> list[str]:
                return []

        return Reader()
