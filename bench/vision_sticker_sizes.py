"""Smallest sticker size (px) that reads at >= 99.9 %, per piece colour (issue 34).

Run:  nice .venv/bin/python bench/vision_sticker_sizes.py [--markers 1000] [--seed 1]

Why: dark pieces (navy workers, dark purple and green counters) lost stickers
of 25-29 px in the first frame that lighter pieces kept. This bench draws, for
every piece colour of the harsh renderer's palette and every size, stickers
as they lie on their pieces (paper square with a margin of 0.85-1.15 cell,
grey-black ink with a little bleed, on a disc of the piece's colour with a
shaded rim), tilted 0-35 degrees and turned at random, then optical blur,
sensor noise and JPEG 90; its own drawing, written for this bench (not the
pipeline's renderers). Each sticker is read as the pipeline reads a spot:
the first pass over the whole frame (``MarkerDetector.detect``), and where
that missed, the closer look's pass over its crop (magnified 2x under 28 px,
threshold windows from the size, then the second threshold constant).

Printed per colour: recall per size (first pass / with the closer look) and
the smallest size from which every larger size tried reads at >= 99.9 %
(with ``--markers`` 1000 or more per cell of the table), and wrong ids.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from pathlib import Path

import cv2
import numpy as np
from numpy.typing import NDArray

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from vision.closer import SMALL_PX, ZOOM
from vision.detect import HARD_CONSTANT, MarkerDetector, windows_for
from vision.plan import DEFAULT_PLAN, Kind
from vision.rig import marker_bits

#: Piece top colours (BGR), as the harsh renderer paints them.
COLOURS: dict[str, tuple[int, int, int]] = {
    "yellow worker": (35, 175, 215),
    "navy worker": (80, 38, 18),
    "white worker": (205, 210, 210),
    "green worker": (35, 85, 30),
    "purple counter": (70, 22, 62),
    "grey counter": (88, 88, 92),
    "pink counter": (140, 95, 215),
    "orange counter": (25, 100, 225),
}
SIZES = (16, 18, 20, 22, 24, 26, 28, 30, 34)
PAPER = (226, 232, 236)
INK = (44, 40, 46)
SUPER = 4  # drawn at 4x, then reduced (anti-aliasing)
TARGET = 0.999


def _sticker_ids() -> list[int]:
    kinds = (Kind.WORKER, Kind.COUNTER, Kind.ELEPHANT)
    return [e.marker_id for e in DEFAULT_PLAN.entries if e.kind in kinds]


def render(
    rng: np.random.Generator, colour: tuple[int, int, int], side: float, count: int
) -> tuple[NDArray[np.uint8], list[tuple[int, tuple[float, float]]]]:
    """A frame of ``count`` stickers of about ``side`` px on discs of ``colour``;
    returns it and each sticker's (id, centre)."""
    ids = _sticker_ids()
    per_row = math.ceil(math.sqrt(count))
    pitch = side * 3.2
    w = h = int(pitch * (per_row + 1))
    big = np.empty((h * SUPER, w * SUPER, 3), np.uint8)
    board = np.array([120, 172, 205]) + rng.integers(-20, 20, 3)
    big[:] = board.clip(0, 255).astype(np.uint8)
    truth = []
    s = SUPER
    for k in range(count):
        cx = pitch * (k % per_row + 1) + rng.uniform(-side * 0.3, side * 0.3)
        cy = pitch * (k // per_row + 1) + rng.uniform(-side * 0.3, side * 0.3)
        tilt = math.radians(rng.uniform(0, 35))
        turn = rng.uniform(0, 2 * math.pi)
        squash = rng.uniform(0, math.pi)
        scale = side * rng.uniform(0.97, 1.03)

        pose = (turn, squash, tilt, scale, cx, cy)

        def warp(pts: NDArray[np.float64], pose: tuple[float, ...] = pose) -> NDArray[np.int32]:
            # Turn, foreshorten along a random direction (the tilt), move.
            turn, squash, tilt, scale, cx, cy = pose
            c, sn = math.cos(turn), math.sin(turn)
            p = pts @ np.array([[c, sn], [-sn, c]])
            d = np.array([math.cos(squash), math.sin(squash)])
            along = p @ d
            p = p - np.outer(along, d) * (1 - math.cos(tilt))
            return ((p * scale + (cx, cy)) * s).astype(np.int32)

        rim = np.array([(math.cos(t), math.sin(t)) for t in np.linspace(0, 2 * math.pi, 40)])
        shade = tuple(int(v * 0.7) for v in colour)
        cv2.fillPoly(big, [warp(rim * 0.95)], shade, cv2.LINE_AA)
        cv2.fillPoly(big, [warp(rim * 0.85)], colour, cv2.LINE_AA)
        cell = 1 / 6
        margin = cell * rng.uniform(0.85, 1.15)
        half = 0.5 + margin
        paper = tuple(int(p) + int(rng.integers(-8, 4)) for p in PAPER)
        sq = np.array([(-half, -half), (half, -half), (half, half), (-half, half)])
        cv2.fillPoly(big, [warp(sq)], paper, cv2.LINE_AA)
        marker_id = ids[int(rng.integers(len(ids)))]
        grid = np.zeros((6, 6), bool)
        grid[1:5, 1:5] = marker_bits(marker_id) == 0
        grid[0, :] = grid[5, :] = grid[:, 0] = grid[:, 5] = True
        bleed = rng.uniform(0, 0.01)
        for row in range(6):
            for col in range(6):
                if grid[row, col]:
                    x0, y0 = -0.5 + col * cell - bleed, -0.5 + row * cell - bleed
                    x1, y1 = x0 + cell + 2 * bleed, y0 + cell + 2 * bleed
                    quad = np.array([(x0, y0), (x1, y0), (x1, y1), (x0, y1)])
                    cv2.fillPoly(big, [warp(quad)], INK, cv2.LINE_AA)
        truth.append((marker_id, (cx, cy)))
    img = cv2.resize(big, (w, h), interpolation=cv2.INTER_AREA).astype(np.float32)
    img = cv2.GaussianBlur(img, (0, 0), float(rng.uniform(0.6, 1.2)))
    img += rng.normal(0, float(rng.uniform(2, 5)), img.shape)
    out = img.clip(0, 255).astype(np.uint8)
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, 90])
    assert ok
    return cv2.imdecode(buf, cv2.IMREAD_COLOR), truth


