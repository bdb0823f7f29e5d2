"""What Amritsar's personal boards in view buy in phone answers, on a perfect table.

Plays seeded solo games with the demo's player (``bench/phone_answers.py``'s
``CountingTable``: ``--simulated``, by default ``strong``, "turn done" button, grouped screens) on
a perfectly read main board, once as today (the boards out of view; she
answers on her phone as she decides 70 % of the time) and once with the
boards in view, read perfectly (``boards_of`` of the true game: what the
layout buys at best; the camera's own misses are in
``bench/amritsar_boards.py``): she makes her board's choices at the table
and answers only what the companion still asks. Counts per game: screens,
taps, answers by kind, alerts (every one false: the play is legal). A game
whose companion leaves the table's game fails the run (``DivergedError``).

Run: ``nice -n 10 .venv/bin/python bench/amritsar_boards_answers.py --games 20``
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)
sys.path.insert(1, str(Path(__file__).resolve().parent))

import argparse
import os
import platform
import statistics
import time
from collections import Counter
from typing import Any

from phone_answers import CountingTable

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.demo import ana_policy
from companion.games.amritsar.sim.simulate import PerfectTable
from companion.sim.sim_players import DEMO_SIMULATED, SIMULATED
from engine.amritsar import GameState
from vision.games.amritsar_boards.view import BoardView, boards_of


class BoardsTable(PerfectTable):
    """A perfect table whose personal boards are read perfectly too."""

    boards_read: tuple[BoardView, ...] | None = None

    def show(self, truth: GameState) -> None:
        super().show(truth)
        self.boards_read = boards_of(truth)


def play(
    seed: int, boards: bool, simulated: str = DEMO_SIMULATED
) -> tuple[CountingTable, Counter[str]]:
    session = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000")
    driver = CountingTable(
        session,
        Reconciler(session),
        BoardsTable() if boards else PerfectTable(),
        seed=seed,
        policy=ana_policy(simulated),
        phone_first=0.7,
    )
    driver.boards_in_view = boards
    alerts: Counter[str] = Counter()
    raise_alert = session.raise_alert

    def counted(*args: Any, **kwargs: Any) -> Any:
        alert = raise_alert(*args, **kwargs)
        alerts[alert.code] += 1
        return alert

    session.raise_alert = counted  # type: ignore[method-assign]
    driver.play()
    return driver, alerts


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--first-seed", type=int, default=1)
    ap.add_argument(
        "--simulated",
        choices=SIMULATED,
        default=DEMO_SIMULATED,
        help="how the player plays (companion.sim.sim_players; casual: GreedyPlayer)",
    )
    args = ap.parse_args()
    print(
        f"# {platform.machine()}, Python {platform.python_version()}, "
        f"load {os.getloadavg()[0]:.1f}, seeds {args.first_seed}.."
        f"{args.first_seed + args.games - 1}, playing as {args.simulated}"
    )
    start = time.perf_counter()
    for boards in (False, True):
        screens, taps = [], []
        kinds: Counter[str] = Counter()
        alerts: Counter[str] = Counter()
        for seed in range(args.first_seed, args.first_seed + args.games):
            driver, raised = play(seed, boards, args.simulated)
            screens.append(driver.report.phone_answers)
            taps.append(driver.taps)
            kinds.update(driver.kinds)
            alerts.update(raised)
        name = "boards in view" if boards else "boards out of view"
        print(
            f"{name}: screens median {statistics.median(screens)} (per game {screens}), "
            f"taps median {statistics.median(taps)}, alerts {sum(alerts.values())}"
        )
        print("  by kind (all games): " + ", ".join(f"{k} {n}" for k, n in kinds.most_common(10)))
    print(f"# {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
