"""Board registration: the homography between image pixels and board millimetres.

The four corner markers are stuck upright at the board's corners; each gives
four known points. Two visible corners (eight points) are enough for a fresh
homography, so a hand or a mug may cover one or two corners. With fewer, the
last good homography is kept as long as the camera has not moved: a corner
that is still visible must still sit where the old homography puts it. With
no corner in view the board itself must still be in view (pieces and printed
markers on it where the old homography puts them, :data:`HOLD_MARKERS_MIN`):
a camera turned away, a cloth over the board or the lights off lose the
registration, so nothing is read where the board no longer is.

The camera centre (position and height above the board) is recovered from the
homography, so :mod:`vision.read` can move a marker on top of a tall piece back
to the point the piece stands on.

**Fit self-check** (:class:`FitCheck`): every fresh registration is refitted
from all printed markers at known places (the corners' sub-pixel refined
corners, and the centres of the coin-spot and market-cell markers), and each
printed marker's distance from its anchor under that fit is measured in board
millimetres, per quarter of the board (``NW``, ``NE``, ``SE``, ``SW``). One
homography cannot follow an image bent by an uncalibrated wide lens or a
warped board: the residuals then grow to several millimetres, the quarter is
marked not ``ok``, and the pipeline reports its zones unknown with advice to
recalibrate or move the camera.

**Calibrated pose** (``Registrar.method``): with a lens calibration the
detections' corners are undistorted, and a flat board seen by a pinhole
camera of known intrinsics has six unknowns, not a homography's eight. The
``pose`` method solves them with ``cv2.solvePnP`` (IPPE for a planar target,
then Levenberg-Marquardt) from the same points as the refit (every printed
marker at a known place, corners refined to sub-pixel), and the board-view
maps follow from that pose (``K [r1 r2 t]``); the camera centre then comes
from the pose itself. The ``homography`` method keeps the free refit.
:data:`DEFAULT_METHOD` is the one measured better on the harsh renderer's
calibrated wide-lens group (``bench/registration.py``, bench/RESULTS.md).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np
from numpy.typing import NDArray

from .detect import Detection
from .geometry import camera_centre, estimate_focal
from .layout import Layout, Point, ZoneKind
from .lens import PointLens
from .plan import Kind, MarkerPlan

Matrix = NDArray[np.float64]

#: Corner points, or the board's corners under a new fit, moving less than this
#: (px) leave the registration as it was: sensor noise, not a moved camera.
STILL_PX = 0.75
#: Mean corner error (px) under which a lone visible corner confirms the old homography.
HOLD_TOLERANCE_PX = 3.0
#: A quarter of the board fits when no printed marker lands farther than this
#: (mm) from its anchor. Pieces are placed 19 mm apart at the closest (donation
#: spaces); a marker is assigned to the nearest, so 3 mm leaves a wide margin
#: while the corner markers' own localisation noise stays well below it.
FIT_OK_MM = 3.0
#: Largest mean corner error (px) of a coarse look's corner markers under one
#: homography for :meth:`Registrar.locate` to place a first scan by them (a
#: coarse copy's pixel is several of the frame's; a misread corner lands far
#: off).
LOCATE_PX = 12.0
#: A printed marker is matched to an anchor only within this distance (mm).
MATCH_MM = 20.0
#: With no corner marker in view, the last registration is held only while at
#: least this many of the frame's other markers (pieces, printed spots) land on
#: the board under it: a hand over every corner leaves the pieces in view, a
#: camera turned away, a cloth over the board or the lights off leave none.
HOLD_MARKERS_MIN = 3
#: ... and the printed markers among them mostly within this distance (mm) of
#: one of their own places (a camera moved with every corner out of view puts
#: them elsewhere).
HOLD_PRINTED_MM = 6.0
REGIONS = ("NW", "NE", "SE", "SW")
#: How a calibrated camera's registration is refitted: "homography" (eight free
#: parameters) or "pose" (``solvePnP`` with the calibration's intrinsics). Without
#: a calibration it is always the homography.
METHODS = ("homography", "pose")
DEFAULT_METHOD = "homography"


@dataclass(frozen=True)
class FitCheck:
    """How well one homography fits every printed marker at a known place.

    ``residual_mm``: per region, the largest distance (mm) between a printed
    marker's anchor and where the fit puts it (None: no printed marker seen
    there); ``markers``: how many were measured; ``ok``: per region, whether
    the fit is good enough to read its zones (a region with nothing measured
    is ok: nothing says otherwise, and the corner fit holds it)."""

    residual_mm: dict[str, float | None]
    markers: dict[str, int]
    centre: tuple[float, float]
    #: With a corner marker hidden: the worst residual (mm) of the printed
    #: markers in the quarters whose corners are seen, under a fit made from
    #: those quarters alone (None: all four corners seen, or too few markers).
    #: No extrapolation into the hidden corner's quarter enters it, so a
    #: large value speaks of the lens, not of the hidden corner.
    seen_quarters_mm: float | None = None
    #: With three or four corner markers seen: the worst residual (mm) of their
    #: own refined corner points under a homography fitted to those points
    #: alone (None: fewer seen). Each sticker's four corners lie close together
    #: and the stickers far apart, so one homography follows both each
    #: sticker's size and the span between them only through a straight lens:
    #: a wide one shrinks the stickers at the frame's edge more than the span.
    #: No printed marker has to be matched to its anchor for it.
    corners_mm: float | None = None
    ok: dict[str, bool] = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(
            self,
            "ok",
            {r: (v is None or v <= FIT_OK_MM) for r, v in self.residual_mm.items()},
        )

    @property
    def good(self) -> bool:
        return all(self.ok.values())

    @property
    def worst_mm(self) -> float:
        return max((v for v in self.residual_mm.values() if v is not None), default=0.0)

    def region_of(self, x: float, y: float) -> str:
        cx, cy = self.centre
        return ("N" if y < cy else "S") + ("W" if x < cx else "E")

    def ok_at(self, x: float, y: float) -> bool:
        return self.ok[self.region_of(x, y)]

    def advice(self, corners_hidden: Sequence[str] = ()) -> tuple[str, str] | None:
        """What a person should do about a poor fit (English, Spanish), or None.
        ``corners_hidden``: the board's corner markers not seen, when too few
        were seen for the fit to speak of the camera (a hand over two corners)."""
        bad = [r for r in REGIONS if not self.ok[r]]
        if not bad:
            return None
        where = ", ".join(bad)
        mm = self.worst_mm
        if corners_hidden:
            hidden = ", ".join(corners_hidden)
            return (
                f"The board's corner markers {hidden} are hidden, so where the board lies in"
                f" the view is uncertain (printed markers up to {mm:.0f} mm off in {where}):"
                " those zones are unknown until the corners show again. Keep the corners clear.",
                f"Las marcas de las esquinas {hidden} están tapadas, así que la posición del"
                f" tablero en la vista es dudosa (marcas impresas hasta {mm:.0f} mm desviadas"
                f" en {where}): esas zonas quedan desconocidas hasta que se vean las esquinas."
                " Deja las esquinas despejadas.",
            )
        return (
            f"The board does not fit the camera's view (printed markers up to {mm:.0f} mm off"
            f" in {where}): those zones are unknown. Calibrate the camera (companion calibrate)"
            " or move it so it looks at the board more squarely.",
            f"El tablero no encaja en la vista de la cámara (marcas impresas hasta {mm:.0f} mm"
            f" desviadas en {where}): esas zonas quedan desconocidas. Calibra la cámara"
            " (companion calibrate) o muévela para que mire el tablero más de frente.",
        )

    def to_dict(self) -> dict[str, object]:
        return {
            "residual_mm": {
                r: (None if v is None else round(v, 2)) for r, v in self.residual_mm.items()
            },
            "markers": dict(self.markers),
            "ok": dict(self.ok),
        }


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
    #: The fit self-check of a fresh registration (kept while held); None when lost.
    fit: FitCheck | None = None

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
        corners = {
            plan.find(Kind.CORNER, name).marker_id: (
                name,
                centre,
                plan.find(Kind.CORNER, name).side_mm,
            )
            for name, centre in layout.corners.items()
        }
        # Printed markers at known places (besides the corners): id -> anchors.
        printed: dict[int, list[Point]] = {}
        for kind, comp, zkind in (
            (Kind.COIN_SPOT, "coin-spot", ZoneKind.COIN_SPOT),
            (Kind.MARKET_CELL, "market-cell", ZoneKind.MARKET_CELL),
        ):
            try:
                mid = plan.find(kind, comp).marker_id
            except KeyError:
                continue
            anchors = [z.anchors[0] for z in layout.of_kind(zkind)]
            if anchors:
                printed[mid] = anchors
        self._setup(corners, layout.extent_mm, layout.board_mm, printed, focal_px)

    @classmethod
    def for_board(
        cls,
        corners: Mapping[int, tuple[str, Point, float]],
        extent_mm: tuple[float, float, float, float],
        board_mm: tuple[float, float],
        printed: Mapping[int, Sequence[Point]] | None = None,
        focal_px: float | None = None,
    ) -> Registrar:
        """A registrar for any game's board, without Amritsar's layout and plan.

        ``corners``: corner marker id -> (name, centre in board mm, black
        square side mm); ``extent_mm``: (x0, y0, x1, y1) of what the camera
        must see; ``printed``: marker id -> anchors (board mm) of markers
        printed on the board itself, used to check the fit."""
        self = cls.__new__(cls)
        self._setup(corners, extent_mm, board_mm, printed or {}, focal_px)
        return self

    def _setup(
        self,
        corners: Mapping[int, tuple[str, Point, float]],
        extent_mm: tuple[float, float, float, float],
        board_mm: tuple[float, float],
        printed: Mapping[int, Sequence[Point]],
        focal_px: float | None,
    ) -> None:
        self.focal_px = focal_px
        self._corner_points: dict[int, tuple[str, NDArray[np.float64]]] = {}
        for marker_id, (name, (cx, cy), side) in corners.items():
            h = side / 2
            pts = np.array(
                [[cx - h, cy - h], [cx + h, cy - h], [cx + h, cy + h], [cx - h, cy + h]],
                dtype=np.float64,
            )
            self._corner_points[marker_id] = (name, pts)
        x0, y0, x1, y1 = extent_mm
        self._extent = np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], dtype=np.float64)
        self._printed: dict[int, NDArray[np.float64]] = {
            mid: np.array(anchors, dtype=np.float64) for mid, anchors in printed.items()
        }
        bw, bh = board_mm
        self._centre = (bw / 2, bh / 2)
        self.last: Registration | None = None
        #: The corner markers' homography behind the last fresh registration.
        self._corner_fit: Matrix = np.eye(3)
        self._last_image: NDArray[np.float64] | None = None
        #: With a calibration: the lens at the frame's size. Detections come with
        #: undistorted corners; the frame given to :meth:`update` is as the camera
        #: shows it, so corners are refined there and undistorted again.
        self.lens: PointLens | None = None
        #: See :data:`METHODS`; the pose is used only with a calibration.
        self.method = DEFAULT_METHOD
        #: The camera centre (x, y, height) of the last pose fit, for ``_make``.
        self._pose_centre: NDArray[np.float64] | None = None

    @property
    def corner_ids(self) -> frozenset[int]:
        return frozenset(self._corner_points)

    @property
    def corner_names(self) -> frozenset[str]:
        """The names of the board's corner markers (\"NW\", ...)."""
        return frozenset(name for name, _ in self._corner_points.values())

    def update(
        self,
        detections: Sequence[Detection],
        size: tuple[int, int],
        grey: NDArray[np.uint8] | None = None,
    ) -> Registration:
        """The registration for this frame's ``detections``. With ``grey`` (the frame),
        a fresh registration is refitted from all printed markers, with the corner
        markers' corners refined to sub-pixel, and checked (:class:`FitCheck`)."""
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
                    and self._moved(H, self._corner_fit) < STILL_PX
                ):
                    return last  # the fit moved by sensor noise only
                fit = None
                self._corner_fit = H
                self._pose_centre = None
                if grey is not None:
                    H, fit = self._refit(H, seen, detections, grey)
                self.last = self._make(H, names, "fresh", err, size, fit)
                return self.last
        if self.last is not None and self.last.status != "lost":
            H = self.last.board_to_image
            if len(board):
                err = _reprojection(H, board, image)
                holds = err <= HOLD_TOLERANCE_PX
            else:  # no corner at all: held only while the board itself is still in view
                err = 0.0
                holds = self._board_in_view(detections, self.last)
            if holds:
                return Registration(
                    H, self.last.image_to_board, self.last.camera, names, "held", err, self.last.fit
                )
        lost = Registration(np.eye(3), np.eye(3), np.zeros(3), names, "lost", float("inf"))
        if self.last is not None:
            self.last = lost
        return lost

    def _board_in_view(self, detections: Sequence[Detection], last: Registration) -> bool:
        """Whether, with no corner marker in view, the frame still shows the board
        where ``last`` puts it: at least :data:`HOLD_MARKERS_MIN` of its other
        markers land on the board, and the printed markers among them (if any)
        mostly on their own places (within :data:`HOLD_PRINTED_MM`). A hand over
        every corner leaves the pieces in view; a camera turned to the floor, a
        cloth over the board or the lights off leave nothing, and the board is
        lost rather than read empty where it no longer is."""
        others = [d for d in detections if d.marker_id not in self._corner_points]
        if len(others) < HOLD_MARKERS_MIN:
            return False
        on_board = last.to_board(np.array([d.centre for d in others], dtype=np.float64))
        x0, y0 = self._extent[0, 0]
        x1, y1 = self._extent[0, 2]
        inside = (
            (on_board[:, 0] >= x0)
            & (on_board[:, 0] <= x1)
            & (on_board[:, 1] >= y0)
            & (on_board[:, 1] <= y1)
        )
        if int(inside.sum()) < HOLD_MARKERS_MIN:
            return False
        near = far = 0
        for d, p in zip(others, on_board, strict=True):
            anchors = self._printed.get(d.marker_id)
            if anchors is None or len(anchors) == 0:
                continue
            if float(np.linalg.norm(anchors - p, axis=1).min()) <= HOLD_PRINTED_MM:
                near += 1
            else:
                far += 1
        return near >= far

    def locate(self, detections: Sequence[Detection], size: tuple[int, int]) -> Registration | None:
        """Where the board lies, from its four corner markers alone (a coarse
        look's, their corners good to a few pixels), changing nothing the next
        :meth:`update` uses: for placing a first scan (its box and bands), never
        for reading. None unless all four are seen once each and fit one
        homography within ``LOCATE_PX`` (with all four, one misplaced shows:
        three fit some homography whatever their places)."""
        seen = [
            (self._corner_points[d.marker_id], d)
            for d in detections
            if d.marker_id in self._corner_points
        ]
        names = tuple(sorted({name for (name, _), _ in seen}))
        if len(names) < len(self._corner_points) or len(names) < len(seen):
            return None  # a corner not seen, or one read twice
        board = np.concatenate([pts for (_, pts), _ in seen])
        image = np.concatenate([d.corners.astype(np.float64) for _, d in seen])
        if not np.isfinite(image).all():
            return None
        H, _ = cv2.findHomography(board, image, 0)
        if H is None or not np.isfinite(H).all():
            return None
        err = _reprojection(H, board, image)
        if not err < LOCATE_PX:
            return None
        focal = self.focal_px or estimate_focal(H, size) or 0.9 * max(size)
        inverse: Matrix = np.asarray(np.linalg.inv(H), dtype=np.float64)
        return Registration(H, inverse, camera_centre(H, focal, size), names, "fresh", err)

    def _moved(self, a: Matrix, b: Matrix) -> float:
        """How far (px) the board's corners land apart under two homographies."""
        pa = cv2.perspectiveTransform(self._extent, a)
        pb = cv2.perspectiveTransform(self._extent, b)
        return float(np.abs(pa - pb).max())

    def _make(
        self,
        H: Matrix,
        names: tuple[str, ...],
        status: str,
        err: float,
        size: tuple[int, int],
        fit: FitCheck | None = None,
    ) -> Registration:
        if self._pose_centre is not None:
            centre = self._pose_centre
        else:
            focal = self.focal_px or estimate_focal(H, size) or 0.9 * max(size)
            centre = camera_centre(H, focal, size)
        inverse: Matrix = np.asarray(np.linalg.inv(H), dtype=np.float64)
        return Registration(H, inverse, centre, names, status, err, fit)

    def _refit(
        self,
        H: Matrix,
        seen: list[tuple[tuple[str, NDArray[np.float64]], Detection]],
        detections: Sequence[Detection],
        grey: NDArray[np.uint8],
    ) -> tuple[Matrix, FitCheck]:
        """Refit ``H`` from the corners' refined corners and the printed markers'
        centres; measure every printed marker's residual (mm) under the new fit."""
        board_pts = [pts for (_, pts), _ in seen]
        lens = self.lens
        # Every corner marker's corners at once (each point is refined and
        # undistorted on its own: the same numbers as marker by marker, for
        # one call per step instead of one per marker).
        ideal = np.concatenate([d.corners for _, d in seen]).astype(np.float64)
        raw = ideal if lens is None else lens.to_raw(ideal)
        c = raw.astype(np.float32).reshape(-1, 1, 2).copy()
        h, w = grey.shape[:2]
        by_win: dict[int, list[int]] = {}
        for k, (_, d) in enumerate(seen):
            win = max(2, min(6, int(d.side_px / 12)))
            mine = c[4 * k : 4 * k + 4, 0]
            if (
                mine[:, 0].min() > win + 1
                and mine[:, 1].min() > win + 1
                and mine[:, 0].max() < w - win - 2
                and mine[:, 1].max() < h - win - 2
            ):
                by_win.setdefault(win, []).extend(range(4 * k, 4 * k + 4))
        for win, rows in by_win.items():
            part = c[rows].copy()
            cv2.cornerSubPix(
                grey,
                part,
                (win, win),
                (-1, -1),
                (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.01),
            )
            c[rows] = part
        refined = c.reshape(-1, 2).astype(np.float64)
        if lens is not None:
            back = lens.to_ideal(refined)
            refined = np.where(np.isfinite(back), back, ideal)
        image_pts = [refined[4 * k : 4 * k + 4] for k in range(len(seen))]
        # Printed markers: each matched to the nearest anchor of its id under H.
        inv = np.linalg.inv(H)
        p_board: list[NDArray[np.float64]] = []
        p_image: list[NDArray[np.float64]] = []
        for mid, anchors in self._printed.items():
            dets = [d for d in detections if d.marker_id == mid]
            if not dets:
                continue
            img = np.array([d.centre for d in dets], dtype=np.float64)
            on_board = cv2.perspectiveTransform(img.reshape(-1, 1, 2), inv).reshape(-1, 2)
            dist = np.linalg.norm(on_board[:, None, :] - anchors[None, :, :], axis=2)
            best = dist.argmin(axis=1)
            for k, j in enumerate(best):
                if dist[k, j] <= MATCH_MM:
                    p_board.append(anchors[j])
                    p_image.append(img[k])
        src = np.concatenate([*board_pts, np.array(p_board).reshape(-1, 2)])
        dst = np.concatenate([*image_pts, np.array(p_image).reshape(-1, 2)])
        if len(src) >= 8:
            H2, _ = cv2.findHomography(src, dst, 0)
            if H2 is not None and np.isfinite(H2).all():
                H = H2
            if self.method == "pose" and lens is not None:
                posed = pose_homography(src, dst, lens.lens.K, H)
                if posed is not None:
                    H, self._pose_centre = posed
        inv = np.linalg.inv(H)
        residual: dict[str, float | None] = dict.fromkeys(REGIONS)
        count = dict.fromkeys(REGIONS, 0)
        check = FitCheck(residual, count, self._centre)
        anchors_all = [pts.mean(axis=0) for pts in board_pts] + list(p_board)
        images_all = [pts.mean(axis=0) for pts in image_pts] + list(p_image)
        if anchors_all:
            got = cv2.perspectiveTransform(
                np.array(images_all, dtype=np.float64).reshape(-1, 1, 2), inv
            ).reshape(-1, 2)
            for a, g in zip(anchors_all, got, strict=True):
                region = check.region_of(float(a[0]), float(a[1]))
                off = math.dist((float(a[0]), float(a[1])), (float(g[0]), float(g[1])))
                old = residual[region]
                residual[region] = off if old is None else max(old, off)
                count[region] += 1
        names = {name for (name, _), _ in seen}
        lens_mm = None
        if 3 <= len(names) < len(REGIONS):
            lens_mm = _seen_quarters_mm(check, names, board_pts, image_pts, p_board, p_image)
        corners_mm = _corners_mm(board_pts, image_pts) if len(names) >= 3 else None
        return H, FitCheck(residual, count, self._centre, lens_mm, corners_mm)


