"""What a rendered scene is made of: the table (board art, printed markers, pieces) and the result.

The table is described in board millimetres in a right-handed frame: origin at the
board's north-west corner, x east, y south, z INTO the board (down), so a piece's top at
height h sits at z = -h and the camera has z < 0 (a straight-down camera with north at
the top of the image has the identity rotation, as OpenCV expects).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
Rgb = tuple[float, float, float]  # linear-light albedo, 0..1, R G B
Point = tuple[float, float]
Polygon = tuple[Point, ...]


@dataclass(frozen=True)
class Sticker:
    """An ArUco sticker on a piece's top: black square of side_mm plus one white cell around."""

    marker_id: int
    kind: str
    component: str
    side_mm: float
    dx: float = 0.0  # offset of the sticker centre from the top's centre, board mm
    dy: float = 0.0
    angle_deg: float = 0.0  # sticker rotation relative to the board's north-up
    misprint: str | None = None


@dataclass(frozen=True)
class Piece:
    """A physical object on the table: a box or a cylinder (prism), maybe carrying a sticker."""

    zone: str | None
    x: float
    y: float
    yaw_deg: float
    shape: str  # "box" or "cyl"
    size: tuple[float, float]  # box: width (x) and depth (y); cyl: diameter twice
    height: float
    colour: Rgb
    sticker: Sticker | None = None
    label: str = ""  # what a sticker-less piece is ("coin", "cube", "stone:black", ...)
    base: float = 0.0  # height of what it stands on (a stone on a boat)
    glossy: float = 0.5  # 0 matte .. 1 varnished


@dataclass(frozen=True)
class Printed:
    """A marker printed on the board (corner, spot, guard): part of the art, at z = 0."""

    marker_id: int
    kind: str
    component: str
    x: float
    y: float
    side_mm: float
    angle_deg: float = 0.0
    zone: str | None = None


@dataclass(frozen=True)
class Art:
    """A printed shape on the board or table: filled polygon or polyline (board mm, sRGB 0..255)."""

    polygon: Polygon
    colour: tuple[int, int, int]
    fill: bool = True
    width_mm: float = 0.6
    closed: bool = True


@dataclass
class Table:
    """Everything on the table of one scene, before any camera looks at it."""

    game: str
    players: int
    extent: tuple[float, float, float, float]  # x0 y0 x1 y1: what the camera must see
    paper: tuple[int, int, int]  # board background, sRGB
    boards: list[tuple[Polygon, tuple[int, int, int]]]  # board sheets (polygon, paper colour)
    art: list[Art]
    printed: list[Printed]
    pieces: list[Piece]
    zones: dict[str, Polygon]  # every zone in play
    notes: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class CameraModel:
    """Pinhole + Brown-Conrady lens, board mm -> pixels (OpenCV conventions)."""

    width: int
    height: int
    K: FloatArray
    dist: FloatArray  # k1 k2 p1 p2 k3
    rvec: FloatArray
    tvec: FloatArray
    calibrated: bool

    def project(self, pts_mm: FloatArray) -> FloatArray:
        """Board points (N x 3, z down) -> distorted image pixels (N x 2)."""
        import cv2

        if len(pts_mm) == 0:
            return np.zeros((0, 2))
        out, _ = cv2.projectPoints(
            np.asarray(pts_mm, dtype=np.float64).reshape(-1, 1, 3),
            self.rvec,
            self.tvec,
            self.K,
            self.dist,
        )
        return np.asarray(out, dtype=np.float64).reshape(-1, 2)


@dataclass(frozen=True)
class MarkerTruth:
    """One sticker in the scene (a piece's or a printed one) and how it looks in the frame."""

    marker_id: int
    kind: str
    component: str
    zone: str | None
    printed: bool
    corners_px: FloatArray  # 4 x 2: TL TR BR BL of the black square, final image pixels
    side_px: float
    height_mm: float
    occluded: float
    glare: float
    in_frame: bool
    misprint: str | None
    board_xy_mm: tuple[float, float]


@dataclass(frozen=True)
class Scene:
    """A rendered camera frame with the truth of what is on the table."""

    image: npt.NDArray[np.uint8]
    game: str
    seed: int
    condition: str
    players: int
    truth: dict[str, list[int]]
    markers: list[MarkerTruth]
    printed_covered: dict[str, bool]
    stones: dict[str, list[str]]
    zones: dict[str, Polygon]
    camera: CameraModel
    notes: dict[str, object]
