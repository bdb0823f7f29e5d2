"""Unknown, never a silent empty: scenes where markers get missed, scored
zone by zone (a wrong zone is a missed or a false piece; unknown is honest).

Run:  .venv/bin/python bench/vision_unknowns.py [--scenes 40] [--workers 2]
      [--only NAME] [--expect]

Conditions (the table's own renderer, vision/synthetic.py, spoilt harder than
bench/vision.py's scenes; tilt 0-35 degrees):

- ``ideal-12mp``: 3200x2400, mild effects (the reference);
- ``dark-pieces``: every counter, worker and elephant at 30 % of its colour;
- ``glare``: glare 0.6-0.95 and uneven light 0.4-0.7;
- ``blur``: blur sigma 1.2-2.2, noise 4-8, JPEG 75;
- ``1080p``: 1920x1080, mild effects;
- ``720p``, ``2400x1800``: the resolution sweep;
- ``hand-at-start``: a hand held still over the board for the first 6 frames;
- ``harsh:NAME``: a condition group of the independent renderer
  (vision/harsh.py: ideal, light, motion, placement, 1080p, hand-start, ...).

``--expect``: the pipeline is told the pieces per zone (as the companion's
reconciler does from the game's state, ``Pipeline.expect``).

A scene gets up to 12 frames; it is scored on the first settled snapshot (the
moment the companion would act on it), or the last. Prints per condition:
scenes with no wrong zone, wrong zones (missed / false), share of zones left
unknown, scenes that never settled.
"""

from __future__ import annotations

import argparse
import ast
import multiprocessing
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parents[1])

import cv2
import numpy as np

import vision.synthetic as synthetic
from vision.pipeline import Pipeline
from vision.scenes import random_effects, random_pose, random_truth
from vision.snapshot import TableSnapshot, compare, zone_paths
from vision.synthetic import Effects, Hand, SyntheticCamera

MAX_FRAMES = 12
#: Zones per scene that the scoring walks (pieces, tiles, printed spots).
Condition = tuple[tuple[int, int], Callable[[np.random.Generator], Effects], bool, bool]


def _mild(rng: np.random.Generator) -> Effects:
    return random_effects(rng)


def _glare(rng: np.random.Generator) -> Effects:
    return Effects(
        blur_sigma=float(rng.uniform(0, 0.6)),
        noise_sigma=float(rng.uniform(1, 4)),
        light_gradient=float(rng.uniform(0.4, 0.7)),
        glare=float(rng.uniform(0.6, 0.95)),
    )


def _blur(rng: np.random.Generator) -> Effects:
    return Effects(
        blur_sigma=float(rng.uniform(1.2, 2.2)),
        noise_sigma=float(rng.uniform(4, 8)),
        light_gradient=float(rng.uniform(0, 0.3)),
        jpeg_quality=75,
    )


# name -> (size, effects, dark pieces, hand at start)
CONDITIONS: dict[str, Condition] = {
    "ideal-12mp": ((3200, 2400), _mild, False, False),
    "dark-pieces": ((3200, 2400), _mild, True, False),
    "glare": ((3200, 2400), _glare, False, False),
    "blur": ((3200, 2400), _blur, False, False),
    "hand-at-start": ((3200, 2400), _mild, False, True),
    "2400x1800": ((2400, 1800), _mild, False, False),
    "1080p": ((1920, 1080), _mild, False, False),
    "720p": ((1280, 720), _mild, False, False),
}


def _darken() -> None:
    for table in (synthetic.PLAYER_BGR, synthetic.WORKER_BGR):
        for k, bgr in list(table.items()):
            table[k] = (int(bgr[0] * 0.3), int(bgr[1] * 0.3), int(bgr[2] * 0.3))


def _harsh_scene(job: tuple[str, int, bool]) -> tuple[int, int, int, int, bool]:
    """One scene of vision/harsh.py's condition ``harsh:NAME``."""
    from vision.harsh import harsh_scene

    name, seed, expect = job
    scene = harsh_scene(seed, name.split(":", 1)[1])
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=scene.calibration)
    if expect:
        from vision.expect import counts

        pipe.expect(counts(scene.truth))
    snap: TableSnapshot | None = None
    settled = False
    for frame in scene.frames(MAX_FRAMES + scene.condition.hand_frames):
        snap = pipe.process(frame)
        if not snap.settling:
            settled = True
            break
    assert snap is not None
    return (*_score(snap, scene.truth), settled)


