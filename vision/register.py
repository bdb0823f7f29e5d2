"""Board registration: the homography between image pixels and board millimetres.

The four corner markers are stuck upright at the board's corners; each gives
four known points. Two visible corners (eight points) are enough for a fresh
homography, so a hand or a mug may cover one or two corners. With fewer, the
last good homography is kept as long as the camera has not moved: a corner
that is still visible must still sit where the old homography puts it.

The camera centre (position and height above the board) is recovered from the
homography, so :mod:`vision.read` can move a marker on top of a tall piece back
to the point the piece stands on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .detect import Detection
from .geometry import camera_centre, estimate_focal
from .layout import Layout
from .plan import Kind, MarkerPlan

Matrix = NDArray[np.float64]

#: Corner points, or the board's corners under a new fit, moving less than this
#: (px) leave the registration as it was: sensor noise, not a moved camera.
STILL_PX = 0.75
#: Mean corner error (px) under which a lone visible corner confirms the old homography.
HOLD_TOLERANCE_PX = 3.0


@dataclass(frozen=True)
class Registration:
    """Board <-> image mapping at one frame.

    ``status``: ``fresh`` (computed from this frame's corners), ``held`` (the
    previous one, still consistent), or ``lost`` (no usable homography).
    """

    board_to_image: Matrix
    image_to_board: Matrix
    camera: NDArray[np.float64]
    corners_seen: tuple[str, ...]
    status: str
    error_px: float

    @property
    def ok(self) -> bool:
        return self.status != "lost"

    def to_board(self, points: NDArray[np.float64]) -> NDArray[np.float64]:
        """Image points (N, 2) -> board mm (N, 2), on the board plane."""
        if len(points) == 0:
            return np.zeros((0, 2))
        out: NDArray[np.float64] = cv2.perspectiveTransform(
            points.reshape(-1, 1, 2).astype(np.float64), self.image_to_board
        ).reshape(-1, 2)
        return out

    def to_image(self, points: NDArray[np.float64]) -> NDArray[np.float64]:
        if len(points) == 0:
            return np.zeros((0, 2))
        out: NDArray[np.float64] = cv2.perspectiveTransform(
            points.reshape(-1, 1, 2).astype(np.float64), self.board_to_image
        ).reshape(-1, 2)
        return out


class Registrar:
    """Keeps the board registration across frames."""

    def __init__(self, layout: Layout, plan: MarkerPlan, focal_px: float | None = None) -> None:
        self.focal_px = focal_px
        self._corner_points: dict[int, tuple[str, NDArray[np.float64]]] = {}
        for name, (cx, cy) in layout.corners.items():
            entry = plan.find(Kind.CORNER, name)
            h = entry.side_mm / 2
            pts = np.array(
                [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]],
                dtype=np.float64,
            )
            self._corner_points[entry.marker_id] = (name, pts)
        x0, y0, x1, y1 = layout.extent_mm
        self._extent = np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], dtype=np.float64)
        self.last: Registration | None = None
        self._last_image: NDArray[np.float64] | None = None

    @property
    def corner_ids(self) -> frozenset[int]:
        return frozenset(self._corner_points)

    def update(self, detections: Sequence[Detection], size: tuple[int, int]) -> Registration:
        seen = [
            (self._corner_points[d.marker_id], d)
            for d in detections
            if d.marker_id in self._corner_points
        ]
        names = tuple(sorted(name for (name, _), _ in seen))
        board = np.concatenate([pts for (_, pts), _ in seen]) if seen else np.zeros((0, 2))
        image = (
            np.concatenate([d.corners.astype(np.float64) for _, d in seen])
            if seen
            else np.zeros((0, 2))
        )
        last = self.last
        if (
            last is not None
            and last.status == "fresh"
            and names == last.corners_seen
            and self._last_image is not None
            and self._last_image.shape == image.shape
            and float(np.abs(self._last_image - image).max()) < STILL_PX
        ):
            return last  # same corners, same place: the camera has not moved
        if len(seen) >= 2:
            self._last_image = image
            H, _ = cv2.findHomography(board, image, 0)
            if H is not None:
                err = _reprojection(H, board, image)
                if not (err < 4 * HOLD_TOLERANCE_PX or len(seen) < 3):
                    H, _ = cv2.findHomography(board, image, cv2.RANSAC, HOLD_TOLERANCE_PX)
                    err = _reprojection(H, board, image) if H is not None else err
            if H is not None:
                if (
                    last is not None
                    and last.status == "fresh"
                    and names == last.corners_seen
                    and self._moved(H, last.board_to_image) < STILL_PX
                ):
                    return last  # the fit moved by sensor noise only
                self.last = self._make(H, names, "fresh", err, size)
                return self.last
        if self.last is not None and self.last.status != "lost":
            H = self.last.board_to_image
            err = _reprojection(H, board, image) if len(board) else 0.0
            if err <= HOLD_TOLERANCE_PX:
                return Registration(
                    H, self.last.image_to_board, self.last.camera, names, "held", err
                )
        lost = Registration(np.eye(3), np.eye(3), np.zeros(3), names, "lost", float("inf"))
        if self.last is not None:
            self.last = lost
        return lost

    def _moved(self, a: Matrix, b: Matrix) -> float:
        """How far (px) the board's corners land apart under two homographies."""
        pa = cv2.perspectiveTransform(self._extent, a)
        pb = cv2.perspectiveTransform(self._extent, b)
        return float(np.abs(pa - pb).max())

    def _make(
        self, H: Matrix, names: tuple[str, ...], status: str, err: float, size: tuple[int, int]
    ) -> Registration:
        focal = self.focal_px or estimate_focal(H, size) or 0.9 * max(size)
        centre = camera_centre(H, focal, size)
        inverse: Matrix = np.asarray(np.linalg.inv(H), dtype=np.float64)
        return Registration(H, inverse, centre, names, status, err)


def _reprojection(H: Matrix, board: NDArray[np.float64], image: NDArray[np.float64]) -> float:
    proj = cv2.perspectiveTransform(board.reshape(-1, 1, 2), H).reshape(-1, 2)
    return float(np.sqrt(((proj - image) ** 2).sum(axis=1)).mean())
