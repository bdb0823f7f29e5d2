"""A second, harsher synthetic renderer: the table as a real Pi camera sees it.

Why a second renderer: the pipeline reads its own renderer's frames exactly,
but the two were tuned together. This one shares only the board layout, the
marker plan and where the layout puts each piece; every drawing choice is its
own: markers drawn cell by cell from the dictionary's bits with print gamma
(grey-black ink on off-white paper), a white margin of 0.85-1.15 cells, ink
bleed; cylinders with shaded sides; a board with printed words; and the
image made through a lens with radial distortion, then spoilt in image space.

API::

    scene = harsh_scene(seed, "wide-lens")   # a HarshScene
    scene.truth                                # the TableSnapshot shown
    scene.focal_px                             # the camera's focal length (px)
    scene.lens                                 # the true lens (vision.lens.Lens)
    scene.calibration                          # the lens the pipeline is told,
                                               # or None (uncalibrated)
    for frame in scene.frames(10): ...         # vision.sources.Frame, lazily

:data:`CONDITIONS` maps a condition's name to a :class:`Condition` (what is
varied and how much); the groups follow issue 13's table:

============== ==============================================================
``ideal``      ideal lens, mild light, slight misprints (stickers +-2 %)
``wide-lens``  k1 -0.2..-0.35, uncalibrated
``wide-lens-calibrated``  the same lenses, the pipeline given a slightly
               wrong calibration (k1 +-0.015, focal +-0.5 %, centre +-6 px)
``light``      glare to saturation, vignetting, a shadow band, a colour cast
``motion``     motion blur 2-8 px, double noise, JPEG 70-85
``placement``  pieces 3-6 mm off their spots, stickers +-8 %, ink bleed
``1080p``      ideal, at 1920x1080
``hand-start`` a hand over the board for the first frames
============== ==============================================================

In every group: 3200x2400 unless noted, tilt 0-35 degrees, dark pieces
(navy workers, dark purple and green), printed words on the board ("GOLD",
"MARBLE", "COPPER" beside the market, district names), mild sensor noise,
optical blur. Everything is deterministic from (seed, condition).
"""

from __future__ import annotations

import functools
import math
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from .geometry import CameraPose, build_camera, foot_to_ground
from .layout import Layout, ZoneKind, default_layout
from .lens import Lens
from .plan import DEFAULT_PLAN, DICTIONARY_NAME, Kind, MarkerPlan
from .scenes import random_truth
from .snapshot import TableSnapshot
from .sources import Frame
from .synthetic import Sprite, TableRenderer

Image = NDArray[np.uint8]
Point = tuple[float, float]

PAPER = (226, 232, 236)  # BGR, off-white sticker paper
INK = (44, 40, 46)  # print black is never 0
BOARD = (120, 172, 205)  # warm board print
TABLE = (30, 45, 62)
SKIN = (105, 145, 200)

#: Dark pieces: what real components look like under a table lamp (BGR).
PIECE_BGR: dict[str, tuple[int, int, int]] = {
    "Y": (35, 175, 215),
    "B": (80, 38, 18),
    "W": (205, 210, 210),
    "G": (35, 85, 30),
    "purple": (70, 22, 62),
    "grey": (88, 88, 92),
    "pink": (140, 95, 215),
    "orange": (25, 100, 225),
}


@dataclass(frozen=True)
class Condition:
    """What a condition group varies. Ranges are (low, high), drawn per scene."""

    name: str
    text: str
    size: tuple[int, int] = (3200, 2400)
    tilt_deg: tuple[float, float] = (0.0, 35.0)
    k1: tuple[float, float] = (0.0, 0.0)
    #: The pipeline is told the lens: None (not), "exact", or "slightly-wrong".
    calibration: str | None = None
    sticker_scale: float = 0.02  # +- fraction
    offset_mm: tuple[float, float] = (0.0, 1.0)
    ink_bleed_mm: tuple[float, float] = (0.0, 0.05)
    light: bool = False  # glare to saturation, vignetting, shadow band, colour cast
    vignette: float = 0.12
    motion_px: tuple[float, float] = (0.0, 0.0)
    noise_sigma: tuple[float, float] = (1.5, 3.5)
    jpeg: tuple[int, int] = (88, 95)
    hand_frames: int = 0
    #: Show the very frames of this other group (only what the pipeline is told differs).
    frames_of: str | None = None


