"""Whole games through a table seen right but not all of it: reconciliation's
wrong decisions and false alerts through unknowns.

``companion.games.amritsar.sim.partly_seen.PartlySeenTable`` shows the true table with
items unknown (for the whole game with probability ``--floor``, in one look
with ``--transient``), never a wrong value. Each game is played by
``ScriptedTable`` (the demo's player: moves on the table, phone answers for
what the table cannot show); per game:

- **false alerts**: any alert but the notices (the table is always right);
- **diverged**: the companion applied a move the table never made (the
  scripted table then stops: it cannot answer for a game it never played);
- **phone answers** per game.

Run: ``.venv/bin/python bench/partly_seen_games.py --games 200 --floor 0.05,0.15,0.3``
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
import time
from dataclasses import dataclass, field

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.partly_seen import PartlySeenTable
from companion.games.amritsar.sim.simulate import DivergedError, ScriptedTable

#: Alerts that are notices, not "illegal move" (the bench of whole games through
#: rendered frames counts the same).
NOT_ILLEGAL = frozenset({"turn_not_closed", "sensors_disagree", "camera_notice"})


@dataclass
class Played:
    seed: int
    players: int
    alerts: list[str] = field(default_factory=list)
    diverged: str = ""
    phone: int = 0
    actions: int = 0


def play(seed: int, players: int, floor: float, transient: float) -> Played:
    """One game; what went wrong in it."""
    names = ["Ana", "Ben", "Chandra", "Dev"][:players]
    session = TableSession.new(names, solo=players == 1, seed=seed)
    out = Played(seed, players)
    raise_alert = session.raise_alert

    def spy(reason, *args, **kwargs):  # type: ignore[no-untyped-def]
        if reason.code not in NOT_ILLEGAL:
            out.alerts.append(reason.code)
        return raise_alert(reason, *args, **kwargs)

    session.raise_alert = spy  # type: ignore[method-assign]
    driver = ScriptedTable(
        session, Reconciler(session), PartlySeenTable(seed, floor, transient), seed=seed
    )
    try:
        driver.play()
    except DivergedError as error:
        out.diverged = str(error)[:160]
    out.phone = driver.report.phone_answers
    out.actions = driver.report.actions
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="seeds per player count")
    parser.add_argument("--seed0", type=int, default=0)
    parser.add_argument("--players", default="1,2,3")
    parser.add_argument("--floor", default="0.05,0.15,0.3")
    parser.add_argument("--transient", type=float, default=0.05)
    parser.add_argument("--show", type=int, default=12, help="failing games listed")
    args = parser.parse_args(argv)
    counts = [int(p) for p in args.players.split(",")]
    print(
        f"# {platform.node()} {platform.machine()} {os.cpu_count()} cpus, Python {platform.python_version()}"
    )
    print(f"# {' '.join(sys.argv)}")
    for floor in (float(f) for f in args.floor.split(",")):
        began = time.process_time()
        games = [
            play(seed, players, floor, args.transient)
            for seed in range(args.seed0, args.seed0 + args.games)
            for players in counts
        ]
        cpu = time.process_time() - began
        alerted = [g for g in games if g.alerts]
        diverged = [g for g in games if g.diverged]
        print(
            f"floor {floor:.2f}, transient {args.transient:.2f}: {len(games)} games, "
            f"false alerts {sum(len(g.alerts) for g in games)} in {len(alerted)} games, "
            f"diverged {len(diverged)}, phone answers {sum(g.phone for g in games) / len(games):.1f}"
            f"/game, actions {sum(g.actions for g in games) / len(games):.0f}/game, "
            f"cpu {cpu:.0f} s ({cpu / len(games) * 1000:.0f} ms/game)",
            flush=True,
        )
        for g in [*alerted, *diverged][: args.show]:
            print(f"  seed {g.seed} {g.players}p: alerts {g.alerts[:4]} {g.diverged}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
