"""render_scene: a table, a camera, light, lens and sensor -> a frame and its truth."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable

import cv2
import numpy as np
import numpy.typing as npt

from . import camera as cammod
from .conditions import LENSES, SPECS
from .hand import Hand, make_hand
from .hardware import inside
from .model import CameraModel, FloatArray, MarkerTruth, Piece, Polygon, Scene, Table
from .raster import (
    BODY,
    Canvas,
    Light,
    code_centre,
    draw_piece,
    marker_grid,
    paint_ground,
    prism,
    shadow_polygon,
    srgb_to_linear,
)
from .sensor import bloom, capture, lens_blur, motion_blur, vignetting
from .tables import amritsar, ceylon, imhotep, rajas
from .tables.common import sloppify

GAMES: tuple[str, ...] = ("amritsar", "imhotep", "ceylon", "rajas")
BUILDERS: dict[str, Callable[[np.random.Generator], Table]] = {
    "amritsar": amritsar.build,
    "imhotep": imhotep.build,
    "ceylon": ceylon.build,
    "rajas": rajas.build,
}
EXPOSURE = 0.88  # a flat white sticker in full light lands at 0.88 * 0.80 = 70 % of full scale


def rng_for(*parts: object) -> np.random.Generator:
    digest = hashlib.sha256("|".join(str(p) for p in parts).encode()).digest()
    return np.random.default_rng(int.from_bytes(digest[:8], "little"))


def build_table(game: str, seed: int, sloppy: bool) -> Table:
    table = BUILDERS[game](rng_for("table", game, seed))
    if sloppy:
        table = sloppify(table, rng_for("sloppy", game, seed))
    return table


def render_scene(game: str, seed: int, condition: str, *, scale: float = 1.0) -> Scene:
    """Render one frame of `game`'s table (contents from (game, seed)) under `condition`.

    `scale` shrinks the frame (same scene, same camera pose and lens) for quick tests only;
    results are reported at scale 1.
    """
    if game not in BUILDERS:
        raise ValueError(f"game: {game!r} is not one of {', '.join(GAMES)}")
    if condition not in SPECS:
        raise ValueError(f"condition: {condition!r} is not one of {', '.join(SPECS)}")
    if not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed: must be a non-negative int, got {seed!r}")
    if not 0.1 <= scale <= 1.0:
        raise ValueError(f"scale: must be between 0.1 and 1, got {scale!r}")
    cond = SPECS[condition]
    table = build_table(game, seed, cond.sloppy)
    # The calibrated and uncalibrated wide groups see the very same frames (only the flag differs).
    look = "wide_calibrated" if condition == "wide_uncalibrated" else condition
    rng = rng_for("camera", game, seed, look)
    pose_rng = rng
    lens = LENSES[cond.lens]
    w, h = round(cond.size[0] * scale), round(cond.size[1] * scale)
    tilt = float(pose_rng.uniform(*cond.tilt))
    fill = float(pose_rng.uniform(0.82, 0.95))
    cam = cammod.place_camera(pose_rng, table.extent, w, h, lens, tilt, fill, cond.calibrated)
    notes: dict[str, object] = {
        "tilt_deg": round(tilt, 2),
        "lens": lens.name,
        "fill": round(fill, 3),
    }
    canvas, offset = _canvas_for(cam)
    c_centre = cammod.centre(cam)
    notes["camera_height_mm"] = round(float(-c_centre[2]), 1)

    el = math.radians(float(pose_rng.uniform(50, 80)))
    az = float(pose_rng.uniform(0, 2 * math.pi))
    light = Light(
        np.array([math.cos(el) * math.cos(az), math.cos(el) * math.sin(az), -math.sin(el)]),
        float(pose_rng.uniform(0.45, 0.6)),
    )

    # Ground: texture -> canvas, albedo -> radiance, contact and cast shadows.
    px_per_mm = _max_px_per_mm(cam, table)
    ppm = float(np.clip(px_per_mm * 1.3, 2.5, 7.0))
    region = _ground_region(canvas, table)
    area = (region[2] - region[0]) * (region[3] - region[1])
    ppm = min(ppm, math.sqrt(36e6 / area))  # at most 36 Mpx of texture
    tex, aff = paint_ground(table, ppm, rng_for("paper", game, seed), region)
    hmat = canvas.ground_h() @ aff
    ground = cv2.warpPerspective(
        tex,
        hmat,
        (canvas.width, canvas.height),
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_REPLICATE,
    )
    del tex
    rad = srgb_to_linear(ground)
    del ground
    shadow = np.zeros((canvas.height, canvas.width), np.float32)
    for p in table.pieces:
        poly = canvas.project(
            np.column_stack([shadow_polygon(p, light), np.zeros(len(shadow_polygon(p, light)))])
        )
        cv2.fillConvexPoly(shadow, _fix(poly), 1.0, cv2.LINE_8, 4)
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(0.8, 1.2 * px_per_mm))
    rad *= (light.ambient + (1 - light.ambient) * (1 - shadow))[..., None]
    del shadow

    # Stickers: printed ones first (index i), then the pieces' (index len(printed) + j).
    ids = np.full((canvas.height, canvas.width), -1, np.int32)
    for i, m in enumerate(table.printed):
        g = marker_grid((m.x, m.y), m.side_mm, m.angle_deg, 0.0)
        q = canvas.project(np.array([g[1, 1], g[1, 7], g[7, 7], g[7, 1]]))
        cv2.fillConvexPoly(ids, _fix(q), i, cv2.LINE_8, 4)
    npr = len(table.printed)
    order = sorted(
        range(len(table.pieces)),
        key=lambda j: (table.pieces[j].base, -_distance(table.pieces[j], c_centre)),
    )
    piece_rng = rng_for("misprint", game, seed)
    for j in order:
        draw_piece(canvas, rad, ids, table.pieces[j], light, c_centre, npr + j, piece_rng)

    hand: Hand | None = None
    if cond.hand:
        hand = make_hand(rng_for("hand", game, seed), table.extent)
        _draw_hand(canvas, rad, ids, hand, light, px_per_mm)
        notes["hand_side"] = hand.side
        notes["hand_reach_mm"] = hand.reach_mm
        # the arm's and hand's outlines in the final frame (lens applied), for harnesses
        notes["hand_parts_px"] = [
            [(round(float(x), 1), round(float(y), 1)) for x, y in cam.project(poly)]
            for poly, _ in hand.parts
        ]

    # Light field: shadow band, lamp glare, illuminant colour.
    spec_small: npt.NDArray[np.float32] | None = None
    if cond.shadow_band:
        band = _shadow_band(canvas, rng, table, notes)
        rad *= band[..., None]
    if cond.glare:
        spec_small = _glare(canvas, rng, table, c_centre, notes)
        spec = cv2.resize(spec_small, (canvas.width, canvas.height), interpolation=cv2.INTER_LINEAR)
        rad += spec[..., None] * np.array([1.0, 0.98, 0.95], np.float32)[None, None, :]
    illum = np.array([1.0, 1.0, 1.0], np.float32)
    if cond.cast:
        temp = float(rng.uniform(2700, 3400))
        illum = np.array(_tungsten_bgr(temp), np.float32)
        notes["illuminant_K"] = round(temp)
    rad *= illum[None, None, :]

    # Occlusion and glare per sticker, measured in the canvas.
    stats = _sticker_stats(table, canvas, ids, spec_small)
    del ids

    # Lens (distortion) and rolling shutter: canvas -> frame.
    motion = None
    if cond.motion:
        blur_len = float(rng.uniform(1.5, 4.5))
        ang = float(rng.uniform(0, 360))
        skew = blur_len * 33.0 / 10.0  # readout 33 ms, exposure 10 ms
        motion = (blur_len, ang, skew)
        notes["motion_blur_px"] = round(blur_len, 2)
        notes["motion_angle_deg"] = round(ang, 2)
        notes["rolling_shutter_px"] = round(skew, 2)
    mapx, mapy = _frame_maps(cam, canvas, offset, motion)
    frame = cv2.remap(rad, mapx, mapy, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    del rad, mapx, mapy
    frame *= vignetting(w, h, cond.vignette)[..., None]
    frame = lens_blur(frame * EXPOSURE, float(rng.uniform(0.55, 0.75)))
    if motion is not None:
        frame = motion_blur(frame, motion[0], motion[1])
    frame = bloom(frame)
    wb = (
        1.0 / illum if not cond.cast else 1.0 / np.power(illum, 0.55)
    )  # auto white balance corrects a part of a warm cast
    if cond.high_iso:
        fw, rn = (
            float(rng.uniform(250, 500)),
            float(rng.uniform(3.0, 5.0)),
        )  # dim room, short exposure, high gain
    else:
        fw, rn = float(rng.uniform(5000, 7000)), 2.0
    quality = int(rng.integers(cond.jpeg[0], cond.jpeg[1] + 1)) if cond.jpeg else None
    notes.update({"full_well_e": round(fw), "read_noise_e": round(rn, 2), "jpeg_quality": quality})
    image = capture(
        frame,
        rng_for("noise", game, seed, look),
        fw,
        rn,
        (float(wb[0]), float(wb[1]), float(wb[2])),
        quality,
    )
    del frame

    markers = _truth_markers(table, cam, stats, motion)
    truth: dict[str, list[int]] = {z: [] for z in table.zones}
    stones: dict[str, list[str]] = {}
    for p in table.pieces:
        if p.zone is None:
            continue
        if p.sticker is not None:
            truth[p.zone].append(p.sticker.marker_id)
        elif not p.label.startswith("part:"):
            stones.setdefault(p.zone, []).append(p.label)
    covered = _printed_covered(table)
    notes.update(table.notes)
    return Scene(
        image=image,
        game=game,
        seed=seed,
        condition=condition,
        players=table.players,
        truth={z: sorted(v) for z, v in truth.items()},
        markers=markers,
        printed_covered=covered,
        stones={z: sorted(v) for z, v in stones.items()},
        zones=dict(table.zones),
        camera=cam,
        notes=notes,
    )


def _fix(pts: FloatArray) -> npt.NDArray[np.int32]:
    return np.round(np.asarray(pts) * 16).astype(np.int32).reshape(-1, 1, 2)


def _distance(p: Piece, c: FloatArray) -> float:
    return float(np.linalg.norm(np.array([p.x, p.y, -(p.base + p.height)]) - c))


def _canvas_for(cam: CameraModel) -> tuple[Canvas, tuple[float, float]]:
    """An ideal pinhole canvas (same focal length) covering everything the distorted frame sees."""
    R = cammod.rotation(cam)
    if not np.any(cam.dist):
        return Canvas(cam.K.copy(), R, cam.tvec, cam.width, cam.height), (0.0, 0.0)
    border = []
    for t in np.linspace(0, 1, 41):
        border += [
            (t * cam.width, 0),
            (t * cam.width, cam.height),
            (0, t * cam.height),
            (cam.width, t * cam.height),
        ]
    und = _undistort(np.asarray(border, np.float64), cam).reshape(-1, 2)
    x0 = max(float(und[:, 0].min()) - 4, -1.2 * cam.width)
    y0 = max(float(und[:, 1].min()) - 4, -1.2 * cam.height)
    x1 = min(float(und[:, 0].max()) + 4, 2.2 * cam.width)
    y1 = min(float(und[:, 1].max()) + 4, 2.2 * cam.height)
    K = cam.K.copy()
    K[0, 2] -= x0
    K[1, 2] -= y0
    return Canvas(K, R, cam.tvec, math.ceil(x1 - x0), math.ceil(y1 - y0)), (x0, y0)


def _undistort(pts: FloatArray, cam: CameraModel) -> FloatArray:
    crit = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 60, 1e-7)
    src = np.asarray(pts, np.float64).reshape(-1, 1, 2)
    # OpenCV 4.x (the Raspberry Pi's 4.11) iterates with its own function and
    # has no ``criteria`` keyword; OpenCV 5 has only the keyword.
    iterate = getattr(cv2, "undistortPointsIter", None)
    if iterate is not None:
        out = iterate(src, cam.K, cam.dist, None, cam.K, crit)
    else:
        out = cv2.undistortPoints(src, cam.K, cam.dist, R=None, P=cam.K, criteria=crit)
    return np.asarray(out, dtype=np.float64)


def _ground_region(canvas: Canvas, table: Table) -> tuple[float, float, float, float]:
    """The part of the board plane the canvas sees (board mm), within 250 mm of the table's extent."""
    hinv = np.linalg.inv(canvas.ground_h())
    x0, y0, x1, y1 = table.extent
    lo_x, lo_y, hi_x, hi_y = x0 - 250, y0 - 250, x1 + 250, y1 + 250
    pts = []
    for u in np.linspace(0, canvas.width, 9):
        for v in np.linspace(0, canvas.height, 9):
            p = hinv @ np.array([u, v, 1.0])
            if p[2] <= 0:
                return (lo_x, lo_y, hi_x, hi_y)
            pts.append(p[:2] / p[2])
    a = np.asarray(pts)
    return (
        max(lo_x, float(a[:, 0].min()) - 20),
        max(lo_y, float(a[:, 1].min()) - 20),
        min(hi_x, float(a[:, 0].max()) + 20),
        min(hi_y, float(a[:, 1].max()) + 20),
    )


