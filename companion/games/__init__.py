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

import importlib
from collections.abc import Sequence
from dataclasses import dataclass
from types import ModuleType
from typing import TYPE_CHECKING, Any

from companion.adapters import ADAPTERS
from engine.core.registry import GAMES, UnknownGameError, available, get_rules

if TYPE_CHECKING:
    from companion.store import EventStore
    from companion.table_session import TableBase

#: The game when none is named (and the game of logs that name none).
DEFAULT_GAME = "amritsar"

#: Games the table session serves: Amritsar end to end (phones, camera, sensors),
#: the others through their ``Rules`` (``MANUAL``).
SERVED = ("amritsar", "imhotep", "ceylon", "rajas")

#: Served through their ``Rules`` (``RulesSession``), no sensor board: with a camera
#: open and a camera table in ``vision.games`` the camera reads the table and the
#: phones answer only what it cannot show; else manual mode (the phones answer
#: every decision).
MANUAL = tuple(game for game in SERVED if game not in ADAPTERS)


def game_part(game: str, part: str) -> ModuleType | None:
    """A game's own module ``companion.games.<game>.<part>`` (its ``drawing``, its
    ``words``), or None when the game has none: how the shared modules find what a
    game offers without naming it. An import error inside the module is raised."""
    name = f"companion.games.{game}.{part}"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return None
        raise


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
    served: bool  # the table serves it
    manual: bool = False  # served through its Rules: no sensor board, manual mode without a camera
    camera: bool = False  # a camera reads its table (Amritsar's own stack, or ``vision.games``)

    @property
    def players(self) -> str:
        """ "1-4", "2-4" or "3"."""
        if self.min_players == self.max_players:
            return str(self.min_players)
        return f"{self.min_players}-{self.max_players}"

    def status(self, language: str = "en") -> str:
        """Whether the table serves it, in a player's words."""
        if self.served and self.manual and self.camera:
            return (
                "servido en la mesa: lo lee la cámara, o modo manual sin ella "
                "(los móviles responden todo); sin placa de sensores"
                if language == "es"
                else "served at the table: read by the camera, or manual mode without one "
                "(phones answer everything); no sensor board"
            )
        if self.served and self.manual:
            return (
                "servido en la mesa, modo manual (los móviles responden todo; sin cámara aún)"
                if language == "es"
                else "served at the table, manual mode (phones answer everything; no camera yet)"
            )
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
    from companion.adapters import adapter_for

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
                manual=name in MANUAL,
                camera=adapter_for(name).camera(),
            )
        )
    return result


def new_table_session(
    game: str,
    players: Sequence[str],
    options: Sequence[str] = (),
    *,
    store: EventStore | None = None,
    pin: str | None = None,
    seed: int | None = None,
    solo: bool = False,
    hard: bool = False,
    draws: str = "deal",
    companions: dict[int, str] | None = None,
) -> TableBase:
    """A new session of ``game`` for ``players`` (names in seat order) with the house
    rules ``options``: what a start page calls once the table has chosen; the seats
    in ``companions`` are played by the companion at that level.

    The game's adapter (``companion.adapters``) builds it: Amritsar its own
    session (camera, sensors, the Maharajah; ``solo`` and ``hard`` are its
    options), dealt by a ``Dealer``; every other served game a
    ``RulesSession``. ``seed`` repeats only public draws (secret ones always
    come from the OS); ``draws="phones"`` has a secret draw entered on
    the drawer's phone instead of dealt. With ``store`` the game is logged there
    (and can be resumed). ``GameChoiceError`` names an unserved game; ``ValueError``
    a wrong number of players or an unknown option, in words a player understands.
    """
    key = table_game(game)
    names = [" ".join(str(n).split()) for n in players]
    if any(not n for n in names):
        raise ValueError("every player needs a name")
    rules = get_rules(key)
    unknown = [o for o in options if o not in rules.option_names()]
    if unknown:
        raise ValueError(
            f"{rules.title_en} has no house rule {unknown[0]!r}; "
            f"its house rules: {', '.join(rules.option_names()) or 'none'}"
        )
    from companion.adapters import adapter_for

    return adapter_for(key).new_session(
        names, options, store=store, pin=pin, seed=seed, solo=solo, hard=hard, draws=draws,
        companions=companions,
    )  # fmt: skip
