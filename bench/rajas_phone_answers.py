"""Rajas of the Ganges: phone answers per simulated game, by why, and the demo through frames.

Plays seeded games with ``companion demo --game rajas --camera``'s driver
(``companion.sim.camera_demo``): simulated players move pieces on a simulated
table, a camera reports it, and whatever the camera does not give is answered
on a phone (or the table screen). Each phone answer is classified by
``camera_demo.why_on_phone``:

* forced: no table the camera reads tells the answer from no move or from
  another legal action; the fields that would tell them apart are named
  (``levels``: the upgrade cubes; ``karma``: the karma cubes; the dice's pips
  are read since issue 33, so a roll is read unless the camera missed it);
* avoidable: the camera reads a piece that shows it, but missed it this time.

The camera is the observation-level ``FakeCamera`` (fast; the fields the
Rajas camera table never reads are always blank, any other is missed with
probability ``--miss``), or, with ``--frames N``, the real camera table for
the first N games: 12 MP frames rendered and read back by
``vision.games.rajas`` (about 0.35 CPU s a frame). Per game it prints the
steps, the answers by why and action, and the CPU time; the fake game of the
same seed is the baseline for the rendered one (a ratio in the same run).

Usage:
    nice -n 10 .venv/bin/python bench/rajas_phone_answers.py [--games 6] [--frames 0]
        [--miss 0.1] [--seed 1]
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/engine.py
# would shadow the engine package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import io
import os
import platform
import tempfile
import time
from collections import Counter

from companion.sim.camera_demo import AVOIDABLE, CameraDemoReport, run_camera_demo
from companion.sim.fake_camera import Eye, FakeCamera, TableEye
from vision.games import table_for


def play(players: int, seed: int, eye: Eye) -> tuple[CameraDemoReport, float]:
    began = time.process_time()
    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "game.sqlite"
        report = run_camera_demo(
            "rajas", players=players, seed=seed, log_path=log, out=io.StringIO(), eye=eye
        )
    return report, time.process_time() - began


def show(label: str, report: CameraDemoReport, cpu: float) -> None:
    steps = sum(report.steps.values())
    answers = report.phone_answers()
    avoidable = sum(n for (why, _), n in report.phone.items() if why == AVOIDABLE)
    print(
        f"{label}: {steps} steps, {answers} phone answers "
        f"({answers - avoidable} forced, {avoidable} avoidable), {cpu:.1f} CPU s"
    )
    for kind, n in report.steps.most_common():
        print(f"    {n:4d}  {kind}")
    for (why, word), n in sorted(report.phone.items()):
        print(f"    {n:4d}  {why}: {word}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6, help="games, players 2, 3, 4, 2...")
    parser.add_argument("--frames", type=int, default=0, help="of them, through rendered frames")
    parser.add_argument("--miss", type=float, default=0.1, help="the fake camera's miss rate")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    args = parser.parse_args()
    if not 1 <= args.games <= 100 or not 0 <= args.frames <= args.games:
        parser.error("--games is 1-100 and --frames at most --games")
    print(f"machine: {platform.machine()}, Python {platform.python_version()}, "
          f"load {os.getloadavg()[0]:.1f}")  # fmt: skip
    totals: Counter[tuple[str, str]] = Counter()
    answers = avoidable = 0
    for k in range(args.games):
        players, seed = 2 + k % 3, args.seed + k
        report, cpu = play(players, seed, FakeCamera("rajas", miss=args.miss, seed=seed))
        show(f"game {k + 1} ({players} players, seed {seed}, fake camera)", report, cpu)
        totals += report.phone
        answers += report.phone_answers()
        avoidable += sum(n for (why, _), n in report.phone.items() if why == AVOIDABLE)
        if k < args.frames:
            table = table_for("rajas")
            assert table is not None
            eye = TableEye(table, seed=seed, players=players)
            framed, framed_cpu = play(players, seed, eye)
            show(f"game {k + 1} through rendered frames ({eye._frame} frames)", framed, framed_cpu)
            print(f"    rendered / fake CPU: {framed_cpu / cpu:.0f}x")
    n = args.games
    print(f"\nfake camera, mean per game over {n}: {answers / n:.1f} phone answers, "
          f"{(answers - avoidable) / n:.1f} forced, {avoidable / n:.1f} avoidable")  # fmt: skip
    for (why, word), count in sorted(totals.items()):
        print(f"  {count / n:6.1f}  {why}: {word}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
