"""Time from a settled table observation to the reconciler's decision.

Plays seeded games from the table's side (``companion.games.amritsar.sim.simulate``: moves on the
table, the camera path infers them, phones answer what the table cannot show)
and times every ``Reconciler.on_seen`` call: search, decision and applying the
result to the session. Reports p50, p99 and max over all of them, split by
outcome, and a baseline measured in the same run (one engine ``apply`` on the
same positions) so the figures can be read as ratios on a noisy machine.

Goal (issue 8): p99 at most 50 ms.

Run: ``.venv/bin/python bench/reconcile.py [--games N]``
"""

from __future__ import annotations

import sys
from pathlib import Path

# Run as a script, this folder comes first on sys.path, and bench/engine.py
# would shadow the engine package: put the repository root there instead.
sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import platform
import statistics
import time

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.simulate import PerfectTable, ScriptedTable
from engine.amritsar import apply, legal_actions


class TimedReconciler(Reconciler):
    def __init__(self, session: TableSession) -> None:
        super().__init__(session)
        self.timings: list[tuple[str, float]] = []

    def on_seen(self, seen, *, settling=False):  # type: ignore[no-untyped-def]
        began = time.perf_counter()
        result = super().on_seen(seen, settling=settling)
        self.timings.append((result.kind if result else "skipped", time.perf_counter() - began))
        return result


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument(
        "--camera-games",
        type=int,
        default=2,
        help="games through rendered frames, timing from the snapshot",
    )
    args = parser.parse_args()
    timings: list[tuple[str, float]] = []
    baseline: list[float] = []
    for game in range(args.games):
        players = 2 + game % 3
        session = TableSession.new([f"P{i}" for i in range(players)], seed=game)
        reconciler = TimedReconciler(session)
        table = ScriptedTable(session, reconciler, PerfectTable(), seed=game)
        table.play()
        timings += reconciler.timings
        # Baseline: one checked engine apply, on positions of the same game.
        for state in session.game.states[:: max(1, len(session.game.states) // 60)]:
            actions = legal_actions(state)
            if actions:
                began = time.perf_counter()
                apply(state, actions[0])
                baseline.append(time.perf_counter() - began)
    all_times = [t for _, t in timings]
    base = statistics.median(baseline)
    print(
        f"machine: {platform.machine()}, {platform.processor() or 'cpu'}, Python {platform.python_version()}"
    )
    print(f"{args.games} games (2, 3 and 4 players), {len(all_times)} settled observations")
    print(f"baseline: one checked engine apply, median {base * 1e3:.3f} ms")
    print(
        f"all: p50 {percentile(all_times, 0.5) * 1e3:.2f} ms, "
        f"p99 {percentile(all_times, 0.99) * 1e3:.2f} ms, max {max(all_times) * 1e3:.2f} ms "
        f"(p99 = {percentile(all_times, 0.99) / base:.0f} applies)"
    )
    for kind in sorted({k for k, _ in timings}):
        values = [t for k, t in timings if k == kind]
        print(
            f"  {kind:7s} n={len(values):5d}  p50 {percentile(values, 0.5) * 1e3:6.2f} ms  "
            f"p99 {percentile(values, 0.99) * 1e3:6.2f} ms"
        )
    if args.camera_games:
        from_snapshot = camera_games(args.camera_games)
        print(
            f"from a settled camera snapshot (snapshot read as Seen, fused, reconciled), "
            f"{args.camera_games} 2-player games through rendered frames, n={len(from_snapshot)}: "
            f"p50 {percentile(from_snapshot, 0.5) * 1e3:.2f} ms, "
            f"p99 {percentile(from_snapshot, 0.99) * 1e3:.2f} ms, max {max(from_snapshot) * 1e3:.2f} ms"
        )


class TimedCameraTable(ScriptedTable):
    """Times what happens once the camera's picture has settled."""

    times: list[float]

    def _camera(self) -> None:
        from companion.games.amritsar.reconcile.camera import seen_from_snapshot
        from companion.games.amritsar.sim.camera_table import CameraTable

        table = self.table
        assert isinstance(table, CameraTable)
        _, settling = table.look()  # frames rendered and read until settled: not timed
        began = time.perf_counter()
        seen = seen_from_snapshot(table.pipeline.snapshot, table.state, table.colours)
        self.reconciler.on_seen(seen, settling=settling)
        self.times.append(time.perf_counter() - began)


def camera_games(games: int) -> list[float]:
    """Time snapshot -> Seen -> reconciler decision in games seen by the camera."""
    from companion.games.amritsar.sim.camera_table import CameraTable

    times: list[float] = []
    for game in range(games):
        session = TableSession.new(["P0", "P1"], seed=100 + game)
        colours = tuple(s.colour for s in session.seats)
        driver = TimedCameraTable(
            session, Reconciler(session), CameraTable(session.state, colours, seed=game), seed=game
        )
        driver.times = times
        driver.play()
    return times


if __name__ == "__main__":
    main()
