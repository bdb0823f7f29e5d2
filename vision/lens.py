"""A camera's lens model: intrinsics and radial/tangential distortion.

A Raspberry Pi wide-angle camera bends straight lines: the board's edges bow
inwards by 6-17 mm, so a homography alone puts printed markers off their
anchors. :class:`Lens` holds OpenCV's model (camera matrix ``K`` and the
coefficients ``k1, k2, p1, p2, k3``) for one image size, saved as JSON by
``companion calibrate`` and loaded by ``companion run --calibration``.

:class:`PointLens` is how the pipeline uses it: markers are detected on the
frame as the camera gives it, and only their corners are undistorted (with the
same camera matrix), so registration and the reader see an ideal pinhole
camera at the cost of a few hundred points a frame instead of a remap of
every pixel. The other way, :meth:`PointLens.to_raw` puts ideal image points
back where the lens shows them: the board view's sampling maps (made once
per registration) and the closer look's crops are placed in the frame as it
is. Frames of another size than the calibration's are scaled to it (a camera
that delivers 1080p video and 12 MP stills from the same sensor).

:class:`Undistorter` undistorts whole frames (one ``cv2.remap`` with maps made
once per image size), for looking at them and for comparison in the bench.

The synthetic renderers use :meth:`Lens.distort` / :meth:`Lens.undistort` on
normalised coordinates to draw through a known lens.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from numpy.typing import NDArray

from .detect import Detection

Matrix = NDArray[np.float64]

#: The file format's version, written into every saved calibration.
FORMAT = 1


class CalibrationError(ValueError):
    """A calibration file or run that cannot be used, said in words."""


@dataclass(frozen=True)
class Lens:
    """Camera matrix and distortion of one camera at one image size.

    ``rms_px``: the calibration's reprojection error (0 for a lens that is
    known rather than measured); ``views``: how many board views it used.
    """

    fx: float
    fy: float
    cx: float
    cy: float
    k1: float = 0.0
    k2: float = 0.0
    p1: float = 0.0
    p2: float = 0.0
    k3: float = 0.0
    size: tuple[int, int] = (0, 0)
    rms_px: float = 0.0
    views: int = 0
    camera: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    @property
    def K(self) -> Matrix:
        return np.array([[self.fx, 0, self.cx], [0, self.fy, self.cy], [0, 0, 1]], dtype=np.float64)

    @property
    def dist(self) -> Matrix:
        return np.array([self.k1, self.k2, self.p1, self.p2, self.k3], dtype=np.float64)

    @property
    def is_ideal(self) -> bool:
        return not any((self.k1, self.k2, self.p1, self.p2, self.k3))

    @classmethod
    def from_opencv(
        cls,
        K: Matrix,
        dist: Matrix,
        size: tuple[int, int],
        *,
        rms_px: float = 0.0,
        views: int = 0,
        camera: str = "",
    ) -> Lens:
        d = [float(v) for v in np.asarray(dist, dtype=np.float64).ravel()[:5]]
        d += [0.0] * (5 - len(d))
        return cls(
            float(K[0, 0]),
            float(K[1, 1]),
            float(K[0, 2]),
            float(K[1, 2]),
            d[0],
            d[1],
            d[2],
            d[3],
            d[4],
            size=(int(size[0]), int(size[1])),
            rms_px=float(rms_px),
            views=int(views),
            camera=camera,
        )

    def scaled(self, size: tuple[int, int]) -> Lens:
        """The same lens for frames of ``size`` (same sensor, scaled readout)."""
        if size == self.size or self.size == (0, 0):
            return self
        sx, sy = size[0] / self.size[0], size[1] / self.size[1]
        return Lens(
            self.fx * sx,
            self.fy * sy,
            (self.cx + 0.5) * sx - 0.5,
            (self.cy + 0.5) * sy - 0.5,
            self.k1,
            self.k2,
            self.p1,
            self.p2,
            self.k3,
            size=size,
            rms_px=self.rms_px,
            views=self.views,
            camera=self.camera,
        )

    # -- normalised coordinates --------------------------------------------
    def distort(self, x: NDArray[np.float64], y: NDArray[np.float64]) -> tuple[Matrix, Matrix]:
        """Ideal normalised coordinates -> distorted normalised coordinates."""
        r2 = x * x + y * y
        radial = 1 + r2 * (self.k1 + r2 * (self.k2 + r2 * self.k3))
        xd = x * radial + 2 * self.p1 * x * y + self.p2 * (r2 + 2 * x * x)
        yd = y * radial + self.p1 * (r2 + 2 * y * y) + 2 * self.p2 * x * y
        return xd, yd

    def undistort(
        self, xd: NDArray[np.float64], yd: NDArray[np.float64], iterations: int = 30
    ) -> tuple[Matrix, Matrix]:
        """Distorted -> ideal normalised coordinates (fixed-point iteration)."""
        x, y = xd.copy(), yd.copy()
        for _ in range(iterations):
            r2 = x * x + y * y
            radial = 1 + r2 * (self.k1 + r2 * (self.k2 + r2 * self.k3))
            dx = 2 * self.p1 * x * y + self.p2 * (r2 + 2 * x * x)
            dy = self.p1 * (r2 + 2 * y * y) + 2 * self.p2 * x * y
            x = (xd - dx) / radial
            y = (yd - dy) / radial
        return x, y

    def distort_pixels(self, pts: NDArray[np.float64]) -> Matrix:
        """Ideal (pinhole) pixel positions (N, 2) -> where this lens shows them."""
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        xd, yd = self.distort((p[:, 0] - self.cx) / self.fx, (p[:, 1] - self.cy) / self.fy)
        return np.column_stack([xd * self.fx + self.cx, yd * self.fy + self.cy])

    def undistort_pixels(self, pts: NDArray[np.float64]) -> Matrix:
        """Pixel positions in a frame (N, 2) -> where an ideal pinhole would show them."""
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        x, y = self.undistort((p[:, 0] - self.cx) / self.fx, (p[:, 1] - self.cy) / self.fy)
        return np.column_stack([x * self.fx + self.cx, y * self.fy + self.cy])

    def edge_shift_px(self) -> float:
        """Largest displacement (px) the distortion causes along the frame's edges."""
        w, h = self.size
        t = np.linspace(0, 1, 33)
        edge = np.concatenate(
            [
                np.column_stack([t * (w - 1), np.zeros_like(t)]),
                np.column_stack([t * (w - 1), np.full_like(t, h - 1)]),
                np.column_stack([np.zeros_like(t), t * (h - 1)]),
                np.column_stack([np.full_like(t, w - 1), t * (h - 1)]),
            ]
        )
        return float(np.linalg.norm(self.undistort_pixels(edge) - edge, axis=1).max())

    # -- files ---------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "camera": self.camera,
            "image_size": list(self.size),
            "camera_matrix": self.K.tolist(),
            "distortion": self.dist.tolist(),
            "rms_px": self.rms_px,
            "views": self.views,
            **({"extra": self.extra} if self.extra else {}),
        }

    @classmethod
    def from_dict(cls, data: Any) -> Lens:
        if not isinstance(data, dict):
            raise CalibrationError("a calibration file holds one JSON object")
        if data.get("format") != FORMAT:
            raise CalibrationError(
                f"calibration format {data.get('format')!r} is not {FORMAT}: calibrate again"
            )
        try:
            size = tuple(int(v) for v in data["image_size"])
            K = np.array(data["camera_matrix"], dtype=np.float64)
            dist = np.array(data["distortion"], dtype=np.float64).ravel()
            rms = float(data.get("rms_px", 0.0))
            views = int(data.get("views", 0))
        except KeyError as exc:
            raise CalibrationError(f"calibration file has no {exc.args[0]!r} field") from None
        except (TypeError, ValueError) as exc:
            raise CalibrationError(f"calibration file garbles a field: {exc}") from None
        if len(size) != 2 or min(size) <= 0 or max(size) > 20000:
            raise CalibrationError(f"image_size must be two positive pixel counts, not {size!r}")
        if K.shape != (3, 3) or not np.isfinite(K).all() or K[0, 0] <= 0 or K[1, 1] <= 0:
            raise CalibrationError("camera_matrix must be a 3x3 matrix with positive focal lengths")
        if not 4 <= len(dist) <= 14 or not np.isfinite(dist).all() or np.abs(dist).max() > 50:
            raise CalibrationError("distortion must be 4 to 14 finite coefficients")
        camera = data.get("camera", "")
        return cls.from_opencv(
            K,
            dist,
            (size[0], size[1]),
            rms_px=rms,
            views=views,
            camera=str(camera)[:100] if isinstance(camera, str) else "",
        )

    def save(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(path.suffix + ".tmp")
        tmp.write_text(json.dumps(self.to_dict(), indent=2) + "\n", encoding="utf-8")
        tmp.replace(path)

    @classmethod
    def load(cls, path: Path) -> Lens:
        try:
            text = path.read_text(encoding="utf-8")
        except OSError as exc:
            raise CalibrationError(f"cannot read calibration {path}: {exc.strerror}") from None
        if len(text) > 100_000:
            raise CalibrationError(f"calibration {path} is too large to be one")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise CalibrationError(f"calibration {path} is not JSON: {exc.msg}") from None
        return cls.from_dict(data)


def ideal_lens(focal_px: float, size: tuple[int, int]) -> Lens:
    """A pinhole with the principal point at the image centre."""
    w, h = size
    return Lens(focal_px, focal_px, w / 2, h / 2, size=size)


#: An undistorted marker corner must distort back to within this (px) of where
#: it was detected; beyond, the lens model has no answer there (outside the
#: part of the frame it was calibrated on) and the detection is dropped.
ROUND_TRIP_PX = 0.5
_ITERATE = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 30, 1e-9)