def _corners_mm(
    board_pts: list[NDArray[np.float64]], image_pts: list[NDArray[np.float64]]
) -> float | None:
    """:attr:`FitCheck.corners_mm`: the seen corner markers' refined corner
    points fitted by one homography; the worst residual (mm) on the board."""
    src = np.concatenate(board_pts)
    dst = np.concatenate(image_pts)
    H, _ = cv2.findHomography(src, dst, 0)
    if H is None or not np.isfinite(H).all():
        return None
    got = cv2.perspectiveTransform(dst.reshape(-1, 1, 2), np.linalg.inv(H)).reshape(-1, 2)
    return float(np.linalg.norm(got - src, axis=1).max())


#: Printed markers (besides the corners) a fit from the seen quarters needs.
SEEN_QUARTERS_MIN = 4


def _seen_quarters_mm(
    check: FitCheck,
    names: set[str],
    board_pts: list[NDArray[np.float64]],
    image_pts: list[NDArray[np.float64]],
    p_board: list[NDArray[np.float64]],
    p_image: list[NDArray[np.float64]],
) -> float | None:
    """:attr:`FitCheck.seen_quarters_mm`: a homography from the corner markers
    seen and the printed markers in their quarters only; the worst residual
    (mm) of those printed markers under it."""
    pb = [b for b in p_board if check.region_of(float(b[0]), float(b[1])) in names]
    pi = [
        i
        for b, i in zip(p_board, p_image, strict=True)
        if check.region_of(float(b[0]), float(b[1])) in names
    ]
    if len(pb) < SEEN_QUARTERS_MIN:
        return None
    src = np.concatenate([*board_pts, np.array(pb).reshape(-1, 2)])
    dst = np.concatenate([*image_pts, np.array(pi).reshape(-1, 2)])
    H, _ = cv2.findHomography(src, dst, 0)
    if H is None or not np.isfinite(H).all():
        return None
    got = cv2.perspectiveTransform(
        np.array(pi, dtype=np.float64).reshape(-1, 1, 2), np.linalg.inv(H)
    ).reshape(-1, 2)
    return float(np.linalg.norm(got - np.array(pb), axis=1).max())