def read(
    detector: MarkerDetector,
    image: NDArray[np.uint8],
    truth: list[tuple[int, tuple[float, float]]],
    side: float,
) -> tuple[int, int, int]:
    """(read by the first pass, read with the closer look, wrong ids)."""
    found = detector.detect(image)
    got = [(d.marker_id, d.centre) for d in found]

    def hit(
        marker_id: int, at: tuple[float, float], dets: list[tuple[int, tuple[float, float]]]
    ) -> bool:
        return any(i == marker_id and math.dist(c, at) < side * 0.5 for i, c in dets)

    first = [hit(m, c, got) for m, c in truth]
    wrong = sum(
        1 for i, c in got if not any(math.dist(c, at) < side * 0.5 and i == m for m, at in truth)
    )
    missed = [k for k, ok in enumerate(first) if not ok]
    closer = list(first)
    if missed:
        r = side * (8 / 6) / math.sqrt(2) + side * 0.4
        boxes = [
            (
                int(truth[k][1][0] - r),
                int(truth[k][1][1] - r),
                int(truth[k][1][0] + r),
                int(truth[k][1][1] + r),
            )
            for k in missed
        ]
        zoom = ZOOM if side < SMALL_PX else 1.0
        more: list[tuple[int, tuple[float, float]]] = []
        for constant in (None, HARD_CONSTANT):
            dets = detector.detect_regions(
                image, boxes, zoom=zoom, windows=windows_for(side * zoom), constant=constant
            )
            more += [(d.marker_id, d.centre) for d in dets]
        for k in missed:
            closer[k] = hit(truth[k][0], truth[k][1], more)
        wrong += sum(
            1
            for i, c in more
            if not any(math.dist(c, at) < side * 0.5 and i == m for m, at in truth)
        )
    return sum(first), sum(closer), wrong


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markers", type=int, default=1000, help="stickers per colour and size")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--sizes", default=",".join(map(str, SIZES)), help="sides (px), comma-separated"
    )
    parser.add_argument("--colours", default="", help="piece colours (names), comma-separated")
    args = parser.parse_args()
    try:
        sizes = [int(v) for v in args.sizes.split(",") if v]
    except ValueError:
        parser.error(f"--sizes takes whole numbers separated by commas, not {args.sizes!r}")
    if not sizes or not all(8 <= v <= 200 for v in sizes):
        parser.error(f"--sizes takes sides from 8 to 200 px, not {args.sizes!r}")
    chosen = [c for c in args.colours.split(",") if c] or list(COLOURS)
    unknown = [c for c in chosen if c not in COLOURS]
    if unknown:
        parser.error(f"--colours: no piece colour named {', '.join(unknown)}")
    if not 10 <= args.markers <= 100_000:
        parser.error(f"--markers takes 10 to 100000, not {args.markers}")
    rng = np.random.default_rng(args.seed)
    detector = MarkerDetector(keep_nested=True)
    print(
        f"== sticker size per piece colour: {args.markers} stickers per colour and size,"
        f" tilt 0-35 deg, blur 0.6-1.2 px, noise 2-5, JPEG 90 (seed {args.seed})"
    )
    print("  recall first pass / with the closer look, per side (px)")
    t0 = time.perf_counter()
    for name in chosen:
        colour = COLOURS[name]
        cells = []
        smallest = None
        wrong_all = 0
        for side in sizes:
            n = first = closer = 0
            while n < args.markers:
                count = min(400, args.markers - n)
                image, truth = render(rng, colour, side, count)
                f, c, wrong = read(detector, image, truth, side)
                n += count
                first += f
                closer += c
                wrong_all += wrong
            cells.append((side, first / n, closer / n))
        for side, _, c in reversed(cells):
            if c < TARGET:
                break
            smallest = side
        row = " ".join(f"{s}:{100 * f:.1f}/{100 * c:.1f}" for s, f, c in cells)
        print(f"  {name:15} from {smallest} px; wrong ids {wrong_all}; {row}")
    print(f"  {time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