def _undistort_points(p: NDArray[np.float64], K: Matrix, dist: Matrix) -> Any:
    """``cv2.undistortPoints`` iterated to ``_ITERATE`` on every OpenCV the companion runs on.

    OpenCV 5 takes the criteria as ``undistortPoints(..., criteria=)``; 4.x (the
    Raspberry Pi's 4.11, constraints/pi.txt) has no such keyword and offers the
    same iteration as ``undistortPointsIter`` (gone in 5), so the one there is used.
    """
    iterate = getattr(cv2, "undistortPointsIter", None)
    if iterate is not None:
        return iterate(p, K, dist, None, K, _ITERATE)
    return cv2.undistortPoints(p, K, dist, R=None, P=K, criteria=_ITERATE)


class PointLens:
    """A lens at one frame size, for points: frame (as the camera shows it) <->
    ideal pinhole image with the same camera matrix."""

    def __init__(self, lens: Lens, size: tuple[int, int]) -> None:
        self.lens = lens.scaled(size)
        self.size = size
        self._K = self.lens.K
        self._dist = self.lens.dist
        # Radial distortion folds back beyond some radius (the polynomial's
        # turn): ideal points farther out are pulled to it, never folded inwards.
        r = np.linspace(1e-3, 4.0, 4000)
        r2 = r * r
        reach = r * (1 + r2 * (self.lens.k1 + r2 * (self.lens.k2 + r2 * self.lens.k3)))
        turn = np.nonzero(np.diff(reach) <= 0)[0]
        self._max_r2 = float(r2[turn[0]]) * 0.98 if len(turn) else float("inf")
        self._last: tuple[Sequence[Detection], list[Detection]] | None = None
        self._known: dict[int, tuple[Detection, Detection]] = {}

    def to_ideal(self, pts: NDArray[np.float64]) -> Matrix:
        """Frame pixels (N, 2) -> ideal pinhole pixels (NaN where the model has no answer)."""
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 1, 2)
        if not len(p):
            return np.zeros((0, 2))
        out = _undistort_points(p, self._K, self._dist)
        ideal = np.asarray(out, dtype=np.float64).reshape(-1, 2)
        back = self.to_raw(ideal)
        bad = ~(np.abs(back - p.reshape(-1, 2)).max(axis=1) <= ROUND_TRIP_PX)
        ideal[bad] = np.nan
        return ideal

    def to_raw(self, pts: NDArray[np.float64]) -> Matrix:
        """Ideal pinhole pixels (N, 2) -> where the lens shows them in the frame."""
        p = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        lens = self.lens
        x = (p[:, 0] - lens.cx) / lens.fx
        y = (p[:, 1] - lens.cy) / lens.fy
        r2 = x * x + y * y
        far = r2 > self._max_r2
        if far.any():
            shrink = np.sqrt(self._max_r2 / r2[far])
            x[far] *= shrink
            y[far] *= shrink
        xd, yd = lens.distort(x, y)
        return np.column_stack([xd * lens.fx + lens.cx, yd * lens.fy + lens.cy])

    def raw_box(self, pts: NDArray[np.float64], margin: float = 2.0) -> tuple[int, int, int, int]:
        """The frame box around ideal points (N, 2): for a polygon, give points
        along its edges, which the lens bends."""
        raw = self.to_raw(pts)
        lo = raw.min(axis=0) - margin
        hi = raw.max(axis=0) + margin
        return int(np.floor(lo[0])), int(np.floor(lo[1])), int(hi[0]) + 1, int(hi[1]) + 1

    def detections(self, found: Sequence[Detection]) -> list[Detection]:
        """``found`` (frame corners) with their corners undistorted; detections
        the model cannot undistort are dropped. The same list object again for
        the same list, and the same :class:`Detection` for a detection seen last
        time (a still table costs nothing)."""
        if self._last is not None and self._last[0] is found:
            return self._last[1]
        known = self._known
        fresh = [d for d in found if id(d) not in known or known[id(d)][0] is not d]
        made: dict[int, Detection | None] = {}
        if fresh:
            corners = np.concatenate([d.corners for d in fresh]).astype(np.float64)
            ideal = self.to_ideal(corners).reshape(-1, 4, 2)
            for d, c in zip(fresh, ideal, strict=True):
                made[id(d)] = (
                    Detection(d.marker_id, c.astype(np.float32)) if np.isfinite(c).all() else None
                )
        out: list[Detection] = []
        self._known = {}
        for d in found:
            got = made[id(d)] if id(d) in made else known[id(d)][1]
            if got is not None:
                out.append(got)
                self._known[id(d)] = (d, got)
        self._last = (found, out)
        return out


