"""Render example frames (and their truth as JSON) to look at: the check that they look like a photo.

.venv/bin/python -m bench.second_renderer.examples --out test-output/second_renderer
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import cv2

from .conditions import CONDITIONS
from .render import GAMES, render_scene


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--out", type=Path, default=Path("test-output/second_renderer"))
    ap.add_argument("--seed", type=int, default=7, help="a development seed (never 900000-999999)")
    ap.add_argument("--all", action="store_true", help="every condition for every game (slow)")
    ap.add_argument("--only", nargs="*", choices=CONDITIONS, help="only these conditions")
    args = ap.parse_args(argv)
    if 900000 <= args.seed <= 999999:
        ap.error("--seed: 900000-999999 are held out; pick a development seed")
    args.out.mkdir(parents=True, exist_ok=True)
    jobs = (
        [(g, c) for g in GAMES for c in CONDITIONS]
        if args.all
        else (
            [("amritsar", c) for c in CONDITIONS]
            + [
                (g, c)
                for g in GAMES[1:]
                for c in ("ideal", "everything_calibrated", "hand_at_start")
            ]
        )
    )
    if args.only:
        jobs = [(g, c) for g, c in jobs if c in args.only]
    for game, cond in jobs:
        s = render_scene(game, args.seed, cond)
        stem = args.out / f"{game}-{args.seed}-{cond}"
        cv2.imwrite(str(stem.with_suffix(".jpg")), s.image, [cv2.IMWRITE_JPEG_QUALITY, 93])
        truth = {
            "truth": s.truth,
            "printed_covered": s.printed_covered,
            "stones": s.stones,
            "notes": {
                k: (
                    v
                    if isinstance(v, (int, float, str, list, tuple, dict)) or v is None
                    else str(v)
                )
                for k, v in s.notes.items()
            },
            "camera": {
                "K": s.camera.K.tolist(),
                "dist": s.camera.dist.tolist(),
                "calibrated": s.camera.calibrated,
            },
            "markers": [
                {
                    "id": m.marker_id,
                    "kind": m.kind,
                    "zone": m.zone,
                    "printed": m.printed,
                    "side_px": round(m.side_px, 1),
                    "occluded": m.occluded,
                    "glare": m.glare,
                    "misprint": m.misprint,
                }
                for m in s.markers
            ],
        }
        stem.with_suffix(".json").write_text(json.dumps(truth, indent=1, default=str))
        print(stem.with_suffix(".jpg"), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
