"""Drawing the table into an ideal pinhole 'canvas' in linear light.

The ground (table, board sheets, printed art and printed markers) is painted once into a
texture in board millimetres and mapped into the canvas with the plane's homography.
Pieces are prisms drawn back to front (painter's order, farthest from the camera first):
their visible side faces shaded by the light, their top, and on the top the sticker
drawn cell by cell through the full perspective projection. A parallel id buffer keeps,
per canvas pixel, which sticker's black square is visible there, so the truth can say
how much of each sticker is hidden.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

import cv2
import numpy as np
import numpy.typing as npt

from .model import FloatArray, Piece, Rgb, Table

SHIFT = 4  # sub-pixel bits for cv2 polygon drawing
ONE = 1 << SHIFT
PAPER_WHITE = 0.80  # sticker paper albedo
INK_BLACK = 0.035  # printed black albedo
BODY = -2  # id-buffer value of a piece body / hand


@lru_cache(maxsize=128)
def bits(marker_id: int) -> npt.NDArray[np.bool_]:
    """6 x 6 cells of the DICT_4X4_100 marker (border included), True = white."""
    d = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_100)
    img = cv2.aruco.generateImageMarker(d, marker_id, 6)
    return np.asarray(img > 127)


@dataclass
class Canvas:
    K: FloatArray
    R: FloatArray
    t: FloatArray
    width: int
    height: int

    def cam(self, pts: FloatArray) -> FloatArray:
        return np.asarray(
            (self.R @ np.asarray(pts, dtype=np.float64).T).T + self.t, dtype=np.float64
        )

    def project(self, pts: FloatArray) -> FloatArray:
        c = self.cam(pts)
        z = np.maximum(c[:, 2], 1e-6)
        return np.stack(
            [self.K[0, 0] * c[:, 0] / z + self.K[0, 2], self.K[1, 1] * c[:, 1] / z + self.K[1, 2]],
            axis=1,
        )

    def ground_h(self) -> FloatArray:
        """Homography board (x, y) mm -> canvas px."""
        return np.asarray(
            self.K @ np.stack([self.R[:, 0], self.R[:, 1], self.t], axis=1), dtype=np.float64
        )

    def board_xy(self, scale: int) -> tuple[FloatArray, FloatArray]:
        """Board mm of every (scale-decimated) canvas pixel, where its ray meets the board plane."""
        hinv = np.linalg.inv(self.ground_h())
        w, h = self.width // scale + 1, self.height // scale + 1
        u, v = np.meshgrid(np.arange(w) * scale + 0.5, np.arange(h) * scale + 0.5)
        den = hinv[2, 0] * u + hinv[2, 1] * v + hinv[2, 2]
        x = (hinv[0, 0] * u + hinv[0, 1] * v + hinv[0, 2]) / den
        y = (hinv[1, 0] * u + hinv[1, 1] * v + hinv[1, 2]) / den
        return x, y


def _fix(pts: FloatArray) -> npt.NDArray[np.int32]:
    return np.round(np.asarray(pts) * ONE).astype(np.int32).reshape(-1, 1, 2)


def marker_grid(
    centre: tuple[float, float], side_mm: float, angle_deg: float, z: float, cells: int = 8
) -> FloatArray:
    """(cells+1) x (cells+1) x 3 board points of a sticker: black square = 6 cells + 1 white cell around."""
    cell = side_mm / 6.0
    a = math.radians(angle_deg)
    ex = np.array([math.cos(a), math.sin(a)])
    ey = np.array([-math.sin(a), math.cos(a)])
    half = cells / 2.0
    g = np.zeros((cells + 1, cells + 1, 3))
    for i in range(cells + 1):  # row (local y)
        for j in range(cells + 1):  # column (local x)
            p = np.array(centre) + ((j - half) * ex + (i - half) * ey) * cell
            g[i, j] = (p[0], p[1], z)
    return g


def draw_marker(
    img: npt.NDArray[np.generic],
    grid_px: FloatArray,
    marker_id: int,
    white: tuple[float, ...],
    black: tuple[float, ...],
    misprint: str | None = None,
    rng: np.random.Generator | None = None,
    skip_white: bool = False,
) -> None:
    """Paint an 8 x 8-cell sticker (white margin + 6 x 6 code) given its projected grid."""
    b = bits(marker_id)
    n = grid_px.shape[0] - 1
    if not skip_white:
        lo, hi = 0, n
        if misprint == "trimmed" and rng is not None:
            lo = 0  # trimmed margins are painted by the caller with the piece colour
        cv2.fillConvexPoly(
            img,
            _fix(np.array([grid_px[lo, lo], grid_px[lo, hi], grid_px[hi, hi], grid_px[hi, lo]])),
            white,
            cv2.LINE_8,
            SHIFT,
        )
    off = 1
    for i in range(6):
        for j in range(6):
            if b[i, j]:
                continue
            q = np.array(
                [
                    grid_px[i + off, j + off],
                    grid_px[i + off, j + off + 1],
                    grid_px[i + off + 1, j + off + 1],
                    grid_px[i + off + 1, j + off],
                ]
            )
            cv2.fillConvexPoly(img, _fix(q), black, cv2.LINE_8, SHIFT)


def paint_ground(
    table: Table, ppm: float, rng: np.random.Generator, region: tuple[float, float, float, float]
) -> tuple[npt.NDArray[np.uint8], FloatArray]:
    """The ground seen by the camera (region, board mm) as an sRGB texture at ppm px/mm, and its
    texture->board affine."""
    ox, oy, x1, y1 = region
    w = int((x1 - ox) * ppm)
    h = int((y1 - oy) * ppm)
    # The table: wood with grain (computed coarse, the grain is smooth).
    gw, gh = max(2, w // 4), max(2, h // 4)
    yy = (np.arange(gh, dtype=np.float32)[:, None] * 4 / ppm) + oy
    xx = (np.arange(gw, dtype=np.float32)[None, :] * 4 / ppm) + ox
    phase = float(rng.uniform(0, 6.28))
    grain = 0.5 + 0.5 * np.sin(
        yy * 0.9 + 3.0 * np.sin(xx * 0.004 + phase) + 0.6 * np.sin(xx * 0.05)
    )
    shade = cv2.resize(
        (0.86 + 0.14 * grain).astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR
    )
    tex = cv2.merge(
        [cv2.convertScaleAbs(shade, alpha=level) for level in (96.0, 128.0, 168.0)]
    )  # B G R of a mid oak table
    del shade, grain

    def px(poly: tuple[tuple[float, float], ...]) -> npt.NDArray[np.int32]:
        a = (np.asarray(poly, dtype=np.float64) - np.array([ox, oy])) * ppm
        return _fix(a)

    def bgr(c: tuple[int, int, int]) -> tuple[int, int, int]:
        return (c[2], c[1], c[0])

    for poly, colour in table.boards:
        # a soft contact shadow around each sheet, then the sheet
        cv2.fillPoly(
            tex,
            [px(tuple((p[0] + 1.5, p[1] + 1.5) for p in poly))],
            (60, 70, 80),
            cv2.LINE_AA,
            SHIFT,
        )
        cv2.fillPoly(tex, [px(poly)], bgr(colour), cv2.LINE_AA, SHIFT)
    for a in table.art:
        if a.fill:
            cv2.fillPoly(tex, [px(a.polygon)], bgr(a.colour), cv2.LINE_AA, SHIFT)
        else:
            cv2.polylines(
                tex,
                [px(a.polygon)],
                a.closed,
                bgr(a.colour),
                max(1, round(a.width_mm * ppm)),
                cv2.LINE_AA,
                SHIFT,
            )
    # Paper fibre and print unevenness: low-frequency albedo drift and fine grain.
    lowf = cv2.resize(
        rng.normal(0, 1, (max(2, h // 300), max(2, w // 300))).astype(np.float32),
        (w, h),
        interpolation=cv2.INTER_CUBIC,
    )
    fine = rng.normal(0, 1, (h, w)).astype(np.float32)
    t = tex.astype(np.float32) * (1.0 + 0.025 * lowf[..., None] + 0.02 * fine[..., None])
    tex = np.clip(t, 0, 255).astype(np.uint8)
    for m in table.printed:
        g = marker_grid((m.x, m.y), m.side_mm, m.angle_deg, 0.0)
        gp = (g[..., :2] - np.array([ox, oy])) * ppm
        draw_marker(tex, gp, m.marker_id, (226, 229, 230), (18, 17, 16))
    aff = np.array([[1 / ppm, 0, ox], [0, 1 / ppm, oy], [0, 0, 1]], dtype=np.float64)
    return tex, aff


def srgb_to_linear(img: npt.NDArray[np.uint8]) -> npt.NDArray[np.float32]:
    lut = np.array(
        [
            ((i / 255) / 12.92 if i / 255 <= 0.04045 else ((i / 255 + 0.055) / 1.055) ** 2.4)
            for i in range(256)
        ],
        dtype=np.float32,
    )
    return lut[img]


@dataclass
class Light:
    direction: FloatArray  # unit vector towards the main light (board frame, z down: z < 0)
    ambient: float  # share of a flat top's irradiance that comes from everywhere

    def irradiance(self, normal: FloatArray) -> float:
        up = float(-self.direction[2])
        return self.ambient + (1 - self.ambient) * max(0.0, float(normal @ self.direction)) / max(
            up, 1e-3
        )


def prism(p: Piece) -> tuple[FloatArray, FloatArray]:
    """Bottom and top outline (N x 3) of a piece."""
    a = math.radians(p.yaw_deg)
    ca, sa = math.cos(a), math.sin(a)
    if p.shape == "box":
        hw, hd = p.size[0] / 2, p.size[1] / 2
        local = [(-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd)]
    else:
        r = p.size[0] / 2
        local = [
            (r * math.cos(2 * math.pi * k / 24), r * math.sin(2 * math.pi * k / 24))
            for k in range(24)
        ]
    xy = np.array([(p.x + ca * u - sa * v, p.y + sa * u + ca * v) for u, v in local])
    bottom = np.column_stack([xy, np.full(len(xy), -p.base)])
    top = np.column_stack([xy, np.full(len(xy), -(p.base + p.height))])
    return bottom, top


def shadow_polygon(p: Piece, light: Light) -> FloatArray:
    """Where a piece's shadow falls on the board plane (convex hull, board mm)."""
    bottom, top = prism(p)
    d = light.direction
    s = -top[:, 2:3] / d[2]  # top z < 0, d z < 0 -> s < 0: move away from the light
    shadow = top[:, :2] + s * d[:2]  # z -> 0
    pts = np.vstack([bottom[:, :2], shadow]).astype(np.float32)
    hull = cv2.convexHull(pts)
    return np.asarray(hull, dtype=np.float64).reshape(-1, 2)


