"""The vision pipeline: frames in, stabilised :class:`TableSnapshot` out.

Per frame: find markers (tracking known markers in small regions, the whole
frame at a lower rate and whenever something moves), register the board,
look for motion and hands on a coarse board view, read every visible zone,
and let the stabiliser accept only changes that held for
``confirm_frames`` calm frames.

Usage::

    pipeline = Pipeline(players=2, focal_px=camera.focal_px)
    for frame in camera.frames(20):
        snapshot = pipeline.process(frame)
    if not snapshot.settling:
        ...  # hand it to reconciliation
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .detect import Box, Detection, MarkerDetector
from .layout import Layout, Zone, default_layout
from .occlusion import BoardView
from .plan import DEFAULT_PLAN, MarkerPlan
from .read import GLOBAL_KEYS_PREFIX, Reader, Seen
from .register import Registrar, Registration
from .snapshot import TableSnapshot
from .sources import Frame
from .stabilise import CONFIRM_FRAMES, Stabiliser

#: Full-frame scan at least every this many frames while tracking.
FULL_SCAN_EVERY = 10
#: How far (mm) a piece may sit from where it was and still be "the same".
SAME_PLACE_MM = 6.0


@dataclass
class PipelineStats:
    frames: int = 0
    full_scans: int = 0
    tracked_scans: int = 0
    lost_registration: int = 0


class Pipeline:
    """Turns frames into the current stabilised snapshot of the table.

    ``players``: 1 (solo) to 4; decides which donation tiles are on the lake.
    ``focal_px``: the camera's focal length in pixels, if known (for parallax
    correction; else estimated from the board's perspective). ``tracking``:
    search around known markers between full scans.
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
        self.layout = layout or default_layout()
        self.players = players
        self.detector = detector or MarkerDetector(plan)
        self.registrar = Registrar(self.layout, plan, focal_px)
        self.reader = Reader(self.layout, plan, players)
        self.view = BoardView(self.layout)
        self.stabiliser = Stabiliser(self.reader.keys, players, confirm_frames)
        self.tracking = tracking
        self.full_scan_every = full_scan_every
        self.stats = PipelineStats()
        self._last: list[Detection] = []
        self._since_full = 0
        self._busy = True
        self._calm_pieces: list[Seen] = []
        self._calm_clear: set[str] = set()
        self._zone_cells = {key: self._cells(zone) for key, zone in self.reader.keys.items()}
        self._snapshot = TableSnapshot.empty(players)

    @property
    def snapshot(self) -> TableSnapshot:
        return self._snapshot

    def _cells(self, zone: Zone) -> tuple[NDArray[np.intp], NDArray[np.intp]]:
        xs = [p[0] for p in zone.polygon]
        ys = [p[1] for p in zone.polygon]
        a = self.view.cell_of(min(xs), min(ys)) or (0, 0)
        b = self.view.cell_of(max(xs), max(ys)) or (self.view.shape[0] - 1, self.view.shape[1] - 1)
        rr, cc = np.mgrid[a[0] : b[0] + 1, a[1] : b[1] + 1]
        return rr.ravel(), cc.ravel()

    def _scan(self, grey: NDArray[np.uint8]) -> tuple[list[Detection], bool]:
        """Detections, and whether they came from a full scan."""
        can_track = (
            self.tracking
            and self._last
            and not self._busy
            and self._since_full < self.full_scan_every
        )
        if can_track:
            boxes: list[Box] = [d.box(max(8.0, 0.75 * d.side_px)) for d in self._last]
            found = self.detector.detect_regions(grey, boxes)
            if Counter(d.marker_id for d in found) == Counter(d.marker_id for d in self._last):
                self._since_full += 1
                self.stats.tracked_scans += 1
                return found, False
        self._since_full = 0
        self.stats.full_scans += 1
        return self.detector.detect(grey), True

    def process(self, frame: Frame) -> TableSnapshot:
        """Take one frame; return the current stabilised snapshot."""
        self.stats.frames += 1
        image = frame.image
        grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
        h, w = grey.shape
        dets, full = self._scan(grey)
        reg = self.registrar.update(dets, (w, h))
        if not reg.ok:
            self.stats.lost_registration += 1
            self._busy = True
            self._last = dets
            self.stabiliser.update({}, calm=False, problems=())
            self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
            return self._snapshot
        colour = image if image.ndim == 3 else cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
        view = self.view.warp(colour, reg.board_to_image)
        seen_now, clear_now = self.reader.place(dets, reg)
        state = self.view.update(view, self._missing_cells(seen_now, clear_now))
        if not full and state.moving:
            dets = self.detector.detect(grey)
            self.stats.full_scans += 1
            self._since_full = 0
            reg = self.registrar.update(dets, (w, h))
            if not reg.ok:
                self._busy = True
                self._last = dets
                self.stabiliser.update({}, calm=False, problems=())
                self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
                return self._snapshot
        occluded = state.occluded
        inside = self._inside_frame(reg, (w, h))
        vis = {
            key: inside[key] and not bool(occluded[cells].any())
            for key, cells in self._zone_cells.items()
        }
        whole = not state.occluder and all(inside.values())
        reading = self.reader.read(dets, reg)
        values = {
            k: v
            for k, v in reading.values.items()
            if vis[k] and (whole or not k.startswith(GLOBAL_KEYS_PREFIX))
        }
        calm = not state.moving and not state.occluder
        self.stabiliser.update(values, calm, reading.problems)
        if calm and self.stabiliser.calm_streak >= self.stabiliser.confirm:
            self.view.settle(view, occluded)
            self._calm_pieces, self._calm_clear = self.reader.place(dets, reg)
        self._busy = not calm
        self._last = dets
        self._snapshot = self.stabiliser.snapshot(frame.number, frame.time)
        return self._snapshot

    def _inside_frame(self, reg: Registration, size: tuple[int, int]) -> dict[str, bool]:
        keys = list(self.reader.keys)
        centres = np.array([self.reader.keys[k].centre for k in keys], dtype=np.float64)
        img = reg.to_image(centres)
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
