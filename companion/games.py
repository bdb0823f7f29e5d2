"""Which game the companion serves at the table: ``--game NAME`` and the log's ``game``.

What it is for: the engine knows several games by name
(``engine.core.registry``); the table session (phones, camera, sensors) is
built game by game. ``table_game`` checks a name a person typed and says in
words what is wrong: no such game (listing the known ones), a game whose
rules are not built yet, or one whose rules exist but that the table does not
serve yet. A log names its game in its first row; logs from before there was
a choice hold Amritsar. ``game_list`` is every game the companion knows, for
``companion games``.
"""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class GameInfo:
    """One game as ``companion games`` lists it (titles ``""`` until its rules exist)."""

    name: str
    title_en: str
    title_es: str
    min_players: int
    max_players: int
    solo: bool
    built: bool  # its rules can be loaded
    served: bool  # the table serves it end to end

    @property
    def players(self) -> str:
        """ "1-4", "2-4" or "3"."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def status(self, language: str = "en") -> str:
        """Whether the table serves it, in a player's words."""
        if self.served:
            return "servido en la mesa" if language == "es" else "served at the table"
        if self.built:
            return (
                "reglas listas, la mesa aún no"
                if language == "es"
                else "rules only, not the table yet"
            )
        return "reglas aún no escritas" if language == "es" else "rules not built yet"


def game_list() -> list[GameInfo]:
    """Every game the registry names, in its order: what it is and how far it is served."""
    built = set(available())
    result = []
    for name in GAMES:
        if name not in built:
            result.append(GameInfo(name, "", "", 0, 0, False, built=False, served=False))
            continue
        rules = get_rules(name)
        result.append(
            GameInfo(
                name,
                rules.title_en,
                rules.title_es,
                rules.min_players,
                rules.max_players,
                rules.solo,
                built=True,
                served=name in SERVED,
            )
        )
    return result
