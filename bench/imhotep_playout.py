"""Imhotep rules speed: random 4-player playouts, median milliseconds per game.

A game starts at ``new_game(4, seed=...)`` (the setup draws made at random)
and plays uniformly random legal actions with the unchecked ``apply`` to the
end of the sixth round; chance draws use ``random_chance``. Each run plays
``--games`` games with new seeds; the figure is the median over ``--runs`` of
the per-game time. A fixed pure-Python workload (sorting 200k floats) is
timed in the same run so figures from a shared, noisy machine compare as
ratios.

Goal (issue 17): at most 10 ms per 4-player game (median).

Usage:
    .venv/bin/python bench/imhotep_playout.py [--runs 7] [--games 20] [--options all-b] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import os
import platform
import pstats
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.core.registry import get_rules

RULES = get_rules("imhotep")


def playout(seed: int, players: int, options: tuple[str, ...]) -> int:
    rng = random.Random(seed)
    state = RULES.new_game(players, seed=seed, options=options)
    actions = 0
    while True:
        decision = RULES.decision(state)
        if decision.is_over:
            return actions
        if decision.is_chance:
            action = RULES.random_chance(state, rng)
        else:
            action = rng.choice(RULES.legal_actions(state))
        state, _ = RULES.apply(state, action, check=False)
        actions += 1


def baseline() -> float:
    rng = random.Random(1)
    data = [rng.random() for _ in range(200_000)]
    start = time.perf_counter()
    sorted(data)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--options", default="", help="comma-separated game options, e.g. all-b")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    options = tuple(o for o in args.options.split(",") if o)
    if args.profile:
        cProfile.runctx(
            "for s in range(args.games): playout(s, args.players, options)",
            globals(),
            {"args": args, "options": options},
            "/tmp/imhotep.prof",
        )
        pstats.Stats("/tmp/imhotep.prof").sort_stats("tottime").print_stats(20)
        return
    per_game, bases, lengths = [], [], []
    seed = 0
    for _ in range(args.runs):
        bases.append(baseline())
        start = time.perf_counter()
        for _ in range(args.games):
            lengths.append(playout(seed, args.players, options))
            seed += 1
        per_game.append((time.perf_counter() - start) * 1000 / args.games)
    median, base = statistics.median(per_game), statistics.median(bases)
    print(
        f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"load average: {os.getloadavg()[0]:.1f}")
    print(
        f"{args.players} players, options {options or '(none, A sides)'}: {args.runs} runs x {args.games} games"
    )
    print(f"actions per game: median {statistics.median(lengths):.0f}")
    print(
        f"ms per game: median {median:.2f} (runs {min(per_game):.2f}-{max(per_game):.2f}); goal <= 10 ms"
    )
    print(f"baseline sort 200k floats: {base:.1f} ms; ratio game / baseline {median / base:.3f}")


if __name__ == "__main__":
    main()
