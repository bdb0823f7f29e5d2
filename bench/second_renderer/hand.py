"""A player's arm and hand over the board: sleeve of any colour, skin of any tone.

The arm comes in over one edge of the table from where the person sits (shoulder side
higher), the hand 4-16 cm above the board, fingers spread a little. It is a
flat shape in 3D (no thickness), so it hides what is under it from the camera's point
of view and casts a soft shadow along the light.
"""

from __future__ import annotations

import colorsys
import math
from dataclasses import dataclass

import numpy as np

from .model import FloatArray, Rgb


@dataclass(frozen=True)
class Hand:
    parts: list[tuple[FloatArray, Rgb]]  # 3D polygons (board frame, z down) and their albedo
    side: str
    reach_mm: tuple[float, float]


SKIN_TONES: tuple[Rgb, ...] = (
    (0.62, 0.42, 0.33),
    (0.50, 0.30, 0.21),
    (0.36, 0.20, 0.12),
    (0.20, 0.10, 0.06),
    (0.10, 0.05, 0.03),
)


def make_hand(rng: np.random.Generator, extent: tuple[float, float, float, float]) -> Hand:
    x0, y0, x1, y1 = extent
    side = str(rng.choice(["N", "E", "S", "W"]))
    frac = float(rng.uniform(0.3, 0.65))  # how far over the table the hand reaches
    depth = frac * ((x1 - x0) if side in ("W", "E") else (y1 - y0))
    if side == "W":
        entry = np.array([x0 - 260.0, rng.uniform(y0 + 80, y1 - 80)])
        reach = np.array([x0 + depth, entry[1] + rng.normal(0, 80)])
    elif side == "E":
        entry = np.array([x1 + 260.0, rng.uniform(y0 + 80, y1 - 80)])
        reach = np.array([x1 - depth, entry[1] + rng.normal(0, 80)])
    elif side == "N":
        entry = np.array([rng.uniform(x0 + 80, x1 - 80), y0 - 260.0])
        reach = np.array([entry[0] + rng.normal(0, 80), y0 + depth])
    else:
        entry = np.array([rng.uniform(x0 + 80, x1 - 80), y1 + 260.0])
        reach = np.array([entry[0] + rng.normal(0, 80), y1 - depth])
    # the hand is over the table (it came to place or take something)
    reach = np.array([np.clip(reach[0], x0 + 60, x1 - 60), np.clip(reach[1], y0 + 60, y1 - 60)])
    d = reach - entry
    d = d / np.linalg.norm(d)
    n = np.array([-d[1], d[0]])
    h_hand = float(rng.uniform(40, 160))  # reaching to place or take a piece
    h_entry = h_hand + float(rng.uniform(120, 260))
    skin_base = SKIN_TONES[int(rng.integers(0, len(SKIN_TONES)))]
    k = float(rng.uniform(0.85, 1.15))
    skin: Rgb = (min(1.0, skin_base[0] * k), min(1.0, skin_base[1] * k), min(1.0, skin_base[2] * k))
    hue = float(rng.uniform(0, 1))
    sat = float(rng.choice([0.0, 0.3, 0.7, 0.95]))
    val = float(rng.choice([0.12, 0.45, 0.8, 0.95]))
    r, g, b = colorsys.hsv_to_rgb(hue, sat, val)
    sleeve: Rgb = (r**2.2, g**2.2, b**2.2)

    def at(p2: FloatArray, h: float) -> FloatArray:
        return np.array([p2[0], p2[1], -h])

    total = float(np.linalg.norm(reach - entry))
    wrist = reach - d * 95.0
    cuff = wrist - d * float(rng.uniform(30, 160))

    def height_at(p2: FloatArray) -> float:
        t = float(np.clip(np.dot(p2 - entry, d) / total, 0, 1))
        return h_entry + (h_hand - h_entry) * t

    parts: list[tuple[FloatArray, Rgb]] = []
    arm_w = float(rng.uniform(42, 55))
    sleeve_w = arm_w + float(rng.uniform(8, 25))
    # forearm skin between cuff and wrist
    fore = [cuff + n * arm_w, wrist + n * arm_w * 0.8, wrist - n * arm_w * 0.8, cuff - n * arm_w]
    parts.append((np.array([at(p, height_at(p)) for p in fore]), skin))
    # sleeve from the body to the cuff
    sl = [
        entry + n * sleeve_w * 1.2,
        cuff + n * sleeve_w,
        cuff - n * sleeve_w,
        entry - n * sleeve_w * 1.2,
    ]
    parts.append((np.array([at(p, height_at(p)) for p in sl]), sleeve))
    # palm
    palm_c = wrist + d * 45.0
    palm = [
        palm_c + d * 48 * math.cos(a) + n * 44 * math.sin(a)
        for a in np.linspace(0, 2 * math.pi, 20, endpoint=False)
    ]
    parts.append((np.array([at(p, h_hand) for p in palm]), skin))
    # fingers (4) and thumb
    spread = float(rng.uniform(0.0, 0.25))
    for i, off in enumerate((-27.0, -9.0, 9.0, 27.0)):
        ang = (i - 1.5) * spread
        fd = d * math.cos(ang) + n * math.sin(ang)
        fn = np.array([-fd[1], fd[0]])
        base = palm_c + d * 36 + n * off
        length = (62.0, 74.0, 70.0, 55.0)[i]
        tip = base + fd * length
        poly = (
            [base + fn * 8.5, tip + fn * 7.5]
            + [
                tip + 7.5 * (fn * math.cos(t) + fd * math.sin(t))
                for t in np.linspace(0.3, math.pi - 0.3, 6)
            ]
            + [tip - fn * 7.5, base - fn * 8.5]
        )
        parts.append((np.array([at(p, h_hand - 4) for p in poly]), skin))
    tside = float(rng.choice([-1.0, 1.0]))
    tb = palm_c + n * 40 * tside
    td = d * 0.6 + n * 0.8 * tside
    td = td / np.linalg.norm(td)
    tn = np.array([-td[1], td[0]])
    tt = tb + td * 50
    parts.append(
        (
            np.array(
                [at(p, h_hand - 2) for p in [tb + tn * 10, tt + tn * 8, tt - tn * 8, tb - tn * 10]]
            ),
            skin,
        )
    )
    return Hand(parts, side, (float(reach[0]), float(reach[1])))
