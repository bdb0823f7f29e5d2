"""Seeded test material: random plausible tables and hard marker fields.

- :func:`random_truth`: a table state a real game could show (workers spread
  over sections, at most four each; donation counters stacked legally; market
  columns filled from the top), with a random setup. Used by the round-trip
  tests and ``bench/vision.py``.
- :func:`random_pose` and :func:`random_effects`: camera and spoilage within
  the ranges the product must handle (tilt up to 45 degrees).
- :func:`render_marker_field`: many small, tilted, blurred, noisy markers on a
  busy background, with the truth of each, for measuring recall and wrong ids.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace

import cv2
import numpy as np
from numpy.typing import NDArray

from engine.amritsar import (
    MAHARAJAH_SPACE_NAMES,
    PLAYER_COLOURS,
    SECTION_NAMES,
    District,
    Resource,
)

from .detect import plan_dictionary
from .geometry import CameraPose
from .layout import DECADES, MARKET_ROWS, donation_level_sizes, donation_space_name
from .plan import (
    BRIDGE_TILE_IDS,
    DEFAULT_PLAN,
    DISTRICT_TILE_IDS,
    STOREHOUSE_IDS,
    TEMPLE_TILE_IDS,
    WORKER_IDS,
    Kind,
    MarkerPlan,
)
from .snapshot import ELEPHANT_OFF, SetupReading, TableSnapshot
from .synthetic import MARKET_SPACE_FLAT, Effects

Image = NDArray[np.uint8]


def random_truth(rng: np.random.Generator, players: int | None = None) -> TableSnapshot:
    """A random table a real game could show."""
    if players is None:
        players = int(rng.integers(1, 5))
    truth = TableSnapshot.empty(players)
    colours = PLAYER_COLOURS[: max(players, 2)]
    workers = list(WORKER_IDS)
    rng.shuffle(workers)
    beside: dict[str, str | None] = dict.fromkeys(MAHARAJAH_SPACE_NAMES)
    if players <= 2:
        for space in MAHARAJAH_SPACE_NAMES:
            beside[space] = workers.pop() if rng.random() < 0.8 else None
    else:
        workers = workers[:12]
    sections: dict[str, list[str]] = {s: [] for s in SECTION_NAMES}
    for w in workers:
        open_sections = [s for s in SECTION_NAMES if len(sections[s]) < 4]
        sections[str(rng.choice(open_sections))].append(w)
    elephants: dict[str, str | None] = dict.fromkeys(PLAYER_COLOURS)
    for c in colours:
        r = rng.random()
        elephants[c] = ELEPHANT_OFF if r < 0.1 else str(rng.choice([d.letter for d in District]))
    donations = dict(truth.donations)
    sizes = donation_level_sizes(players)
    for d in District:
        for _ in range(int(rng.integers(0, 9))):
            free = [
                (level, i)
                for level, size in enumerate(sizes, start=1)
                for i in range(size)
                if donations[donation_space_name(d, level, i)] is None
                and (
                    level == 1
                    or all(
                        donations[donation_space_name(d, level - 1, j)] is not None
                        for j in (i, i + 1)
                    )
                )
            ]
            if free:
                level, i = free[int(rng.integers(len(free)))]
                donations[donation_space_name(d, level, i)] = str(rng.choice(colours))
    market: dict[str, tuple[bool | None, ...]] = {
        r.name.lower(): tuple(
            row < int(rng.integers(0, MARKET_ROWS + 1)) for row in range(MARKET_ROWS)
        )
        for r in Resource
    }
    coins: dict[str, int | None] = {s: int(rng.choice([0, 0, 0, 1, 2])) for s in SECTION_NAMES}
    tiles = list(DISTRICT_TILE_IDS)
    rng.shuffle(tiles)
    temples = list(TEMPLE_TILE_IDS)
    rng.shuffle(temples)
    decade = int(rng.integers(1, 4))
    bridges = list(BRIDGE_TILE_IDS)
    rng.shuffle(bridges)
    stores = list(STOREHOUSE_IDS)
    rng.shuffle(stores)
    setup = SetupReading(
        district_tiles={
            d.letter: (tiles[3 * d.value], tiles[3 * d.value + 1], tiles[3 * d.value + 2])
            for d in District
        },
        temple_active=temples[0],
        temple_rotation=int(rng.choice([0, 0, 0, 90, 180, 270])),
        temple_stack={
            "lower": temples[1] if decade < 2 else None,
            "middle": temples[2] if decade < 3 else None,
        },
        bridges={dec: (bridges[k], k + 1 >= decade) for k, dec in enumerate(DECADES)},
        storehouses=tuple(stores[: 3 * max(players, 2) - int(rng.integers(0, 3))]),
    )
    return replace(
        truth,
        sections={s: tuple(v) for s, v in sections.items()},
        maharajah_workers=beside,
        elephants=elephants,
        maharajah=str(rng.choice(MAHARAJAH_SPACE_NAMES)),
        donations=donations,
        market_counters={
            c: (int(rng.integers(0, MARKET_SPACE_FLAT + 1)) if c in colours else 0)
            for c in PLAYER_COLOURS
        },
        coins=coins,
        market=market,
        setup=setup,
    )


def random_pose(rng: np.random.Generator, max_tilt: float = 45.0) -> CameraPose:
    return CameraPose(
        height_mm=float(rng.uniform(900, 1400)),
        tilt_deg=float(rng.uniform(0, max_tilt)),
        azimuth_deg=float(rng.uniform(0, 360)),
        roll_deg=float(rng.uniform(-20, 20)),
    )


def random_effects(rng: np.random.Generator) -> Effects:
    return Effects(
        blur_sigma=float(rng.uniform(0.0, 0.8)),
        noise_sigma=float(rng.uniform(0.0, 5.0)),
        light_gradient=float(rng.uniform(0.0, 0.4)),
        glare=float(rng.uniform(0.0, 0.3)),
        jpeg_quality=int(rng.choice([0, 85, 92])) or None,
    )


@dataclass(frozen=True)
class FieldMarker:
    """Truth of one marker in a marker field: id, centre (px), mean side (px)."""

    marker_id: int
    centre: tuple[float, float]
    side_px: float


def render_marker_field(
    rng: np.random.Generator,
    *,
    count: int = 120,
    size: tuple[int, int] = (1920, 1080),
    side_px: tuple[float, float] = (18.0, 30.0),
    tilt_deg: tuple[float, float] = (30.0, 45.0),
    blur_sigma: tuple[float, float] = (0.5, 1.1),
    noise_sigma: tuple[float, float] = (3.0, 7.0),
    jpeg_quality: int = 90,
    plan: MarkerPlan = DEFAULT_PLAN,
) -> tuple[Image, list[FieldMarker]]:
    """A frame of ``count`` markers (ids from the plan, board markers excluded),
    each foreshortened by a tilt in ``tilt_deg``, on a busy background."""
    w, h = size
    img = np.empty((h, w), np.float32)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    gx, gy = rng.uniform(-1, 1, 2)
    img[:] = 170 + 40 * (gx * xx / w + gy * yy / h)
    for _ in range(200):  # clutter: strokes and blocks that are not markers
        a = rng.uniform(0, (w, h))
        b = a + rng.normal(0, 60, 2)
        shade = float(rng.uniform(20, 120))
        cv2.line(
            img, tuple(int(v) for v in a), tuple(int(v) for v in b), shade, int(rng.integers(1, 4))
        )
    for _ in range(40):
        x, y = rng.uniform(0, (w, h))
        s = rng.uniform(6, 24)
        cv2.rectangle(
            img,
            (int(x), int(y)),
            (int(x + s), int(y + s * rng.uniform(0.5, 1.5))),
            float(rng.uniform(0, 90)),
            -1,
        )
    dictionary = plan_dictionary(plan)
    ids = [e.marker_id for e in plan.entries if e.kind not in (Kind.COIN_SPOT, Kind.MARKET_CELL)]
    index = {mid: i for i, mid in enumerate(sorted(plan.ids))}
    cols = math.ceil(math.sqrt(count * w / h))
    rows = math.ceil(count / cols)
    cw, ch = w / cols, h / rows
    src_px = 120
    truth: list[FieldMarker] = []
    for k in range(count):
        r, c = divmod(k, cols)
        mid = int(rng.choice(ids))
        marker = cv2.aruco.generateImageMarker(dictionary, index[mid], src_px)
        canvas = np.full((src_px * 8 // 6, src_px * 8 // 6), 255, np.uint8)
        q = src_px // 6
        canvas[q : q + src_px, q : q + src_px] = marker
        side = float(rng.uniform(*side_px))
        tilt = math.radians(float(rng.uniform(*tilt_deg)))
        spin = float(rng.uniform(0, 2 * math.pi))
        lean = float(rng.uniform(0, 2 * math.pi))
        square = np.array([[-1, -1], [1, -1], [1, 1], [-1, 1]], np.float64) / 2
        rot = np.array([[math.cos(spin), -math.sin(spin)], [math.sin(spin), math.cos(spin)]])
        d = np.array([math.cos(lean), math.sin(lean)])
        squash = np.eye(2) - (1 - math.cos(tilt)) * np.outer(d, d)
        quad = square @ rot.T @ squash.T
        sides = np.linalg.norm(np.roll(quad, -1, axis=0) - quad, axis=1).mean()
        quad *= side / sides
        # A little perspective: the far edge of the tilted marker is smaller.
        far = quad @ d
        quad *= (1 - 0.06 * far / max(1e-6, np.abs(far).max()))[:, None]
        centre = np.array([(c + 0.5) * cw, (r + 0.5) * ch]) + rng.uniform(-0.2, 0.2, 2) * (cw, ch)
        quad += centre
        outer = (quad - centre) * 8 / 6 + centre
        src = np.array(
            [
                [0, 0],
                [canvas.shape[1], 0],
                [canvas.shape[1], canvas.shape[0]],
                [0, canvas.shape[0]],
            ],
            np.float32,
        )
        small = cv2.resize(
            canvas, (max(8, int(side * 8 / 6 * 2)),) * 2, interpolation=cv2.INTER_AREA
        )
        src *= small.shape[0] / canvas.shape[0]
        M = cv2.getPerspectiveTransform(src, outer.astype(np.float32))
        x0, y0 = np.floor(outer.min(axis=0)).astype(int) - 2
        x1, y1 = np.ceil(outer.max(axis=0)).astype(int) + 2
        T = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
        roi = img[y0:y1, x0:x1]
        cv2.warpPerspective(
            small.astype(np.float32),
            T @ M,
            (x1 - x0, y1 - y0),
            roi,
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_TRANSPARENT,
        )
        truth.append(FieldMarker(mid, (float(centre[0]), float(centre[1])), side))
    img *= 1.0 + 0.25 * (rng.uniform(-1, 1) * (xx / w - 0.5))
    img = cv2.GaussianBlur(img, (0, 0), float(rng.uniform(*blur_sigma)))
    img += rng.normal(0, float(rng.uniform(*noise_sigma)), img.shape).astype(np.float32)
    out = np.clip(img, 0, 255).astype(np.uint8)
    if jpeg_quality:
        _, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, jpeg_quality])
        out = np.asarray(cv2.imdecode(buf, cv2.IMREAD_GRAYSCALE), dtype=np.uint8)
    return out, truth
