"""Games by name: ``get_rules("imhotep")`` imports and returns that game's rules.

Each game's package is imported only when first asked for, so starting the
companion for one game does not load the others. A game module registers its
``Rules`` object with ``register``; ``GAMES`` maps each known name to the module
that does so.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.core.game import Rules

#: name -> module that registers it on import
GAMES: dict[str, str] = {
    "amritsar": "engine.amritsar.rules_object",
    "imhotep": "engine.imhotep",
    "ceylon": "engine.ceylon",
    "rajas": "engine.rajas",
}

_REGISTERED: dict[str, Rules] = {}


class UnknownGameError(KeyError):
    """No game of that name; the message lists the known ones."""


def register(rules: Rules) -> Rules:
    if rules.name in _REGISTERED and _REGISTERED[rules.name] is not rules:
        raise ValueError(f"a game named {rules.name!r} is already registered")
    _REGISTERED[rules.name] = rules
    return rules


def get_rules(name: str) -> Rules:
    if name not in _REGISTERED:
        module = GAMES.get(name)
        if module is None:
            raise UnknownGameError(f"no game {name!r}; known games: {', '.join(sorted(GAMES))}")
        importlib.import_module(module)
        if name not in _REGISTERED:
            raise UnknownGameError(f"{module} did not register a game named {name!r}")
    return _REGISTERED[name]


def available() -> list[str]:
    """Names of the games whose module can be imported (built so far)."""
    found = []
    for name, module in GAMES.items():
        try:
            importlib.import_module(module)
        except ModuleNotFoundError:
            continue
        if name in _REGISTERED:
            found.append(name)
    return found