class Undistorter:
    """Turns frames from a calibrated camera into ideal pinhole frames (same ``K``).

    ``undistort(image, scale)`` returns the ideal frame at ``scale`` times the
    frame's size (sampling the full frame directly: a quarter-size ideal frame
    costs a sixteenth of a full one)."""

    def __init__(self, lens: Lens) -> None:
        self.lens = lens
        self._maps: dict[tuple[int, int, float], tuple[NDArray[np.int16], NDArray[np.uint16]]] = {}

    def maps(
        self, size: tuple[int, int], scale: float = 1.0
    ) -> tuple[NDArray[np.int16], NDArray[np.uint16]]:
        key = (size[0], size[1], scale)
        got = self._maps.get(key)
        if got is None:
            lens = self.lens.scaled(size)
            out_size = (max(1, round(size[0] * scale)), max(1, round(size[1] * scale)))
            new = lens.K.copy()
            new[0, 0] *= scale
            new[1, 1] *= scale
            new[0, 2] = (lens.cx + 0.5) * scale - 0.5
            new[1, 2] = (lens.cy + 0.5) * scale - 0.5
            m1, m2 = cv2.initUndistortRectifyMap(
                lens.K, lens.dist, None, new, out_size, cv2.CV_16SC2
            )
            got = (m1, m2)
            if len(self._maps) > 4:
                self._maps.clear()
            self._maps[key] = got
        return got

    def __call__(self, image: NDArray[np.uint8], scale: float = 1.0) -> NDArray[np.uint8]:
        h, w = image.shape[:2]
        m1, m2 = self.maps((w, h), scale)
        out: NDArray[np.uint8] = cv2.remap(
            image, m1, m2, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE
        )
        return out
