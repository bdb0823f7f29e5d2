"""What a bare OpenCV ArUco detector reads on this renderer's frames, condition by condition.

A yardstick for the conditions themselves (how hard each one is before any pipeline
cleverness), and a check that the truth and the frames agree: a decoded id at a place
where the truth has another id, or where it has no sticker, is counted.

    nice .venv/bin/python -m bench.second_renderer.bare --game amritsar --scenes 3

Uses development seeds 1000+ (never the held-out 900000-999999).
"""

from __future__ import annotations

import argparse
import time

import cv2
import numpy as np

from .conditions import CONDITIONS
from .render import GAMES, render_scene


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--game", choices=GAMES, default="amritsar")
    ap.add_argument("--scenes", type=int, default=3)
    ap.add_argument("--conditions", nargs="*", default=list(CONDITIONS))
    args = ap.parse_args(argv)
    if not 1 <= args.scenes <= 500:
        ap.error("--scenes: between 1 and 500")
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = 0.01
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_100), params)
    print(
        f"{'condition':24} {'visible':>8} {'read':>7} {'>=22px read':>12} {'wrong id':>9} {'no sticker':>11} {'s/frame':>8}"
    )
    for cond in args.conditions:
        vis = read = big = big_read = wrong = phantom = 0
        t0 = time.process_time()
        for k in range(args.scenes):
            s = render_scene(args.game, 1000 + k, cond)
            corners, ids, _ = det.detectMarkers(cv2.cvtColor(s.image, cv2.COLOR_BGR2GRAY))
            found = (
                [
                    (int(i), np.asarray(c).reshape(4, 2).mean(axis=0))
                    for i, c in zip(ids.ravel(), corners, strict=True)
                ]
                if ids is not None
                else []
            )
            centres = np.array([m.corners_px.mean(axis=0) for m in s.markers])
            used: set[int] = set()
            for i, c in found:
                j = int(np.argmin(np.linalg.norm(centres - c, axis=1)))
                m = s.markers[j]
                if np.linalg.norm(centres[j] - c) > max(3.0, 0.3 * m.side_px):
                    phantom += 1
                elif m.marker_id != i:
                    wrong += 1
                else:
                    used.add(j)
            for j, m in enumerate(s.markers):
                if m.in_frame and m.occluded < 0.05 and m.glare < 0.3:
                    vis += 1
                    read += j in used
                    if m.side_px >= 22:
                        big += 1
                        big_read += j in used
        dt = (time.process_time() - t0) / args.scenes
        print(
            f"{cond:24} {vis:8d} {read / max(vis, 1):7.1%} {big_read / max(big, 1):12.1%} {wrong:9d} {phantom:11d} {dt:8.1f}",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