CONDITIONS: dict[str, Condition] = {
    c.name: c
    for c in (
        Condition("ideal", "ideal lens, mild light, slight misprints"),
        Condition(
            "wide-lens", "wide-angle lens (k1 -0.2 to -0.35), uncalibrated", k1=(-0.35, -0.2)
        ),
        Condition(
            "wide-lens-calibrated",
            "same lenses, undistorted with a slightly wrong calibration",
            k1=(-0.35, -0.2),
            calibration="slightly-wrong",
            frames_of="wide-lens",
        ),
        Condition("light", "glare up to white, vignetting, a shadow band, colour cast", light=True),
        Condition(
            "motion",
            "motion blur 2-8 px, double noise, JPEG 70-85",
            motion_px=(2.0, 8.0),
            noise_sigma=(3.0, 7.0),
            jpeg=(70, 85),
        ),
        Condition(
            "placement",
            "pieces 3-6 mm off their spots, stickers +-8 %, ink bleed",
            sticker_scale=0.08,
            offset_mm=(3.0, 6.0),
            ink_bleed_mm=(0.1, 0.3),
        ),
        Condition("1080p", "ideal, at 1920x1080", size=(1920, 1080)),
        Condition(
            "hand-start",
            "a hand already over the board when the companion starts",
            hand_frames=6,
        ),
    )
}


def _rng(*parts: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(parts).encode()))


@functools.cache
def _placer() -> TableRenderer:
    """Only for where the layout puts each piece (:meth:`TableRenderer.sprites`)."""
    return TableRenderer(size=(160, 120))


@functools.cache
def _bits(marker_id: int) -> NDArray[np.uint8]:
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


@dataclass
class HarshScene:
    """One scene of a condition group: a table, a camera with a lens, and its frames."""

    seed: int
    condition: Condition
    truth: TableSnapshot
    pose: CameraPose
    lens: Lens
    calibration: Lens | None
    layout: Layout = field(default_factory=default_layout)
    plan: MarkerPlan = DEFAULT_PLAN
    fps: float = 10.0

    def __post_init__(self) -> None:
        self._renderer = HarshRenderer(self)

    @property
    def focal_px(self) -> float:
        return self.lens.fx

    @property
    def size(self) -> tuple[int, int]:
        return self.condition.size

    def markers(self) -> list[tuple[int, Point, float]]:
        """Every marker drawn: (id, where its centre meets the board plane as this
        camera sees it, side mm): the pieces' stickers (tops projected along
        the camera's ray) and the printed ones. For counting wrong ids."""
        cam = self._renderer.cam
        out = [
            (sp.marker_id, foot_to_ground(sp.at[0], sp.at[1], cam, sp.height_mm), sp.side_mm)
            for sp in self.sprites()
            if sp.marker_id >= 0
        ]
        for name, centre in self.layout.corners.items():
            e = self.plan.find(Kind.CORNER, name)
            out.append((e.marker_id, centre, e.side_mm))
        for kind, zone_kind, comp in (
            (Kind.COIN_SPOT, ZoneKind.COIN_SPOT, "coin-spot"),
            (Kind.MARKET_CELL, ZoneKind.MARKET_CELL, "market-cell"),
        ):
            e = self.plan.find(kind, comp)
            out += [(e.marker_id, z.anchors[0], e.side_mm) for z in self.layout.of_kind(zone_kind)]
        return out

    def sprites(self) -> list[Sprite]:
        """The pieces as drawn (feet moved off their spots as the condition says)."""
        return self._renderer.sprites()

    def frames(self, count: int) -> Iterator[Frame]:
        for n in range(count):
            hand = n < self.condition.hand_frames
            yield Frame(image=self._renderer.frame(n, hand), number=n, time=n / self.fps)


def harsh_scene(seed: int, condition: str | Condition) -> HarshScene:
    """A scene of ``condition`` (a name in :data:`CONDITIONS`) from ``seed``."""
    cond = CONDITIONS[condition] if isinstance(condition, str) else condition
    rng = _rng("scene", seed, cond.frames_of or cond.name)
    truth = random_truth(np.random.default_rng(seed))
    pose = CameraPose(
        height_mm=float(rng.uniform(900, 1400)),
        tilt_deg=float(rng.uniform(*cond.tilt_deg)),
        azimuth_deg=float(rng.uniform(0, 360)),
        roll_deg=float(rng.uniform(-20, 20)),
    )
    layout = default_layout()
    # The lens is drawn with its own generator so "wide-lens" and
    # "wide-lens-calibrated" of one seed show the very same frames.
    lrng = _rng("lens", seed)
    k1 = float(lrng.uniform(*cond.k1)) if cond.k1 != (0.0, 0.0) else 0.0
    lens = fit_lens(pose, cond.size, layout.extent_mm, k1)
    calibration: Lens | None = None
    if cond.calibration == "exact":
        calibration = lens
    elif cond.calibration == "slightly-wrong":
        crng = _rng("calibration", seed)
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
    return HarshScene(seed, cond, truth, pose, lens, calibration, layout)