def _max_px_per_mm(cam: CameraModel, table: Table) -> float:
    x0, y0, x1, y1 = table.extent
    pts = np.array([[x, y, 0.0] for x in np.linspace(x0, x1, 5) for y in np.linspace(y0, y1, 5)])
    a = cam.project(pts)
    b = cam.project(pts + np.array([1.0, 0.0, 0.0]))
    c = cam.project(pts + np.array([0.0, 1.0, 0.0]))
    return float(max(np.linalg.norm(b - a, axis=1).max(), np.linalg.norm(c - a, axis=1).max()))


def _frame_maps(
    cam: CameraModel,
    canvas: Canvas,
    offset: tuple[float, float],
    motion: tuple[float, float, float] | None,
) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
    """For every frame pixel, where to sample the canvas (lens distortion + rolling shutter)."""
    # Exact at a coarse grid of block centres (one ring outside the frame), bilinear between:
    # cv2.resize by an integer factor puts source sample k at destination (k + 0.5) * step - 0.5.
    step = 8
    kx = np.arange(-1, cam.width // step + 2, dtype=np.float64)
    ky = np.arange(-1, cam.height // step + 2, dtype=np.float64)
    u, v = np.meshgrid((kx + 0.5) * step - 0.5, (ky + 0.5) * step - 0.5)
    gh, gw = u.shape
    if motion is not None:
        sx, sy = _shutter_shift(v, cam.height, motion)
        u, v = u - sx, v - sy
    pts = np.stack([u.ravel(), v.ravel()], axis=1).reshape(-1, 1, 2)
    und = _undistort(pts, cam).reshape(gh, gw, 2) if np.any(cam.dist) else pts.reshape(gh, gw, 2)
    und = und - np.array(offset)[None, None, :]
    size = (gw * step, gh * step)
    mx = cv2.resize(und[..., 0].astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    my = cv2.resize(und[..., 1].astype(np.float32), size, interpolation=cv2.INTER_LINEAR)
    mx = mx[step : step + cam.height, step : step + cam.width]
    my = my[step : step + cam.height, step : step + cam.width]
    return np.ascontiguousarray(mx), np.ascontiguousarray(my)


def _shutter_shift(
    v: FloatArray, height: int, motion: tuple[float, float, float]
) -> tuple[FloatArray, FloatArray]:
    """Rolling shutter: row v is read (v / height) of the readout later; the image has moved on."""
    _, ang, skew = motion
    t = v / height - 0.5
    a = math.radians(ang)
    return skew * t * math.cos(a), skew * t * math.sin(a)


def _shadow_band(
    canvas: Canvas, rng: np.random.Generator, table: Table, notes: dict[str, object]
) -> npt.NDArray[np.float32]:
    """A soft band of shade across the table (a person or a lamp arm between light and board)."""
    x, y = canvas.board_xy(4)
    x0, y0, x1, y1 = table.extent
    cx, cy = rng.uniform(x0, x1), rng.uniform(y0, y1)
    a = float(rng.uniform(0, math.pi))
    width = float(rng.uniform(60, 170))
    soft = float(rng.uniform(12, 45))
    depth = float(rng.uniform(0.35, 0.6))  # the share of light the band takes away
    dist = np.abs((x - cx) * -math.sin(a) + (y - cy) * math.cos(a))
    m = np.clip((width / 2 + soft / 2 - dist) / soft, 0, 1)
    m = m * m * (3 - 2 * m)
    field = (1.0 - depth * m).astype(np.float32)
    notes["shadow_band"] = {
        "centre_mm": (round(float(cx), 1), round(float(cy), 1)),
        "angle_deg": round(math.degrees(a), 1),
        "width_mm": round(width, 1),
        "depth": round(depth, 2),
    }
    return np.asarray(
        cv2.resize(field, (canvas.width, canvas.height), interpolation=cv2.INTER_LINEAR),
        dtype=np.float32,
    )


def _glare(
    canvas: Canvas,
    rng: np.random.Generator,
    table: Table,
    c_centre: FloatArray,
    notes: dict[str, object],
) -> npt.NDArray[np.float32]:
    """Specular reflection of a lamp off the glossy board, stickers and pieces (Blinn-Phong).

    The lamp is placed so its mirror image lands on the board: where the camera sees it,
    the reflection adds several times the diffuse white, blowing the sensor out.
    """
    x0, y0, x1, y1 = table.extent
    gx = float(rng.uniform(x0 + 0.15 * (x1 - x0), x1 - 0.15 * (x1 - x0)))
    gy = float(rng.uniform(y0 + 0.15 * (y1 - y0), y1 - 0.15 * (y1 - y0)))
    with_stickers = [p for p in table.pieces if p.sticker is not None]
    if with_stickers and rng.random() < 0.6:
        # lamps hang over where people play: often the highlight sits on pieces
        p = with_stickers[int(rng.integers(0, len(with_stickers)))]
        gx, gy = p.x + float(rng.normal(0, 25)), p.y + float(rng.normal(0, 25))
    hc = float(-c_centre[2])
    hl = float(rng.uniform(400, 1000))
    lamp = np.array(
        [
            c_centre[0] + (gx - c_centre[0]) * (hc + hl) / hc,
            c_centre[1] + (gy - c_centre[1]) * (hc + hl) / hc,
            -hl,
        ]
    )
    x, y = canvas.board_xy(4)
    px, py = x.astype(np.float64), y.astype(np.float64)
    vx, vy, vz = c_centre[0] - px, c_centre[1] - py, c_centre[2] - 0.0
    vn = np.sqrt(vx * vx + vy * vy + vz * vz)
    lx, ly, lz = lamp[0] - px, lamp[1] - py, lamp[2] - 0.0
    ln = np.sqrt(lx * lx + ly * ly + lz * lz)
    hx, hy, hz = vx / vn + lx / ln, vy / vn + ly / ln, vz / vn + lz / ln
    hn = np.sqrt(hx * hx + hy * hy + hz * hz)
    ndoth = np.clip(-hz / hn, 0, 1)
    sharp = float(np.exp(rng.uniform(np.log(150), np.log(1500))))
    peak = float(rng.uniform(2.0, 5.0))
    sheen = 0.12 * float(rng.uniform(0.5, 1.0))
    spec = peak * np.power(ndoth, sharp) + sheen * np.power(ndoth, 40.0)
    notes["glare"] = {
        "centre_mm": (round(gx, 1), round(gy, 1)),
        "lamp_mm": tuple(round(float(v), 1) for v in lamp),
        "peak": round(peak, 2),
        "exponent": round(sharp),
    }
    return np.asarray(spec, dtype=np.float32)


def _tungsten_bgr(kelvin: float) -> tuple[float, float, float]:
    """Relative B G R of a warm lamp against daylight (approximate blackbody ratios)."""
    t = (kelvin - 2700.0) / 700.0
    return (0.45 + 0.2 * t, 0.74 + 0.08 * t, 1.0)


def _draw_hand(
    canvas: Canvas,
    rad: npt.NDArray[np.float32],
    ids: npt.NDArray[np.int32],
    hand: Hand,
    light: Light,
    px_per_mm: float,
) -> None:
    """Composite the arm: soft shadow on the table, then the arm and hand, rounded by shading.

    Each part is shaded by its distance to its own outline (a limb is a rounded body: darker
    where its surface turns away), with a little skin/fabric texture and feathered edges.
    """
    d = light.direction
    shadow = np.zeros(rad.shape[:2], np.float32)
    for poly, _ in hand.parts:
        s = -poly[:, 2:3] / d[2]
        ground = np.column_stack([poly[:, :2] + s * d[:2], np.zeros(len(poly))])
        cv2.fillPoly(shadow, [_fix(canvas.project(ground))], 1.0, cv2.LINE_8, 4)
    shadow = cv2.GaussianBlur(shadow, (0, 0), max(2.0, 12.0 * px_per_mm))
    rad *= (light.ambient * 0.8 + (1 - light.ambient * 0.8) * (1 - 0.85 * shadow))[..., None]
    del shadow
    e = light.irradiance(np.array([0.0, 0.0, -1.0]))
    rng = np.random.default_rng(abs(hash(hand.reach_mm)) % (2**32))
    for poly, colour in hand.parts:
        q = canvas.project(poly)
        x0, y0 = np.floor(q.min(axis=0)).astype(int) - 4
        x1, y1 = np.ceil(q.max(axis=0)).astype(int) + 4
        x0, y0 = max(x0, 0), max(y0, 0)
        x1, y1 = min(x1, canvas.width), min(y1, canvas.height)
        if x1 <= x0 or y1 <= y0:
            continue
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.fillPoly(mask, [_fix(q - np.array([x0, y0]))], 255, cv2.LINE_AA, 4)
        dist = cv2.distanceTransform((mask > 127).astype(np.uint8), cv2.DIST_L2, 5)
        width = max(2.0, float(dist.max()))
        t = np.clip(dist / width, 0, 1)
        shade = 0.45 + 0.55 * np.sqrt(t)  # a rounded limb: the rim turns away from the light
        tex = cv2.resize(
            rng.standard_normal(
                (max(2, (y1 - y0) // 24), max(2, (x1 - x0) // 24)), dtype=np.float32
            ),
            (x1 - x0, y1 - y0),
            interpolation=cv2.INTER_CUBIC,
        )
        shade = shade * (1.0 + 0.05 * tex)
        alpha = cv2.GaussianBlur(mask.astype(np.float32) / 255.0, (0, 0), 0.8)[..., None]
        col = np.array([colour[2], colour[1], colour[0]], np.float32) * e
        layer = shade[..., None] * col[None, None, :]
        roi = rad[y0:y1, x0:x1]
        roi[...] = roi * (1 - alpha) + layer * alpha
        ids[y0:y1, x0:x1][mask > 127] = BODY


StickerQuad = tuple[
    FloatArray, str | None, bool, int, str, str, float, str | None, tuple[float, float]
]


def _sticker_quads(table: Table) -> list[StickerQuad]:
    out: list[StickerQuad] = []
    for m in table.printed:
        g = marker_grid((m.x, m.y), m.side_mm, m.angle_deg, 0.0)
        out.append(
            (
                np.array([g[1, 1], g[1, 7], g[7, 7], g[7, 1]]),
                m.zone,
                True,
                m.marker_id,
                m.kind,
                m.component,
                0.0,
                None,
                (m.x, m.y),
            )
        )
    for p in table.pieces:
        s = p.sticker
        if s is None:
            continue
        z = -(p.base + p.height) - 0.1
        centre = code_centre(p)
        g = marker_grid(centre, s.side_mm, s.angle_deg + p.yaw_deg, z)
        out.append(
            (
                np.array([g[1, 1], g[1, 7], g[7, 7], g[7, 1]]),
                p.zone,
                False,
                s.marker_id,
                s.kind,
                s.component,
                p.base + p.height,
                s.misprint,
                centre,
            )
        )
    return out


def _sticker_stats(
    table: Table,
    canvas: Canvas,
    ids: npt.NDArray[np.int32],
    spec_small: npt.NDArray[np.float32] | None,
) -> list[tuple[float, float]]:
    """(occluded, glare) per sticker, in the order printed then pieces-with-stickers."""
    stats: list[tuple[float, float]] = []
    npr = len(table.printed)
    index = list(range(npr)) + [
        npr + j for j, p in enumerate(table.pieces) if p.sticker is not None
    ]
    for (quad, *_rest), idx in zip(_sticker_quads(table), index, strict=False):
        q = canvas.project(quad)
        xa, ya = np.floor(q.min(axis=0)).astype(int) - 1
        xb, yb = np.ceil(q.max(axis=0)).astype(int) + 2
        xa, ya = max(xa, 0), max(ya, 0)
        xb, yb = min(xb, canvas.width), min(yb, canvas.height)
        if xb <= xa or yb <= ya:
            stats.append((1.0, 0.0))
            continue
        patch = np.zeros((yb - ya, xb - xa), np.uint8)
        cv2.fillConvexPoly(patch, _fix(q - np.array([xa, ya])), 1, cv2.LINE_8, 4)
        total = int(patch.sum())
        if total == 0:
            stats.append((1.0, 0.0))
            continue
        visible = (ids[ya:yb, xa:xb] == idx) & (patch > 0)
        nvis = int(visible.sum())
        glare = 0.0
        if spec_small is not None and nvis > 0:
            sub = spec_small[ya // 4 : yb // 4 + 1, xa // 4 : xb // 4 + 1]
            big = cv2.resize(
                sub, (sub.shape[1] * 4, sub.shape[0] * 4), interpolation=cv2.INTER_LINEAR
            )
            oy, ox = ya - (ya // 4) * 4, xa - (xa // 4) * 4
            big = big[oy : oy + (yb - ya), ox : ox + (xb - xa)]
            if big.shape == visible.shape:
                glare = float((big[visible] >= 0.4).mean())
        stats.append((round(1.0 - nvis / total, 4) if nvis < total else 0.0, round(glare, 4)))
    return stats


def _truth_markers(
    table: Table,
    cam: CameraModel,
    stats: list[tuple[float, float]],
    motion: tuple[float, float, float] | None,
) -> list[MarkerTruth]:
    out: list[MarkerTruth] = []
    for (quad, zone, printed, mid, kind, comp, height, mis, xy), (occ, gl) in zip(
        _sticker_quads(table), stats, strict=False
    ):
        px = cam.project(quad)
        if motion is not None:
            q = px.copy()
            for _ in range(3):
                sx, sy = _shutter_shift(q[:, 1], cam.height, motion)
                q = px + np.stack([sx, sy], axis=1)
            px = q
        side = float(np.mean([np.linalg.norm(px[i] - px[(i + 1) % 4]) for i in range(4)]))
        in_frame = bool(
            np.all(
                (px[:, 0] >= 0) & (px[:, 0] < cam.width) & (px[:, 1] >= 0) & (px[:, 1] < cam.height)
            )
        )
        out.append(
            MarkerTruth(
                mid, kind, comp, zone, printed, px, side, height, occ, gl, in_frame, mis, xy
            )
        )
    return out


def _printed_covered(table: Table) -> dict[str, bool]:
    out: dict[str, bool] = {}
    for m in table.printed:
        if m.zone is None:
            continue
        covered = False
        for p in table.pieces:
            bottom, _ = prism(p)
            poly: Polygon = tuple((float(a), float(b)) for a, b, _z in bottom)
            if inside(poly, (m.x, m.y)):
                covered = True
                break
        out[m.zone] = out.get(m.zone, False) or covered
    return out
