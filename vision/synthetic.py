"""The synthetic table: renders camera frames of a known table state.

For tests, benchmarks and the demo, where no camera exists. A
:class:`TableRenderer` draws the board texture (zones, printed corner, coin
spot and market cell markers) and every piece of a :class:`TableSnapshot`
"truth" with its sticker marker, then views it through a pinhole camera
(:class:`CameraPose`: height, tilt up to 45 degrees, rotation) and spoils the
frame as a real camera would (:class:`Effects`: blur, noise, uneven light,
glare, JPEG) and can put a hand over the board (:class:`Hand`).

Pieces stand at their real height: a worker's sticker is drawn where a camera
would see the top of a 16 mm piece, so the pipeline's parallax correction is
exercised. Everything is deterministic from the seed.

:class:`SyntheticCamera` is a frame source over the renderer: tell it the
table's truth, or a move (``move(new_truth, hand_frames=4)``), and read frames.
"""

from __future__ import annotations

import contextlib
import math
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.amritsar import PLAYER_COLOURS, District, Resource

from .detect import plan_dictionary
from .geometry import Camera, CameraPose, build_camera, foot_to_ground
from .layout import (
    DISTRICT_SLOT_NAMES,
    Layout,
    ZoneKind,
    default_layout,
    market_cell_name,
)
from .packed import PackedImage
from .plan import DEFAULT_PLAN, Kind, MarkerPlan
from .snapshot import ELEPHANT_OFF, TableSnapshot
from .sources import Frame

Image = NDArray[np.uint8]
Point = tuple[float, float]

#: Default frame size: 4.9 MP shows a 10 mm sticker at about 24-28 px across the
#: whole table (1080p gives 16 px, too few; see docs/vision.md).
SYNTHETIC_SIZE = (2560, 1920)

#: Side of the sensor-noise tile repeated over a frame (px).
NOISE_TILE = 256

#: Counters that fit flat on a market space; more are stacked and hidden.
MARKET_SPACE_FLAT = 6

# Colours (BGR).
PLAYER_BGR = {
    "purple": (140, 50, 120),
    "grey": (120, 120, 120),
    "pink": (170, 120, 235),
    "orange": (40, 130, 240),
}
WORKER_BGR = {"Y": (40, 210, 235), "B": (200, 110, 40), "W": (235, 235, 235), "G": (60, 160, 60)}
RESOURCE_BGR = {
    Resource.MARBLE: (225, 225, 230),
    Resource.COPPER: (50, 110, 190),
    Resource.GOLD: (30, 190, 230),
}
BOARD_BGR = (150, 195, 215)
TABLE_BGR = (40, 60, 85)
SKIN_BGR = (120, 160, 215)


@dataclass(frozen=True)
class Effects:
    """How a frame is spoilt. All default to off (a clean frame)."""

    blur_sigma: float = 0.0
    noise_sigma: float = 0.0
    light_gradient: float = 0.0
    glare: float = 0.0
    jpeg_quality: int | None = None


CLEAN = Effects()
DEFAULT_POSE = CameraPose()


@dataclass(frozen=True)
class Hand:
    """A hand-shaped blob above the board: palm at ``centre`` (board mm), the arm
    coming in from compass direction ``from_deg`` (180: from the south edge)."""

    centre: Point
    from_deg: float = 180.0
    height_mm: float = 90.0
    scale: float = 1.0


@dataclass(frozen=True)
class Sprite:
    """A piece to draw: its foot position (board mm), marker, look and height."""

    marker_id: int
    at: Point
    side_mm: float
    height_mm: float
    angle_deg: float
    body: str  # disc, elephant, tile, cube, coin
    size_mm: float
    bgr: tuple[int, int, int]


def _seeded(*parts: object) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(repr(parts).encode()))