class HarshRenderer:
    """Draws one :class:`HarshScene`: a top-down texture with the pieces' tops where
    the camera's rays meet the board, then remapped through the distorted lens."""

    def __init__(self, scene: HarshScene) -> None:
        self.scene = scene
        cond = scene.condition
        self.rng = _rng("render", scene.seed, cond.frames_of or cond.name)
        self.size = cond.size
        self.layout = scene.layout
        self.camera = build_camera(
            replace(scene.pose, focal_px=scene.lens.fx), self.size, self.layout.extent_mm
        )
        self.H = self.camera.plane_homography(0.0)
        c = self.camera.centre
        self.cam = np.array([c[0], c[1], -c[2]])
        # Image -> board mm, then texture px.
        board_of = _image_to_plane(scene.lens, self.size, self.H)
        # Texture density: 1.4x the finest image sampling of the board, at most 8 px/mm.
        dens = np.hypot(*np.gradient(board_of[::8, ::8, 0], 8, axis=(1, 0)))
        mm_per_px = float(np.percentile(dens[np.isfinite(dens)], 1))
        self.k = float(min(8.0, max(2.5, 1.4 / max(mm_per_px, 1e-6))))
        x0, y0, x1, y1 = self.layout.extent_mm
        pad = 30.0
        self.origin = (x0 - pad, y0 - pad)
        self.map_x = np.ascontiguousarray((board_of[..., 0] - self.origin[0]) * self.k)
        self.map_y = np.ascontiguousarray((board_of[..., 1] - self.origin[1]) * self.k)
        self.tex_shape = (
            math.ceil((y1 - y0 + 2 * pad) * self.k),
            math.ceil((x1 - x0 + 2 * pad) * self.k),
        )
        self._clean: Image | None = None
        self._hand: Image | None = None
        self._light: tuple[NDArray[np.float32], NDArray[np.float32]] | None = None
        self._noise: tuple[Image, Image] | None = None

    # -- texture --------------------------------------------------------------
    def _tex(self, pts: Sequence[Point] | NDArray[np.float64]) -> NDArray[np.int32]:
        a = np.asarray(pts, dtype=np.float64).reshape(-1, 2)
        out = (a - np.array(self.origin)) * self.k * 16
        res: NDArray[np.int32] = np.round(out).astype(np.int32)
        return res

    def _board(self) -> Image:
        tex = np.empty((*self.tex_shape, 3), np.uint8)
        tex[:] = TABLE
        bw, bh = self.layout.board_mm
        r = _rng("board-art", self.scene.seed)
        cv2.fillPoly(tex, [self._tex([(0, 0), (bw, 0), (bw, bh), (0, bh)])], BOARD, cv2.LINE_8, 4)
        # Board art: soft-edged shapes and hatching, never square black blocks;
        # printed on the board, so it stops at the board's edge.
        art = tex.copy()
        for _ in range(40):
            c = r.uniform(0, bw, 2)
            rad = float(r.uniform(8, 50))
            shade = tuple(int(v) for v in r.integers(60, 200, 3))
            cv2.circle(
                art, tuple(self._tex(c)[0]), int(rad * self.k * 16), shade, -1, cv2.LINE_AA, 4
            )
        on_board = np.zeros(self.tex_shape, np.uint8)
        cv2.fillPoly(
            on_board, [self._tex([(0, 0), (bw, 0), (bw, bh), (0, bh)])], 255, cv2.LINE_8, 4
        )
        np.copyto(tex, art, where=on_board[..., None] > 0)
        lake = self._tex([(200.0, 200.0), (440.0, 200.0), (440.0, 440.0), (200.0, 440.0)])
        cv2.fillPoly(tex, [lake], (150, 120, 70), cv2.LINE_AA, 4)
        zone_bgr = {
            ZoneKind.SECTION: (100, 150, 190),
            ZoneKind.PATH: (95, 130, 150),
            ZoneKind.MAHARAJAH: (50, 100, 180),
            ZoneKind.MARKET_SPACE: (140, 140, 175),
            ZoneKind.DONATION: (185, 190, 195),
            ZoneKind.STOREHOUSES: (50, 70, 95),
        }
        for zone in self.layout.zones:
            bgr = zone_bgr.get(zone.kind)
            if bgr is not None and not (zone.kind is ZoneKind.DONATION and zone.players != (4,)):
                cv2.fillPoly(tex, [self._tex(zone.polygon)], bgr, cv2.LINE_AA, 4)
            cv2.polylines(tex, [self._tex(zone.polygon)], True, (40, 55, 75), 2, cv2.LINE_AA, 4)
        # Printed words, as black as the markers (id 38 was once read off "GOLD").
        words: list[tuple[str, Point]] = []
        cols: dict[str, list[Point]] = {}
        for zone in self.layout.of_kind(ZoneKind.MARKET_CELL):
            cols.setdefault(zone.name.split(":")[0], []).append(zone.anchors[0])
        for res, pts in cols.items():
            top = min(pts, key=lambda p: p[1])
            words.append((res.upper(), (top[0] - 14, top[1] - 14)))
        for zone in self.layout.of_kind(ZoneKind.SECTION):
            cx, cy = zone.centre
            words.append((zone.name, (cx - 8, cy + 14)))
        words.append(("AMRITSAR", (250.0, 470.0)))
        for text, (x, y) in words:
            scale = 7.0 * self.k / 22  # letters about 7 mm high, like a marker's bits
            org = tuple(int(v) for v in self._tex([(x, y)])[0] // 16)
            thick = max(1, int(2.5 * scale))
            cv2.putText(tex, text, org, cv2.FONT_HERSHEY_DUPLEX, scale, INK, thick, cv2.LINE_AA)
        plan = self.scene.plan
        for name, centre in self.layout.corners.items():
            e = plan.find(Kind.CORNER, name)
            self._sticker(tex, e.marker_id, centre, e.side_mm, 0.0, r)
        spot = plan.find(Kind.COIN_SPOT, "coin-spot")
        for zone in self.layout.of_kind(ZoneKind.COIN_SPOT):
            self._sticker(tex, spot.marker_id, zone.anchors[0], spot.side_mm, 0.0, r)
        cell = plan.find(Kind.MARKET_CELL, "market-cell")
        for zone in self.layout.of_kind(ZoneKind.MARKET_CELL):
            self._sticker(tex, cell.marker_id, zone.anchors[0], cell.side_mm, 0.0, r)
        return tex

    def _sticker(
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
        cond = self.scene.condition
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
            return self._tex(pts)

        half = side / 2
        paper = tuple(int(p) + int(r.integers(-6, 4)) for p in PAPER)
        cv2.fillConvexPoly(
            tex,
            quad(-half - margin, -half - margin, half + margin, half + margin),
            paper,
            cv2.LINE_AA,
            4,
        )
        bits = _bits(marker_id)
        grid = np.zeros((6, 6), bool)
        grid[1:5, 1:5] = bits == 0
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

    def sprites(self) -> list[Sprite]:
        cond = self.scene.condition
        out = []
        for sp in _placer().sprites(self.scene.truth):
            r = _rng(
                "offset", self.scene.seed, sp.marker_id, round(sp.at[0], 3), round(sp.at[1], 3)
            )
            d = float(r.uniform(*cond.offset_mm))
            a = float(r.uniform(0, 2 * math.pi))
            if sp.body == "tile" or sp.marker_id < 0:
                d *= 0.3
            out.append(replace(sp, at=(sp.at[0] + d * math.cos(a), sp.at[1] + d * math.sin(a))))
        return out

    def _colour(self, sp: Sprite) -> tuple[int, int, int]:
        entry = next((e for e in self.scene.plan.entries if e.marker_id == sp.marker_id), None)
        if entry is not None and entry.kind is Kind.WORKER:
            return PIECE_BGR[entry.component[0]]
        if entry is not None and entry.kind in (Kind.COUNTER, Kind.ELEPHANT):
            return PIECE_BGR.get(entry.component, sp.bgr)
        return sp.bgr

    def _pieces(self, tex: Image) -> None:
        r = _rng("stickers", self.scene.seed)
        sprites = sorted(self.sprites(), key=lambda s: s.height_mm)
        tops = []
        for sp in sprites:
            top = foot_to_ground(sp.at[0], sp.at[1], self.cam, sp.height_mm)
            k = self.cam[2] / (self.cam[2] - sp.height_mm)
            bgr = self._colour(sp)
            side = tuple(int(c * 0.55) for c in bgr)
            rad = sp.size_mm / 2
            if sp.body in ("disc", "coin", "elephant"):
                ring = np.linspace(0, 2 * math.pi, 36, endpoint=False)
                e = 0.62 if sp.body == "elephant" else 1.0
                ca, sa = math.cos(math.radians(sp.angle_deg)), math.sin(math.radians(sp.angle_deg))
                ox = rad * np.cos(ring)
                oy = rad * e * np.sin(ring)
                circ = np.column_stack([ox * ca - oy * sa, ox * sa + oy * ca])
                foot = circ + np.array(sp.at)
                topc = circ * k + np.array(top)
                hull = cv2.convexHull(self._tex(np.concatenate([foot, topc])))
                cv2.fillConvexPoly(tex, hull, side, cv2.LINE_AA, 4)
                tops.append((sp, self._tex(topc), bgr, top, k))
            else:
                sq = _square(sp.at, rad, sp.angle_deg)
                sqt = _square(top, rad * k, sp.angle_deg)
                hull = cv2.convexHull(self._tex(np.concatenate([sq, sqt])))
                cv2.fillConvexPoly(tex, hull, side, cv2.LINE_AA, 4)
                tops.append((sp, self._tex(sqt), bgr, top, k))
        for sp, poly, bgr, top, k in tops:
            cv2.fillConvexPoly(tex, poly, bgr, cv2.LINE_AA, 4)
            if sp.marker_id >= 0:
                self._sticker(tex, sp.marker_id, top, sp.side_mm * k, sp.angle_deg, r)

    def _draw_hand(self, tex: Image) -> None:
        r = _rng("hand", self.scene.seed)
        zones = [z for z in self.layout.zones if z.kind in (ZoneKind.SECTION, ZoneKind.DONATION)]
        centre = zones[int(r.integers(len(zones)))].centre
        height = float(r.uniform(70, 120))
        toward = float(r.choice([0.0, 90.0, 180.0, 270.0]))
        a = math.radians(toward)
        ax, ay = math.sin(a), -math.cos(a)  # towards the arm
        px, py = -ay, ax

        def ground(points: NDArray[np.float64]) -> NDArray[np.int32]:
            g = np.array([foot_to_ground(x, y, self.cam, height) for x, y in points])
            return self._tex(g)

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
        cv2.fillPoly(tex, [ground(arm)], (70, 95, 140), cv2.LINE_AA, 4)
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
    def _view(self, tex: Image) -> Image:
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

    def _light_gain(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        """Per-pixel, per-channel gain (vignetting, shadow band, colour cast) and an
        additive glare; made small and scaled up (light varies slowly)."""
        if self._light is None:
            w, h = self.size
            sw, sh = w // 8, h // 8
            r = _rng(
                "light",
                self.scene.seed,
                self.scene.condition.frames_of or self.scene.condition.name,
            )
            yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
            nx, ny = (xx - sw / 2) / (sw / 2), (yy - sh / 2) / (sh / 2)
            cond = self.scene.condition
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
            big = cv2.resize(gain.astype(np.float32), (w, h))
            self._light = (
                cv2.merge([big * float(c) for c in cast]),
                cv2.merge([cv2.resize(add.astype(np.float32), (w, h))] * 3),
            )
        return self._light

    def _clean_view(self, hand: bool) -> Image:
        if hand:
            if self._hand is None:
                tex = self._board()
                self._pieces(tex)
                self._draw_hand(tex)
                self._hand = self._lit(self._view(tex))
            return self._hand
        if self._clean is None:
            tex = self._board()
            self._pieces(tex)
            self._clean = self._lit(self._view(tex))
        return self._clean

    def _lit(self, img: Image) -> Image:
        gain, add = self._light_gain()
        f = cv2.add(cv2.multiply(img, gain, dtype=cv2.CV_32F), add)
        out: Image = cv2.convertScaleAbs(f)
        return out

    def frame(self, n: int, hand: bool) -> Image:
        cond = self.scene.condition
        img = self._clean_view(hand)
        r = _rng("frame", self.scene.seed, cond.frames_of or cond.name, n)
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
        img = self._add_noise(img, n, r)
        q = int(r.integers(cond.jpeg[0], cond.jpeg[1] + 1))
        _ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])
        out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), dtype=np.uint8)
        return out

    def _add_noise(self, img: Image, n: int, r: np.random.Generator) -> Image:
        """Sensor noise from a field made once per scene (as a positive and a negative
        part, for saturating adds), cropped at a new offset each frame."""
        h, w = img.shape[:2]
        pad = 64
        if self._noise is None:
            nr = _rng("noise", self.scene.seed)
            sigma = float(nr.uniform(*self.scene.condition.noise_sigma))
            field_ = nr.standard_normal((h + pad, w + pad), dtype=np.float32) * sigma
            pos = np.clip(field_, 0, 255).astype(np.uint8)
            neg = np.clip(-field_, 0, 255).astype(np.uint8)
            self._noise = (cv2.merge([pos] * 3), cv2.merge([neg] * 3))
        dy, dx = (int(v) for v in r.integers(0, pad, 2))
        pos, neg = (f[dy : dy + h, dx : dx + w] for f in self._noise)
        out: Image = cv2.subtract(cv2.add(img, pos), neg)
        return out


