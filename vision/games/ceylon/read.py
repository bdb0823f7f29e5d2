"""Frames of Ceylon's table in, a settled :class:`CeylonObservation` out.

Per frame: find the plan's markers, undistort them with the calibration,
register the board on its four corner markers (and the printed spots), then
put every marker where the plan allows it (:mod:`.zones`) and read each
field from positive evidence only (:mod:`.fields`): an empty spot is read
from its own printed marker, never from a piece the camera did not see. A
marker smaller than :data:`MIN_SIDE_PX`, of the wrong size on the board, or
where the plan never puts it is refused (and said in :meth:`problems`).

Settling: an observation is returned once two frames in a row read the same
(a hand moving over the board, or the camera moving, changes what is seen
from one frame to the next).
"""

from __future__ import annotations

from collections.abc import Iterable

import cv2

from engine.ceylon.view import CeylonObservation
from vision.detect import MarkerDetector
from vision.lens import Lens, PointLens
from vision.register import Registrar
from vision.sources import Frame

from . import layout as L
from . import plan as P
from .fields import read_fields
from .zones import place

#: below this a marker's side (frame px) is not trusted, whatever it decodes to
MIN_SIDE_PX = 18.0


def _registrar() -> Registrar:
    corners = {
        mid: (name, at, P.CORNER_MM)
        for mid, (name, at) in zip(P.CORNER_IDS, L.CORNERS.items(), strict=True)
    }
    printed = {
        P.LEVEL0_ID: [(x + L.LEVEL[0], y + L.LEVEL[1]) for x, y in L.LAYOUT.hexes],
        P.WAGON_FREE_ID: list(L.WAGONS),
        P.ADVISOR_FREE_ID: list(L.ADVISORS),
        P.DISCARD_FREE_ID: [L.DISCARD],
    }
    return Registrar.for_board(corners, L.EXTENT_MM, L.BOARD_MM, printed)


class CeylonReader:
    """One camera's reader (:class:`vision.games.base.GameReader`).

    ``players``: seats at the table (the companion started the game, so it
    knows); without it the per-seat fields stay ``None``. ``options``: the
    game's options; with ``start_tiles`` a plantation may carry two leaf
    markers (side by side on its token), so one leaf seen off the token's
    middle is not read as one."""

    def __init__(
        self,
        calibration: Lens | None = None,
        players: int | None = None,
        options: Iterable[str] | None = None,
    ) -> None:
        self.calibration = (
            calibration if calibration is not None and not calibration.is_ideal else None
        )
        self.players = players
        #: None: the options are not known, so doubled plantations are possible
        self.doubles = options is None or "start_tiles" in set(options)
        self.detector = MarkerDetector(P.CeylonPlan())
        self.registrar = _registrar()
        self._lens: PointLens | None = None
        self._last: CeylonObservation | None = None
        self._problems: list[str] = []

    def problems(self) -> list[str]:
        return list(self._problems)

    def read(self, frame: Frame) -> CeylonObservation | None:
        seen = self.look(frame)
        last, self._last = self._last, seen
        if seen is None or last is None or seen != last:
            return None
        return seen

    def look(self, frame: Frame) -> CeylonObservation | None:
        """This frame's observation alone (not settled), or ``None`` when the
        board cannot be registered."""
        image = frame.image
        h, w = image.shape[:2]
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        raw = [d for d in self.detector.detect(grey) if d.side_px >= MIN_SIDE_PX]
        if self.calibration is not None:
            if self._lens is None or self._lens.size != (w, h):
                self._lens = PointLens(self.calibration, (w, h))
                self.registrar.lens = self._lens
            found = self._lens.detections(raw)
        else:
            found = raw
        reg = self.registrar.update(found, (w, h), grey)
        problems: list[str] = []
        if not reg.ok:
            missing = sorted(set(L.CORNERS) - set(reg.corners_seen))
            problems.append(
                "the board is not found: its corner markers "
                + ", ".join(missing)
                + " are not in view (at least two are needed)"
            )
            self._problems = problems
            return None
        placed, refused = place(found, reg, self.registrar.corner_ids)
        problems.extend(refused)
        self._problems = problems
        return read_fields(placed, self.players, self.doubles)
