"""A camera over a table, for rendering harsh frames of any game's board.

The harsh renderer (:mod:`vision.harsh`) draws Amritsar's board; the other
games' tables (:mod:`vision.games`) draw their own boards but must be seen
through the same imperfect camera, so the camera lives here, apart from any
board: a pose and a lens with radial distortion (:func:`camera_for`), a
top-down texture in board millimetres remapped through that lens
(:meth:`CameraRig.view`), light that varies slowly over the frame
(vignetting, a shadow band, glare to saturation, a colour cast:
:meth:`CameraRig.lit`), and per-frame optics, motion blur, sensor noise and
JPEG (:meth:`CameraRig.finish`). Stickers are drawn cell by cell from the
dictionary's bits with a paper margin and ink bleed (:meth:`CameraRig.sticker`),
and a hand and arm hover over the board (:meth:`CameraRig.hand`).

Everything is deterministic from (seed, condition). A board texture is drawn
with :meth:`CameraRig.tex`, which maps board mm to the texture's fixed-point
pixels (``shift=4``, as OpenCV's drawing functions take them).
"""

from __future__ import annotations

import functools
import math
import zlib
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

import cv2
import numpy as np
from numpy.typing import NDArray

from .geometry import CameraPose, build_camera, foot_to_ground
from .lens import Lens
from .plan import DICTIONARY_NAME

if TYPE_CHECKING:
    from .harsh import Condition

Image = NDArray[np.uint8]
Point = tuple[float, float]

PAPER = (226, 232, 236)  # BGR, off-white sticker paper
INK = (44, 40, 46)  # print black is never 0
TABLE = (30, 45, 62)
SKIN = (105, 145, 200)
SLEEVE = (70, 95, 140)


def rng(*parts: object) -> np.random.Generator:
    """A generator seeded from ``parts`` (stable across runs and platforms)."""
    return np.random.default_rng(zlib.crc32(repr(parts).encode()))


@functools.cache
def marker_bits(marker_id: int) -> NDArray[np.uint8]:
    """The 4x4 payload bits of ``marker_id`` in the plan's dictionary (1 = white)."""
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, DICTIONARY_NAME))
    bits: NDArray[np.uint8] = cv2.aruco.Dictionary.getBitsFromByteList(
        d.bytesList[marker_id : marker_id + 1], d.markerSize
    )
    return bits


def fit_lens(pose: CameraPose, size: tuple[int, int], extent: Sequence[float], k1: float) -> Lens:
    """A lens of radial distortion ``k1`` (k2 = k1^2 / 10) whose focal length makes
    the board's extent, as distorted, fill about 96 % of the frame."""
    w, h = size
    k2 = k1 * k1 / 10 if k1 else 0.0
    x0, y0, x1, y1 = extent
    t = np.linspace(0, 1, 21)
    outline = np.concatenate(
        [
            np.column_stack([x0 + t * (x1 - x0), np.full_like(t, y0)]),
            np.column_stack([x0 + t * (x1 - x0), np.full_like(t, y1)]),
            np.column_stack([np.full_like(t, x0), y0 + t * (y1 - y0)]),
            np.column_stack([np.full_like(t, x1), y0 + t * (y1 - y0)]),
        ]
    )
    focal = None
    lens = Lens(1.0, 1.0, w / 2, h / 2, k1, k2, size=size)
    for _ in range(6):
        cam = build_camera(replace(pose, focal_px=focal), size, tuple(extent))  # type: ignore[arg-type]
        f = float(cam.K[0, 0])
        lens = Lens(f, f, w / 2, h / 2, k1, k2, size=size)
        H = cam.plane_homography(0.0)
        img = cv2.perspectiveTransform(outline.reshape(-1, 1, 2), H).reshape(-1, 2)
        d = lens.distort_pixels(img)
        reach = max(
            np.abs(d[:, 0] - w / 2).max() / (w / 2), np.abs(d[:, 1] - h / 2).max() / (h / 2)
        )
        focal = f * 0.96 / reach
        if abs(reach - 0.96) < 0.002:
            break
    return lens


