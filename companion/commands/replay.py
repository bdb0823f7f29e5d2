"""``companion replay LOG``: where would the companion now decide differently? Any game.

The log's first row names its game; its adapter replays it (``replay_log``): a
game with a stack of its own feeds its logged camera observations, buttons and
answers again to a fresh session and reconciler; a game served through its
``Rules`` has every answer and step checked against today's rules
(``companion.replay_steps``).
``--positions`` steps through the log instead: the position (the game's
notation, ``docs/position-notation.md``) after the setup and after each step
or undo. The positions hold every player's secrets: share them after the game.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def _game_of(log: Path) -> str:
    """The game a log's first row names (``StoreError``/``ResumeError`` for no log)."""
    from companion.games import game_of_log
    from companion.resume import ResumeError
    from companion.store import EventStore

    store = EventStore(log, create=False)
    try:
        first = next(store.entries(), None)
    finally:
        store.close()
    if first is None or first.kind != "game":
        raise ResumeError(f"{log} holds no game")
    return game_of_log(first.payload)


def _positions(args: argparse.Namespace, game: str) -> int:
    from companion.replay_steps import describe_row, step_through
    from companion.store import EventStore
    from engine.core.game import position_notation
    from engine.core.registry import get_rules

    notation = position_notation(get_rules(game))
    if notation is None:
        print(f"companion replay: {game} has no position notation")
        return 2
    store = EventStore(args.log, create=False)
    try:
        for entry, session in step_through(store):
            print(f"# {describe_row(entry)}")
            print(notation.write_position(session.state))
    finally:
        store.close()
    return 0


def run(args: argparse.Namespace) -> int:
    from companion.adapters import adapter_for
    from companion.resume import ResumeError
    from companion.store import EventStore, StoreError

    try:
        game = _game_of(args.log)
        if args.game is not None and args.game.strip().lower() != game:
            print(
                f"companion replay: {args.log} holds a game of {game!r}, not {args.game!r} "
                f"(leave out --game: the log names its game)"
            )
            return 2
        if args.positions:
            return _positions(args, game)
        store = EventStore(args.log, create=False)
        adapter = adapter_for(game)  # its own stack replays its inputs through its reconciler
        report = adapter.replay_log(store)
    except (StoreError, ResumeError) as error:
        print(f"companion replay: {error}")
        return 2
    print(
        f"{report.inputs} inputs, {report.steps_recorded} steps recorded, "
        f"{report.steps_now} steps now"
    )
    if report.same:
        print("Every input leads to the same decisions as when it was recorded.")
        return 0
    count = len(report.differences)
    print(f"{count} input{'s' * (count != 1)} now lead{'s' * (count == 1)} to different decisions:")
    for difference in report.differences:
        print("  " + difference.describe())
        if args.export and difference.seq in report.cases:
            target = Path(args.export) / f"case-{difference.seq}.json"
            adapter.export_case(report, difference.seq, target)
            print(f"    saved as a test case: {target}")
    return 1


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay", help="re-run a recorded game, or step through its positions"
    )
    parser.add_argument("log", type=Path, help="the game's log file (SQLite)")
    parser.add_argument(
        "--export", metavar="DIR", help="save each differing observation as a test case"
    )
    parser.add_argument(
        "--positions",
        action="store_true",
        help="print the position after the setup and after each step or undo",
    )
    parser.add_argument(
        "--game", metavar="NAME", help="the game the log should hold (default: the one it names)"
    )
    parser.set_defaults(func=run)