def code_centre(p: Piece) -> tuple[float, float]:
    """Where the black square's centre is on a piece (board mm): the sticker's centre, or half a
    cell beside it when the code was printed off-centre in its margin."""
    s = p.sticker
    assert s is not None
    cx, cy = p.x + s.dx, p.y + s.dy
    if s.misprint != "offset-print":
        return cx, cy
    cell = s.side_mm / 6.0
    u, v = (0.5 if s.dx >= 0 else -0.5), (0.5 if s.dy >= 0 else -0.5)
    a = math.radians(s.angle_deg + p.yaw_deg)
    return cx + (u * math.cos(a) - v * math.sin(a)) * cell, cy + (
        u * math.sin(a) + v * math.cos(a)
    ) * cell


def draw_piece(
    canvas: Canvas,
    img: npt.NDArray[np.float32],
    ids: npt.NDArray[np.int32],
    p: Piece,
    light: Light,
    cam_centre: FloatArray,
    sticker_index: int,
    rng: np.random.Generator,
) -> None:
    bottom, top = prism(p)
    n = len(top)
    col = np.asarray(p.colour[::-1], dtype=np.float64)  # BGR canvas
    # Side faces facing the camera.
    for k in range(n):
        ka, kb = k, (k + 1) % n
        quad = np.array([bottom[ka], bottom[kb], top[kb], top[ka]])
        edge = bottom[kb] - bottom[ka]
        normal = np.array([edge[1], -edge[0], 0.0])
        nn = float(np.linalg.norm(normal))
        if nn == 0:
            continue
        normal /= nn
        centre = quad.mean(axis=0)
        if float(normal @ (centre - np.array([p.x, p.y, centre[2]]))) < 0:
            normal = -normal
        if float(normal @ (cam_centre - centre)) <= 0:
            continue
        e = light.irradiance(normal) * 0.92
        q = canvas.project(quad)
        cv2.fillConvexPoly(img, _fix(q), tuple(float(c) for c in col * e), cv2.LINE_8, SHIFT)
        cv2.fillConvexPoly(ids, _fix(q), BODY, cv2.LINE_8, SHIFT)
    up = np.array([0.0, 0.0, -1.0])
    e_top = light.irradiance(up)
    tq = canvas.project(top)
    cv2.fillConvexPoly(img, _fix(tq), tuple(float(c) for c in col * e_top), cv2.LINE_8, SHIFT)
    cv2.fillConvexPoly(ids, _fix(tq), BODY, cv2.LINE_8, SHIFT)
    s = p.sticker
    if s is None:
        return
    z = -(p.base + p.height) - 0.1
    mis = s.misprint
    centre = (p.x + s.dx, p.y + s.dy)
    white_rgb = tuple(
        float(c) for c in np.full(3, PAPER_WHITE * e_top) * np.array([0.975, 0.995, 1.0])
    )
    ink = 0.20 if mis == "ink-fade" else INK_BLACK
    black_rgb = tuple(float(ink * e_top) for _ in range(3))
    grid = marker_grid(centre, s.side_mm, s.angle_deg + p.yaw_deg, z)
    gp = canvas.project(grid.reshape(-1, 3)).reshape(grid.shape[0], grid.shape[1], 2)
    if mis == "offset-print":
        # the code printed half a cell off inside its white margin
        code_shift = rng.choice([-0.5, 0.5], size=2)
        cell = s.side_mm / 6.0
        a = math.radians(s.angle_deg + p.yaw_deg)
        dxy = (
            code_shift[0] * math.cos(a) - code_shift[1] * math.sin(a),
            code_shift[0] * math.sin(a) + code_shift[1] * math.cos(a),
        )
        cv2.fillConvexPoly(
            img,
            _fix(np.array([gp[0, 0], gp[0, 8], gp[8, 8], gp[8, 0]])),
            white_rgb,
            cv2.LINE_8,
            SHIFT,
        )
        g2 = marker_grid(
            (centre[0] + dxy[0] * cell, centre[1] + dxy[1] * cell),
            s.side_mm,
            s.angle_deg + p.yaw_deg,
            z,
        )
        gp = canvas.project(g2.reshape(-1, 3)).reshape(g2.shape[0], g2.shape[1], 2)
        draw_marker(img, gp, s.marker_id, white_rgb, black_rgb, skip_white=True)
    elif mis == "trimmed":
        # cut inside the dashed line: the white margin is gone on one or two sides
        inner = marker_grid(centre, s.side_mm, s.angle_deg + p.yaw_deg, z, cells=8)
        gp_full = canvas.project(inner.reshape(-1, 3)).reshape(9, 9, 2)
        lo_r, hi_r, lo_c, hi_c = 0, 8, 0, 8
        for _ in range(int(rng.integers(1, 3))):
            side = int(rng.integers(0, 4))
            if side == 0:
                lo_r = 1
            elif side == 1:
                hi_r = 7
            elif side == 2:
                lo_c = 1
            else:
                hi_c = 7
        quad = np.array(
            [gp_full[lo_r, lo_c], gp_full[lo_r, hi_c], gp_full[hi_r, hi_c], gp_full[hi_r, lo_c]]
        )
        cv2.fillConvexPoly(img, _fix(quad), white_rgb, cv2.LINE_8, SHIFT)
        draw_marker(img, gp_full, s.marker_id, white_rgb, black_rgb, skip_white=True)
        gp = gp_full
    else:
        draw_marker(img, gp, s.marker_id, white_rgb, black_rgb)
    if mis == "scuff":
        # a scratch through the print: a pale streak across the code
        t0, t1 = rng.uniform(1.5, 6.5, size=2)
        horizontal = bool(rng.random() < 0.5)
        a_pt = gp[int(t0), 1] if horizontal else gp[1, int(t0)]
        b_pt = gp[int(t1), 7] if horizontal else gp[7, int(t1)]
        width = max(1, round(0.12 * float(np.linalg.norm(gp[1, 1] - gp[1, 2]))))
        cv2.line(
            img,
            tuple(int(v) for v in np.round(a_pt * ONE)),
            tuple(int(v) for v in np.round(b_pt * ONE)),
            white_rgb,
            width,
            cv2.LINE_8,
            SHIFT,
        )
    if mis == "smudge":
        # a thumb-print of ink over part of the white margin and code
        i, j = int(rng.integers(0, 7)), int(rng.choice([0, 6]))
        if rng.random() < 0.5:
            i, j = j, i
        c = (gp[i, j] + gp[i + 2, j + 2]) / 2
        r = float(np.linalg.norm(gp[i, j] - gp[i + 1, j + 1])) * 0.55
        grey = tuple(float(0.18 * e_top) for _ in range(3))
        cv2.circle(
            img,
            tuple(int(v) for v in np.round(c * ONE)),
            max(1, int(r * ONE)),
            grey,
            -1,
            cv2.LINE_8,
            SHIFT,
        )
    black_quad = np.array([gp[1, 1], gp[1, 7], gp[7, 7], gp[7, 1]])
    cv2.fillConvexPoly(ids, _fix(black_quad), sticker_index, cv2.LINE_8, SHIFT)


def linear_rgb_to_bgr(c: Rgb) -> tuple[float, float, float]:
    return (c[2], c[1], c[0])
