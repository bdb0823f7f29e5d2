"""Lens calibration with a printed ChArUco sheet (OpenCV's own calibration).

A Pi wide-angle camera bends the board by 6-17 mm at its edges; the board
registration (a homography) cannot follow a bent image. ``companion
calibrate`` measures the lens once per camera:

1. print :func:`charuco_sheet` (A4, true size, a 100 mm check bar);
2. show it to the camera at 15 or so places and angles (flat on the table
   in each corner, then tilted), the frames go to :class:`CalibrationCapture`,
   which keeps a view only when the sheet is well seen and has moved;
3. :func:`calibrate` runs ``cv2.calibrateCamera`` on the sheet's chessboard
   corners and returns a :class:`vision.lens.Lens` (camera matrix, distortion,
   the RMS error in px), saved as JSON and given to ``companion run
   --calibration FILE``.

Why ChArUco: every corner is identified by its neighbouring markers, so a
partly seen sheet (a hand holding it, the frame's edge) still counts, and
the corners near the frame's edges, where the distortion is largest, are the
ones that pin it down. Why ``DICT_5X5_100``: the game's markers are 4x4; the
two dictionaries have different grids, so neither detector reads the other's
markers as its own.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .lens import CalibrationError, Lens
from .sheets import A4_MM, _Pdf

Image = NDArray[np.uint8]

#: The sheet: squares across and down, square and marker side (mm).
SQUARES = (5, 7)
SQUARE_MM = 34.0
MARKER_MM = 25.0
CHARUCO_DICTIONARY = "DICT_5X5_100"
#: A view counts when this many chessboard corners are found (of 24).
MIN_CORNERS = 12
#: Views needed for a calibration; more pin the distortion better.
MIN_VIEWS = 8
#: A view is new when the sheet's corners moved at least this share of the frame's width.
NEW_VIEW_SHARE = 0.04
#: An RMS error above this (px) is reported as a poor calibration.
GOOD_RMS_PX = 1.0


@functools.cache
def charuco_board() -> cv2.aruco.CharucoBoard:
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, CHARUCO_DICTIONARY))
    return cv2.aruco.CharucoBoard(SQUARES, SQUARE_MM, MARKER_MM, d)


def _detector() -> cv2.aruco.CharucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    return cv2.aruco.CharucoDetector(charuco_board(), cv2.aruco.CharucoParameters(), params)


def sheet_image(px_per_mm: float = 10.0, margin_mm: float = 8.0) -> Image:
    """The sheet as an image (white margin around the board), ``px_per_mm`` true size."""
    cols, rows = SQUARES
    w = round((cols * SQUARE_MM + 2 * margin_mm) * px_per_mm)
    h = round((rows * SQUARE_MM + 2 * margin_mm) * px_per_mm)
    img: Image = charuco_board().generateImage(
        (w, h), marginSize=round(margin_mm * px_per_mm), borderBits=1
    )
    return img


def charuco_sheet() -> bytes:
    """The calibration sheet as a one-page A4 PDF, vector, true size."""
    board = charuco_board()
    d = board.getDictionary()
    cols, rows = SQUARES
    x0 = (A4_MM[0] - cols * SQUARE_MM) / 2
    top = 36.0
    pdf = _Pdf("a4")
    pdf.page()
    pdf.text(12, 15, 10, "Camera calibration sheet / Hoja de calibración de la cámara")
    pdf.text(
        12,
        20,
        7,
        f"ChArUco {cols}x{rows}, squares {SQUARE_MM:g} mm, markers {MARKER_MM:g} mm,"
        f" {CHARUCO_DICTIONARY}. Print at 100 % / imprimir al 100 %."
        " The bar must measure 100 mm / la barra debe medir 100 mm.",
    )
    pdf.rect(12, 24, 100.0, 1.5, 0.0)
    pdf.text(114, 26, 7, "100 mm")
    centres = [np.asarray(c).reshape(4, 3)[:, :2].mean(axis=0) for c in board.getObjPoints()]
    white = {(int(c[0] // SQUARE_MM), int(c[1] // SQUARE_MM)) for c in centres}
    for r in range(rows):
        for c in range(cols):
            if (c, r) not in white:
                pdf.rect(x0 + c * SQUARE_MM, top + r * SQUARE_MM, SQUARE_MM, SQUARE_MM, 0.0)
    for corners, marker_id in zip(
        board.getObjPoints(), np.asarray(board.getIds()).ravel(), strict=True
    ):
        pts = np.asarray(corners).reshape(4, 3)[:, :2]
        mx, my = pts.min(axis=0)
        side = float(pts[:, 0].max() - mx)
        bits = cv2.aruco.Dictionary.getBitsFromByteList(
            d.bytesList[int(marker_id) : int(marker_id) + 1], d.markerSize
        )
        n = d.markerSize + 2
        cell = side / n
        pdf.rect(x0 + mx, top + my, side, side, 0.0)
        for i in range(d.markerSize):
            for j in range(d.markerSize):
                if bits[i, j]:
                    pdf.rect(x0 + mx + (j + 1) * cell, top + my + (i + 1) * cell, cell, cell, 1.0)
    pdf.text(
        12,
        top + rows * SQUARE_MM + 10,
        8,
        "Show it to the camera flat in each corner of the table, then tilted. "
        "Muéstrala a la cámara plana en cada esquina de la mesa y luego inclinada.",
    )
    return pdf.render()


@dataclass(frozen=True)
class View:
    """One frame's chessboard corners: image points (N, 2) and their ids."""

    corners: NDArray[np.float32]
    ids: NDArray[np.int32]


