"""Ceylon's camera table (:class:`vision.games.base.GameTable`): render and read.

Rendering keeps one :class:`CeylonRenderer` per scene (the camera and the
printed board are drawn once; pieces and spoilers every frame).
"""

from __future__ import annotations

from collections.abc import Iterable

import numpy as np
from numpy.typing import NDArray

from engine.ceylon.view import CeylonObservation
from engine.core.observation import Observation
from vision.harsh import CONDITIONS
from vision.lens import Lens
from vision.rig import camera_for

from . import layout as L
from .read import CeylonReader
from .render import CeylonRenderer


class CeylonTable:
    """The main board of Ceylon as the camera sees it."""

    game = "ceylon"

    def __init__(self) -> None:
        self._scene: tuple[tuple[int, str, tuple[int, int] | None], CeylonRenderer] | None = None

    def _renderer(self, seed: int, condition: str, size: tuple[int, int] | None) -> CeylonRenderer:
        key = (seed, condition, size)
        if self._scene is None or self._scene[0] != key:
            self._scene = (key, CeylonRenderer(seed, condition, size))
        return self._scene[1]

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
        if not isinstance(observation, CeylonObservation):
            raise TypeError(f"the Ceylon table draws a CeylonObservation, not {observation!r}")
        return self._renderer(seed, condition, size).frame(observation, hand=hand, frame=frame)

    def forget(self) -> None:
        self._scene = None

    def calibration(self, seed: int, condition: str) -> Lens | None:
        return camera_for(seed, CONDITIONS[condition], L.EXTENT_MM)[2]

    def reader(
        self,
        calibration: Lens | None = None,
        players: int | None = None,
        options: Iterable[str] | None = None,
    ) -> CeylonReader:
        """A fresh reader. The companion knows the game it started: ``players``
        sizes the per-seat fields (``None`` without it), ``options`` tells
        whether a plantation may hold two leaf markers (start tiles; unknown
        options: assume it may)."""
        return CeylonReader(calibration, players, options)
