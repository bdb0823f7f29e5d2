"""``companion position show|check``: a game's position as text for a bug report.

``show SOURCE`` prints the position (``engine.amritsar.position`` notation,
``docs/position-notation.md``) of a game log (SQLite: the game as it stands
now), a JSON state, a replay case (``companion replay --export``) or a
notation file. ``check FILE`` reads a notation file (or any of those) and names
every problem found at once, in a player's words (``--lang es`` for Spanish):
unreadable lines, missing or wrong items, and every rule the position breaks.
The position holds every player's secrets (hands, face-down objectives):
share it after the game.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

#: What the command says, per language.
_WORDS: dict[str, dict[str, Any]] = {
    "en": {
        "unsound": "{source} is not a sound position ({count}):",
        "sound": "{source}: a sound position ({seats} seats, decade {decade})",
        "problem": ("problem", "problems"),
    },
    "es": {
        "unsound": "{source} no es una posición válida ({count}):",
        "sound": "{source}: una posición válida ({seats} jugadores, década {decade})",
        "problem": ("problema", "problemas"),
    },
}


def _load(path: Path, language: str) -> tuple[Any, list[str]]:
    """The state a file holds and, when it holds none, every problem found."""
    from engine.amritsar import StateError, from_dict, parse_position, position_problems

    if path.suffix in (".sqlite", ".db"):
        from companion.resume import resume
        from companion.store import EventStore

        store = EventStore(path)
        try:
            return resume(store).state, []
        finally:
            store.close()
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            return None, [f"not valid JSON: {error}"]
        if isinstance(data, dict) and "state" in data and "format" not in data:
            data = data["state"]  # a replay case
        try:
            return from_dict(data), []
        except StateError as error:
            return None, error.problems
    problems = position_problems(text, language)
    return (None, problems) if problems else (parse_position(text), [])


def run(args: argparse.Namespace) -> int:
    from engine.amritsar import format_position

    words = _WORDS[args.lang]
    try:
        state, problems = _load(args.source, args.lang)
    except (OSError, ValueError, RuntimeError) as error:
        print(f"companion position: {error}")
        return 2
    if problems:
        one, many = words["problem"]
        count = f"{len(problems)} {one if len(problems) == 1 else many}"
        print("companion position: " + words["unsound"].format(source=args.source, count=count))
        for problem in problems:
            print(f"  - {problem}")
        return 1
    if args.action == "show":
        print(format_position(state), end="")
    else:
        print(
            words["sound"].format(source=args.source, seats=len(state.players), decade=state.decade)
        )
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("position", help="print or check a position (bug reports)")
    parser.add_argument("action", choices=("show", "check"))
    parser.add_argument(
        "source",
        type=Path,
        help="a game log (.sqlite), a JSON state, a replay case or a notation file",
    )
    parser.add_argument(
        "--lang", choices=("en", "es"), default="en", help="language of the problems"
    )
    parser.set_defaults(func=run)