def find_corners(image: Image) -> View | None:
    """The sheet's chessboard corners in ``image``, or None if too few are seen."""
    grey = image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)
    corners, ids, _mc, _mi = _detector().detectBoard(grey)
    if ids is None or len(ids) < MIN_CORNERS:
        return None
    return View(np.asarray(corners, np.float32).reshape(-1, 2), np.asarray(ids, np.int32).ravel())


class CalibrationCapture:
    """Collects views from a stream of frames: a frame counts when the sheet is well
    seen and has moved since the last kept view (a still sheet adds nothing)."""

    def __init__(self, views: int = 15) -> None:
        self.wanted = max(views, MIN_VIEWS)
        self.views: list[View] = []
        self.size: tuple[int, int] | None = None

    @property
    def done(self) -> bool:
        return len(self.views) >= self.wanted

    def offer(self, image: Image) -> str:
        """Look at one frame; return what happened, in words (for the person holding it)."""
        h, w = image.shape[:2]
        if self.size is not None and self.size != (w, h):
            raise CalibrationError(
                f"the camera changed its image size from {self.size[0]}x{self.size[1]}"
                f" to {w}x{h} during calibration"
            )
        self.size = (w, h)
        view = find_corners(image)
        if view is None:
            return "sheet not seen (or less than half of it): hold it fully in view"
        if self.views:
            last = self.views[-1]
            common, a, b = np.intersect1d(last.ids, view.ids, return_indices=True)
            if len(common) and float(
                np.abs(last.corners[a] - view.corners[b]).mean()
            ) < NEW_VIEW_SHARE * max(w, h):
                return "same place as the last view: move or tilt the sheet"
        self.views.append(view)
        return f"view {len(self.views)} of {self.wanted} kept"

    def calibrate(self, camera: str = "") -> Lens:
        if self.size is None:
            raise CalibrationError("no frames were seen")
        return calibrate(self.views, self.size, camera=camera)


def calibrate(views: Iterable[View], size: tuple[int, int], *, camera: str = "") -> Lens:
    """The lens from chessboard views of the sheet (``cv2.calibrateCamera``).

    Distortion model k1, k2, p1, p2 (k3 fixed at 0: with a few views it only
    trades off against k2)."""
    board = charuco_board()
    obj: list[NDArray[np.float32]] = []
    img: list[NDArray[np.float32]] = []
    for v in views:
        o, i = board.matchImagePoints(list(v.corners.reshape(-1, 1, 2)), v.ids.reshape(-1, 1))
        if o is not None and len(o) >= MIN_CORNERS:
            obj.append(np.asarray(o, np.float32).reshape(-1, 1, 3))
            img.append(np.asarray(i, np.float32).reshape(-1, 1, 2))
    if len(obj) < MIN_VIEWS:
        raise CalibrationError(
            f"only {len(obj)} usable views of the sheet; {MIN_VIEWS} are needed"
            " (show it at more places and angles)"
        )
    w, h = size
    f0 = 0.9 * max(w, h)
    K0 = np.array([[f0, 0, w / 2], [0, f0, h / 2], [0, 0, 1]], dtype=np.float64)
    flags = cv2.CALIB_USE_INTRINSIC_GUESS | cv2.CALIB_FIX_K3
    rms, K, dist, _r, _t = cv2.calibrateCamera(obj, img, size, K0, np.zeros(5), flags=flags)
    if not np.isfinite(K).all() or not np.isfinite(dist).all():
        raise CalibrationError("the calibration did not converge: take views again")
    return Lens.from_opencv(K, dist, size, rms_px=float(rms), views=len(obj), camera=camera)


def verdict(lens: Lens) -> tuple[str, str]:
    """A person's words on a calibration (English, Spanish)."""
    if lens.rms_px <= GOOD_RMS_PX:
        return (
            f"calibrated from {lens.views} views, error {lens.rms_px:.2f} px: good",
            f"calibrada con {lens.views} vistas, error {lens.rms_px:.2f} px: buena",
        )
    return (
        f"calibrated from {lens.views} views, but the error is {lens.rms_px:.2f} px:"
        " print the sheet flat and at 100 %, light it evenly and calibrate again",
        f"calibrada con {lens.views} vistas, pero el error es {lens.rms_px:.2f} px:"
        " imprime la hoja plana y al 100 %, ilumínala bien y calibra otra vez",
    )
