"""``companion demo``: a whole simulated solo game without hardware (see ``companion.sim.demo``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any


def run(args: argparse.Namespace) -> int:
    from companion.games import GameChoiceError, table_game
    from companion.sim.demo import run_demo

    try:
        table_game(args.game)
    except GameChoiceError as error:
        print(f"companion demo: --game: {error}", file=sys.stderr)
        return 2

    session = run_demo(
        seed=args.seed, log_path=args.log, serve=not args.no_server, linger=args.linger
    )
    return 0 if session.state.finished and not session.alerts else 1


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("demo", help="play a simulated solo game without hardware")
    parser.add_argument(
        "--game", default="amritsar", help="which game to simulate (default amritsar)"
    )
    parser.add_argument("--seed", type=int, default=7, help="which simulated game to play")
    parser.add_argument(
        "--log", type=Path, help="where to write the game's log (default: a temporary folder)"
    )
    parser.add_argument(
        "--no-server", action="store_true", help="do not serve the phone view while playing"
    )
    parser.add_argument(
        "--linger",
        type=float,
        default=0.0,
        help="keep serving the phone view this many seconds after the game",
    )
    parser.set_defaults(func=run)
