"""Settled table change -> decision, per game read through ``vision.games`` (Imhotep, Ceylon, Rajas).

Plays seeded games with ``companion demo --camera``'s driver
(``companion.sim.camera_demo``): simulated players change the table, the
observation-level fake camera reports it (``FakeCamera``: blanks, never a
wrong value; no game's camera table is timed here, only what happens after
the reader) and every ``RulesSession.on_observation`` call is timed: the
generic search, the verdict, applying it to the session and logging it to
SQLite. Reports p50, p99 and max per game and per verdict, against a
baseline measured in the same run on positions of the same games (one engine
``apply`` plus one ``observe``: the unit the search repeats), so the figures
read as ratios on a noisy machine. Also the phone answers per game, by why.

Goal (issue 17, like Amritsar's issue 8): p99 at most 50 ms.

``--clock cpu`` times this process's CPU time instead of the wall clock: on a
shared, loaded machine the wall clock measures mostly the other jobs; the CPU
clock leaves out waiting, the log's fsync included (so it under-counts that).

Run: ``nice -n 10 .venv/bin/python bench/generic_reconcile.py [--games N] [--miss P] [--clock cpu]``
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
import random
import statistics
import tempfile
import time
from collections import Counter
from typing import Any

from companion.rules_session import RulesSession
from companion.sim.camera_demo import run_camera_demo

GAMES = ("imhotep", "ceylon", "rajas")
CLOCKS = {"wall": time.perf_counter, "cpu": time.process_time}
clock = time.perf_counter


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def timed_game(
    game: str, seed: int, players: int, miss: float
) -> tuple[list[tuple[str, float]], list[float], Counter[str]]:
    timings: list[tuple[str, float]] = []
    sessions: list[RulesSession] = []

    def prepare(session: RulesSession) -> None:
        sessions.append(session)
        plain = session.on_observation

        def timed(seen: Any) -> Any:
            began = clock()
            verdict = plain(seen)
            timings.append((verdict.kind, clock() - began))
            return verdict

        session.on_observation = timed  # type: ignore[method-assign]

    with tempfile.TemporaryDirectory() as folder:
        log = Path(folder) / "game.sqlite"
        report = run_camera_demo(
            game,
            players=players,
            seed=seed,
            log_path=log,
            out=io.StringIO(),
            miss=miss,
            prepare=prepare,
        )
    rules = report.session.rules
    baseline: list[float] = []
    record = report.session.game
    for index in range(0, len(record.entries), max(1, len(record.entries) // 60)):
        state, action = record.states[index], record.entries[index].action
        began = clock()
        for _ in range(20):  # 20 at a time: the CPU clock's tick is coarser than one
            after, _ = rules.apply(state, action, check=False)
            rules.observe(after)
        baseline.append((clock() - began) / 20)
    return timings, baseline, report.steps


def wrong_tables(game: str, seed: int, count: int) -> list[tuple[str, float, int]]:
    """Time ``reconcile`` on tables nothing explains: positions of a seeded game
    with one count on the table moved by 7 (a search that cannot succeed)."""
    from dataclasses import fields, replace

    from companion.reconcile.generic import reconcile
    from engine.core.registry import get_rules

    rules = get_rules(game)
    rng = random.Random(seed)
    state = rules.new_game(3, seed=seed)
    states = []
    while not rules.decision(state).is_over:
        d = rules.decision(state)
        action = (
            rules.random_chance(state, rng)
            if d.is_chance
            else rng.choice(rules.legal_actions(state))
        )
        state, _ = rules.apply(state, action, check=False)
        states.append(state)
    found = []
    for state in states[:: max(1, len(states) // count)][:count]:
        seen = rules.observe(state).as_seen()
        name = next(
            f.name for f in fields(seen)
            if isinstance(getattr(seen, f.name), tuple) and getattr(seen, f.name)
            and all(isinstance(v, int) for v in getattr(seen, f.name))
        )  # fmt: skip
        value = list(getattr(seen, name))
        value[-1] += 7
        began = clock()
        verdict = reconcile(rules, state, replace(seen, **{name: tuple(value)}))
        found.append((verdict.kind, clock() - began, verdict.looked_at))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument(
        "--games", type=int, default=6, help="games per rulebook (2-4 players in turn)"
    )
    parser.add_argument(
        "--miss", type=float, default=0.1, help="chance the fake camera misses a field"
    )
    parser.add_argument("--only", choices=GAMES, action="append", help="time only these games")
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    parser.add_argument(
        "--wrong", type=int, default=20, help="tables nothing explains, timed per rulebook"
    )
    args = parser.parse_args()
    global clock
    clock = CLOCKS[args.clock]
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    )
    print(f"load average at start: {' '.join(f'{x:.1f}' for x in os.getloadavg())}")
    print(
        f"{args.games} games per rulebook, fake camera missing {args.miss:.0%} of the fields per look"
    )
    for game in args.only or GAMES:
        timings: list[tuple[str, float]] = []
        baseline: list[float] = []
        steps: Counter[str] = Counter()
        for index in range(args.games):
            t, b, s = timed_game(game, 1000 + index, 2 + index % 3, args.miss)
            timings += t
            baseline += b
            steps += s
        all_times = [t for _, t in timings]
        base = statistics.median(baseline)
        p99 = percentile(all_times, 0.99)
        print(
            f"\n{game}: {len(all_times)} settled observations; baseline apply+observe median {base * 1e3:.3f} ms"
        )
        print(
            f"  all: p50 {percentile(all_times, 0.5) * 1e3:.2f} ms, p99 {p99 * 1e3:.2f} ms, "
            f"max {max(all_times) * 1e3:.2f} ms (p99 = {p99 / base:.0f} x baseline)"
        )
        for kind in sorted({k for k, _ in timings}):
            values = [t for k, t in timings if k == kind]
            print(
                f"  {kind:11s} n={len(values):5d}  p50 {percentile(values, 0.5) * 1e3:6.2f} ms  "
                f"p99 {percentile(values, 0.99) * 1e3:6.2f} ms"
            )
        if args.wrong:
            wrong = wrong_tables(game, 77, args.wrong)
            times = [t for _, t, _ in wrong]
            kinds = Counter(k for k, _, _ in wrong)
            print(
                f"  a table nothing explains (one count moved by 7), n={len(wrong)} "
                f"({', '.join(f'{k} {n}' for k, n in kinds.items())}): p50 "
                f"{percentile(times, 0.5) * 1e3:.1f} ms, max {max(times) * 1e3:.1f} ms, "
                f"positions looked at up to {max(n for _, _, n in wrong)}"
            )
        print(f"  steps per game (mean over {args.games}):")
        for kind, count in steps.most_common():
            print(f"    {count / args.games:6.1f}  {kind}")


if __name__ == "__main__":
    main()
