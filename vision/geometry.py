"""Pinhole camera geometry over the board plane.

World frame: board millimetres, x east, y south, z *down* into the table (a
right-handed frame), so the camera sits at negative z. A point at height h
above the board has z = -h.

Two uses: the synthetic renderer builds a camera from a pose and projects the
board (and raised planes: the tops of workers, elephants, a hand); the pipeline
goes the other way, recovering the camera centre from the board homography so
a marker on top of a tall piece can be moved back to the point it stands on
(parallax correction).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

Matrix = NDArray[np.float64]
Point = tuple[float, float]


@dataclass(frozen=True)
class CameraPose:
    """Where the camera is and how it looks at the board.

    ``height_mm``: camera centre above the board. ``tilt_deg``: optical axis
    from straight down (0) up to 45. ``azimuth_deg``: compass direction, from
    the point looked at, of the camera's position (180: from the south edge,
    where a player sits). ``roll_deg``: turn of the image about the axis.
    ``target``: board point at the image centre (default: middle of the
    layout's extent). ``focal_px``: focal length in pixels (default: the board
    extent just fits the frame).
    """

    height_mm: float = 1100.0
    tilt_deg: float = 0.0
    azimuth_deg: float = 180.0
    roll_deg: float = 0.0
    target: Point | None = None
    focal_px: float | None = None


@dataclass(frozen=True)
class Camera:
    """Intrinsics ``K`` and extrinsics ``R``, ``t`` (world -> camera: R X + t)."""

    K: Matrix
    R: Matrix
    t: Matrix
    size: tuple[int, int]

    @property
    def centre(self) -> NDArray[np.float64]:
        """Camera centre in world coordinates (z negative: above the board)."""
        c: NDArray[np.float64] = -self.R.T @ self.t
        return c

    def plane_homography(self, height_mm: float = 0.0) -> Matrix:
        """Board (x, y) at ``height_mm`` above the board -> image pixels."""
        Rt = np.column_stack([self.R[:, 0], self.R[:, 1], self.t - height_mm * self.R[:, 2]])
        H: Matrix = self.K @ Rt
        out: Matrix = H / H[2, 2]
        return out


def build_camera(
    pose: CameraPose, size: tuple[int, int], extent: tuple[float, float, float, float]
) -> Camera:
    """The camera for ``pose`` producing ``size`` (width, height) frames of ``extent``."""
    x0, y0, x1, y1 = extent
    target = np.array([*(pose.target or ((x0 + x1) / 2, (y0 + y1) / 2)), 0.0], dtype=np.float64)
    tilt, az = math.radians(pose.tilt_deg), math.radians(pose.azimuth_deg)
    # Compass azimuth on the board: 0 north (-y), 90 east (+x).
    offset = pose.height_mm * math.tan(tilt)
    centre = target + np.array([offset * math.sin(az), -offset * math.cos(az), -pose.height_mm])
    forward = (target - centre) / np.linalg.norm(target - centre)
    south = np.array([0.0, 1.0, 0.0])
    if abs(float(forward @ south)) > 0.999:
        south = np.array([1.0, 0.0, 0.0])
    down = south - (south @ forward) * forward
    down /= np.linalg.norm(down)
    right = np.cross(down, forward)
    roll = math.radians(pose.roll_deg)
    right, down = (
        math.cos(roll) * right + math.sin(roll) * down,
        -math.sin(roll) * right + math.cos(roll) * down,
    )
    R = np.vstack([right, down, forward])
    t = -R @ centre
    w, h = size
    focal = pose.focal_px
    if focal is None:
        corners = np.array([[x0, y0, 0], [x1, y0, 0], [x1, y1, 0], [x0, y1, 0]], dtype=np.float64)
        cam = (R @ corners.T).T + t
        u = np.abs(cam[:, 0] / cam[:, 2]).max()
        v = np.abs(cam[:, 1] / cam[:, 2]).max()
        focal = min(0.49 * w / u, 0.49 * h / v)
    K = np.array([[focal, 0, w / 2], [0, focal, h / 2], [0, 0, 1]], dtype=np.float64)
    return Camera(K=K, R=R, t=t, size=size)


def camera_centre(H: Matrix, focal_px: float, size: tuple[int, int]) -> NDArray[np.float64]:
    """The camera centre (x, y, height above the board) from a board->image homography,
    given the focal length and a principal point at the image centre."""
    w, h = size
    K = np.array([[focal_px, 0, w / 2], [0, focal_px, h / 2], [0, 0, 1]], dtype=np.float64)
    M = np.linalg.solve(K, H)
    scale = 2.0 / (np.linalg.norm(M[:, 0]) + np.linalg.norm(M[:, 1]))
    r1, r2, t = M[:, 0] * scale, M[:, 1] * scale, M[:, 2] * scale
    if t[2] < 0:  # the board must lie in front of the camera
        r1, r2, t = -r1, -r2, -t
    r3 = np.cross(r1, r2)
    U, _, Vt = np.linalg.svd(np.column_stack([r1, r2, r3]))
    R = U @ Vt
    c = -R.T @ t
    return np.array([c[0], c[1], abs(c[2])])


def estimate_focal(H: Matrix, size: tuple[int, int]) -> float | None:
    """Focal length from one plane homography (principal point at the centre, square
    pixels), or ``None`` when the view is too close to straight-down to tell."""
    w, h = size
    T = np.array([[1, 0, -w / 2], [0, 1, -h / 2], [0, 0, 1]], dtype=np.float64)
    G = T @ H
    g = G / np.linalg.norm(G[:, 0])
    a = [-(g[0, 0] * g[0, 1] + g[1, 0] * g[1, 1]), g[2, 0] * g[2, 1]]
    b = [-(g[0, 0] ** 2 + g[1, 0] ** 2 - g[0, 1] ** 2 - g[1, 1] ** 2), g[2, 0] ** 2 - g[2, 1] ** 2]
    # Each constraint reads num / f^2 = den; solve both in least squares.
    num = np.array([a[0], b[0]])
    den = np.array([a[1], b[1]])
    strength = float(np.abs(den).max())
    if strength < 1e-9:
        return None
    inv_f2 = float(den @ num) / float(num @ num) if float(num @ num) > 0 else 0.0
    if inv_f2 <= 0:
        return None
    f = 1.0 / math.sqrt(inv_f2)
    return f if 0.2 * max(w, h) < f < 20 * max(w, h) else None


def ground_to_foot(x: float, y: float, centre: NDArray[np.float64], height_mm: float) -> Point:
    """Where a marker ``height_mm`` above the board stands, given where its ray meets
    the board (``x``, ``y``) and the camera centre (x, y, height)."""
    if height_mm <= 0:
        return (x, y)
    k = (centre[2] - height_mm) / centre[2]
    return (float(centre[0] + (x - centre[0]) * k), float(centre[1] + (y - centre[1]) * k))


def foot_to_ground(x: float, y: float, centre: NDArray[np.float64], height_mm: float) -> Point:
    """Inverse of :func:`ground_to_foot`: where the ray through a raised point meets the board."""
    if height_mm <= 0:
        return (x, y)
    k = centre[2] / (centre[2] - height_mm)
    return (float(centre[0] + (x - centre[0]) * k), float(centre[1] + (y - centre[1]) * k))
