"""Starting a logged session, and resuming one after a crash or a power cut.

A session's log holds a ``game`` row (players, seats with their phone
tokens, the table PIN, the setup draws) and then one row per step and per
undo, each written before it was applied. Resuming reads the rows in order
and applies them again, checked: the result is the state the companion had
when it stopped, whatever instant that was. The inputs in the log (camera
observations, buttons, phone answers) are not needed to resume; ``replay``
uses them.

The tokens and the PIN are kept in the log so the phones at the table keep
working after a restart; the log is a local file on the companion.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.adapters import adapter_for, adapter_of
from companion.games import SERVED, game_of_log
from companion.rules_session import RulesResumeError
from companion.store import EventStore, LogEntry, StoreError
from companion.table_session import TableBase
from engine.core.record import UndoError


class ResumeError(RuntimeError):
    """The log cannot be replayed (damaged, or written by incompatible rules)."""


def resume_any(store: EventStore) -> TableBase:
    """Rebuild the session of any served game a log describes (``ResumeError`` names
    the row that does not replay)."""
    where = "its first row"
    try:
        entries = list(store.entries())
        if not entries or entries[0].kind != "game":
            raise ResumeError(
                f"{store.path} holds no game; move it away and start again with another --log"
            )
        config = entries[0].payload
        session = session_before_steps(config)
        for entry in entries[1:]:
            where = f"row {entry.seq}"
            _replay_row(session, entry)
    except ResumeError:
        raise
    except (
        StoreError,
        KeyError,
        ValueError,
        TypeError,
        IndexError,
        UndoError,
        RulesResumeError,
    ) as error:
        raise ResumeError(
            f"{store.path}: {where} cannot be replayed ({type(error).__name__}: {error}); "
            "the log does not match these rules: move it away and start again with another --log"
        ) from error
    session.store = store
    session.resumed = True
    return session


def replay_log_row(session: TableBase, entry: LogEntry) -> None:
    """Apply one decision row of a log again, whatever the game (``ResumeError`` if it
    does not replay): ``companion replay --positions`` steps through a log with it."""
    _replay_row(session, entry)


def session_before_steps(config: dict[str, Any]) -> TableBase:
    """The session of any served game a log's ``game`` row describes, before any step
    (built by the game's adapter, ``companion.adapters``)."""
    game_name = game_of_log(config)
    if game_name not in SERVED:
        raise ResumeError(
            f"this log holds a game of {game_name!r}, which the table does not serve "
            f"(served: {', '.join(SERVED)})"
        )
    try:
        return adapter_for(game_name).session_before_steps(config)
    except RulesResumeError as error:
        raise ResumeError(str(error)) from error


def _replay_row(session: TableBase, entry: LogEntry) -> None:
    """Apply one decision row again (inputs are not needed to resume), as the game's
    adapter does."""
    try:
        adapter_of(session).replay_row(session, entry)
    except RulesResumeError as error:
        raise ResumeError(str(error)) from error


def open_any_session(
    path: Path | str,
    game: str,
    names: list[str],
    *,
    options: list[str] | None = None,
    public_seed: int | None = None,
    draws: str = "deal",
    companions: dict[int, str] | None = None,
) -> TableBase:
    """Resume the game of ``game`` logged in ``path`` or start a new one there, for a
    game served through its ``Rules`` (Amritsar's ``open_session`` takes its own
    options), built by the game's adapter (``companion.adapters``). A log of another game is refused, naming both."""
    try:
        store = EventStore(path)
    except StoreError as error:
        raise ResumeError(str(error)) from error
    try:
        if store.count():
            refuse_other_game(store, game)
            return resume_any(store)
        return adapter_for(game).new_session(
            names,
            options or (),
            store=store,
            pin=None,
            seed=public_seed,
            solo=False,
            hard=False,
            draws=draws,
            companions=companions,
        )
    except (ResumeError, ValueError):
        store.close()
        raise


def refuse_other_game(store: EventStore, game: str) -> None:
    """``ResumeError``, naming both games, when the log in ``store`` holds another game
    than ``game`` (a log being resumed keeps its own)."""
    first = next(store.entries(), None)
    logged = game_of_log(first.payload) if first is not None else game
    if logged != game:
        raise ResumeError(
            f"{store.path} holds a game of {logged!r}, not {game!r}: resume it with "
            f"--game {logged}, or start the new game with another --log"
        )


def logged_game(path: Path | str) -> str | None:
    """The game ``path``'s log holds, or None when there is no file or no game in it
    yet (a file that is not a game log is left for the opening to refuse)."""
    if not Path(path).exists():
        return None
    try:
        store = EventStore(path)
    except StoreError:
        return None
    try:
        first = next(store.entries(), None)
        return game_of_log(first.payload) if first is not None else None
    finally:
        store.close()
