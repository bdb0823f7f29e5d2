"""The vision pipeline: frames in, stabilised :class:`TableSnapshot` out.

Per frame: find markers (:class:`~vision.track.MarkerTracker`: only where the
image changed, the whole board at a lower rate), register the board
(:mod:`vision.register`), look closer at spots where a small marker may have
been missed (:mod:`vision.closer`), look for motion and hands on a coarse
board view (:mod:`vision.occlusion`), read every visible zone
(:mod:`vision.read`), and let the stabiliser (:mod:`vision.stabilise`) accept
only changes that held for ``confirm_frames`` calm frames. On a still table
each step reuses its last answer, so a frame costs little beyond detection.

How long a change takes: a move made under a hand appears on the
``confirm_frames``-th frame after the frame where the hand is gone and nothing
moves (3 by default: 0.3 s at 10 frames a second). ``settling`` is True until
then.

Usage::

    camera = SyntheticCamera(truth, pose=CameraPose(tilt_deg=20))
    pipeline = Pipeline(players=2, focal_px=camera.focal_px)
    for frame in camera.frames(5):
        snapshot = pipeline.process(frame)
    assert not snapshot.settling
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from .after_move import SAME_PLACE_MM, AfterMove
from .bands import is_large
from .closer import CloserLook
from .cube_top import withhold_beside
from .detect import (
    SAME_SPOT_PX,
    Detection,
    MarkerDetector,
    Markers,
    dedupe,
    marker_arrays,
    same_markers,
    tuned_parameters,
)
from .expect import Expectation
from .layout import Layout, Zone, default_layout
from .lens import Lens, PointLens
from .messages import clear_the_board
from .occlusion import MOTION_CELLS, BoardView
from .plan import DEFAULT_PLAN, Kind, MarkerPlan
from .read import Reader, Reading, Seen, Value, is_global
from .register import FitCheck, Registrar, Registration
from .snapshot import Problem, TableSnapshot
from .sources import Frame
from .stabilise import CONFIRM_FRAMES, Stabiliser
from .startup import (
    StartupCheck,
    camera_notices,
    clear_the_board_at_start,
    lens_judged,
    lens_refusal,
)
from .track import MarkerTracker

#: Full-frame scan at least every this many frames while tracking.
FULL_SCAN_EVERY = 10
#: Frames in a row with the board lost (nothing of it in view: the camera
#: turned away, a cloth, the lights off) before "the board is not found" is
#: a notice; a hand passing over the corners loses it for a frame or two.
LOST_NOTICE_FRAMES = 3
#: While calm, refresh the background view every this many frames.
SETTLE_EVERY = 8
#: The closer look's answer when it is switched off (one object, so a reading keeps).
_NO_MORE: tuple[Detection, ...] = ()
#: Slack on the largest marker's size in pixels (perspective across it, the lens).
LARGEST_SLACK = 1.25
#: Zone keys of the printed coin spots and market cells (True: covered).
_PRINTED_SPOTS = ("coins:", "market:")
#: A large frame (one scanned in bands, :mod:`vision.bands`) with no board
#: registered is first looked at coarsely: every ``LOCATE_STEP``-th pixel of
#: every ``LOCATE_STEP``-th row, for the corner markers alone (from
#: ``LOCATE_SIDE_PX`` pixels of that copy: a 12 MP board's corner markers are
#: about 24 there). Where they put the board, the first scan then goes over
#: the board's box in the bands of a registered scan, which overlap by a
#: piece's reach and keep their seams off the corner markers' rows, instead
#: of the whole frame in bands overlapping by a corner marker on a board
#: filling the frame (bench/RESULTS.md, issue 35, H1: the 12 MP calibrated first
#: frame's scan 108 -> 86 ms for a 2.5 ms coarse look, the same markers).
LOCATE_STEP = 6
LOCATE_SIDE_PX = 10.0
#: The coarse look's one adaptive threshold window (px): about three cells of
#: a corner marker there (a third of the cost of the first pass's windows).
LOCATE_WINDOW = 11


@dataclass
class PipelineStats:
    frames: int = 0
    lost_registration: int = 0
    readings: int = 0
    skipped: int = 0
    corner_searches: int = 0
    whole_frame_rescans: int = 0
    markers: int = 0  # read in the last frame read, closer look included


class Pipeline:
    """Turns frames into the current stabilised snapshot of the table.

    ``players``: 1 (solo) to 4; decides which donation tiles are on the lake.
    ``focal_px``: the camera's focal length in pixels, if known (for parallax
    correction; else estimated from the board's perspective). ``tracking``:
    between full scans, look only where the image changed. ``closer_look``:
    look again, magnified, at empty spots where a small marker may have been
    missed (:mod:`vision.closer`). ``calibration``: the camera's lens
    (:mod:`vision.lens`): markers are found in the frame as the camera gives
    it and their corners undistorted; the board view and the closer look put
    board points where the lens shows them.
    """

    def __init__(
        self,
        players: int,
        *,
        layout: Layout | None = None,
        plan: MarkerPlan = DEFAULT_PLAN,
        focal_px: float | None = None,
        confirm_frames: int = CONFIRM_FRAMES,
        tracking: bool = True,
        full_scan_every: int = FULL_SCAN_EVERY,
        detector: MarkerDetector | None = None,
        closer_look: bool = True,
        calibration: Lens | None = None,
    ) -> None:
        if players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 (solo), 2, 3 or 4, not {players!r}")
        self.layout = layout or default_layout()
        self.players = players
        #: The camera's lens (``companion calibrate``): marker corners are undistorted.
        self.calibration = calibration
        self._lens: PointLens | None = None
        self._lens_extra: PointLens | None = None
        if calibration is not None and focal_px is None:
            focal_px = calibration.fx
        # Nested detections are told apart by their size on the board (read.py).
        self.detector = detector or MarkerDetector(plan, keep_nested=True)
        self.tracker = MarkerTracker(self.detector, full_scan_every if tracking else 0)
        self.registrar = Registrar(self.layout, plan, focal_px)
        # The coarse look for the corner markers (:data:`LOCATE_STEP`): their ids only.
        coarse = tuned_parameters()
        coarse.adaptiveThreshWinSizeMin = coarse.adaptiveThreshWinSizeMax = LOCATE_WINDOW
        self._corner_finder = MarkerDetector(
            _Ids(tuple(e.marker_id for e in plan.of_kind(Kind.CORNER))),
            coarse,
            min_side_px=LOCATE_SIDE_PX,
        )
        self._corner_side = max(e.side_mm for e in plan.of_kind(Kind.CORNER))
        self._corner_ids = {e.component: e.marker_id for e in plan.of_kind(Kind.CORNER)}
        # Every other marker's side and height (mm): the bands' reach (_reach).
        self._pieces = tuple(
            (e.side_mm, e.height_mm) for e in plan.entries if e.kind is not Kind.CORNER
        )
        self.reader = Reader(self.layout, plan, players)
        self.view = BoardView(self.layout)
        self.closer = (
            CloserLook(self.layout, plan, players, self.detector, self.view)
            if closer_look
            else None
        )
        self.stabiliser = Stabiliser(self.reader.keys, players, confirm_frames)
        self.expectation = Expectation(self.reader.keys, self.view)
        #: Zones whose reading does not account for a move made there (vision/after_move.py).
        self.after_move = AfterMove(self.reader.keys, self.view)
        #: Until verified, the first calm table is not assumed calm (vision/startup.py).
        self.startup = StartupCheck(self.layout, self.view)
        self._short_problem: tuple[frozenset[str], Sequence[Problem], list[Problem]] | None = None
        self.stats = PipelineStats()
        self._calm_pieces: list[Seen] = []
        self._calm_clear: set[str] = set()
        self._keys = list(self.reader.keys)
        self._centres = np.array([self.reader.keys[k].centre for k in self._keys], dtype=np.float64)
        self._zone_cells = {key: self._cells(zone) for key, zone in self.reader.keys.items()}
        self._cache: (
            tuple[
                tuple[
                    Markers,
                    Sequence[Detection],
                    NDArray[np.float64],
                    Markers,
                    tuple[frozenset[str], frozenset[str]],
                ],
                tuple[list[Seen], set[str]],
                Reading,
            ]
            | None
        ) = None
        self._box: tuple[bytes, tuple[int, int, int, int]] | None = None
        self._largest_memo: tuple[bytes, float] | None = None
        self._reach_memo: tuple[bytes, tuple[float, tuple[tuple[float, float], ...]]] | None = None
        # The last frame's zone values, missing-marker cells and in-frame zones,
        # with what they were made from: a still table reuses them.
        self._values: tuple[tuple[object, ...], dict[str, Value]] | None = None
        self._missing_memo: tuple[tuple[object, ...], NDArray[np.bool_]] | None = None
        self._inside: tuple[object, dict[str, bool]] | None = None
        self._fit_memo: tuple[FitCheck, dict[str, bool], dict[str, bool]] | None = None
        self._problem_memo: (
            tuple[Sequence[Problem], tuple[str, str], tuple[Problem, ...]] | None
        ) = None
        self._snapshot = TableSnapshot.empty(players)
        #: A refusal or "clear the board" from the last frame that checked for
        #: one (a frame skipped for motion keeps it): see :attr:`notices`.
        self._standing: tuple[Problem, ...] = ()
        #: "The board is not found", once lost ``LOST_NOTICE_FRAMES`` frames in a row.
        self._lost_notice: tuple[Problem, ...] = ()
        self._lost_frames = 0
        #: This frame's board registration (``fresh``, ``held`` or ``lost``).
        self.registration: Registration | None = None
        #: The markers the last frame read (first pass and closer look), for benches.
        self.markers_read: Sequence[Detection] = ()
        #: Frames were skipped for motion since the last marker scan (a hand,
        #: the camera knocked): the tracker may scan the board whole (vision/track.py).
        self._moved = False

    @property
    def snapshot(self) -> TableSnapshot:
        """The latest stabilised snapshot."""
        return self._snapshot

    def process(self, frame: Frame) -> TableSnapshot:
        """Take one frame; return the current stabilised snapshot."""
        self.stats.frames += 1
        image = frame.image
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        # The board view is sampled from the frame as it comes: BGR, grey, or
        # the Y plane with its chroma (vision/yuv.py); no full-size colour copy.
        colour = image
        chroma = frame.chroma
        h, w = grey.shape
        self._lens_for((w, h))
        # Something moving over the board (a hand, pieces in flight): nothing can
        # be accepted this frame, so do not spend a marker scan on it.
        before = self.registration
        view = None
        motion = 0
        if before is not None and before.ok:
            view = self._warp(colour, before.board_to_image, chroma)
            motion = self._motion(view)
            if motion >= MOTION_CELLS and not self.view.jitter:
                self.stats.skipped += 1
                self._moved = True
                self.stabiliser.update({}, calm=False, problems=())
                self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
                return self._snapshot
        # Where the scan goes: the last registration's board, else (a large
        # frame) where a coarse look puts it, else the whole frame.
        placed_by = before if before is not None and before.ok else None
        if placed_by is None and is_large(w * h):
            placed_by = self._locate(grey, (w, h))
        self.tracker.region = self._board_box(placed_by, (w, h))
        self.tracker.largest_px = self._largest(placed_by, (w, h))
        self.tracker.full_reach = self._reach(placed_by, (w, h))
        # ``raw``: as found in the frame; ``dets``: corners undistorted (with a lens).
        raw, full = self.tracker.scan(grey, moved=self._moved)
        self._moved = False
        if before is not None and before.ok:
            raw = self._look_for_corners(grey, raw, before)
        dets = self._ideal(raw)
        reg = self.registrar.update(dets, (w, h), grey)
        if reg.ok and reg is not before and len(reg.corners_seen) < len(self.layout.corners):
            more = self._look_for_corners(grey, raw, reg)
            if more is not raw:
                raw, dets = more, self._ideal(more)
                reg = self.registrar.update(dets, (w, h), grey)
        if (
            full
            and placed_by is not None
            and self.tracker.region is not None
            and (
                not reg.ok
                or len(reg.corners_seen) < len(placed_by.corners_seen)
                or (
                    placed_by is not before
                    and not self._holds(self.tracker.region, reg, (w, h), 4 * LOCATE_STEP)
                )
            )
        ):
            # A corner left the board's box (has the camera moved?), or the
            # coarse look put the board elsewhere than it is: the rest of the
            # frame too (the box was just scanned).
            self.stats.whole_frame_rescans += 1
            raw = self._outside_box(grey, raw, self.tracker.region)
            self.tracker.region = None
            dets = self._ideal(raw)
            reg = self.registrar.update(dets, (w, h), grey)
        self.registration = reg
        if not reg.ok:
            self.stats.lost_registration += 1
            return self._unsure(frame)
        self._lost_frames, self._lost_notice = 0, ()
        first = marker_arrays(dets)
        extra: Sequence[Detection] = (
            self._ideal(
                self.closer.look(
                    grey, raw, reg, first if raw is dets else None, self.reader.too_small(reg)
                ),
                extra=True,
            )
            if self.closer is not None
            else _NO_MORE
        )
        self.stats.markers = len(dets) + len(extra)
        self.markers_read = (*dets, *extra)
        if view is None or reg is not before:
            view = self._warp(colour, reg.board_to_image, chroma)
            motion = self._motion(view)
        if not self.startup.verified:
            if self.startup.crossing(view, reg, (w, h)):
                # Through a bent, uncalibrated lens the board's edge lies mm away
                # from where the view looks for it: the edge check cannot tell an
                # arm from the bend, and the refusal (calibrate first) is the
                # advice that helps (vision/startup.py).
                refusal = lens_refusal(reg, self.calibration is not None)
                if refusal is not None:
                    return self._refuse(frame, refusal)
                if not self.startup.glare_only:
                    return self._unverified(frame)
                # Only glare lies there: the rest is read, its zones stay unknown.
                self.startup.start_uncertain()
            # The second look: nothing across the edge. This view is the calm table.
            self.startup.verified = True
            self.view.settle(view, np.zeros(self.view.shape, bool), fresh=True)
            self.after_move.settled()
        elif self.startup.uncertain:
            self.startup.recheck(view, reg, (w, h))
        refusal = lens_refusal(reg, self.calibration is not None)
        if refusal is not None:
            return self._refuse(frame, refusal)
        self._standing = ()
        placed, reading = self._read(dets, first, extra, reg, image)
        # Jitter (change spread thin over the board: shake, a new blur each frame)
        # is not motion; the stabiliser's agreeing readings decide.
        state = self.view.occluders(
            view,
            self._missing(placed),
            0 if self.view.jitter else motion,
            armless=lambda: not self.startup.crossing(view, reg, (w, h)) and self.startup.judged,
        )
        inside = self._inside_frame(reg, (w, h))
        if reg.fit is not None and not reg.fit.good:
            inside = self._fits(reg, inside)
        inside = self.startup.withhold(inside, self._keys, self._centres)
        whole = not state.occluder and all(inside.values())
        hidden = bool(state.occluded.any())
        key = (reading, inside, whole)
        if not hidden and self._values is not None and _same_objects(self._values[0], key):
            values = self._values[1]  # nothing moved, nothing hidden: as last frame
        else:
            values = {
                k: v
                for k, v in reading.values.items()
                if inside[k]
                and not (hidden and bool(state.occluded[self._zone_cells[k]].any()))
                and (whole or not is_global(k))
            }
            self._values = None if hidden else (key, values)
        calm = not state.moving and not state.occluder
        shown = values  # what this frame's picture shows, before any is withheld
        if calm and self.after_move.pending:
            self.after_move.check(
                view,
                values,
                placed[0],
                self._calm_pieces,
                self.expectation.counts,
                reg.camera,
                self.closer.open if self.closer is not None else frozenset(),
            )
        values = self.after_move.withhold(values, self.expectation.counts)
        values = self.expectation.withhold(values)
        if self.view.jitter:
            # Blur and shake hide printed stickers too: not seen is not "covered",
            # unless no trace of the sticker is left there (vision/printed.py).
            covered = self.closer.covered if self.closer is not None else frozenset()
            values = {
                k: v
                for k, v in values.items()
                if not (v and k.startswith(_PRINTED_SPOTS) and k not in covered)
            }
        problems = self.startup.with_problem(
            self._look_again(self._problems(reading, reg)), self._keys, self._centres
        )
        self.stabiliser.update(values, calm, problems)
        if calm and self.stabiliser.calm_streak >= self.stabiliser.confirm:
            if self.stabiliser.calm_streak % SETTLE_EVERY == self.stabiliser.confirm % SETTLE_EVERY:
                self.view.settle(view, state.occluded)
                blind = self.closer.blind if self.closer is not None else frozenset()
                self.after_move.settled(shown, placed[0], blind)
            self._calm_pieces, self._calm_clear = placed
        self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
        return self._snapshot

    def _locate(self, grey: NDArray[np.uint8], size: tuple[int, int]) -> Registration | None:
        """Where the board lies in a large frame with none registered, from its
        four corner markers in a coarse copy (:data:`LOCATE_STEP`); None if
        they are not all seen so (the whole frame is scanned then, as before)."""
        k = LOCATE_STEP
        coarse = np.ascontiguousarray(grey[::k, ::k])
        found = self._corner_finder.detect(coarse)
        if len(found) < len(self._corner_ids):
            return None
        corners = np.concatenate([d.corners for d in found]).astype(np.float64) * k
        if self._lens is not None:
            corners = self._lens.to_ideal(corners)
        quads = corners.reshape(-1, 4, 2).astype(np.float32)
        dets = [Detection(d.marker_id, q) for d, q in zip(found, quads, strict=True)]
        return self.registrar.locate(dets, size)

    def _holds(
        self,
        box: tuple[int, int, int, int],
        reg: Registration,
        size: tuple[int, int],
        slack: int,
    ) -> bool:
        """Does ``box`` (a scan's) hold the board's box under ``reg``, to within
        ``slack`` pixels (its margin is a corner marker's side: a coarse look's
        few pixels off leave every marker inside)?"""
        board = self._board_box(reg, size)
        return board is not None and (
            box[0] <= board[0] + slack
            and box[1] <= board[1] + slack
            and board[2] - slack <= box[2]
            and board[3] - slack <= box[3]
        )

    def _lens_for(self, size: tuple[int, int]) -> None:
        """With a calibration, the lens at this frame size, for every stage."""
        lens = self.calibration
        if lens is None or lens.is_ideal:
            return
        if self._lens is None or self._lens.size != size:
            self._lens = PointLens(lens, size)
            self._lens_extra = PointLens(lens, size)
            self.registrar.lens = self._lens
            if self.closer is not None:
                self.closer.lens = self._lens

    def _ideal(self, found: list[Detection], extra: bool = False) -> list[Detection]:
        """Detections with their corners undistorted (``found`` itself without a
        calibration); the same list object for the same ``found``."""
        if self._lens is None or self._lens_extra is None:
            return found
        # One memo per list: the first pass's, and the closer look's.
        return (self._lens_extra if extra else self._lens).detections(found)

    def _outside_box(
        self, grey: NDArray[np.uint8], found: list[Detection], box: tuple[int, int, int, int]
    ) -> list[Detection]:
        """``found`` (a scan of ``box``) and the markers of the rest of the frame:
        four strips around the box, each reaching into it by twice the largest
        marker seen (a marker across the box's edge is read whole in its strip).
        Together a whole-frame scan, without scanning the box twice."""
        h, w = grey.shape
        x0, y0, x1, y1 = box
        m = int(max([64.0] + [2 * d.side_px for d in found]))
        strips = [
            (0, 0, w, y0 + m),
            (0, y1 - m, w, h),
            (0, y0 - m, x0 + m, y1 + m),
            (x1 - m, y0 - m, w, y1 + m),
        ]
        more = list(found)
        kept_c, kept_s = self.detector.candidates
        cands = [(kept_c, kept_s)]
        refused = [self.detector.refused]
        for sx0, sy0, sx1, sy1 in strips:
            sx0, sy0, sx1, sy1 = max(0, sx0), max(0, sy0), min(w, sx1), min(h, sy1)
            if sx1 - sx0 > m and sy1 - sy0 > m:
                more += self.detector.detect(
                    grey, (sx0, sy0, sx1, sy1), self._largest(None, (w, h))
                )
                cands.append(self.detector.candidates)
                refused.append(self.detector.refused)
        self.detector.candidates = (
            np.concatenate([c for c, _ in cands]).reshape(-1, 2),
            np.concatenate([s for _, s in cands]),
        )
        self.detector.refused = (
            np.concatenate([c for c, _ in refused]).reshape(-1, 2),
            np.concatenate([s for _, s in refused]),
        )
        out = dedupe(more)
        self.tracker.last = out
        return out

    def _look_for_corners(
        self, grey: NDArray[np.uint8], dets: list[Detection], reg: Registration
    ) -> list[Detection]:
        """Search the corner markers missing from ``dets`` (as found in the frame)
        where ``reg`` puts them: a scan of the whole board can lose a big marker
        among the board's edges. Returns ``dets`` itself when none is found."""
        h, w = grey.shape
        have = {d.marker_id for d in dets}
        boxes = []
        for name, (cx, cy) in self.layout.corners.items():
            if self._corner_ids[name] in have:
                continue
            r = self._corner_side * 1.2
            pts = reg.to_image(
                np.array([[cx - r, cy - r], [cx + r, cy - r], [cx + r, cy + r], [cx - r, cy + r]])
            )
            if self._lens is not None:
                x0, y0, x1, y1 = self._lens.raw_box(pts)
            else:
                x0, y0 = pts.min(axis=0)
                x1, y1 = pts.max(axis=0)
            if x1 > 0 and y1 > 0 and x0 < w and y0 < h:
                boxes.append((int(x0), int(y0), int(x1) + 1, int(y1) + 1))
        if not boxes:
            return dets
        found = [
            d
            for d in self.detector.detect_regions(grey, boxes)
            if d.marker_id in self.registrar.corner_ids and d.marker_id not in have
        ]
        if not found:
            return dets
        self.stats.corner_searches += 1
        more = dets + found
        self.tracker.last = more
        return more

    def _board_box(
        self, reg: Registration | None, size: tuple[int, int]
    ) -> tuple[int, int, int, int] | None:
        """The image box around the board and its surroundings in the layout (with a
        corner marker's margin), where full scans look while the board is registered."""
        if reg is None or not reg.ok:
            return None
        key = reg.board_to_image.tobytes()
        if self._box is not None and self._box[0] == key:
            return self._box[1]
        x0, y0, x1, y1 = self.layout.extent_mm
        m = self._corner_side
        if self._lens is not None:
            # The lens bends the box's edges: follow them.
            t = np.linspace(0.0, 1.0, 9)[:, None]
            a, b = np.array([x0 - m, y0 - m]), np.array([x1 + m, y1 + m])
            edges = [a + t * ((b - a) * d) + (b - a) * o for d, o in _EDGES]
            pts = self._lens.to_raw(reg.to_image(np.concatenate(edges)))
        else:
            pts = reg.to_image(
                np.array([[x0 - m, y0 - m], [x1 + m, y0 - m], [x1 + m, y1 + m], [x0 - m, y1 + m]])
            )
        lo = pts.min(axis=0)
        hi = pts.max(axis=0)
        w, h = size
        box = (
            max(0, int(lo[0])),
            max(0, int(lo[1])),
            min(w, int(hi[0]) + 1),
            min(h, int(hi[1]) + 1),
        )
        self._box = (key, box)
        return box

    def _largest(self, reg: Registration | None, size: tuple[int, int]) -> float:
        """The largest marker a full scan may meet, in pixels, so a large scan goes
        band by band without cutting one (vision/bands.py): a corner marker (the
        plan's largest) where the board is nearest the camera (the board's box
        corners, the lens followed); while the board is not registered, a corner
        marker on a board that fills the frame. With slack for perspective."""
        w, h = size
        if reg is None or not reg.ok:
            x0, y0, x1, y1 = self.layout.extent_mm
            return LARGEST_SLACK * self._corner_side * max(w, h) / min(x1 - x0, y1 - y0)
        key = reg.board_to_image.tobytes()
        if self._largest_memo is not None and self._largest_memo[0] == key:
            return self._largest_memo[1]
        x0, y0, x1, y1 = self.layout.extent_mm
        s = self._corner_side
        at = np.array([[x0 - s, y0 - s], [x1, y0 - s], [x1, y1], [x0 - s, y1]])
        pts = reg.to_image(np.concatenate([at, at + np.array([s, 0.0]), at + np.array([0.0, s])]))
        if self._lens is not None:
            pts = self._lens.to_raw(pts)
        origin, east, south = pts[:4], pts[4:8], pts[8:]
        side = max(
            float(np.linalg.norm(east - origin, axis=1).max()),
            float(np.linalg.norm(south - origin, axis=1).max()),
        )
        largest = LARGEST_SLACK * side
        self._largest_memo = (key, largest)
        return largest

    def _reach(
        self, reg: Registration | None, size: tuple[int, int]
    ) -> tuple[float, tuple[tuple[float, float], ...]] | None:
        """For a full scan of a registered board: the largest piece's marker in
        pixels (:meth:`_largest` scaled to the plan's largest other marker,
        raised by its height towards the camera), and (centre row, side) of
        each corner marker where the registration puts it, so the scan's bands
        overlap by a piece's reach and no seam cuts a corner marker
        (vision/bands.py). None while the board is not registered."""
        if reg is None or not reg.ok:
            return None
        key = reg.board_to_image.tobytes()
        if self._reach_memo is not None and self._reach_memo[0] == key:
            return self._reach_memo[1]
        z = float(reg.camera[2])
        piece = max(
            (side * (z / (z - height) if z > 2 * height else 2.0) for side, height in self._pieces),
            default=self._corner_side,
        )
        largest = self._largest(reg, size) * min(1.0, piece / self._corner_side)
        s = self._corner_side / 2
        centres = np.array(list(self.layout.corners.values()), dtype=np.float64).reshape(-1, 2)
        square = np.array([[-s, -s], [s, -s], [s, s], [-s, s]])
        pts = reg.to_image((centres[:, None, :] + square[None]).reshape(-1, 2))
        if self._lens is not None:
            pts = self._lens.to_raw(pts)
        quads = pts.reshape(-1, 4, 2)
        sides = np.linalg.norm(np.roll(quads, -1, axis=1) - quads, axis=2).max(axis=1)
        big = tuple(
            (float(row), float(LARGEST_SLACK * side))
            for row, side in zip(quads[:, :, 1].mean(axis=1), sides, strict=True)
        )
        reach = (largest, big)
        self._reach_memo = (key, reach)
        return reach

    def _motion(self, view: NDArray[np.uint8]) -> int:
        """Cells changed since the last frame; the closer look hears of them too."""
        motion = self.view.motion(view)
        if self.closer is not None:
            self.closer.disturb(self.view.moved)
        if motion >= MOTION_CELLS and not self.view.jitter:
            # Only motion touches the expectation: a cell or two changed is
            # noise (the table counts as calm), and a piece moves under a hand.
            # Only where the hand was: not the edges a new blur shifted
            # elsewhere in the same frame.
            self.expectation.touch(self.view.handled)
            self.after_move.moved(self.view.handled)
        return motion

    def expect(self, counts: Mapping[str, int]) -> None:
        """What the game says lies on the table: pieces per zone key
        (:func:`vision.expect.counts`). A zone read with fewer pieces while
        nothing moved over it is looked at again, then reads unknown
        (:mod:`vision.expect`). Call whenever the game's state changes."""
        if self.expectation.set(counts) and self.closer is not None:
            self.closer.expect(self.expectation.keys_with_pieces())

    @property
    def short(self) -> frozenset[str]:
        """Zones held unknown while read short of the game's count: by the
        expectation (no hand seen) or by a doubt after a move (vision/after_move.py).
        The runner remembers them across the next hand ("short before a hand,
        short after")."""
        doubted = self.after_move.short_of(self.expectation.counts)
        return self.expectation.short | doubted if doubted else self.expectation.short

    def _look_again(self, problems: Sequence[Problem]) -> Sequence[Problem]:
        """The reading's problems, plus "clear the board" while expected pieces
        are missing with no hand seen (the same object when none are)."""
        short = self.expectation.short
        if not short:
            return problems
        memo = self._short_problem
        if memo is None or memo[0] != short or memo[1] is not problems:
            memo = (short, problems, [*problems, clear_the_board(sorted(short))])
            self._short_problem = memo
        return memo[2]

    def _unverified(self, frame: Frame) -> TableSnapshot:
        """Something lies across the board's edge before the view was ever
        verified: no values at all, and "clear the board"."""
        self._standing = (clear_the_board_at_start(),)
        self.stabiliser.update({}, calm=False, problems=())
        snap = self.stabiliser.snapshot(frame.number, frame.time)
        self._snapshot = replace(snap, problems=(*snap.problems, *self._standing))
        return self._snapshot

    def _refuse(self, frame: Frame, refusal: Problem) -> TableSnapshot:
        """An uncalibrated lens bends the board (:func:`vision.startup.lens_refusal`):
        no values at all, and the advice to calibrate."""
        self._standing = (refusal,)
        self.stabiliser.update({}, calm=False, problems=())
        snap = self.stabiliser.snapshot(frame.number, frame.time)
        self._snapshot = replace(snap, problems=(*snap.problems, refusal))
        return self._snapshot

    def _unsure(self, frame: Frame) -> TableSnapshot:
        """The board is not registered: nothing new is read (the stabiliser keeps
        the last settled table, unsure), and after ``LOST_NOTICE_FRAMES`` such
        frames the players hear that the camera does not find the board."""
        self._lost_frames += 1
        if self._lost_frames >= LOST_NOTICE_FRAMES:
            # Here, not at the top: importing vision.games loads every game's reader.
            from .games.notices import board_not_found

            corners = sorted(self.registrar.corner_names)
            seen = self.registration.corners_seen if self.registration is not None else ()
            missing = set(corners) - set(seen)
            self._lost_notice = (board_not_found(("board", "tablero"), corners, missing),)
        self.tracker.reset()
        if self.closer is not None:
            self.closer.forget()
        self.stabiliser.update({}, calm=False, problems=())
        self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
        return self._snapshot

    def _read(
        self,
        dets: list[Detection],
        first: Markers,
        extra: Sequence[Detection],
        reg: Registration,
        image: NDArray[np.uint8],
    ) -> tuple[tuple[list[Seen], set[str]], Reading]:
        """Place and read the first pass's detections (``first``: their ids and
        corners) and the closer look's (``extra``). Reuse the last result when
        nothing moved: the same registration, the closer look's very answer, and
        the same first-pass markers, each corner within ``SAME_SPOT_PX`` of where
        the last reading saw it (sensor noise moves corners by a pixel at most, a
        moved or turned piece by tens), in whatever order the detector listed
        them, and the same spots the closer look doubts (shadows seed 32 at the
        whole-game bench: E1's spots crushed by a shadow were doubted again after
        a hand, and the reading made in between, "empty", was reused)."""
        both = [*dets, *extra]
        both_arrays = None
        doubtful = self.closer.doubtful if self.closer is not None else frozenset()
        # Printed spots whose print the closer look saw clean: clear (vision/printed.py).
        clean = self.closer.clean if self.closer is not None else frozenset()
        if self._cache is not None:
            (c_first, c_extra, c_reg, c_both, c_doubtful), placed, reading = self._cache
            if c_reg is reg.board_to_image and c_doubtful == (doubtful, clean):
                if c_extra is extra and same_markers(first, c_first, SAME_SPOT_PX):
                    return placed, reading
                # A marker may pass from one pass to the other between frames.
                both_arrays = marker_arrays(both)
                if same_markers(both_arrays, c_both, SAME_SPOT_PX):
                    return placed, reading
        self.stats.readings += 1
        placed = self.reader.place(both, reg)
        reading = self.reader.read(both, reg, placed, doubtful, clean)
        # A market cell reads covered only under a cube's top seen over its
        # centre; a cube beside it hiding its sticker proves nothing (vision/cube_top.py).
        withhold_beside(reading.values, image, reg, self._lens, self.reader.printed_anchor)
        if both_arrays is None:
            both_arrays = marker_arrays(both)
        looked = (doubtful, clean)
        self._cache = ((first, extra, reg.board_to_image, both_arrays, looked), placed, reading)
        return placed, reading

    def _cells(self, zone: Zone) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        a = self.view.cell_of(min(xs), min(ys)) or (0, 0)
        b = self.view.cell_of(max(xs), max(ys)) or (self.view.shape[0] - 1, self.view.shape[1] - 1)
        rr, cc = np.mgrid[a[0] : b[0] + 1, a[1] : b[1] + 1]
        return rr.ravel(), cc.ravel()

    def _inside_frame(self, reg: Registration, size: tuple[int, int]) -> dict[str, bool]:
        if self._inside is not None and self._inside[0] is reg.board_to_image:
            return self._inside[1]
        keys = self._keys
        img = reg.to_image(self._centres)
        w, h = size
        ok = (img[:, 0] >= 0) & (img[:, 0] < w) & (img[:, 1] >= 0) & (img[:, 1] < h)
        inside = {k: bool(v) for k, v in zip(keys, ok, strict=True)}
        self._inside = (reg.board_to_image, inside)
        return inside

    def _warp(
        self,
        colour: NDArray[np.uint8],
        board_to_image: NDArray[np.float64],
        chroma: NDArray[np.uint8] | None,
    ) -> NDArray[np.uint8]:
        """The board view; with a calibration the lens is folded into its
        sampling maps (made once per registration); ``chroma``: the frame's
        chroma planes when it came as YUV 4:2:0 (vision/yuv.py)."""
        return self.view.warp(colour, board_to_image, self._lens, chroma)

    @property
    def notices(self) -> tuple[Problem, ...]:
        """Camera-wide problems the players must hear of (EN+ES, one per code):
        the refusal to read through an uncalibrated lens, something across the
        edge at start-up, a poor fit, too low a resolution (vision/startup.py), the
        board not found (lost ``LOST_NOTICE_FRAMES`` frames in a row)."""
        found = camera_notices((*self._standing, *self._snapshot.problems), len(self._keys))
        return (*found, *self._lost_notice)

    @property
    def pieces_seen(self) -> list[Seen]:
        """The token markers the last reading placed (what it took each for, where)."""
        return self._cache[1][0] if self._cache is not None else []

    @property
    def fit(self) -> FitCheck | None:
        """The registration's fit self-check (per-region residuals in mm, ``ok``,
        ``advice()``), for the table screen; None before the board is registered."""
        return self.registration.fit if self.registration is not None else None

    def _fits(self, reg: Registration, inside: dict[str, bool]) -> dict[str, bool]:
        """``inside`` with the zones of poorly fitting regions taken out: they are
        read as unknown, never as values."""
        fit = reg.fit
        assert fit is not None
        if self._fit_memo is not None and self._fit_memo[0] is fit and self._fit_memo[1] is inside:
            return self._fit_memo[2]
        if self.calibration is None and not lens_judged(reg):
            # Uncalibrated, a corner hidden and the fit poor somewhere: the
            # quarters that happen to fit are no evidence the lens is straight
            # there (issue 34: one corner lost, 8 values missed and 1 false
            # from the quarters that fitted). Nothing is read until the corner
            # shows (the poor-fit notice names it).
            out = dict.fromkeys(inside, False)
        else:
            out = {
                k: v and fit.ok_at(float(c[0]), float(c[1]))
                for (k, v), c in zip(inside.items(), self._centres, strict=True)
            }
        self._fit_memo = (fit, inside, out)
        return out

    def _problems(self, reading: Reading, reg: Registration) -> Sequence[Problem]:
        """The reading's problems, and the poor fit's advice when there is one (the
        same tuple object while nothing changes, so the stabiliser stays steady)."""
        fit = reg.fit
        if fit is None or fit.good:
            return reading.problems
        hidden: tuple[str, ...] = ()
        if not lens_judged(reg):
            hidden = tuple(sorted(self.registrar.corner_names - set(reg.corners_seen)))
        advice = fit.advice(hidden)
        assert advice is not None  # a fit that is not good has its advice
        memo = self._problem_memo
        if memo is not None and memo[0] is reading.problems and memo[1] == advice:
            return memo[2]
        zones = tuple(
            k
            for k, c in zip(self._keys, self._centres, strict=True)
            if not fit.ok_at(float(c[0]), float(c[1]))
        )
        problem = Problem("poor-fit", zones, (), advice[0], advice[1])
        out = (*reading.problems, problem)
        self._problem_memo = (reading.problems, advice, out)
        return out

    def _missing(self, placed: tuple[list[Seen], set[str]]) -> NDArray[np.bool_]:
        """:meth:`_missing_cells`, reused while the reading and the calm table stand."""
        key = (placed, self._calm_pieces, self._calm_clear)
        if self._missing_memo is not None and _same_objects(self._missing_memo[0], key):
            return self._missing_memo[1]
        mask = self._missing_cells(*placed)
        self._missing_memo = (key, mask)
        return mask

    def _missing_cells(self, seen_now: list[Seen], clear_now: set[str]) -> NDArray[np.bool_]:
        """Cells where a marker of the last calm table (a piece, or a printed spot that
        was clear) is not seen now."""
        mask = np.zeros(self.view.shape, bool)
        for key in self._calm_clear - clear_now:
            cell = self.view.cell_of(*self.reader.printed_anchor(key))
            if cell is not None:
                mask[cell] = True
        now: dict[tuple[str, str, str], list[tuple[float, float]]] = {}
        for s in seen_now:
            now.setdefault((s.kind.value, s.component, s.face), []).append(s.foot)
        for s in self._calm_pieces:
            feet = now.get((s.kind.value, s.component, s.face), [])
            if not any(abs(f[0] - s.foot[0]) + abs(f[1] - s.foot[1]) < SAME_PLACE_MM for f in feet):
                cell = self.view.cell_of(*s.foot)
                if cell is not None:
                    mask[cell] = True
        return mask


#: The board box's four edges: (direction, start) as multiples of its diagonal.
_EDGES = (
    (np.array([1.0, 0.0]), np.array([0.0, 0.0])),
    (np.array([1.0, 0.0]), np.array([0.0, 1.0])),
    (np.array([0.0, 1.0]), np.array([0.0, 0.0])),
    (np.array([0.0, 1.0]), np.array([1.0, 0.0])),
)


@dataclass(frozen=True)
class _Ids:
    """A marker plan's ids alone (:class:`vision.plan.HasIds`): a detector for some kinds."""

    ids: tuple[int, ...]


def _same_objects(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    return len(a) == len(b) and all(x is y for x, y in zip(a, b, strict=True))