def pose_homography(
    board: NDArray[np.float64], image: NDArray[np.float64], K: Matrix, guess: Matrix
) -> tuple[Matrix, NDArray[np.float64]] | None:
    """The board -> ideal-pixel map of the camera pose that best fits ``board`` (mm,
    on the plane z = 0) to ``image`` (undistorted pixels) with intrinsics ``K``, and
    the camera centre (x, y, height above the board); None when no pose fits.

    IPPE gives the planar pose (of its two candidates, the one with the smaller
    error, agreeing with ``guess``'s side of the board); Levenberg-Marquardt then
    refines it on every point."""
    obj = np.column_stack([board, np.zeros(len(board))]).astype(np.float64)
    img = image.astype(np.float64).reshape(-1, 1, 2)
    try:
        ok, rvec, tvec = cv2.solvePnP(obj, img, K, None, flags=cv2.SOLVEPNP_IPPE)
        if not ok:
            return None
        rvec, tvec = cv2.solvePnPRefineLM(obj, img, K, None, rvec, tvec)
    except cv2.error:
        return None
    R, _ = cv2.Rodrigues(rvec)
    t = tvec.reshape(3)
    if t[2] <= 0:  # the board must lie in front of the camera
        return None
    H = K @ np.column_stack([R[:, 0], R[:, 1], t])
    if not np.isfinite(H).all() or abs(H[2, 2]) < 1e-12:
        return None
    H = H / H[2, 2]
    # A pose far from the free fit (a mirrored solution) is not this board.
    probe = board.reshape(-1, 1, 2).astype(np.float64)
    apart = np.abs(cv2.perspectiveTransform(probe, H) - cv2.perspectiveTransform(probe, guess))
    if float(apart.max()) > 20 * HOLD_TOLERANCE_PX:
        return None
    centre = -R.T @ t
    return np.asarray(H, dtype=np.float64), np.array([centre[0], centre[1], abs(centre[2])])


def _reprojection(H: Matrix, board: NDArray[np.float64], image: NDArray[np.float64]) -> float:
    proj = cv2.perspectiveTransform(board.reshape(-1, 1, 2), H).reshape(-1, 2)
    return float(np.sqrt(((proj - image) ** 2).sum(axis=1)).mean())
