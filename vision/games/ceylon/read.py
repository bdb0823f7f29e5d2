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
from one frame to the next). A few small markers at the edge of what the
camera resolves may come and go from frame to frame forever; so after
:data:`PATIENCE` frames in which no zone changed from one value to another
and at most :data:`FLICKER` zones came or went between frames, the last two
frames' agreement is returned: a zone that either frame did not read is
``None``.

Elevation (``levels``, ``large_tiles``) is read from each frame's own
evidence, like every other zone: a level remembered from an earlier frame
would be a value this frame did not see, and would hide a tile knocked out of
place. It costs nothing worth saving (every field of a frame is read in about
0.2 ms after the markers are found, in a look of about 60 ms). But a level
spot coming and going (a pawn or a leaf marker half over it) is not the table
changing: after set-up the levels never change. So those do not count
towards :data:`FLICKER`; a level read as another value still stops the
settling, as any change does.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

import cv2

from engine.ceylon.view import CeylonObservation
from vision.detect import MarkerDetector
from vision.lens import Lens, PointLens
from vision.register import Registrar
from vision.snapshot import Problem
from vision.sources import Frame

from ..notices import board_not_found
from . import layout as L
from . import plan as P
from .fields import read_fields
from .zones import place

#: below this a marker's side (frame px) is not trusted, whatever it decodes to
MIN_SIDE_PX = 18.0
#: frames of agreement (values never changing, few zones coming and going) ...
PATIENCE = 3
#: ... and how many zones may come and go between two of them
FLICKER = 6
#: fields fixed once set up: coming and going there is visibility, not flicker
STEADY = frozenset({"levels", "large_tiles"})


def _items(value: object) -> tuple[object, ...]:
    return value if isinstance(value, tuple) else (value,)


def flickering(a: CeylonObservation, b: CeylonObservation) -> int | None:
    """How many zones one of two looks read and the other did not; ``None``
    when a zone read in both changed value (the table changed)."""
    count = 0
    for name, x in a.field_values().items():
        y = getattr(b, name)
        if x == y:
            continue
        weight = 0 if name in STEADY else 1
        if x is None or y is None:
            count += weight * len(_items(x if x is not None else y))
            continue
        xs, ys = _items(x), _items(y)
        if len(xs) != len(ys):
            return None
        for p, q in zip(xs, ys, strict=True):
            if p != q:
                if p is not None and q is not None:
                    return None
                count += weight
    return count


def agreement(a: CeylonObservation, b: CeylonObservation) -> CeylonObservation:
    """What both looks read alike; every other zone ``None``."""
    values: dict[str, object] = {}
    for name, x in a.field_values().items():
        y = getattr(b, name)
        if x == y or x is None or y is None:
            values[name] = x if x == y else None
        elif isinstance(x, tuple) and isinstance(y, tuple) and len(x) == len(y):
            merged = tuple(p if p == q else None for p, q in zip(x, y, strict=True))
            values[name] = None if all(v is None for v in merged) else merged
        else:
            values[name] = None
    return CeylonObservation(**values)  # type: ignore[arg-type]


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
        self._looks: list[CeylonObservation] = []
        self._problems: list[str] = []
        self._notices: tuple[Problem, ...] = ()

    def problems(self) -> list[str]:
        return list(self._problems)

    def notices(self) -> tuple[Problem, ...]:
        """The last frame's camera-wide problem in both languages
        (:class:`vision.games.base.GivesNotices`): the board not found."""
        return self._notices

    def read(self, frame: Frame) -> CeylonObservation | None:
        seen = self.look(frame)
        if seen is None:
            self._looks = []
            return None
        looks = [*self._looks, seen][-PATIENCE:]
        self._looks = looks
        if len(looks) >= 2 and looks[-1] == looks[-2]:
            return seen
        if len(looks) < PATIENCE:
            return None
        flicker = [flickering(a, b) for a, b in pairwise(looks)]
        if any(f is None or f > FLICKER for f in flicker):
            return None
        return agreement(looks[-2], looks[-1])

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
        self._notices = ()
        if not reg.ok:
            missing = sorted(set(L.CORNERS) - set(reg.corners_seen))
            self._notices = (board_not_found(("board", "tablero"), L.CORNERS, missing),)
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
