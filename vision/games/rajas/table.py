"""Rajas of the Ganges' camera table: the :class:`vision.games.base.GameTable` of the game."""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from engine.core.observation import Observation
from engine.rajas.view import RajasObservation

from ...harsh import CONDITIONS
from ...lens import Lens
from ...rig import camera_for
from . import layout as L
from .read import RajasReader
from .render import RajasRenderer, renderer_for


class RajasTable:
    """Renders Rajas observations under the harsh conditions and makes readers."""

    game = "rajas"

    def __init__(self) -> None:
        self._renderers: dict[tuple[int, str, tuple[int, int] | None], RajasRenderer] = {}

    def render(
        self,
        observation: Observation,
        *,
        seed: int = 0,
        condition: str = "ideal",
        size: tuple[int, int] | None = None,
        hand: bool = False,
        frame: int = 0,
    ) -> NDArray[np.uint8]:
        if not isinstance(observation, RajasObservation):
            raise TypeError("the Rajas table draws a RajasObservation")
        key = (seed, condition, size)
        got = self._renderers.get(key)
        if got is None:
            if len(self._renderers) > 2:
                self._renderers.clear()
            got = self._renderers[key] = renderer_for(seed, condition, size)
        return got.frame(observation.as_seen(), hand, frame)

    def forget(self) -> None:
        self._renderers.clear()

    def calibration(self, seed: int, condition: str) -> Lens | None:
        return camera_for(seed, CONDITIONS[condition], L.EXTENT)[2]

    def reader(
        self,
        calibration: Lens | None = None,
        players: int | None = None,
        options: Iterable[str] | None = None,
    ) -> RajasReader:
        """A fresh reader; it reads the player count and sides off the table
        itself, so ``players`` and ``options`` are not needed."""
        del players, options
        return RajasReader(calibration)
