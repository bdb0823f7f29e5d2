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
import weakref
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from .geometry import CameraPose, build_camera, foot_to_ground
from .layout import Layout, ZoneKind, default_layout
from .lens import Lens
from .plan import DEFAULT_PLAN, Kind, MarkerPlan
from .rig import INK, SKIN, TABLE, CameraRig, camera_for, hand_mask, image_to_plane, rng
from .scenes import random_truth
from .snapshot import TableSnapshot
from .sources import Frame
from .synthetic import Sprite, TableRenderer

Image = NDArray[np.uint8]
Point = tuple[float, float]

BOARD = (120, 172, 205)  # warm board print

__all__ = [
    "CONDITIONS",
    "SKIN",
    "TABLE",
    "Condition",
    "HarshRenderer",
    "HarshScene",
    "charuco_views",
    "harsh_scene",
]

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
    #: Whole games only: the chance that people's shadows and the daylight
    #: change with a move (the mover leans in), and on each calm frame (someone
    #: stands up, a cloud passes, nobody touching a piece).
    relight: tuple[float, float] = (0.0, 0.0)


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
        Condition(
            "shadows",
            "the light group, and in whole games people's shadows and daylight that change"
            " with half the moves and now and then on a calm table",
            light=True,
            frames_of="light",
            relight=(0.5, 0.01),
        ),
    )
}


_rng = rng


@functools.cache
def _placer() -> TableRenderer:
    """Only for where the layout puts each piece (:meth:`TableRenderer.sprites`)."""
    return TableRenderer(size=(160, 120))


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
        self._renderer = HarshRenderer(self, owned=True)

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


def _same(scene: HarshScene) -> HarshScene:
    return scene


def harsh_scene(seed: int, condition: str | Condition) -> HarshScene:
    """A scene of ``condition`` (a name in :data:`CONDITIONS`) from ``seed``."""
    cond = CONDITIONS[condition] if isinstance(condition, str) else condition
    truth = random_truth(np.random.default_rng(seed))
    layout = default_layout()
    pose, lens, calibration = camera_for(seed, cond, layout.extent_mm)
    return HarshScene(seed, cond, truth, pose, lens, calibration, layout)


class HarshRenderer:
    """Draws one :class:`HarshScene`: a top-down texture with the pieces' tops where
    the camera's rays meet the board, then remapped through the distorted lens."""

    def __init__(self, scene: HarshScene, *, owned: bool = False) -> None:
        # A scene's own renderer (``owned``) refers back to it weakly: a strong
        # reference would make a cycle that keeps the rig's frame-sized maps and
        # views (hundreds of MB at 12 MP) alive until the garbage collector's
        # rare full pass. A renderer made on its own keeps its scene.
        self._scene: Callable[[], HarshScene | None] = (
            weakref.ref(scene) if owned else functools.partial(_same, scene)
        )
        cond = scene.condition
        self.size = cond.size
        self.layout = scene.layout
        self.rig = CameraRig(scene.seed, cond, scene.pose, scene.lens, self.layout.extent_mm)
        self.camera = self.rig.camera
        self.H = self.rig.H
        self.cam = self.rig.cam
        self.k = self.rig.k
        self.tex_shape = self.rig.tex_shape
        self.map_x, self.map_y = self.rig.map_x, self.rig.map_y
        self._clean: Image | None = None
        self._hand: Image | None = None

    @property
    def scene(self) -> HarshScene:
        scene = self._scene()
        if scene is None:
            raise ReferenceError("the harsh scene this renderer drew is gone")
        return scene

    # -- texture --------------------------------------------------------------
    def _tex(self, pts: Sequence[Point] | NDArray[np.float64]) -> NDArray[np.int32]:
        return self.rig.tex(pts)

    def _board(self) -> Image:
        tex = self.rig.blank()
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
        self.rig.sticker(tex, marker_id, centre, side_mm, angle_deg, r)

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
        self.rig.hand(tex, centre, r)

    # -- image ----------------------------------------------------------------
    def _view(self, tex: Image) -> Image:
        return self.rig.view(tex)

    def _clean_view(self, hand: bool) -> Image:
        if hand:
            if self._hand is None:
                tex = self._board()
                self._pieces(tex)
                plain = tex.copy()
                self._draw_hand(tex)
                above = self.rig.above(hand_mask(tex, plain))
                self._hand = self._lit(self._view(tex), above)
            return self._hand
        if self._clean is None:
            tex = self._board()
            self._pieces(tex)
            self._clean = self._lit(self._view(tex))
        return self._clean

    def _lit(self, img: Image, above: NDArray[np.float32] | None = None) -> Image:
        return self.rig.lit(img, above)

    def _light_gain(self) -> tuple[NDArray[np.float32], NDArray[np.float32]]:
        return self.rig.light_gain()

    def frame(self, n: int, hand: bool) -> Image:
        return self.rig.finish(self._clean_view(hand), n)


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
        plane = image_to_plane(lens, size, Hs)
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