def camera_for(
    seed: int, condition: Condition, extent_mm: Sequence[float]
) -> tuple[CameraPose, Lens, Lens | None]:
    """The camera of a scene: its pose, its true lens, and the lens the reader
    is told (``None``: uncalibrated), as ``condition`` varies them."""
    r = rng("scene", seed, condition.frames_of or condition.name)
    pose = CameraPose(
        height_mm=float(r.uniform(900, 1400)),
        tilt_deg=float(r.uniform(*condition.tilt_deg)),
        azimuth_deg=float(r.uniform(0, 360)),
        roll_deg=float(r.uniform(-20, 20)),
    )
    # The lens is drawn with its own generator so "wide-lens" and
    # "wide-lens-calibrated" of one seed show the very same frames.
    lrng = rng("lens", seed)
    k1 = float(lrng.uniform(*condition.k1)) if condition.k1 != (0.0, 0.0) else 0.0
    lens = fit_lens(pose, condition.size, extent_mm, k1)
    calibration: Lens | None = None
    if condition.calibration == "exact":
        calibration = lens
    elif condition.calibration == "slightly-wrong":
        crng = rng("calibration", seed)
        df = 1 + float(crng.uniform(-0.005, 0.005))
        calibration = replace(
            lens,
            fx=lens.fx * df,
            fy=lens.fy * df,
            cx=lens.cx + float(crng.uniform(-6, 6)),
            cy=lens.cy + float(crng.uniform(-6, 6)),
            k1=lens.k1 + float(crng.uniform(-0.015, 0.015)),
            rms_px=0.4,
        )
    return pose, lens, calibration


def image_to_plane(
    lens: Lens, size: tuple[int, int], H: NDArray[np.float64], step: int = 8
) -> NDArray[np.float32]:
    """For every pixel of a ``size`` frame through ``lens``, the point of the plane
    whose plane -> ideal-pixel homography is ``H`` (h, w, 2), float32. Computed
    on a coarse grid (the lens bends smoothly) and interpolated."""
    w, h = size
    gx, gy = np.meshgrid(np.arange(0, w + step, step), np.arange(0, h + step, step))
    pts = np.column_stack([gx.ravel(), gy.ravel()]).astype(np.float64)
    ideal = lens.undistort_pixels(pts)
    plane = cv2.perspectiveTransform(ideal.reshape(-1, 1, 2), np.linalg.inv(H))
    plane = plane.reshape(gy.shape[0], gx.shape[1], 2).astype(np.float32)
    # Grid node (i, j) is pixel (i * step, j * step): remap the grid at pixel / step.
    u = (np.arange(w, dtype=np.float32) / step)[None, :].repeat(h, axis=0)
    v = (np.arange(h, dtype=np.float32) / step)[:, None].repeat(w, axis=1)
    out: NDArray[np.float32] = cv2.remap(plane, u, v, cv2.INTER_LINEAR)
    return out


