"""``companion position show|check``: a game's position as text for a bug report.

``show SOURCE`` prints the position (``engine.amritsar.position`` notation) of a game
log (SQLite: the game as it stands now), a JSON state, or a notation file.
``check FILE`` reads a notation (or JSON) file and lists every problem found:
unreadable lines, missing or wrong fields, and broken rules. The position holds
every player's secrets (hands, face-down objectives): share it after the game.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def _load(path: Path) -> Any:
    """The state a file holds; raises ``ValueError`` with the reasons."""
    from engine.amritsar import from_json, parse_position

    if path.suffix in (".sqlite", ".db"):
        from companion.resume import resume
        from companion.store import EventStore

        store = EventStore(path)
        try:
            return resume(store).state
        finally:
            store.close()
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        return from_json(text)
    return parse_position(text)


def run(args: argparse.Namespace) -> int:
    from engine.amritsar import PositionError, StateError, format_position

    try:
        state = _load(args.source)
    except (PositionError, StateError) as error:
        print(f"companion position: {args.source} is not a sound position:")
        for problem in error.problems:
            print(f"  - {problem}")
        return 1
    except (OSError, ValueError, RuntimeError) as error:
        print(f"companion position: {error}")
        return 2
    if args.action == "show":
        print(format_position(state), end="")
    else:
        print(
            f"{args.source}: a sound position ({len(state.players)} seats, decade {state.decade})"
        )
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("position", help="print or check a position (bug reports)")
    parser.add_argument("action", choices=("show", "check"))
    parser.add_argument(
        "source", type=Path, help="a game log (.sqlite), a JSON state or a notation file"
    )
    parser.set_defaults(func=run)
