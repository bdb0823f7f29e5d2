"""The vision pipeline: frames in, stabilised :class:`TableSnapshot` out.

Per frame: find markers (:class:`~vision.track.MarkerTracker`: only where the
image changed, the whole frame at a lower rate), register the board
(:mod:`vision.register`), look for motion and hands on a coarse board view
(:mod:`vision.occlusion`), read every visible zone (:mod:`vision.read`), and let
the stabiliser (:mod:`vision.stabilise`) accept only changes that held for
``confirm_frames`` calm frames.

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

from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .detect import Detection, MarkerDetector
from .layout import Layout, Zone, default_layout
from .occlusion import MOTION_CELLS, BoardView
from .plan import DEFAULT_PLAN, Kind, MarkerPlan
from .read import GLOBAL_KEYS_PREFIX, Reader, Reading, Seen
from .register import Registrar, Registration
from .snapshot import TableSnapshot
from .sources import Frame
from .stabilise import CONFIRM_FRAMES, Stabiliser
from .track import MarkerTracker

#: Full-frame scan at least every this many frames while tracking.
FULL_SCAN_EVERY = 10
#: While calm, refresh the background view every this many frames.
SETTLE_EVERY = 8
#: Grid (px) on which detections must move before a frame is read afresh.
READ_GRID_PX = 3.0
#: How far (mm) a piece may sit from where it was and still be "the same".
SAME_PLACE_MM = 6.0


@dataclass
class PipelineStats:
    frames: int = 0
    lost_registration: int = 0
    readings: int = 0
    skipped: int = 0
    corner_searches: int = 0


class Pipeline:
    """Turns frames into the current stabilised snapshot of the table.

    ``players``: 1 (solo) to 4; decides which donation tiles are on the lake.
    ``focal_px``: the camera's focal length in pixels, if known (for parallax
    correction; else estimated from the board's perspective). ``tracking``:
    between full scans, look only where the image changed.
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
    ) -> None:
        if players not in (1, 2, 3, 4):
            raise ValueError(f"players must be 1 (solo), 2, 3 or 4, not {players!r}")
        self.layout = layout or default_layout()
        self.players = players
        # Nested detections are told apart by their size on the board (read.py).
        self.detector = detector or MarkerDetector(plan, keep_nested=True)
        self.tracker = MarkerTracker(self.detector, full_scan_every if tracking else 0)
        self.registrar = Registrar(self.layout, plan, focal_px)
        self._corner_side = max(e.side_mm for e in plan.of_kind(Kind.CORNER))
        self.reader = Reader(self.layout, plan, players)
        self.view = BoardView(self.layout)
        self.stabiliser = Stabiliser(self.reader.keys, players, confirm_frames)
        self.stats = PipelineStats()
        self._calm_pieces: list[Seen] = []
        self._calm_clear: set[str] = set()
        self._keys = list(self.reader.keys)
        self._centres = np.array([self.reader.keys[k].centre for k in self._keys], dtype=np.float64)
        self._zone_cells = {key: self._cells(zone) for key, zone in self.reader.keys.items()}
        self._cache: tuple[object, tuple[list[Seen], set[str]], Reading] | None = None
        self._snapshot = TableSnapshot.empty(players)
        #: This frame's board registration (``fresh``, ``held`` or ``lost``).
        self.registration: Registration | None = None

    @property
    def snapshot(self) -> TableSnapshot:
        """The latest stabilised snapshot."""
        return self._snapshot

    def process(self, frame: Frame) -> TableSnapshot:
        """Take one frame; return the current stabilised snapshot."""
        self.stats.frames += 1
        image = frame.image
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        colour = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        h, w = grey.shape
        # Something moving over the board (a hand, pieces in flight): nothing can
        # be accepted this frame, so do not spend a marker scan on it.
        before = self.registration
        view = None
        motion = 0
        if before is not None and before.ok:
            view = self.view.warp(colour, before.board_to_image)
            motion = self.view.motion(view)
            if motion >= MOTION_CELLS:
                self.stats.skipped += 1
                self.stabiliser.update({}, calm=False, problems=())
                self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
                return self._snapshot
        dets, _ = self.tracker.scan(grey)
        reg = self.registrar.update(dets, (w, h))
        if reg.ok and len(reg.corners_seen) < len(self.layout.corners):
            dets, reg = self._look_for_corners(grey, dets, reg)
        self.registration = reg
        if not reg.ok:
            self.stats.lost_registration += 1
            return self._unsure(frame)
        if view is None or reg is not before:
            view = self.view.warp(colour, reg.board_to_image)
            motion = self.view.motion(view)
        placed, reading = self._read(dets, reg)
        state = self.view.occluders(view, self._missing_cells(*placed), motion)
        inside = self._inside_frame(reg, (w, h))
        whole = not state.occluder and all(inside.values())
        hidden = bool(state.occluded.any())
        values = {
            k: v
            for k, v in reading.values.items()
            if inside[k]
            and not (hidden and bool(state.occluded[self._zone_cells[k]].any()))
            and (whole or not k.startswith(GLOBAL_KEYS_PREFIX))
        }
        calm = not state.moving and not state.occluder
        self.stabiliser.update(values, calm, reading.problems)
        if calm and self.stabiliser.calm_streak >= self.stabiliser.confirm:
            if self.stabiliser.calm_streak % SETTLE_EVERY == self.stabiliser.confirm % SETTLE_EVERY:
                self.view.settle(view, state.occluded)
            self._calm_pieces, self._calm_clear = placed
        self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
        return self._snapshot

    def _look_for_corners(
        self, grey: NDArray[np.uint8], dets: list[Detection], reg: Registration
    ) -> tuple[list[Detection], Registration]:
        """Search the missing corner markers where the homography puts them: a
        whole-frame scan can lose a big marker among the board's edges."""
        h, w = grey.shape
        boxes = []
        for name, (cx, cy) in self.layout.corners.items():
            if name in reg.corners_seen:
                continue
            r = self._corner_side * 1.2
            pts = reg.to_image(
                np.array([[cx - r, cy - r], [cx + r, cy - r], [cx + r, cy + r], [cx - r, cy + r]])
            )
            x0, y0 = pts.min(axis=0)
            x1, y1 = pts.max(axis=0)
            if x1 > 0 and y1 > 0 and x0 < w and y0 < h:
                boxes.append((int(x0), int(y0), int(x1) + 1, int(y1) + 1))
        if not boxes:
            return dets, reg
        found = [
            d
            for d in self.detector.detect_regions(grey, boxes)
            if d.marker_id in self.registrar.corner_ids
        ]
        if not found:
            return dets, reg
        self.stats.corner_searches += 1
        more = dets + [d for d in found if d.marker_id not in {x.marker_id for x in dets}]
        self.tracker.last = more
        return more, self.registrar.update(more, (w, h))

    def _unsure(self, frame: Frame) -> TableSnapshot:
        self.tracker.reset()
        self.stabiliser.update({}, calm=False, problems=())
        self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
        return self._snapshot

    def _read(
        self, dets: list[Detection], reg: Registration
    ) -> tuple[tuple[list[Seen], set[str]], Reading]:
        """Place and read the detections; reuse the last result when nothing moved."""
        ids = tuple(d.marker_id for d in dets)
        # Positions to a 3 px grid: sensor noise moves corners by a fraction of a
        # pixel, a piece moved on the board by tens of pixels.
        where = (np.stack([d.corners for d in dets]) // READ_GRID_PX).tobytes() if dets else b""
        key = (ids, where, reg.board_to_image.round(3).tobytes())
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1], self._cache[2]
        self.stats.readings += 1
        placed = self.reader.place(dets, reg)
        reading = self.reader.read(dets, reg, placed)
        self._cache = (key, placed, reading)
        return placed, reading

    def _cells(self, zone: Zone) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        a = self.view.cell_of(min(xs), min(ys)) or (0, 0)
        b = self.view.cell_of(max(xs), max(ys)) or (self.view.shape[0] - 1, self.view.shape[1] - 1)
        rr, cc = np.mgrid[a[0] : b[0] + 1, a[1] : b[1] + 1]
        return rr.ravel(), cc.ravel()

    def _inside_frame(self, reg: Registration, size: tuple[int, int]) -> dict[str, bool]:
        keys = self._keys
        img = reg.to_image(self._centres)
        w, h = size
        ok = (img[:, 0] >= 0) & (img[:, 0] < w) & (img[:, 1] >= 0) & (img[:, 1] < h)
        return {k: bool(v) for k, v in zip(keys, ok, strict=True)}

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
