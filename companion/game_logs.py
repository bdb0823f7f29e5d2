"""Which game ``companion run`` plays: a new one by default, or an unfinished one chosen.

Each game is its own log file in one folder (``--games``), named by the date
and time it began. Without ``--log`` a run starts a new game; when unfinished
games are in the folder it lists them by date and players and, at a terminal,
asks whether to resume one (Enter: a new game). ``--resume NAME`` picks one
without asking: ``last`` (the newest unfinished game), a file name, a date
(``2026-11-24``, the first characters of the name) or a player's name.

An explicit ``--log FILE`` still resumes that file when it holds a game: the
service's configuration names one file, so a restart carries on the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path

from companion.server.past_games import GameSummary, PastGames


class ChooseError(ValueError):
    """No game matches what was asked: the message says which ones there are."""


def new_log_path(folder: Path, now: float | None = None) -> Path:
    """A fresh file for a new game, named by when it began."""
    stamp = time.strftime("%Y-%m-%d-%H%M%S", time.localtime(now))
    path = folder / f"{stamp}.sqlite"
    n = 2
    while path.exists():
        path = folder / f"{stamp}-{n}.sqlite"
        n += 1
    return path


def unfinished_games(folder: Path) -> list[GameSummary]:
    """The games in ``folder`` that were neither finished nor ended, newest first."""
    return [game for game in PastGames(folder).list() if game.unfinished]


def describe(game: GameSummary) -> str:
    """One line a person recognises a game by: its date, players and scores."""
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(game.started))
    players = ", ".join(
        f"{name} {total}" for name, total in zip(game.names, game.totals, strict=False)
    )
    return f"{game.path.stem}  ({when}: {players} PP)"


def _match(games: list[GameSummary], wanted: str) -> GameSummary:
    if wanted == "last":
        if not games:
            raise ChooseError("there is no unfinished game to resume")
        return games[0]
    found = [
        g
        for g in games
        if g.path.name == wanted
        or g.path.stem.startswith(wanted)
        or any(name.casefold() == wanted.casefold() for name in g.names)
    ]
    if len(found) == 1:
        return found[0]
    listed = "; ".join(describe(g) for g in games) or "none"
    if not found:
        raise ChooseError(f"no unfinished game matches {wanted!r} (unfinished games: {listed})")
    raise ChooseError(
        f"{wanted!r} matches {len(found)} games; give the file name (unfinished: {listed})"
    )


def choose_log(
    folder: Path,
    *,
    resume: str | None = None,
    ask: Callable[[str], str] | None = None,
    say: Callable[[str], None] = print,
) -> Path:
    """The log to open: the game ``resume`` names, one chosen when ``ask`` is given
    (a terminal), else a new game's file. Unfinished games are always listed."""
    folder.mkdir(parents=True, exist_ok=True)
    games = unfinished_games(folder)
    if resume is not None:
        chosen = _match(games, resume)
        say(f"Resuming {describe(chosen)}")
        return chosen.path
    if games:
        say("Unfinished games here:")
        for number, game in enumerate(games, start=1):
            say(f"  {number}. {describe(game)}")
        if ask is not None:
            while True:
                answer = ask("Resume one? Its number, or Enter for a new game: ").strip()
                if not answer:
                    break
                if answer.isdigit() and 1 <= int(answer) <= len(games):
                    chosen = games[int(answer) - 1]
                    say(f"Resuming {describe(chosen)}")
                    return chosen.path
                say(f"  {answer!r} is not one of 1 to {len(games)}")
        else:
            say("Starting a new game; resume one with --resume NAME (or --resume last).")
    path = new_log_path(folder)
    say(f"New game: {path}")
    return path
