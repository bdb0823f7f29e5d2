"""Board drawings: a game's public board as structured data, for any game that has one.

What it is for: the generic renderer shows any game as worded panels. A game
may add a drawing of its board on top of them (the panels stay: they carry
the words for screen readers). A game has a drawing when its own package has
a module ``companion.games.<game>.drawing`` with a ``DRAWER``; ``drawing(game,
view, seats)`` returns ``board.drawing`` from it, or ``None``; the page draws
it with the script ``static/js/<game>_drawing.js``. Nothing here names a game.

A drawer reads only the public keys of the rules' view, so the drawing a phone
gets is the one a watcher gets. Every label comes as an English/Spanish pair;
every piece carries its player's mark (``marks``), so colour is never the only
way to tell whose it is.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any

from companion.games import game_part
from companion.table_session import Seat
from engine.core.registry import available

Drawer = Callable[[dict[str, Any], Sequence[Seat]], dict[str, Any]]

#: The games with a drawing (filled on first use by ``drawers``, from each game's package).
DRAWERS: dict[str, Drawer] = {}
_MODULES: dict[str, ModuleType] = {}


def drawers() -> dict[str, Drawer]:
    """Every served game's drawer, found once in ``companion.games.<game>.drawing``."""
    if not _MODULES:
        for game in available():
            module = game_part(game, "drawing")
            if module is None:
                continue  # this game has no drawing of its own
            _MODULES[game] = module
            DRAWERS[game] = module.DRAWER
    return DRAWERS


def drawing_module(game: str) -> ModuleType | None:
    """``game``'s drawing module (its ``DRAWER``, and the ``PICTURED`` place kinds and
    ``SHOWN`` board parts it may declare), or None while the game has no drawing."""
    return _MODULES.get(game) if game in drawers() else None


def drawing(game: str, view: dict[str, Any], seats: Sequence[Seat]) -> dict[str, Any] | None:
    """``board.drawing`` for ``game``, or ``None`` when the game has no drawing."""
    drawer = drawers().get(game)
    return drawer(view, seats) if drawer is not None else None


def marks(names: Sequence[str]) -> list[str]:
    """A short mark per player for their stones: the initial; two letters when the
    initial is shared; the initial and the seat number when those are shared too."""
    letters = [[c for c in name if c.isalnum()] or ["?"] for name in names]
    one = [w[0].upper() for w in letters]
    two = [w[0].upper() + "".join(w[1:2]).lower() for w in letters]
    result = []
    for index in range(len(names)):
        if one.count(one[index]) == 1:
            result.append(one[index])
        elif two.count(two[index]) == 1:
            result.append(two[index])
        else:
            result.append(f"{one[index]}{index + 1}")
    return result
