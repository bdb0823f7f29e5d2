"""How strong is the solo Maharajah? His final scores over many seeded games.

Plays complete solo games (setup draws from the seed) against two simple
humans and prints a Markdown table of his final PP, the human's final PP and
how often the human wins, so a player can judge the opponent:

- ``random``: every decision uniformly at random among the legal actions.
- ``greedy``: plans each of its turns greedily. When a run of its own
  decisions begins (a turn, or following the Maharajah token's worker), it
  plays that run to its end ``SAMPLES`` times with random choices, scores
  each end position with a simple estimate and carries out the best line.
  The estimate: PP, plus what the end-of-game items (knowledge spaces,
  objectives) are worth now, the active temple tile's PP for each district
  where it would win or share the majority now, 0.3 per donation counter on
  the elephant, resources by rarity (marble 0.4, copper 0.6, gold 0.8), 0.3
  per coin and 0.5 per knowledge step, less the PP lost if the decade's tax
  were due now.
  No look-ahead past its own turn: a baseline, not a good player.

Usage:
    .venv/bin/python bench/solo_strength.py --games 1000 [--hard] [--workers 2]

Figures go in bench/RESULTS.md with the machine and the command.
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/engine.py
# would shadow the engine package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import os
import platform
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from companion.games.amritsar.sim.players import GreedyPlayer, random_player
from engine.amritsar import (
    MAHARAJAH_ACTION,
    Action,
    GameState,
    apply,
    is_maharajah_turn,
    legal_actions,
    new_game,
    winners,
)

HUMAN = 0

Policy = Callable[[GameState, list[Action], random.Random], Action]


POLICIES: dict[str, Callable[[], Policy]] = {
    "random": lambda: random_player,
    "greedy": lambda: GreedyPlayer(HUMAN),
}


def play(seed: int, policy_name: str, hard: bool) -> tuple[int, int, bool]:
    """One game: (his final PP, the human's final PP, the human won or shared)."""
    policy = POLICIES[policy_name]()
    rng = random.Random(seed * 7919 + 1)
    state = new_game(1, solo=True, hard=hard, seed=seed)
    while not state.finished:
        if is_maharajah_turn(state):
            state, _ = apply(state, MAHARAJAH_ACTION)
            continue
        actions = legal_actions(state)
        state, _ = apply(state, policy(state, actions, rng), check=False)
    assert state.maharajah is not None
    return state.maharajah.pp, state.players[HUMAN].pp, HUMAN in winners(state)


def _batch(args: tuple[list[int], str, bool]) -> list[tuple[int, int, bool]]:
    seeds, policy, hard = args
    return [play(seed, policy, hard) for seed in seeds]


def run(
    games: int, policy: str, hard: bool, workers: int
) -> tuple[list[tuple[int, int, bool]], float]:
    seeds = list(range(games))
    chunks = [(seeds[i :: workers * 4], policy, hard) for i in range(workers * 4)]
    start = time.perf_counter()
    results: list[tuple[int, int, bool]] = []
    if workers > 1:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            for part in pool.map(_batch, chunks):
                results += part
    else:
        for chunk in chunks:
            results += _batch(chunk)
    return results, time.perf_counter() - start


def _quantile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def row(label: str, values: list[int]) -> str:
    return (
        f"| {label} | {statistics.mean(values):.1f} | {statistics.pstdev(values):.1f} | "
        f"{min(values)} | {_quantile(values, 0.1)} | {statistics.median(values):.0f} | "
        f"{_quantile(values, 0.9)} | {max(values)} |"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--hard", action="store_true", help="the harder variant")
    parser.add_argument("--workers", type=int, default=min(2, os.cpu_count() or 1))
    parser.add_argument("--policies", default="random,greedy")
    args = parser.parse_args(argv)
    mode = "hard" if args.hard else "normal"
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"games: {args.games} per human, Maharajah {mode}, workers: {args.workers}\n")
    print("| seat (human policy) | mean | st. dev. | min | 10% | median | 90% | max |")
    print("|---|---|---|---|---|---|---|---|")
    timings = []
    for policy in args.policies.split(","):
        results, seconds = run(args.games, policy, args.hard, args.workers)
        his = [r[0] for r in results]
        human = [r[1] for r in results]
        wins = sum(1 for r in results if r[2])
        print(row(f"Maharajah ({policy})", his))
        print(row(f"human ({policy}), wins {100 * wins / len(results):.1f}%", human))
        timings.append((policy, seconds))
    print()
    base = timings[0][1]
    for policy, seconds in timings:
        print(
            f"{policy}: {seconds:.1f} s, {1000 * seconds / args.games:.1f} ms per game "
            f"({seconds / base:.2f}x the {timings[0][0]} run)"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
