"""How exactly Amritsar's personal boards are read, per harsh condition.

A scene is a table of random personal boards (``--players`` seats,
:func:`vision.games.amritsar_boards.scenes.random_boards`) beside the main
board, drawn by :class:`vision.games.amritsar_boards.render.BoardsRenderer`
through the condition's camera and read by a fresh
:class:`vision.games.amritsar_boards.read.BoardsReader` frame after frame
until it settles. Scored per place and place kind (knowledge track, tax
track, storage space, upgrade space, coins and resources per kind in the
storehouses): *exact*, *unknown* (``None``), *wrong*
(read and not right: a false claim the reconciler would act on). A flipped
storehouse (no sticker on its back) is right only as unknown: counted apart,
not in the unknown rate, and so are the counts of a board holding one (its
spaces cannot be placed). Goal: 0 wrong.

    nice -n 10 .venv/bin/python bench/amritsar_boards.py --scenes 20
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import os
import platform
import time
from collections import Counter

import numpy as np

from vision.games.amritsar_boards import layout as L
from vision.games.amritsar_boards.read import BoardsReader
from vision.games.amritsar_boards.render import BoardsRenderer
from vision.games.amritsar_boards.scenes import random_boards
from vision.games.amritsar_boards.view import FLIPPED, BoardView
from vision.harsh import CONDITIONS
from vision.rig import camera_for
from vision.sources import Frame

KINDS = ("tracks", "tax", "storage", "upgrades", "goods")


def kind_of(place: str) -> str:
    head = place.split(":")[0]
    return "upgrades" if head in ("mahouts", "objectives") else head


def run(
    seed: int, condition: str, frames: int, players: int
) -> tuple[tuple[BoardView, ...], tuple[BoardView, ...] | None]:
    truth = random_boards(np.random.default_rng(seed), players)
    renderer = BoardsRenderer(seed, condition, players)
    calibration = camera_for(seed, CONDITIONS[condition], L.extent_for(players))[2]
    reader = BoardsReader(players, calibration)
    hand_frames = CONDITIONS[condition].hand_frames
    for n in range(frames):
        image = renderer.frame(truth, n < hand_frames, n)
        seen = reader.read(Frame(image=image, number=n, time=n / 10))
        if seen is not None:
            return truth, seen
    return truth, None


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--scenes", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=81000)
    ap.add_argument(
        "--conditions",
        default="ideal,wide-lens,wide-lens-calibrated,light,motion,placement,1080p,hand-start",
    )
    ap.add_argument("--frames", type=int, default=12)
    ap.add_argument("--players", type=int, default=1, help="boards on the table (1-4)")
    args = ap.parse_args()
    print(
        f"# amritsar personal boards: {platform.machine()}, Python {platform.python_version()}, "
        f"load {os.getloadavg()[0]:.1f}"
    )
    head = " | ".join(f"{k}: exact / unknown / wrong" for k in KINDS)
    print(f"players: {args.players}")
    print(
        f"| condition | scenes | {head} | unknown | flipped storehouses (unknown by design) | boards not found | never settled |"
    )
    print("|---|---|" + "---|" * len(KINDS) + "---|---|---|---|")
    start = time.perf_counter()
    for condition in args.conditions.split(","):
        score: dict[str, Counter[str]] = {k: Counter() for k in KINDS}
        unsettled = lost = flipped = 0
        for seed in range(args.first_seed, args.first_seed + args.scenes):
            truth, seen = run(seed, condition, args.frames, args.players)
            if seen is None:
                unsettled += 1
                seen = tuple(BoardView.unknown() for _ in truth)
            for seat, (want, got) in enumerate(zip(truth, seen, strict=True)):
                if got == BoardView.unknown():
                    lost += 1
                a, b = want.places(), got.places()
                for place, value in a.items():
                    read = b[place]
                    if value == FLIPPED and read is None:
                        flipped += 1
                        continue
                    if place.startswith("goods") and FLIPPED in want.storage and read is None:
                        flipped += 1  # a flipped storehouse's spaces cannot be placed
                        continue
                    if read is None:
                        outcome = "unknown"
                    elif value == FLIPPED or read != value:
                        outcome = "wrong"
                        print(f"  {condition} {seed} seat {seat} {place}: {value} read {read}")
                    else:
                        outcome = "exact"
                    score[kind_of(place)][outcome] += 1
        total = sum(sum(c.values()) for c in score.values())
        unknown = sum(c["unknown"] for c in score.values())
        cells = " | ".join(
            f"{score[k]['exact']} / {score[k]['unknown']} / {score[k]['wrong']}" for k in KINDS
        )
        print(
            f"| {condition} | {args.scenes} | {cells} | {100 * unknown / max(total, 1):.1f} % |"
            f" {flipped} | {lost} | {unsettled} |",
            flush=True,
        )
    print(f"# {time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