def _score(snap: TableSnapshot, truth: TableSnapshot) -> tuple[int, int, int, int]:
    """(missed, false, unknown, zones): a zone the reading lists as unseen is
    unknown whatever value it holds (whichever code made the reading)."""
    wrong, unmeasured = compare(snap, truth)
    unknown_paths = {p for key in snap.unseen for p in zone_paths(key)}
    held = [w for w in wrong if w.split(": seen ")[0] in unknown_paths]
    wrong = [w for w in wrong if w not in held]
    missed = sum(1 for w in wrong if _absent(w))
    return missed, len(wrong) - missed, len(unmeasured) + len(held), _zones(truth)


def _scene(job: tuple[str, int, bool]) -> tuple[int, int, int, int, bool]:
    """(missed, false, unknown, zones) for one scene, and whether it settled."""
    name, seed, expect = job
    if name.startswith("harsh:"):
        return _harsh_scene(job)
    size, effects, dark, hand = CONDITIONS[name]
    if dark:
        _darken()
    rng = np.random.default_rng(seed)
    truth = random_truth(rng)
    pose = random_pose(rng, max_tilt=35.0)
    cam = SyntheticCamera(truth, pose=pose, effects=effects(rng), seed=seed, size=size)
    if hand:
        r = np.random.default_rng(seed + 7)
        at = (float(r.uniform(150, 500)), float(r.uniform(150, 500)))
        cam.hold_hand(Hand(centre=at, from_deg=float(r.choice([0, 90, 180, 270]))), 6)
    pipe = Pipeline(truth.players, focal_px=cam.focal_px)
    if expect:
        from vision.expect import counts

        pipe.expect(counts(truth))
    snap: TableSnapshot | None = None
    settled = False
    for frame in cam.frames(MAX_FRAMES):
        snap = pipe.process(frame)
        if not snap.settling:
            settled = True
            break
    assert snap is not None
    return (*_score(snap, truth), settled)


def _absent(wrong: str) -> bool:
    """A wrong zone where the reading shows less than the truth (a piece missed)."""
    seen_text, truth_text = wrong.split(": seen ", 1)[1].split(", truth ", 1)
    try:
        seen, truth = ast.literal_eval(seen_text), ast.literal_eval(truth_text)
    except (ValueError, SyntaxError):
        return False
    if seen in (None, False, 0, (), []):
        return True
    if isinstance(seen, list | tuple) and isinstance(truth, list | tuple):
        return len(seen) < len(truth)
    if isinstance(seen, int) and isinstance(truth, int):
        return seen < truth
    return False


def _zones(truth: TableSnapshot) -> int:
    return (
        len(truth.sections)
        + len(truth.maharajah_workers)
        + len(truth.elephants)
        + 1
        + len(truth.donations)
        + len(truth.market_counters)
        + 2 * len(truth.coins)
        + 15
        + 12
        + 4
        + 3
        + 1
    )


def run(names: list[str], scenes: int, workers: int, expect: bool) -> None:
    print(
        f"== unknowns: {scenes} scenes per condition, tilt 0-35 deg, expectation"
        f" {'given' if expect else 'not given'}; first settled snapshot (max {MAX_FRAMES} frames)"
    )
    for name in names:
        t0 = time.perf_counter()
        jobs = [(name, 50_000 + s, expect) for s in range(scenes)]
        with multiprocessing.Pool(workers) as pool:
            res = pool.map(_scene, jobs, chunksize=2)
        clean = sum(1 for m, f, _, _, _ in res if m == 0 and f == 0)
        missed = sum(r[0] for r in res)
        false = sum(r[1] for r in res)
        unknown = sum(r[2] for r in res)
        zones = sum(r[3] for r in res)
        unsettled = sum(1 for r in res if not r[4])
        print(
            f"  {name:14s} no wrong zone {clean}/{scenes}; wrong zones missed {missed}"
            f" / false {false}; unknown {100 * unknown / zones:.1f} %;"
            f" never settled {unsettled}  ({time.perf_counter() - t0:.0f} s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--scenes", type=int, default=40)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument(
        "--only",
        action="append",
        help=f"a condition ({', '.join(CONDITIONS)}) or harsh:NAME (vision/harsh.py's groups)",
    )
    parser.add_argument("--expect", action="store_true")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()}, {multiprocessing.cpu_count()} cores;"
        f" OpenCV {cv2.__version__}, numpy {np.__version__}"
    )
    run(args.only or list(CONDITIONS), args.scenes, args.workers, args.expect)


if __name__ == "__main__":
    main()