class CameraRig:
    """One scene's camera: texture space, lens remap, light and per-frame spoilers.

    ``seed`` and ``condition`` decide the light, the noise and every frame's
    blur; ``extent_mm`` is the part of the board plane the texture covers
    (plus a 30 mm margin of table)."""

    def __init__(
        self,
        seed: int,
        condition: Condition,
        pose: CameraPose,
        lens: Lens,
        extent_mm: Sequence[float],
    ) -> None:
        self.seed = seed
        self.condition = condition
        self.size = condition.size
        self.lens = lens
        self.camera = build_camera(
            replace(pose, focal_px=lens.fx),
            self.size,
            tuple(extent_mm),  # type: ignore[arg-type]
        )
        self.H = self.camera.plane_homography(0.0)
        c = self.camera.centre
        self.cam = np.array([c[0], c[1], -c[2]])
        # Image -> board mm, then texture px.
        board_of = image_to_plane(lens, self.size, self.H)
        # Texture density: 1.4x the finest image sampling of the board, at most 8 px/mm.
        dens = np.hypot(*np.gradient(board_of[::8, ::8, 0], 8, axis=(1, 0)))
        mm_per_px = float(np.percentile(dens[np.isfinite(dens)], 1))
        self.k = float(min(8.0, max(2.5, 1.4 / max(mm_per_px, 1e-6))))
        x0, y0, x1, y1 = extent_mm
        pad = 30.0
        self.origin = (x0 - pad, y0 - pad)
        self.map_x = np.ascontiguousarray((board_of[..., 0] - self.origin[0]) * self.k)
        self.map_y = np.ascontiguousarray((board_of[..., 1] - self.origin[1]) * self.k)
        self.tex_shape = (
            math.ceil((y1 - y0 + 2 * pad) * self.k),
            math.ceil((x1 - x0 + 2 * pad) * self.k),
        )
        self._light: tuple[NDArray[np.float32], NDArray[np.float32]] | None = None
        self._noise: tuple[Image, Image] | None = None
        #: How many times people's shadows and the daylight changed (``relight``).
        self.light_epoch = 0

    @property
    def _scene_name(self) -> str:
        return self.condition.frames_of or self.condition.name

    # -- texture --------------------------------------------------------------
    def tex(self, pts: Sequence[Point] | NDArray[np.float64]) -> NDArray[np.int32]:
        """Board mm -> texture pixels in fixed point (shift 4)."""
        a = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        out = (a - np.array(self.origin)) * self.k * 16
        res: NDArray[np.int32] = np.round(out).astype(np.int32)
        return res

    def blank(self) -> Image:
        """A texture of bare table."""
        tex = np.empty((*self.tex_shape, 3), np.uint8)
        tex[:] = TABLE
        return tex

    def top_of(self, at: Point, height_mm: float) -> tuple[Point, float]:
        """Where the top of a piece standing at ``at`` meets the board plane along
        the camera's ray, and how much larger it looks (parallax)."""
        top = foot_to_ground(at[0], at[1], self.cam, height_mm)
        return top, float(self.cam[2] / (self.cam[2] - height_mm))

    def sticker(
        self,
        tex: Image,
        marker_id: int,
        centre: Point,
        side_mm: float,
        angle_deg: float,
        r: np.random.Generator,
    ) -> None:
        """Paper square with a margin of about one cell, then each black cell as a
        polygon grown by the ink bleed."""
        cond = self.condition
        side = side_mm * (1 + float(r.uniform(-cond.sticker_scale, cond.sticker_scale)))
        cell = side / 6
        margin = cell * float(r.uniform(0.85, 1.15))
        bleed = float(r.uniform(*cond.ink_bleed_mm))
        a = math.radians(angle_deg)
        u = np.array([math.cos(a), math.sin(a)])
        v = np.array([-u[1], u[0]])
        c = np.array(centre, dtype=np.float64)

        def quad(x0: float, y0: float, x1: float, y1: float) -> NDArray[np.int32]:
            pts = np.array([c + u * x + v * y for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))])
            return self.tex(pts)

        half = side / 2
        paper = tuple(int(p) + int(r.integers(-6, 4)) for p in PAPER)
        cv2.fillConvexPoly(
            tex,
            quad(-half - margin, -half - margin, half + margin, half + margin),
            paper,
            cv2.LINE_AA,
            4,
        )
        grid = np.zeros((6, 6), bool)
        grid[1:5, 1:5] = marker_bits(marker_id) == 0
        grid[0, :] = grid[5, :] = grid[:, 0] = grid[:, 5] = True
        # Merge black runs per row into one polygon each (no seams between cells).
        g = bleed + 0.01
        for row in range(6):
            col = 0
            while col < 6:
                if not grid[row, col]:
                    col += 1
                    continue
                end = col
                while end + 1 < 6 and grid[row, end + 1]:
                    end += 1
                y0 = -half + row * cell - g
                y1 = -half + (row + 1) * cell + g
                x0 = -half + col * cell - g
                x1 = -half + (end + 1) * cell + g
                cv2.fillConvexPoly(tex, quad(x0, y0, x1, y1), INK, cv2.LINE_AA, 4)
                col = end + 1

    def hand(self, tex: Image, centre: Point, r: np.random.Generator) -> None:
        """A hand hovering over ``centre`` with its arm reaching off the table
        towards one of the four sides (height and side drawn from ``r``)."""
        height = float(r.uniform(70, 120))
        toward = float(r.choice([0.0, 90.0, 180.0, 270.0]))
        a = math.radians(toward)
        ax, ay = math.sin(a), -math.cos(a)  # towards the arm
        px, py = -ay, ax

        def ground(points: NDArray[np.float64]) -> NDArray[np.int32]:
            g = np.array([foot_to_ground(x, y, self.cam, height) for x, y in points])
            return self.tex(g)

        t = np.linspace(0, 2 * math.pi, 40)
        cx, cy = centre
        palm = np.column_stack(
            [
                cx + 50 * np.cos(t) * ax + 42 * np.sin(t) * px,
                cy + 50 * np.cos(t) * ay + 42 * np.sin(t) * py,
            ]
        )
        cv2.fillPoly(tex, [ground(palm)], SKIN, cv2.LINE_AA, 4)
        arm = np.array(
            [
                (cx + 30 * ax + 36 * px, cy + 30 * ay + 36 * py),
                (cx + 30 * ax - 36 * px, cy + 30 * ay - 36 * py),
                (cx + 900 * ax - 46 * px, cy + 900 * ay - 46 * py),
                (cx + 900 * ax + 46 * px, cy + 900 * ay + 46 * py),
            ]
        )
        cv2.fillPoly(tex, [ground(arm)], SLEEVE, cv2.LINE_AA, 4)
        for j, length in zip((-1.5, -0.5, 0.5, 1.5), (65, 85, 80, 60), strict=True):
            bx, by = cx - 40 * ax + j * 19 * px, cy - 40 * ay + j * 19 * py
            f = np.column_stack(
                [
                    bx - length / 2 * ax + length / 2 * np.cos(t) * ax + 8 * np.sin(t) * px,
                    by - length / 2 * ay + length / 2 * np.cos(t) * ay + 8 * np.sin(t) * py,
                ]
            )
            cv2.fillPoly(tex, [ground(f)], SKIN, cv2.LINE_AA, 4)

    # -- image ----------------------------------------------------------------
    def view(self, tex: Image) -> Image:
        """The texture as the lens sees it (before light and noise)."""
        # A little pre-blur of the texture stands in for the remap's area sampling.
        tex = cv2.GaussianBlur(tex, (0, 0), max(0.4, 0.35 * self.k / 4))
        out: Image = cv2.remap(
            tex,
            self.map_x,
            self.map_y,
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=TABLE,
        )
        return out

    def light_gain(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """Per-pixel, per-channel gain (vignetting, shadow band, colour cast) and an
        additive glare; made small and scaled up (light varies slowly)."""
        if self._light is None:
            w, h = self.size
            sw, sh = w // 8, h // 8
            r = rng("light", self.seed, self._scene_name)
            yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
            nx, ny = (xx - sw / 2) / (sw / 2), (yy - sh / 2) / (sh / 2)
            cond = self.condition
            vig = cond.vignette * (float(r.uniform(2.0, 3.5)) if cond.light else 1.0)
            gain = 1.0 - vig * (nx**2 + ny**2) / 2
            gain *= 1.0 + 0.1 * float(r.uniform(-1, 1)) * nx
            add = np.zeros_like(gain)
            cast = np.ones(3, np.float32)
            if cond.light:
                # A shadow band: an arm or a lamp's edge across the board.
                ang = float(r.uniform(0, math.pi))
                dist = (nx * math.cos(ang) + ny * math.sin(ang)) - float(r.uniform(-0.6, 0.6))
                width = float(r.uniform(0.12, 0.3))
                soft = float(r.uniform(0.02, 0.08))
                band = 1 / (1 + np.exp(-(width - np.abs(dist)) / soft))
                gain *= 1 - float(r.uniform(0.35, 0.55)) * band
                # Glare: a lamp's reflection, saturated at its core.
                for _ in range(int(r.integers(1, 3))):
                    gx0, gy0 = r.uniform(-0.7, 0.7, 2)
                    rad = float(r.uniform(0.06, 0.16))
                    peak = float(r.uniform(180, 320))
                    add += peak * np.exp(
                        -((nx - gx0) ** 2 + ((ny - gy0) * sh / sw) ** 2) / (2 * rad**2)
                    )
                cast = r.uniform(0.8, 1.15, 3).astype(np.float32)
            if self.light_epoch:
                gain *= self._people(nx, ny)
            big = cv2.resize(gain.astype(np.float32), (w, h))
            self._light = (
                cv2.merge([big * float(c) for c in cast]),
                cv2.merge([cv2.resize(add.astype(np.float32), (w, h))] * 3),
            )
        return self._light

    def relight(self) -> None:
        """People's shadows and the daylight change (someone leans in, stands
        up, a cloud passes): a new draw of :meth:`_people` from now on; the
        lamp's vignetting, glare and cast stay."""
        self.light_epoch += 1
        self._light = None

    def _people(self, nx: NDArray[np.float32], ny: NDArray[np.float32]) -> NDArray[np.float32]:
        """The light's change in epoch ``light_epoch``: the daylight 0.8-1.1
        times as bright, and (two times in three) a person's soft shadow, a
        wide band from the board's edge 25-50 % darker."""
        r = rng("people", self.seed, self._scene_name, self.light_epoch)
        gain = np.full_like(nx, float(r.uniform(0.8, 1.1)))
        if r.uniform() < 2 / 3:
            ang = float(r.uniform(0, 2 * math.pi))
            depth = nx * math.cos(ang) + ny * math.sin(ang) - float(r.uniform(0.2, 0.8))
            soft = float(r.uniform(0.05, 0.15))
            gain *= 1 - float(r.uniform(0.25, 0.5)) / (1 + np.exp(-depth / soft))
        out: NDArray[np.float32] = gain.astype(np.float32)
        return out

    def above(
        self,
        mask: Image,
        map_x: NDArray[np.float32] | None = None,
        map_y: NDArray[np.float32] | None = None,
    ) -> NDArray[np.float32]:
        """Where something held above the board (a hand) shows in the view, 0-1,
        from its mask in the texture (255 where drawn); ``map_x``, ``map_y``:
        a part of the view's maps (a tile), else the whole view."""
        out = cv2.remap(
            mask,
            self.map_x if map_x is None else map_x,
            self.map_y if map_y is None else map_y,
            cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
        )
        above: NDArray[np.float32] = out.astype(np.float32) / 255
        return above

    def lit(self, img: Image, above: NDArray[np.float32] | None = None) -> Image:
        """``img`` under the scene's light (vignetting; with ``light``: a shadow
        band, glare to saturation and a colour cast). The glare is the lamp's
        reflection off the glossy board: none on a hand held over it
        (``above``, :meth:`above`)."""
        gain, add = self.light_gain()
        if above is not None:
            add = unglared(add, above)
        f = cv2.add(cv2.multiply(img, gain, dtype=cv2.CV_32F), add)
        out: Image = cv2.convertScaleAbs(f)
        return out

    def finish(self, img: Image, n: int) -> Image:
        """Frame ``n`` from a lit view: optical blur, motion blur, noise, JPEG."""
        cond = self.condition
        r = rng("frame", self.seed, self._scene_name, n)
        # Optics: the lens is never perfectly sharp.
        img = cv2.GaussianBlur(img, (0, 0), float(r.uniform(0.5, 0.9)))
        if cond.motion_px != (0.0, 0.0):
            length = float(r.uniform(*cond.motion_px))
            ang = float(r.uniform(0, math.pi))
            ks = math.ceil(length) | 1
            kern = np.zeros((ks + 2, ks + 2), np.float32)
            c = (ks + 1) / 2
            dx, dy = math.cos(ang) * length / 2, math.sin(ang) * length / 2
            cv2.line(
                kern,
                (int((c - dx) * 16), int((c - dy) * 16)),
                (int((c + dx) * 16), int((c + dy) * 16)),
                1.0,
                1,
                cv2.LINE_AA,
                4,
            )
            kern /= max(float(kern.sum()), 1e-6)
            img = cv2.filter2D(img, -1, kern)
        img = self._add_noise(img, r)
        q = int(r.integers(cond.jpeg[0], cond.jpeg[1] + 1))
        _ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
        out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), dtype=np.uint8)
        return out

    def _add_noise(self, img: Image, r: np.random.Generator) -> Image:
        """Sensor noise from a field made once per scene (as a positive and a negative
        part, for saturating adds), cropped at a new offset each frame."""
        h, w = img.shape[:2]
        pad = 64
        if self._noise is None:
            nr = rng("noise", self.seed)
            sigma = float(nr.uniform(*self.condition.noise_sigma))
            field_ = nr.standard_normal((h + pad, w + pad), dtype=np.float32) * sigma
            pos = np.clip(field_, 0, 255).astype(np.uint8)
            neg = np.clip(-field_, 0, 255).astype(np.uint8)
            self._noise = (cv2.merge([pos] * 3), cv2.merge([neg] * 3))
        dy, dx = (int(v) for v in r.integers(0, pad, 2))
        pos, neg = (f[dy : dy + h, dx : dx + w] for f in self._noise)
        out: Image = cv2.subtract(cv2.add(img, pos), neg)
        return out


def unglared(add: NDArray[np.float32], above: NDArray[np.float32]) -> NDArray[np.float32]:
    """The additive glare ``add`` where no hand (``above``: 0-1) hides the board."""
    out: NDArray[np.float32] = add * (1 - above)[..., None]
    return out


def hand_mask(tex: Image, plain: Image) -> Image:
    """Where a hand drawn on ``tex`` covers ``plain`` (the same texture without
    it): 255, else 0."""
    out: Image = (cv2.absdiff(tex, plain).max(axis=2) > 0).astype(np.uint8) * 255
    return out
