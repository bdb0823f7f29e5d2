"""Amritsar's logs: its session rebuilt from a log's ``game`` row, and ``open_session``.

What it is for: ``companion.resume`` resumes any game's log through the game's
adapter; Amritsar's adapter builds its session here (the seats with the
Maharajah's, the setup draws the log records), and ``open_session`` resumes or
starts an Amritsar game logged in a file with its own options (solo, hard, a
``Dealer``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games import DEFAULT_GAME, SERVED, game_of_log
from companion.games.amritsar.dealing import Dealer
from companion.games.amritsar.session import Seat, TableSession
from companion.resume import ResumeError, refuse_other_game, resume_any
from companion.store import EventStore, StoreError
from engine.amritsar import MAHARAJAH_SEAT, Game, new_game, parse_action


def session_from_config(config: dict[str, Any]) -> TableSession:
    """The Amritsar session a log's ``game`` row describes, before any step (no store)."""
    game_name = game_of_log(config)
    if game_name != DEFAULT_GAME and game_name in SERVED:
        raise ResumeError(
            f"this log holds a game of {game_name!r}; only Amritsar's logs are read this way"
        )
    if game_name not in SERVED:
        raise ResumeError(
            f"this log holds a game of {game_name!r}, which the table does not serve "
            f"(served: {', '.join(SERVED)})"
        )
    names = list(config["names"])
    solo = bool(config["solo"])
    hard = bool(config["hard"])
    colours = list(config["colours"])
    tokens = list(config["tokens"])
    options = [str(o) for o in config.get("options", [])]  # house rules (none in older logs)
    try:
        initial = new_game(len(names), solo=solo, hard=hard, options=options)
    except ValueError as error:
        raise ResumeError(f"the game's house rules do not replay: {error}") from error
    game = Game(initial, players=len(names), solo=solo, hard=hard)
    for index, text in enumerate(config["setup"]):
        try:
            game.play(parse_action(text))
        except ValueError as error:
            raise ResumeError(f"setup draw {index} ({text!r}) does not replay: {error}") from error
    seats = [Seat(i, name, colours[i], tokens[i]) for i, name in enumerate(names)]
    if solo:
        seats.append(
            Seat(MAHARAJAH_SEAT, "Maharajah", colours[MAHARAJAH_SEAT], "", is_maharajah=True)
        )
    session = TableSession(game, seats, store=None, pin=str(config["pin"]))
    session._run_automatic()
    return session


def resume(store: EventStore) -> TableSession:
    """Rebuild the Amritsar session a log describes; any fault is one ``ResumeError`` line."""
    session = resume_any(store)
    if not isinstance(session, TableSession):
        raise ResumeError(f"{store.path} holds a game of {session.game_name!r}, not Amritsar")
    return session


def open_session(
    path: Path | str,
    names: list[str],
    *,
    solo: bool = False,
    hard: bool = False,
    seed: int | None = None,
    dealer: Dealer | None = None,
    options: list[str] | None = None,
    game: str = DEFAULT_GAME,
    pin: str | None = None,
) -> TableSession:
    """Resume the game logged in ``path``, or start a new one logged there
    (with the house rules ``options``; a resumed game keeps its own). A log
    of another game than ``game`` is refused, naming both.

    A new game is dealt by ``dealer`` (secret draws from the OS); a bare
    ``seed`` deals everything from one stream, for tests and the demo only.
    ``pin``: a new game's table PIN (default: six random digits)."""
    try:
        store = EventStore(path)
    except StoreError as error:
        raise ResumeError(str(error)) from error
    if store.count():
        try:
            refuse_other_game(store, game)
            return resume(store)
        except ResumeError:
            store.close()
            raise
    return TableSession.new(
        names,
        solo=solo,
        hard=hard,
        seed=seed,
        store=store,
        dealer=dealer,
        options=options or (),
        pin=pin,
    )