class TableRenderer:
    """Draws truths through a camera. Board texture is cached; so is the piece
    layer for the last (truth, camera) pair."""

    def __init__(
        self,
        layout: Layout | None = None,
        plan: MarkerPlan = DEFAULT_PLAN,
        *,
        pose: CameraPose = DEFAULT_POSE,
        size: tuple[int, int] = SYNTHETIC_SIZE,
        effects: Effects = CLEAN,
        seed: int = 0,
        texture_px_per_mm: float | None = None,
    ) -> None:
        self.layout = layout or default_layout()
        self.plan = plan
        self.size = size
        self.effects = effects
        self.seed = seed
        self._dictionary = plan_dictionary(plan)
        self._plan_index = {mid: i for i, mid in enumerate(sorted(plan.ids))}
        self._marker_cache: dict[tuple[int, int], Image] = {}
        self._jitter: dict[str, tuple[float, float, float]] = {}
        self._truth_seen: tuple[int, str] | None = None
        self.set_pose(pose, texture_px_per_mm)

    # -- camera ------------------------------------------------------------
    def set_pose(self, pose: CameraPose, texture_px_per_mm: float | None = None) -> None:
        self.pose = pose
        self.camera: Camera = build_camera(pose, self.size, self.layout.extent_mm)
        self.H = self.camera.plane_homography(0.0)
        scale = texture_px_per_mm or max(2.0, math.ceil(self.board_px_per_mm() * 1.3 * 2) / 2)
        if getattr(self, "tex_scale", None) != scale:
            self.tex_scale = scale
            # Kept packed (compressed tiles, lossless): only a move's boxes are read back.
            self._base = PackedImage(self._draw_base())
        x0, y0, _, _ = self.layout.extent_mm
        S = np.array([[scale, 0, -x0 * scale], [0, scale, -y0 * scale], [0, 0, 1]])
        self._tex_to_img = self.H @ np.linalg.inv(S)
        self._light: NDArray[np.uint8] | None = None
        self._noise: NDArray[np.int16] | None = None
        self._view: Image | None = None
        self._dirty: list[tuple[int, int, int, int]] | None = None
        self._sprites: list[Sprite] | None = None
        self._layer: PackedImage | None = None
        self._layer_key: object = None

    def board_px_per_mm(self) -> float:
        """Largest image pixels per board mm anywhere on the board (nearest edge)."""
        x0, y0, x1, y1 = self.layout.extent_mm
        pts = np.array([[x, y] for x in (x0, x1) for y in (y0, y1)], dtype=np.float64)
        best = 0.0
        for x, y in pts:
            a = cv2.perspectiveTransform(np.array([[[x, y], [x + 1, y]]]), self.H)[0]
            best = max(best, float(np.linalg.norm(a[1] - a[0])))
        return best

    @property
    def focal_px(self) -> float:
        return float(self.camera.K[0, 0])

    # -- texture -------------------------------------------------------------
    def _to_tex(self, pts: Sequence[Point]) -> NDArray[np.int32]:
        x0, y0, _, _ = self.layout.extent_mm
        s = self.tex_scale * 16
        return np.array([[(x - x0) * s, (y - y0) * s] for x, y in pts], dtype=np.int32)

    def _draw_base(self) -> Image:
        x0, y0, x1, y1 = self.layout.extent_mm
        s = self.tex_scale
        tex = np.empty((math.ceil((y1 - y0) * s), math.ceil((x1 - x0) * s), 3), np.uint8)
        tex[:] = TABLE_BGR
        bw, bh = self.layout.board_mm
        cv2.fillConvexPoly(
            tex, self._to_tex([(0, 0), (bw, 0), (bw, bh), (0, bh)]), BOARD_BGR, cv2.LINE_AA, 4
        )
        lake = [(190.0, 190.0), (450.0, 190.0), (450.0, 450.0), (190.0, 450.0)]
        cv2.fillConvexPoly(tex, self._to_tex(lake), (170, 140, 90), cv2.LINE_AA, 4)
        rng = _seeded("art", self.seed)
        for _ in range(60):  # board art: strokes that are not markers
            a = rng.uniform(0, bw, 2)
            b = a + rng.normal(0, 40, 2)
            shade = int(rng.integers(40, 140))
            cv2.line(
                tex,
                self._to_tex([tuple(a)])[0],
                self._to_tex([tuple(b)])[0],
                (shade, shade + 20, shade + 30),
                max(1, int(s)),
                cv2.LINE_AA,
                4,
            )
        zone_bgr = {
            ZoneKind.SECTION: (120, 170, 200),
            ZoneKind.PATH: (110, 150, 170),
            ZoneKind.MAHARAJAH: (60, 120, 200),
            ZoneKind.DISTRICT_SLOT: (130, 175, 195),
            ZoneKind.MARKET_SPACE: (160, 160, 190),
            ZoneKind.STOREHOUSES: (60, 80, 105),
            ZoneKind.DONATION: (200, 200, 205),
        }
        for zone in self.layout.zones:
            bgr = zone_bgr.get(zone.kind)
            if bgr is not None and not (zone.kind is ZoneKind.DONATION and zone.players != (4,)):
                cv2.fillPoly(tex, [self._to_tex(zone.polygon)], bgr, cv2.LINE_AA, 4)
            cv2.polylines(tex, [self._to_tex(zone.polygon)], True, (70, 90, 110), 1, cv2.LINE_AA, 4)
        for name, centre in self.layout.corners.items():
            entry = self.plan.find(Kind.CORNER, name)
            self._stamp(tex, entry.marker_id, centre, entry.side_mm, 0.0)
        spot = self.plan.find(Kind.COIN_SPOT, "coin-spot")
        for zone in self.layout.of_kind(ZoneKind.COIN_SPOT):
            self._stamp(tex, spot.marker_id, zone.anchors[0], spot.side_mm, 0.0)
        cell = self.plan.find(Kind.MARKET_CELL, "market-cell")
        for zone in self.layout.of_kind(ZoneKind.MARKET_CELL):
            self._stamp(tex, cell.marker_id, zone.anchors[0], cell.side_mm, 0.0)
        return tex

    def _marker_image(self, marker_id: int, px: int) -> Image:
        key = (marker_id, px)
        img = self._marker_cache.get(key)
        if img is None:
            img = cv2.aruco.generateImageMarker(self._dictionary, self._plan_index[marker_id], px)
            self._marker_cache[key] = img
        return img

    def _stamp(
        self, tex: Image, marker_id: int, centre: Point, side_mm: float, angle_deg: float
    ) -> None:
        """Sticker (white quiet zone of one cell) and marker, turned by ``angle_deg``."""
        s = self.tex_scale
        x0, y0, _, _ = self.layout.extent_mm
        cx, cy = (centre[0] - x0) * s, (centre[1] - y0) * s
        side = side_mm * s
        a = math.radians(angle_deg)
        ux, uy = math.cos(a), math.sin(a)  # marker's right
        vx, vy = -uy, ux  # marker's down

        def corner(fx: float, fy: float, half: float) -> tuple[float, float]:
            return (cx + (fx * ux + fy * vx) * half, cy + (fx * uy + fy * vy) * half)

        sticker = side * 8 / 6 / 2
        quad = np.array(
            [
                corner(-1, -1, sticker),
                corner(1, -1, sticker),
                corner(1, 1, sticker),
                corner(-1, 1, sticker),
            ]
        )
        cv2.fillConvexPoly(tex, (quad * 16).astype(np.int32), (250, 250, 250), cv2.LINE_AA, 4)
        px = max(12, round(side / 6) * 6)
        marker = self._marker_image(marker_id, px)
        src = np.array([[0, 0], [px, 0], [0, px]], dtype=np.float32)
        dst = np.array(
            [corner(-1, -1, side / 2), corner(1, -1, side / 2), corner(-1, 1, side / 2)],
            dtype=np.float32,
        )
        bx0 = int(max(0, math.floor(quad[:, 0].min()) - 1))
        by0 = int(max(0, math.floor(quad[:, 1].min()) - 1))
        bx1 = int(min(tex.shape[1], math.ceil(quad[:, 0].max()) + 2))
        by1 = int(min(tex.shape[0], math.ceil(quad[:, 1].max()) + 2))
        if bx1 <= bx0 or by1 <= by0:
            return
        M = cv2.getAffineTransform(src, dst - np.array([bx0, by0], dtype=np.float32))
        roi = tex[by0:by1, bx0:bx1]
        m3 = cv2.cvtColor(marker, cv2.COLOR_GRAY2BGR)
        cv2.warpAffine(
            m3,
            M,
            (bx1 - bx0, by1 - by0),
            roi,
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_TRANSPARENT,
        )

    # -- pieces --------------------------------------------------------------
    def sprites(self, truth: TableSnapshot) -> list[Sprite]:
        """Every piece of ``truth`` as a sprite at its foot position."""
        plan, layout, seed = self.plan, self.layout, self.seed
        out: list[Sprite] = []

        def jitter(key: str) -> tuple[float, float, float]:
            got = self._jitter.get(key)
            if got is None:
                r = _seeded("piece", seed, key)
                got = (float(r.normal(0, 0.8)), float(r.normal(0, 0.8)), float(r.uniform(0, 360)))
                self._jitter[key] = got
            return got

        def add(
            kind: Kind,
            comp: str,
            at: Point,
            body: str,
            size: float,
            bgr: tuple[int, int, int],
            *,
            face: str = "",
            angle: float | None = None,
            key: str = "",
            level: int = 0,
        ) -> None:
            entry = plan.find(kind, comp, face)
            jx, jy, ja = jitter(f"{kind}:{comp}:{key}")
            if body == "tile":
                jx, jy, ja = jx * 0.5, jy * 0.5, 0.0
            out.append(
                Sprite(
                    entry.marker_id,
                    (at[0] + jx, at[1] + jy),
                    entry.side_mm,
                    entry.height_mm + level * 2.0,
                    angle if angle is not None else ja,
                    body,
                    size,
                    bgr,
                )
            )

        for section, workers in truth.sections.items():
            zone = layout.zone(ZoneKind.SECTION, section)
            a = zone.anchors
            for slot, worker in enumerate(workers):
                # A fifth worker (an impossible table, for tests) squeezes in past slot 4.
                extra = slot - len(a) + 1
                slot_at = (
                    a[slot]
                    if extra <= 0
                    else (
                        a[-1][0] + extra * (a[-1][0] - a[-2][0]),
                        a[-1][1] + extra * (a[-1][1] - a[-2][1]),
                    )
                )
                add(Kind.WORKER, worker, slot_at, "disc", 15.0, WORKER_BGR[worker[0]])
        for space, beside in truth.maharajah_workers.items():
            if beside:
                z = layout.zone(ZoneKind.MAHARAJAH_WORKER, space)
                add(Kind.WORKER, beside, z.anchors[0], "disc", 15.0, WORKER_BGR[beside[0]])
        for i, colour in enumerate(PLAYER_COLOURS):
            where = truth.elephants.get(colour)
            if where is None:
                continue
            if where == ELEPHANT_OFF:
                at: Point = (560.0 + 0 * i, 520.0 + 28 * i)
            else:
                at = layout.zone(ZoneKind.PATH, where).anchors[i]
            add(Kind.ELEPHANT, colour, at, "elephant", 22.0, PLAYER_BGR[colour])
        if truth.maharajah:
            z = layout.zone(ZoneKind.MAHARAJAH, truth.maharajah)
            add(Kind.MAHARAJAH, "maharajah-board", z.anchors[0], "coin", 26.0, (30, 170, 220))
        for space, donor in truth.donations.items():
            if donor:
                z = layout.zone(ZoneKind.DONATION, space, truth.players)
                add(Kind.COUNTER, donor, z.anchors[0], "disc", 16.0, PLAYER_BGR[donor], key=space)
        for colour, count in truth.market_counters.items():
            z = layout.zone(ZoneKind.MARKET_SPACE, colour)
            for j in range(count or 0):
                anchor = z.anchors[j % len(z.anchors)]
                add(
                    Kind.COUNTER,
                    colour,
                    anchor,
                    "disc",
                    16.0,
                    PLAYER_BGR[colour],
                    key=f"market{j}",
                    level=j // len(z.anchors) * 3,
                )
        for section, coins in truth.coins.items():
            z = layout.zone(ZoneKind.COIN_SPOT, section)
            for j in range(coins or 0):
                r = _seeded("coin", seed, section, j)
                at = (
                    z.anchors[0][0] + float(r.normal(0, 1.0)),
                    z.anchors[0][1] + float(r.normal(0, 1.0)),
                )
                out.append(Sprite(-1, at, 0.0, 2.0 * (j + 1), 0.0, "coin", 19.0, (40, 170, 210)))
        for resource in Resource:
            for row, full in enumerate(truth.market.get(resource.name.lower(), ()), start=1):
                if full:
                    z = layout.zone(ZoneKind.MARKET_CELL, market_cell_name(resource, row))
                    r = _seeded("cube", seed, resource.name, row)
                    at = (
                        z.anchors[0][0] + float(r.normal(0, 0.7)),
                        z.anchors[0][1] + float(r.normal(0, 0.7)),
                    )
                    out.append(
                        Sprite(
                            -1,
                            at,
                            0.0,
                            9.0,
                            float(r.uniform(-15, 15)),
                            "cube",
                            9.5,
                            RESOURCE_BGR[resource],
                        )
                    )
        setup = truth.setup
        tile_bgr = {
            "Y": (80, 200, 230),
            "B": (190, 130, 70),
            "W": (215, 215, 215),
            "G": (90, 170, 90),
        }
        for d in District:
            for place, tile in zip(
                DISTRICT_SLOT_NAMES, setup.district_tiles.get(d.letter, ()), strict=False
            ):
                if tile:
                    z = layout.zone(ZoneKind.DISTRICT_SLOT, f"{d.letter}:{place}")
                    add(
                        Kind.DISTRICT_TILE,
                        tile,
                        z.centre,
                        "tile",
                        46.0,
                        tile_bgr[tile[1]],
                        angle=90.0 * d.value,
                    )
        if setup.temple_active:
            z = layout.zone(ZoneKind.TEMPLE, "active")
            add(
                Kind.TEMPLE_TILE,
                setup.temple_active,
                z.anchors[0],
                "tile",
                56.0,
                (60, 150, 200),
                angle=float(setup.temple_rotation or 0),
            )
        for stack_slot, stacked in setup.temple_stack.items():
            if stacked:
                z = layout.zone(ZoneKind.TEMPLE, stack_slot)
                add(
                    Kind.TEMPLE_TILE, stacked, z.anchors[0], "tile", 42.0, (60, 150, 200), angle=0.0
                )
        for decade, bridge in setup.bridges.items():
            if bridge:
                z = layout.zone(ZoneKind.BRIDGE, decade)
                add(
                    Kind.BRIDGE_TILE,
                    bridge[0],
                    z.anchors[0],
                    "tile",
                    19.0,
                    (100, 140, 160),
                    face="front" if bridge[1] else "back",
                    angle=-45.0,
                )
        display = layout.zone(ZoneKind.STOREHOUSES, "display")
        for j, store in enumerate(setup.storehouses[: len(display.anchors)]):
            add(Kind.STOREHOUSE, store, display.anchors[j], "tile", 36.0, (90, 120, 150))
        return out

    def _draw_sprites(self, tex: Image, sprites: Sequence[Sprite]) -> None:
        centre = self.camera.centre
        cam = np.array([centre[0], centre[1], -centre[2]])
        s = self.tex_scale
        # Bodies first, then tops: a piece's side never hides the top of a piece
        # of the same height behind it (the camera looks down over both).
        order = sorted(sprites, key=lambda q: q.height_mm)
        for top_pass in (False, True):
            for sp in order:
                top = foot_to_ground(sp.at[0], sp.at[1], cam, sp.height_mm)
                k = cam[2] / (cam[2] - sp.height_mm)
                if top_pass:
                    self._draw_top(tex, sp, top, k, s)
                else:
                    self._draw_body(tex, sp, top, k, s)

    def _draw_body(self, tex: Image, sp: Sprite, top: Point, k: float, s: float) -> None:
        dark = tuple(int(c * 0.6) for c in sp.bgr)
        foot_px = tuple(self._to_tex([sp.at])[0])
        top_px = tuple(self._to_tex([top])[0])
        r_px = int(sp.size_mm / 2 * s * 16)
        if sp.body in ("disc", "coin"):
            cv2.circle(tex, foot_px, r_px, dark, -1, cv2.LINE_AA, 4)
            cv2.line(tex, foot_px, top_px, dark, max(1, int(sp.size_mm * s)), cv2.LINE_AA, 4)
        elif sp.body == "elephant":
            axes = (int(r_px * k), int(r_px * k * 0.62))
            cv2.ellipse(tex, foot_px, axes, sp.angle_deg, 0, 360, dark, -1, cv2.LINE_AA, 4)
            width = max(1, int(sp.size_mm * 0.6 * s))
            cv2.line(tex, foot_px, top_px, dark, width, cv2.LINE_AA, 4)
        elif sp.body == "cube":
            base = self._square(sp.at, sp.size_mm / 2, sp.angle_deg)
            sq = self._square(top, sp.size_mm / 2 * k, sp.angle_deg)
            hull = cv2.convexHull(self._to_tex(base + sq))
            cv2.fillConvexPoly(tex, hull, dark, cv2.LINE_AA, 4)

    def _draw_top(self, tex: Image, sp: Sprite, top: Point, k: float, s: float) -> None:
        top_px = tuple(self._to_tex([top])[0])
        r_px = int(sp.size_mm / 2 * s * 16)
        if sp.body in ("disc", "coin"):
            cv2.circle(tex, top_px, int(r_px * k), sp.bgr, -1, cv2.LINE_AA, 4)
        elif sp.body == "elephant":
            axes = (int(r_px * k), int(r_px * k * 0.62))
            cv2.ellipse(tex, top_px, axes, sp.angle_deg, 0, 360, sp.bgr, -1, cv2.LINE_AA, 4)
        else:  # tile or cube: a square
            sq = self._square(top, sp.size_mm / 2 * k, sp.angle_deg)
            cv2.fillConvexPoly(tex, self._to_tex(sq), sp.bgr, cv2.LINE_AA, 4)
        if sp.marker_id >= 0:
            self._stamp(tex, sp.marker_id, top, sp.side_mm * k, sp.angle_deg)

    @staticmethod
    def _square(at: Point, half: float, angle_deg: float) -> list[Point]:
        a = math.radians(angle_deg)
        ux, uy, vx, vy = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
        return [
            (at[0] + (fx * ux + fy * vx) * half, at[1] + (fx * uy + fy * vy) * half)
            for fx, fy in ((-1, -1), (1, -1), (1, 1), (-1, 1))
        ]

    def texture(self, truth: TableSnapshot) -> Image:
        """The top-down texture of ``truth``, as a new array (the renderer keeps
        it packed: :meth:`_update_layer`)."""
        full = self._update_layer(truth)
        assert self._layer is not None
        return full if full is not None else self._layer.unpack()

    def _update_layer(self, truth: TableSnapshot) -> Image | None:
        """Bring the piece layer (the texture with the pieces drawn, kept packed
        in compressed tiles: 25 MB unpacked at 2560x1920) to ``truth``. After a small
        change (a move) only the changed pieces' surroundings are redrawn, in
        the tiles under them; :attr:`_dirty` keeps those texture boxes so
        :meth:`render` re-warps only them. Returns the whole texture when it
        was drawn whole (the first truth), else ``None``."""
        # The same truth object as last frame: treated as unchanged (snapshots
        # are frozen; pass a new one for a new table).
        if self._truth_seen is not None and self._truth_seen[0] == id(truth):
            key = self._truth_seen[1]
        else:
            key = repr(truth.pieces())
            self._truth_seen = (id(truth), key)
        if self._layer_key == key and self._layer is not None:
            return None
        sprites = self.sprites(truth)
        full = None
        if self._layer is None or self._sprites is None:
            full = self._base.unpack()
            self._draw_sprites(full, sprites)
            self._layer = PackedImage(full)
            self._dirty = None  # everything
        else:
            old, new = set(self._sprites), set(sprites)
            boxes = [self._sprite_box(sp) for sp in (old ^ new)]
            # Grow the redrawn set until no piece outside it overlaps it, so
            # restoring and redrawing leaves every other pixel as it was.
            touched: list[Sprite] = []
            rest = {sp: self._sprite_box(sp) for sp in sprites}
            grew = True
            while grew and rest:
                dirty = np.array(boxes, dtype=np.int64)
                hit = [
                    sp
                    for sp, (x0, y0, x1, y1) in rest.items()
                    if bool(
                        (
                            (x0 < dirty[:, 2])
                            & (dirty[:, 0] < x1)
                            & (y0 < dirty[:, 3])
                            & (dirty[:, 1] < y1)
                        ).any()
                    )
                ]
                grew = bool(hit)
                for sp in hit:
                    touched.append(sp)
                    boxes.append(rest.pop(sp))
            if boxes:
                # Only the tiles under the boxes are decoded; drawing stays inside them.
                tex = self._layer.sparse(boxes)
                for x0, y0, x1, y1 in boxes:
                    self._base.copy_into(tex, (x0, y0, x1, y1))
                self._draw_sprites(tex, touched)
                self._layer.put(tex, boxes)
            self._dirty = (self._dirty or []) + boxes if self._dirty is not None else None
        self._layer_key, self._sprites = key, sprites
        return full

    def _sprite_box(self, sp: Sprite) -> tuple[int, int, int, int]:
        """Texture pixels a sprite may touch (foot, top, body, sticker)."""
        centre = self.camera.centre
        cam = np.array([centre[0], centre[1], -centre[2]])
        top = foot_to_ground(sp.at[0], sp.at[1], cam, sp.height_mm)
        reach = max(sp.size_mm, sp.side_mm * 1.5) * 0.75 + 2.0
        x0 = min(sp.at[0], top[0]) - reach
        y0 = min(sp.at[1], top[1]) - reach
        x1 = max(sp.at[0], top[0]) + reach
        y1 = max(sp.at[1], top[1]) + reach
        ox, oy, _, _ = self.layout.extent_mm
        k = self.tex_scale
        h, w = self._base.shape[:2]
        return (
            max(0, int((x0 - ox) * k)),
            max(0, int((y0 - oy) * k)),
            min(w, math.ceil((x1 - ox) * k)),
            min(h, math.ceil((y1 - oy) * k)),
        )

    # -- frames --------------------------------------------------------------
    def render(
        self, truth: TableSnapshot, *, hand: Hand | None = None, frame_number: int = 0
    ) -> Image:
        """One camera frame of ``truth`` (optionally with a hand over it).

        The clean view of the table is kept between frames: a still table
        costs only the frame's effects, a move re-warps only what it changed,
        and a hand costs its drawing. A clean frame is returned read-only."""
        key_before = self._layer_key
        full = self._update_layer(truth)
        assert self._layer is not None
        w, h = self.size
        if self._view is None or self._dirty is None:
            self._view = cv2.warpPerspective(
                full if full is not None else self._layer.unpack(),
                self._tex_to_img,
                (w, h),
                flags=cv2.INTER_LINEAR,
                borderMode=cv2.BORDER_CONSTANT,
                borderValue=TABLE_BGR,
            )
            self._dirty = []
        elif self._layer_key != key_before or self._dirty:
            # Frames already handed out keep their pixels: change a copy.
            self._view = self._view.copy()
            spans = [self._view_span(box) for box in self._dirty]
            # The texture only where those parts of the view read it (the rest
            # zeros, never read): the same pixels warped as from the whole layer.
            tex = self._layer.sparse([self._source_box(span) for span in spans if span])
            for span in spans:
                if span:
                    self._rewarp(tex, span)
            del tex
            self._dirty = []
        self._view.setflags(write=False)
        img = self._view
        if hand is not None:
            img = img.copy()
            self._draw_hand(img, hand)
        return self._spoil(img, frame_number)

    def _view_span(self, box: tuple[int, int, int, int]) -> tuple[int, int, int, int] | None:
        """The frame pixels (u0, v0, u1, v1) a texture box is warped into; None if none."""
        x0, y0, x1, y1 = box
        corners = np.array([[[x0, y0], [x1, y0], [x1, y1], [x0, y1]]], dtype=np.float64)
        img = cv2.perspectiveTransform(corners, self._tex_to_img)[0]
        w, h = self.size
        u0, v0 = (max(0, int(np.floor(c)) - 2) for c in img.min(axis=0))
        u1 = min(w, int(np.ceil(img[:, 0].max())) + 2)
        v1 = min(h, int(np.ceil(img[:, 1].max())) + 2)
        if u1 <= u0 or v1 <= v0:
            return None
        return (u0, v0, u1, v1)

    def _source_box(self, span: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
        """The texture pixels the warp of a frame span reads (with a margin for
        interpolation and rounding): the span's corners taken back to the texture
        (a plane seen from above maps boxes to convex quadrilaterals)."""
        u0, v0, u1, v1 = span
        corners = np.array([[[u0, v0], [u1, v0], [u1, v1], [u0, v1]]], dtype=np.float64)
        tex = cv2.perspectiveTransform(corners, np.linalg.inv(self._tex_to_img))[0]
        margin = 4
        return (
            int(np.floor(tex[:, 0].min())) - margin,
            int(np.floor(tex[:, 1].min())) - margin,
            int(np.ceil(tex[:, 0].max())) + margin,
            int(np.ceil(tex[:, 1].max())) + margin,
        )

    def _rewarp(self, tex: Image, span: tuple[int, int, int, int]) -> None:
        """Warp the texture into one span of the kept view."""
        assert self._view is not None
        u0, v0, u1, v1 = span
        shift = np.array([[1, 0, -u0], [0, 1, -v0], [0, 0, 1]], dtype=np.float64)
        self._view[v0:v1, u0:u1] = cv2.warpPerspective(
            tex,
            shift @ self._tex_to_img,
            (u1 - u0, v1 - v0),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=TABLE_BGR,
        )

    def _draw_hand(self, img: Image, hand: Hand) -> None:
        Hh = self.camera.plane_homography(hand.height_mm)
        cx, cy = hand.centre
        a = math.radians(hand.from_deg)
        # Unit vector from the palm towards the arm's side of the table.
        ax, ay = math.sin(a), -math.cos(a)
        px, py = -ay, ax
        sc = hand.scale

        def proj(pts: Sequence[Point]) -> NDArray[np.int32]:
            arr = cv2.perspectiveTransform(np.array([pts], dtype=np.float64), Hh)[0]
            out: NDArray[np.int32] = (arr * 16).astype(np.int32)
            return out

        palm = [
            (
                cx + 45 * sc * math.cos(t) * ax + 38 * sc * math.sin(t) * px,
                cy + 45 * sc * math.cos(t) * ay + 38 * sc * math.sin(t) * py,
            )
            for t in np.linspace(0, 2 * math.pi, 24)
        ]
        cv2.fillPoly(img, [proj(palm)], SKIN_BGR, cv2.LINE_AA, 4)
        far = 900.0
        arm = [
            (cx + 20 * sc * ax + 32 * sc * px, cy + 20 * sc * ay + 32 * sc * py),
            (cx + 20 * sc * ax - 32 * sc * px, cy + 20 * sc * ay - 32 * sc * py),
            (cx + far * ax - 40 * sc * px, cy + far * ay - 40 * sc * py),
            (cx + far * ax + 40 * sc * px, cy + far * ay + 40 * sc * py),
        ]
        cv2.fillPoly(img, [proj(arm)], (90, 110, 150), cv2.LINE_AA, 4)
        for k, length in zip((-1.5, -0.5, 0.5, 1.5), (70, 80, 75, 60), strict=True):
            base = (cx - 35 * sc * ax + k * 17 * sc * px, cy - 35 * sc * ay + k * 17 * sc * py)
            tip = (base[0] - length * sc * ax, base[1] - length * sc * ay)
            finger = [
                (base[0] + 7 * sc * px, base[1] + 7 * sc * py),
                (tip[0] + 6 * sc * px, tip[1] + 6 * sc * py),
                (tip[0] - 6 * sc * px, tip[1] - 6 * sc * py),
                (base[0] - 7 * sc * px, base[1] - 7 * sc * py),
            ]
            cv2.fillPoly(img, [proj(finger)], SKIN_BGR, cv2.LINE_AA, 4)
        thumb_base = (cx + 10 * sc * ax + 36 * sc * px, cy + 10 * sc * ay + 36 * sc * py)
        thumb_tip = (
            thumb_base[0] - 40 * sc * ax + 25 * sc * px,
            thumb_base[1] - 40 * sc * ay + 25 * sc * py,
        )
        cv2.line(
            img,
            tuple(proj([thumb_base])[0]),
            tuple(proj([thumb_tip])[0]),
            SKIN_BGR,
            max(2, int(14 * sc * self.board_px_per_mm())),
            cv2.LINE_AA,
            4,
        )

    def _light_map(self) -> NDArray[np.uint8]:
        """Uneven light and glare as a gain map (128 = unchanged), made at an
        eighth of the frame size and scaled up: light varies slowly."""
        if self._light is None:
            w, h = self.size
            sw, sh = max(2, w // 8), max(2, h // 8)
            e = self.effects
            r = _seeded("light", self.seed)
            yy, xx = np.mgrid[0:sh, 0:sw].astype(np.float32)
            gx, gy = r.uniform(-1, 1, 2)
            light = 1.0 + e.light_gradient * (gx * (xx / sw - 0.5) + gy * (yy / sh - 0.5))
            if e.glare > 0:
                gx0, gy0 = r.uniform(0.2, 0.8) * sw, r.uniform(0.2, 0.8) * sh
                rad = 0.12 * min(sw, sh)
                light += e.glare * 1.2 * np.exp(-((xx - gx0) ** 2 + (yy - gy0) ** 2) / (2 * rad**2))
            gain = np.clip(light * 128, 0, 255).astype(np.uint8)
            big = cv2.resize(gain, (w, h), interpolation=cv2.INTER_LINEAR)
            self._light = np.ascontiguousarray(np.repeat(big[..., None], 3, axis=2))
        return self._light

    def _spoil(self, img: Image, frame_number: int) -> Image:
        e = self.effects
        if e.light_gradient or e.glare:
            img = cv2.multiply(img, self._light_map(), scale=1 / 128)
        if e.blur_sigma > 0:
            img = cv2.GaussianBlur(img, (0, 0), e.blur_sigma)
        if e.noise_sigma > 0:
            r = _seeded("noise", self.seed, frame_number)
            h, w = img.shape[:2]
            noise = self._noise_tile()
            dy, dx = int(r.integers(0, NOISE_TILE)), int(r.integers(0, NOISE_TILE))
            reps = (math.ceil((h + dy) / NOISE_TILE), math.ceil((w + dx) / NOISE_TILE), 1)
            field = np.tile(noise, reps)[dy : dy + h, dx : dx + w]
            img = cv2.add(img, field, dtype=cv2.CV_16S).clip(0, 255).astype(np.uint8)
        if e.jpeg_quality:
            _ok, buf = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, int(e.jpeg_quality)])
            img = np.asarray(cv2.imdecode(buf, cv2.IMREAD_COLOR), dtype=np.uint8)
        return img

    def _noise_tile(self) -> NDArray[np.int16]:
        if self._noise is None:
            r = _seeded("noisefield", self.seed)
            shape = (NOISE_TILE, NOISE_TILE, 3)
            self._noise = r.normal(0, self.effects.noise_sigma, shape).astype(np.int16)
        return self._noise

    def marker_truth(self, truth: TableSnapshot) -> list[tuple[int, Point]]:
        """(marker id, image centre) of every sticker that should be visible."""
        centre = self.camera.centre
        cam = np.array([centre[0], centre[1], -centre[2]])
        out = []
        for sp in self.sprites(truth):
            if sp.marker_id >= 0:
                g = foot_to_ground(sp.at[0], sp.at[1], cam, sp.height_mm)
                p = cv2.perspectiveTransform(np.array([[g]], dtype=np.float64), self.H)[0, 0]
                out.append((sp.marker_id, (float(p[0]), float(p[1]))))
        return out


