"""``companion demo`` for Amritsar: one player against the Maharajah, read through the
simulated camera and sensor board (``demo.run_demo``), reached through the adapter."""

from __future__ import annotations

import argparse
import sys

from companion.commands.demo import pacer, player_counts
from companion.games.amritsar.sim.demo import run_demo


def amritsar_demo(args: argparse.Namespace) -> int:
    """Run the demo ``args`` ask for; 0 when the game finished with no alert left."""
    if args.players not in (None, 1):
        print(
            f"companion demo: --players {args.players}: Amritsar's demo is one player against "
            f"the Maharajah (solo) only; {player_counts()} (--game NAME --players N)",
            file=sys.stderr,
        )
        return 2
    if args.camera:
        print("Amritsar's demo always reads its table through the simulated camera.")
    session = run_demo(
        seed=args.seed,
        log_path=args.log,
        serve=not args.no_server,
        linger=args.linger,
        pacer=pacer(args),
        host=args.host,
        port=args.port,
        boards_in_view=bool(getattr(args, "boards_in_view", False)),
        simulated=args.simulated,
    )
    return 0 if session.state.finished and not session.alerts else 1
