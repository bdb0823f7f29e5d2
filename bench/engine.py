"""Rules engine speed: random full games and ``legal_actions`` throughput.

What it measures, each as the median of several runs on one pinned core:

- a random game for 2 and 4 players, from ``new_game(seed)`` (every setup
  draw made at random) to the end, choosing uniformly among the legal actions
  with the unchecked ``apply`` (what a playout or a solver does);
- the setup draws alone (part of the above);
- ``legal_actions`` calls per second over every state of a few games;
- a fixed pure-Python workload (sorting), measured in the same run, so
  figures from a shared, noisy machine compare as ratios.

Target (issue 4): a random 4-player game in at most 50 ms median on one core;
issue 35 lowered it to 10 ms (results in bench/RESULTS.md).

Usage:
    .venv/bin/python bench/engine.py [--runs 7] [--games 10] [--cpu 0] [--profile]
    .venv/bin/python bench/engine.py --against DIR [--runs 7] [--games 10] [--clock cpu]

``--clock cpu`` times this process's CPU time instead of wall time (steadier
on a loaded shared machine; the baseline is timed the same way).

``--profile`` prints where the time of 4-player games goes (cProfile, by
own time and by cumulative time) instead of timing.

``--against DIR`` compares this tree's engine with another copy of it (a
directory holding an ``engine`` package, for example made with
``git archive REV engine | tar -x -C DIR``): both play the same seeds in
fresh processes, one after the other, run after run, and the median ratio of
their times is printed, which stays meaningful on a busy machine.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import platform
import pstats
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

# The engine measured: this tree's, or the one --against names (in its child runs).
ENGINE_ROOT = os.environ.get("BENCH_ENGINE_ROOT", str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, ENGINE_ROOT)

try:
    from engine.amritsar.game import apply, legal_actions, new_game
    from engine.amritsar.state import GameState
except ModuleNotFoundError:  # a tree from before the engine/amritsar/ package (issue 17)
    from engine.game import apply, legal_actions, new_game  # type: ignore[no-redef]
    from engine.state import GameState  # type: ignore[no-redef]


def play_game(players: int, seed: int) -> int:
    """One random game from its setup draws to the end; returns the actions taken."""
    rng = random.Random(seed)
    s = new_game(players, seed=seed)
    steps = 0
    while not s.finished:
        s, _ = apply(s, rng.choice(legal_actions(s)), check=False)
        steps += 1
    return steps


def states_of_games(players: int, seeds: range) -> list[GameState]:
    corpus = []
    for seed in seeds:
        rng = random.Random(seed)
        s = new_game(players, seed=seed)
        while not s.finished:
            corpus.append(s)
            s, _ = apply(s, rng.choice(legal_actions(s)), check=False)
    return corpus


def baseline() -> None:
    """A fixed pure-Python workload to compare against (sorting 200k numbers)."""
    rng = random.Random(1)
    sorted(rng.random() for _ in range(200_000))


def batches(games: int, one: Callable[[int], object]) -> Callable[[], None]:
    """Work that plays ``games`` new seeds each time it runs (no run repeats a game)."""
    seeds = iter(range(10**6))

    def batch() -> None:
        for _ in range(games):
            one(next(seeds))

    return batch


#: The clock every figure is timed with (``--clock``): wall or this process's CPU time.
CLOCK: Callable[[], float] = time.perf_counter


def timed(work: Callable[[], object]) -> float:
    start = CLOCK()
    work()
    return CLOCK() - start


def median_of(runs: int, work: Callable[[], object]) -> tuple[float, float, float]:
    times = [timed(work) for _ in range(runs)]
    return statistics.median(times), min(times), max(times)


def machine() -> str:
    model = platform.processor() or "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return (
        f"{model}; {os.cpu_count()} cores; Python {platform.python_version()} "
        f"({platform.python_implementation()}); {platform.system()} {platform.release()}"
    )


def pin(cpu: int) -> str:
    if hasattr(os, "sched_setaffinity"):
        try:
            os.sched_setaffinity(0, {cpu})
            return f"pinned to CPU {cpu}"
        except OSError as error:
            return f"not pinned ({error.strerror})"
    return "not pinned (no sched_setaffinity)"


def report(runs: int, games: int) -> None:
    print(f"machine: {machine()}")
    base, base_lo, base_hi = median_of(runs, baseline)
    print(
        f"baseline (sort 200k floats): {base * 1000:.1f} ms median ({base_lo * 1000:.1f}-{base_hi * 1000:.1f})"
    )
    for players in (2, 4):
        med, lo, hi = median_of(runs, batches(games, lambda seed, p=players: play_game(p, seed)))
        per_game = med / games * 1000
        steps = statistics.mean(play_game(players, seed) for seed in range(games))
        setup, _, _ = median_of(
            runs, batches(games, lambda seed, p=players: new_game(p, seed=seed))
        )
        print(
            f"random {players}-player game: {per_game:.1f} ms median per game "
            f"({lo / games * 1000:.1f}-{hi / games * 1000:.1f}), {steps:.0f} actions, "
            f"setup draws {setup / games * 1000:.1f} ms; "
            f"{per_game / (base * 1000):.2f} x baseline"
        )
    corpus = states_of_games(4, range(3))
    med, lo, hi = median_of(runs, lambda: [legal_actions(s) for s in corpus])
    rate = len(corpus) / med
    print(
        f"legal_actions: {rate:,.0f} calls/s median over {len(corpus)} states of 4-player games "
        f"({len(corpus) / hi:,.0f}-{len(corpus) / lo:,.0f}); "
        f"{med / len(corpus) * 1e6:.1f} us per call"
    )


def child(players: int, games: int, first_seed: int) -> None:
    """One timed batch in this process (for --against); prints JSON."""
    start = CLOCK()
    for seed in range(first_seed, first_seed + games):
        play_game(players, seed)
    import engine

    elapsed = (CLOCK() - start) / games * 1000
    print(json.dumps({"ms_per_game": elapsed, "engine": str(Path(engine.__file__).parent)}))


def run_child(root: Path, players: int, games: int, first_seed: int, cpu: int) -> float:
    env = {**os.environ, "BENCH_ENGINE_ROOT": str(root)}
    batch = [str(players), str(games), str(first_seed)]
    clock = "cpu" if CLOCK is time.process_time else "wall"
    script = str(Path(__file__).resolve())
    out = subprocess.run(
        [sys.executable, script, "--cpu", str(cpu), "--clock", clock, "--child", *batch],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    data = json.loads(out.splitlines()[-1])
    assert Path(data["engine"]).parent == root.resolve(), f"measured {data['engine']}, not {root}"
    result: float = data["ms_per_game"]
    return result


def compare(other: Path, runs: int, games: int, cpu: int) -> None:
    here = Path(__file__).resolve().parent.parent
    print(f"machine: {machine()}")
    for players in (2, 4):
        mine, theirs, ratios = [], [], []
        for run in range(runs):
            seed = 1000 * run
            a = run_child(other, players, games, seed, cpu)
            b = run_child(here, players, games, seed, cpu)
            theirs.append(a)
            mine.append(b)
            ratios.append(b / a)
        print(
            f"random {players}-player game: this tree {statistics.median(mine):.1f} ms, "
            f"{other} {statistics.median(theirs):.1f} ms (medians of {runs} runs of {games} "
            f"games); this/other {statistics.median(ratios):.2f} (median of per-run ratios)"
        )


def profile(games: int) -> None:
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play_game(4, seed)
    profiler.disable()
    stats = pstats.Stats(profiler)
    stats.sort_stats("tottime").print_stats(20)
    stats.sort_stats("cumulative").print_stats(30)


def main() -> int:
    parser = argparse.ArgumentParser(description="Rules engine benchmark.")
    parser.add_argument("--runs", type=int, default=7, help="runs per figure (median taken)")
    parser.add_argument("--games", type=int, default=10, help="games per run")
    parser.add_argument("--cpu", type=int, default=0, help="core to pin to")
    parser.add_argument("--profile", action="store_true", help="profile 4-player games")
    parser.add_argument("--against", type=Path, help="another tree's engine to compare with")
    parser.add_argument(
        "--clock", choices=("wall", "cpu"), default="wall", help="time wall or CPU time"
    )
    parser.add_argument("--child", nargs=3, type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    global CLOCK
    CLOCK = time.process_time if args.clock == "cpu" else time.perf_counter
    pinned = pin(args.cpu)
    if args.child:
        child(*args.child)
        return 0
    print(f"command: {' '.join(sys.argv)}; {pinned}")
    if args.profile:
        profile(args.games)
    elif args.against:
        compare(args.against.resolve(), args.runs, args.games, args.cpu)
    else:
        report(args.runs, args.games)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