class SyntheticCamera:
    """A frame source showing a table whose truth you set.

    ``set_truth(t)`` changes the table at once; ``move(t, hand_frames=4)``
    puts a hand over the board for that many frames, moving from each changed
    zone to the next while the pieces change under it (the first half of the
    frames still shows the old state), then shows ``t``.
    """

    def __init__(
        self,
        truth: TableSnapshot,
        *,
        layout: Layout | None = None,
        plan: MarkerPlan = DEFAULT_PLAN,
        pose: CameraPose = DEFAULT_POSE,
        size: tuple[int, int] = SYNTHETIC_SIZE,
        effects: Effects = CLEAN,
        seed: int = 0,
        fps: float = 10.0,
    ) -> None:
        self.renderer = TableRenderer(
            layout, plan, pose=pose, size=size, effects=effects, seed=seed
        )
        self.truth = truth
        self.fps = fps
        self.frame_number = 0
        self._queue: list[tuple[TableSnapshot, Hand | None]] = []

    @property
    def focal_px(self) -> float:
        return self.renderer.focal_px

    @property
    def size(self) -> tuple[int, int]:
        return self.renderer.size

    def set_truth(self, truth: TableSnapshot) -> None:
        self.truth = truth
        self._queue.clear()

    def hold_hand(self, hand: Hand, frames: int) -> None:
        """Show a hand over the unchanged table for ``frames`` frames."""
        self._queue += [(self.truth, hand)] * frames

    def move(self, truth: TableSnapshot, *, hand_frames: int = 4, hand: Hand | None = None) -> None:
        """Change the table to ``truth`` under a hand that stays ``hand_frames`` frames."""
        old = self._queue[-1][0] if self._queue else self.truth
        points = changed_points(self.renderer.layout, old, truth) or [(320.0, 320.0)]
        r = _seeded("hand", self.renderer.seed, self.frame_number)
        from_deg = float(r.choice([90.0, 180.0, 270.0, 0.0]))
        for k in range(hand_frames):
            at = points[min(len(points) - 1, k * len(points) // max(1, hand_frames))]
            h = hand or Hand(centre=(at[0], at[1]), from_deg=from_deg)
            if hand is None:
                h = replace(
                    h, centre=(at[0] + float(r.normal(0, 4)), at[1] + float(r.normal(0, 4)))
                )
            self._queue.append((old if k < hand_frames // 2 else truth, h))
        self._queue.append((truth, None))

    def read(self) -> Frame:
        if self._queue:
            truth, hand = self._queue.pop(0)
            self.truth = truth
        else:
            truth, hand = self.truth, None
        n = self.frame_number
        self.frame_number += 1
        image = self.renderer.render(truth, hand=hand, frame_number=n)
        return Frame(image=image, number=n, time=n / self.fps)

    def frames(self, count: int) -> Iterator[Frame]:
        for _ in range(count):
            yield self.read()

    def close(self) -> None:
        self._queue.clear()


def changed_points(layout: Layout, old: TableSnapshot, new: TableSnapshot) -> list[Point]:
    """Board points of the zones that differ between two truths (where a hand would go)."""
    pts: list[Point] = []

    def at(kind: ZoneKind, name: str, players: int | None = None) -> None:
        with contextlib.suppress(KeyError):
            pts.append(layout.zone(kind, name, players).centre)

    for s in new.sections:
        if old.sections.get(s) != new.sections[s]:
            at(ZoneKind.SECTION, s)
    for c in new.elephants:
        for where in (old.elephants.get(c), new.elephants[c]):
            if old.elephants.get(c) != new.elephants[c] and where and where != ELEPHANT_OFF:
                at(ZoneKind.PATH, where)
    if old.maharajah != new.maharajah:
        for sp in (old.maharajah, new.maharajah):
            if sp:
                at(ZoneKind.MAHARAJAH, sp)
    for k, v in new.donations.items():
        if old.donations.get(k) != v:
            at(ZoneKind.DONATION, k, new.players)
    for c, n in new.market_counters.items():
        if old.market_counters.get(c) != n:
            at(ZoneKind.MARKET_SPACE, c)
    for s, n in new.coins.items():
        if old.coins.get(s) != n:
            at(ZoneKind.COIN_SPOT, s)
    for res, rows in new.market.items():
        for row, full in enumerate(rows, start=1):
            if old.market.get(res, ())[row - 1 : row] != (full,):
                at(ZoneKind.MARKET_CELL, f"{res}:{row}")
    return pts
