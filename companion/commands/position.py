"""``companion position show|check|new``: a game's position as text, for any game.

``show SOURCE`` prints the position (the game's notation,
``docs/position-notation.md``) of a game log (SQLite: the game as it stands
now), a JSON state, a replay case (``companion replay --export``) or a
notation file. ``check FILE`` reads a notation file (or any of those) and names
every problem found at once, each with its line, in a player's words
(``--lang es`` for Spanish): unreadable lines, missing or wrong items, and
every rule the position breaks. ``new --game NAME --players N [--seed S]``
prints a new game's position (its setup drawn from the seed), a start for
writing one from a real table.

The game: a log names it in its first row, a JSON state in its ``game``
field, a notation file in its game line (``game: imhotep, 3 players, ...``);
``--game NAME`` says it for a text that does not (Amritsar's notation, the
default) and must agree with the one a source names. The commands reach a
game only through its ``Rules`` and the optional position notation
(``engine.core.game.WritesPositions``). A position holds every player's
secrets (hands, face-down cards): share it after the game.
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
        "sound": "{source}: a sound position ({details})",
        "seats": "{n} seats",
        "decade": "decade {n}",
        "round": "round {n}",
        "problem": ("problem", "problems"),
    },
    "es": {
        "unsound": "{source} no es una posición válida ({count}):",
        "sound": "{source}: una posición válida ({details})",
        "seats": "{n} jugadores",
        "decade": "década {n}",
        "round": "ronda {n}",
        "problem": ("problema", "problemas"),
    },
}


class _Refused(RuntimeError):
    """The source cannot be read for the game asked (the message says why)."""


def _agree(named: str | None, found: str, where: str) -> str:
    """The game a source names, refused when ``--game`` names another."""
    if named is not None and named != found:
        raise _Refused(f"{where} holds a game of {found!r}, not {named!r}")
    return found


def _text_game(text: str) -> str | None:
    """The game a notation text's game line names first, if it names a known game."""
    from engine.core.registry import GAMES

    for raw in text.splitlines():
        head, colon, rest = raw.split("#", 1)[0].partition(":")
        if colon and head.strip().lower() == "game":
            first = rest.split(",", 1)[0].strip().lower()
            return first if first in GAMES else None
    return None


def _load(path: Path, named: str | None, language: str) -> tuple[str, Any, list[str]]:
    """The game, the state a file holds and, when it holds none, every problem found."""
    from companion.games import DEFAULT_GAME, game_of_log
    from engine.core.game import position_notation
    from engine.core.registry import GAMES, get_rules

    if path.suffix in (".sqlite", ".db"):
        from companion.resume import resume_any
        from companion.store import EventStore

        store = EventStore(path, create=False)
        try:
            first = next(store.entries(), None)
            if first is None or first.kind != "game":
                raise _Refused(f"{path} holds no game")
            game = _agree(named, game_of_log(first.payload), str(path))
            return game, resume_any(store).state, []
        finally:
            store.close()
    text = path.read_text(encoding="utf-8")
    if text.lstrip().startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            return named or DEFAULT_GAME, None, [f"not valid JSON: {error}"]
        if isinstance(data, dict) and "state" in data and "format" not in data:
            data = data["state"]  # a replay case
        found = data.get("game") if isinstance(data, dict) else None
        game = _agree(named, found, str(path)) if found in GAMES else named or DEFAULT_GAME
        try:
            return game, get_rules(game).from_dict(data), []
        except ValueError as error:
            return game, None, list(getattr(error, "problems", [str(error)]))
    found = _text_game(text)
    game = _agree(named, found, str(path)) if found is not None else named or DEFAULT_GAME
    notation = position_notation(get_rules(game))
    if notation is None:
        raise _Refused(f"{game} has no position notation")
    problems = notation.position_problems(text, language)
    return game, (None if problems else notation.read_position(text)), problems


def _details(rules: Any, state: Any, words: dict[str, Any]) -> str:
    """How many seats and how far the game is, as ``check`` says it."""
    parts = [words["seats"].format(n=len(rules.score(state)))]
    counted = getattr(rules, "round_number", None)
    if hasattr(state, "decade"):
        parts.append(words["decade"].format(n=state.decade))
    elif counted is not None:
        parts.append(words["round"].format(n=counted(state)))
    elif isinstance(getattr(state, "round", None), int):
        parts.append(words["round"].format(n=state.round))
    return ", ".join(parts)


def _new(args: argparse.Namespace) -> int:
    from companion.games import DEFAULT_GAME
    from engine.core.game import position_notation
    from engine.core.registry import get_rules

    rules = get_rules(args.game or DEFAULT_GAME)
    notation = position_notation(rules)
    if notation is None:
        print(f"companion position: {rules.name} has no position notation")
        return 2
    try:
        state = rules.new_game(args.players, seed=args.seed, options=args.option or ())
    except ValueError as error:
        print(f"companion position: {error}")
        return 2
    print(notation.write_position(state), end="")
    return 0


def run(args: argparse.Namespace) -> int:
    from engine.core.game import position_notation
    from engine.core.registry import GAMES, get_rules

    named = args.game.strip().lower() if args.game else None
    if named is not None and named not in GAMES:
        print(f"companion position: there is no game {args.game!r}; the games are: "
              f"{', '.join(sorted(GAMES))}")  # fmt: skip
        return 2
    if args.action == "new":
        return _new(args)
    if args.source is None:
        print(f"companion position {args.action}: name the file to read")
        return 2
    words = _WORDS[args.lang]
    try:
        game, state, problems = _load(args.source, named, args.lang)
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
    rules = get_rules(game)
    notation = position_notation(rules)
    if args.action == "show":
        if notation is None:
            print(f"companion position: {game} has no position notation")
            return 2
        print(notation.write_position(state), end="")
    else:
        details = _details(rules, state, words)
        print(words["sound"].format(source=args.source, details=details))
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "position", help="print, check or start a position (any game; bug reports, rule cases)"
    )
    parser.add_argument("action", choices=("show", "check", "new"))
    parser.add_argument(
        "source",
        type=Path,
        nargs="?",
        help="a game log (.sqlite), a JSON state, a replay case or a notation file",
    )
    parser.add_argument(
        "--game", metavar="NAME", help="the game (default: the one the source names, else amritsar)"
    )
    parser.add_argument("--players", type=int, default=2, help="new: the number of players")
    parser.add_argument("--seed", type=int, default=None, help="new: draw the setup from this seed")
    parser.add_argument(
        "--option", action="append", metavar="NAME", help="new: a house rule (repeatable)"
    )
    parser.add_argument(
        "--lang", choices=("en", "es"), default="en", help="language of the problems"
    )
    parser.set_defaults(func=run)
