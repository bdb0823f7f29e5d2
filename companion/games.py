"""Which game the companion serves at the table: ``--game NAME`` and the log's ``game``.

What it is for: the engine knows several games by name
(``engine.core.registry``); the table session (phones, camera, sensors) is
built game by game. ``table_game`` checks a name a person typed and says in
words what is wrong: no such game (listing the known ones), a game whose
rules are not built yet, or one whose rules exist but that the table does not
serve yet. A log names its game in its first row; logs from before there was
a choice hold Amritsar.
"""

from __future__ import annotations

from typing import Any

from engine.core.registry import GAMES, UnknownGameError, available, get_rules

#: The game when none is named (and the game of logs that name none).
DEFAULT_GAME = "amritsar"

#: Games the table session serves end to end (phones, camera, sensors).
SERVED = ("amritsar",)


class GameChoiceError(ValueError):
    """A ``--game`` the companion cannot serve; the message says why and what can."""


def table_game(name: str) -> str:
    """``name`` if the companion serves that game at the table, else ``GameChoiceError``."""
    key = name.strip().lower()
    if key not in GAMES:
        raise GameChoiceError(
            f"there is no game {name!r}; the games are: {', '.join(sorted(GAMES))}"
        )
    try:
        get_rules(key)
    except (UnknownGameError, ModuleNotFoundError):
        ready = ", ".join(available()) or "none"
        raise GameChoiceError(
            f"the rules of {key!r} are not built yet; games with rules: {ready}"
        ) from None
    if key not in SERVED:
        raise GameChoiceError(
            f"{key!r} has its rules but the table does not serve it yet; "
            f"served at the table: {', '.join(SERVED)}"
        )
    return key


def game_of_log(config: dict[str, Any]) -> str:
    """The game a log's first row names (Amritsar in logs from before the choice)."""
    return str(config.get("game", DEFAULT_GAME))