def _image_to_plane(
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


def charuco_views(
    lens: Lens, count: int, seed: int = 0, pose: CameraPose | None = None
) -> list[Image]:
    """Frames of the calibration sheet (:mod:`vision.calibration`) shown to a camera
    with ``lens`` at ``count`` places: flat on the table, raised and tilted up to
    40 degrees, spread over the frame so its edges are covered."""
    from .calibration import SQUARE_MM, SQUARES, sheet_image

    size = lens.size
    camera = build_camera(
        replace(pose or CameraPose(tilt_deg=15.0), focal_px=lens.fx),
        size,
        default_layout().extent_mm,
    )
    k, margin = 8.0, 8.0
    sheet = cv2.cvtColor(sheet_image(k, margin), cv2.COLOR_GRAY2BGR)
    sheet = cv2.GaussianBlur(sheet, (0, 0), 1.2)
    half = np.array([SQUARES[0] * SQUARE_MM / 2, SQUARES[1] * SQUARE_MM / 2])
    x0, y0, x1, y1 = default_layout().extent_mm
    frames = []
    for n in range(count):
        r = _rng("charuco", seed, n)
        # Spread the places: a 4x3 grid over the table, then random.
        gx, gy = (n % 4 + 0.5) / 4, (n // 4 % 3 + 0.5) / 3
        if n >= 12:
            gx, gy = r.uniform(0.15, 0.85, 2)
        centre = np.array([x0 + gx * (x1 - x0), y0 + gy * (y1 - y0), -float(r.uniform(0, 250))])
        tilt = math.radians(float(r.uniform(0, 40)) if n >= 4 else float(r.uniform(0, 8)))
        axis_a = float(r.uniform(0, 2 * math.pi))
        spin = float(r.uniform(0, 2 * math.pi))
        axis = np.array([math.cos(axis_a), math.sin(axis_a), 0.0])
        Rt, _ = cv2.Rodrigues(axis * tilt)
        Rz, _ = cv2.Rodrigues(np.array([0.0, 0.0, spin]))
        Rs = Rt @ Rz
        r1, r2 = Rs[:, 0], Rs[:, 1]
        origin = centre - r1 * half[0] - r2 * half[1]
        Hs = camera.K @ np.column_stack(
            [camera.R @ r1, camera.R @ r2, camera.R @ origin + camera.t]
        )
        plane = _image_to_plane(lens, size, Hs)
        mx = (plane[..., 0] + margin) * k
        my = (plane[..., 1] + margin) * k
        img = cv2.remap(
            sheet, mx, my, cv2.INTER_LINEAR, borderMode=cv2.BORDER_CONSTANT, borderValue=BOARD
        )
        gain = float(r.uniform(0.7, 1.0))
        noise = r.normal(0, 3.0, img.shape[:2]).astype(np.float32)
        f = img.astype(np.float32) * gain + noise[..., None]
        frames.append(np.clip(f, 0, 255).astype(np.uint8))
    return frames


def _square(at: Point, half: float, angle_deg: float) -> NDArray[np.float64]:
    a = math.radians(angle_deg)
    u = np.array([math.cos(a), math.sin(a)])
    v = np.array([-u[1], u[0]])
    c = np.array(at)
    return np.array(
        [c + (fx * u + fy * v) * half for fx, fy in ((-1, -1), (1, -1), (1, 1), (-1, 1))]
    )
