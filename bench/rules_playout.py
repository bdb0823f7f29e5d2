"""Speed of a rules engine behind the core ``Rules`` protocol: random full games, 2 and 4 players.

Shared by ``bench/ceylon_playout.py`` and ``bench/rajas_playout.py`` (their
docstrings say what a game of each covers and its target). A game runs from
``new_game(seed)`` (every setup draw made at random) to the end: the players'
decisions chosen uniformly among the legal actions with the unchecked
``apply``, chance drawn by ``random_chance`` (what a playout or a solver
does). Each game is timed alone; the figure is the median over all games of
all runs.

A fixed pure-Python workload (sorting 200k floats), measured in the same run,
is printed too, so figures from a shared, noisy machine compare as ratios.
``--clock cpu`` times this process's CPU time (steadier on a loaded shared
machine); ``--against GAME`` also plays another game's random 4-player games
interleaved game by game and prints the ratio of the medians, a baseline that
load drift affects alike.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.core.game import Rules
from engine.core.registry import get_rules

CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}


def play_game(players: int, seed: int, rules: Rules) -> int:
    """One random game; returns the number of actions applied."""
    rng = random.Random(seed)
    state = rules.new_game(players, seed=seed)
    steps = 0
    while True:
        decision = rules.decision(state)
        if decision.is_over:
            return steps
        if decision.is_chance:
            action = rules.random_chance(state, rng)
        else:
            legal = rules.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
        state, _ = rules.apply(state, action, check=False)
        steps += 1


def baseline(clock: Callable[[], float] = time.perf_counter) -> float:
    rng = random.Random(1)
    start = clock()
    sorted(rng.random() for _ in range(200_000))
    return clock() - start


def pin(cpu: int) -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {cpu})
            return f"pinned to cpu {cpu}"
        except OSError as error:
            return f"not pinned ({error})"
    return "not pinned (no sched_setaffinity)"


def main(name: str, description: str) -> int:
    """The command line of ``bench/<name>_playout.py``."""
    rules = get_rules(name)
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=40, help="games per run and player count")
    parser.add_argument("--cpu", type=int, default=0)
    parser.add_argument(
        "--clock",
        choices=sorted(CLOCKS),
        default="wall",
        help="cpu: this process's CPU time, steadier than wall time on a loaded machine",
    )
    parser.add_argument(
        "--against",
        default="",
        help="another game's random 4-player games, interleaved game by game, as a baseline",
    )
    args = parser.parse_args()
    clock = CLOCKS[args.clock]
    print(f"clock: {args.clock}")
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} python {platform.python_version()}"
    )
    print(f"{pin(args.cpu)}; {args.runs} runs x {args.games} games per player count")
    bases = [baseline(clock) for _ in range(args.runs)]
    base_ms = statistics.median(bases) * 1000
    print(f"baseline (sort 200k floats): {base_ms:.1f} ms median")
    for players in (2, 4):
        times: list[float] = []
        steps: list[int] = []
        for run in range(args.runs):
            for game in range(args.games):
                seed = run * 100_000 + game
                start = clock()
                steps.append(play_game(players, seed, rules))
                times.append(clock() - start)
        median_ms = statistics.median(times) * 1000
        q = statistics.quantiles(times, n=10)
        print(
            f"{players} players: {median_ms:.2f} ms median per game "
            f"(p10 {q[0] * 1000:.2f}, p90 {q[-1] * 1000:.2f}; {statistics.median(steps):.0f} actions), "
            f"{median_ms / base_ms:.3f} x baseline"
        )
    if args.against:
        other = get_rules(args.against)
        mine: list[float] = []
        theirs: list[float] = []
        for seed in range(args.runs * args.games):
            start = clock()
            play_game(4, seed, rules)
            mine.append(clock() - start)
            start = clock()
            play_game(4, seed, other)
            theirs.append(clock() - start)
        ratio = statistics.median(mine) / statistics.median(theirs)
        print(
            f"4 players, interleaved with {args.against}: {name} {statistics.median(mine) * 1000:.2f} ms, "
            f"{args.against} {statistics.median(theirs) * 1000:.2f} ms median; ratio {ratio:.2f}"
        )
    return 0
