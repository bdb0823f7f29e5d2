"""Rajas of the Ganges rules engine speed: random full games, 2 and 4 players.

A game runs from ``new_game(seed)`` (every setup draw made at random: the
tiles turned up on the 12 stacks, the 4 dice each player rolls) to the end:
the players' decisions (every worker, tile, die paid, upgrade) chosen
uniformly among the legal actions with the unchecked ``apply``, chance (every
die rolled, every tile turned up) drawn by ``random_chance`` (what a playout
or a solver does). Each game is timed alone; the figure is the median over
all games of all runs.

A fixed pure-Python workload (sorting 200k floats), measured in the same run,
is printed too, so figures from a shared, noisy machine compare as ratios.

Target (issue 18): a random 4-player game in at most 10 ms median.

Usage:
    nice -n 10 .venv/bin/python bench/rajas_playout.py [--runs 5] [--games 40] [--cpu 0]
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.registry import get_rules

RULES = get_rules("rajas")


def play_game(players: int, seed: int) -> int:
    """One random game; returns the number of actions applied."""
    rng = random.Random(seed)
    state = RULES.new_game(players, seed=seed)
    steps = 0
    while True:
        decision = RULES.decision(state)
        if decision.is_over:
            return steps
        if decision.is_chance:
            action = RULES.random_chance(state, rng)
        else:
            legal = RULES.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state, _ = RULES.apply(state, action, check=False)
        steps += 1


def baseline() -> float:
    rng = random.Random(1)
    start = time.perf_counter()
    sorted(rng.random() for _ in range(200_000))
    return time.perf_counter() - start


def pin(cpu: int) -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {cpu})
            return f"pinned to cpu {cpu}"
        except OSError as error:
            return f"not pinned ({error})"
    return "not pinned (no sched_setaffinity)"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="games per run and player count")
    parser.add_argument("--cpu", type=int, default=0)
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}"
    )
    print(f"{pin(args.cpu)}; {args.runs} runs x {args.games} games per player count")
    bases = [baseline() for _ in range(args.runs)]
    base_ms = statistics.median(bases) * 1000
    print(f"baseline (sort 200k floats): {base_ms:.1f} ms median")
    for players in (2, 4):
        times: list[float] = []
        steps: list[int] = []
        for run in range(args.runs):
            for game in range(args.games):
                seed = run * 100_000 + game
                start = time.perf_counter()
                steps.append(play_game(players, seed))
                times.append(time.perf_counter() - start)
        median_ms = statistics.median(times) * 1000
        q = statistics.quantiles(times, n=10)
        print(
            f"{players} players: {median_ms:.2f} ms median per game "
            f"(p10 {q[0] * 1000:.2f}, p90 {q[-1] * 1000:.2f}; {statistics.median(steps):.0f} actions), "
            f"{median_ms / base_ms:.3f} x baseline"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
