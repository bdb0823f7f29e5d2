"""The camera over the table: where it hangs, where it looks, and its lens.

A Raspberry Pi camera 60-90 cm above the board, looking down with some tilt, the board
filling most of the frame. Lenses are off-the-shelf models described by OpenCV's
Brown-Conrady coefficients (k1 k2 p1 p2 k3): a near-rectilinear standard lens, or a
wide-angle one with strong barrel distortion (k1 -0.2 .. -0.35).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from .model import CameraModel, FloatArray


@dataclass(frozen=True)
class Lens:
    name: str
    dist: tuple[float, float, float, float, float]
    hfov_deg: float  # horizontal field of view of the pinhole part


def look_at(
    centre: FloatArray, target: FloatArray, azimuth_deg: float, roll_deg: float
) -> tuple[FloatArray, FloatArray]:
    """rvec, tvec of a camera at centre looking at target; image 'down' close to the board's
    south turned by azimuth (board frame: x east, y south, z down)."""
    f = target - centre
    f = f / np.linalg.norm(f)
    a = math.radians(azimuth_deg)
    d0 = np.array([-math.sin(a), math.cos(a), 0.0])
    y = d0 - float(d0 @ f) * f
    y = y / np.linalg.norm(y)
    x = np.cross(y, f)
    r = math.radians(roll_deg)
    x, y = math.cos(r) * x + math.sin(r) * y, -math.sin(r) * x + math.cos(r) * y
    R = np.stack([x, y, f])
    rvec, _ = cv2.Rodrigues(R)
    tvec = -R @ centre
    return np.asarray(rvec, dtype=np.float64).reshape(3), tvec.astype(np.float64)


def place_camera(
    rng: np.random.Generator,
    extent: tuple[float, float, float, float],
    width: int,
    height: int,
    lens: Lens,
    tilt_deg: float,
    fill: float,
    calibrated: bool,
) -> CameraModel:
    """Hang the camera so the whole extent fits in the frame at about `fill` of its size.

    The focal length follows the lens's field of view; the height above the board is what
    makes the extent fit (the way a person adjusts the boom).
    """
    x0, y0, x1, y1 = extent
    target = np.array([(x0 + x1) / 2 + rng.normal(0, 8), (y0 + y1) / 2 + rng.normal(0, 8), 0.0])
    fx = width / 2 / math.tan(math.radians(lens.hfov_deg) / 2)
    K = np.array(
        [
            [fx, 0, width / 2 + rng.normal(0, 6)],
            [0, fx * (1 + rng.normal(0, 0.001)), height / 2 + rng.normal(0, 6)],
            [0, 0, 1],
        ]
    )
    dist = np.asarray(lens.dist, dtype=np.float64)
    # Image north roughly up, or a quarter turn when the table is taller than wide in a landscape frame.
    ex, ey = x1 - x0, y1 - y0
    quarter = (ey > ex * 1.15) and width > height
    az = (90.0 if quarter else 0.0) + float(rng.normal(0, 4))
    tilt_dir = float(rng.uniform(0, 2 * math.pi))
    roll = float(rng.normal(0, 1.5))
    corners = np.array([[x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0]], dtype=np.float64)
    # Fit: search the distance where the extent's projection fills `fill` of the frame.
    lo, hi = 200.0, 6000.0
    for _ in range(40):
        dist_mm = (lo + hi) / 2
        t = math.radians(tilt_deg)
        centre = target + dist_mm * np.array(
            [math.sin(t) * math.cos(tilt_dir), math.sin(t) * math.sin(tilt_dir), -math.cos(t)]
        )
        rvec, tvec = look_at(centre, target, az, roll)
        pts, _ = cv2.projectPoints(_edge_points(corners), rvec, tvec, K, dist)
        pts = pts.reshape(-1, 2)
        over = max(
            (pts[:, 0].max() - width / 2) / (width / 2),
            (width / 2 - pts[:, 0].min()) / (width / 2),
            (pts[:, 1].max() - height / 2) / (height / 2),
            (height / 2 - pts[:, 1].min()) / (height / 2),
        )
        if over > fill:
            lo = dist_mm
        else:
            hi = dist_mm
    return CameraModel(width, height, K, dist, rvec, tvec, calibrated)


def _edge_points(corners: FloatArray) -> FloatArray:
    pts = []
    for i in range(4):
        a, b = corners[i], corners[(i + 1) % 4]
        for t in np.linspace(0, 1, 9):
            pts.append(a + t * (b - a))
    return np.asarray(pts, dtype=np.float64).reshape(-1, 1, 3)


def rotation(cam: CameraModel) -> FloatArray:
    R, _ = cv2.Rodrigues(cam.rvec)
    return np.asarray(R, dtype=np.float64)


def centre(cam: CameraModel) -> FloatArray:
    R = rotation(cam)
    return np.asarray(-R.T @ cam.tvec, dtype=np.float64)
