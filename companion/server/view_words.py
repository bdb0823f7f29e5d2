"""Words for the generic board: a ``Rules.view`` field or value in English and Spanish.

What it is for: a game served through its ``Rules`` is shown by the generic renderer as titled panels of rows built from ``Rules.view``. The
view's keys and many of its values are identifiers (``"market_face_down"``,
``"harbour"``, ``"paved_path"``); a player reads them in their own language
here. Unknown keys fall back to the key with spaces (``"deck size"``) in
both languages, so a new game shows something readable before it has words.

``words_for(game)`` merges the shared words and the game's own, from its
package (``companion.games.<game>.words``). Nothing here names a game.
"""

from __future__ import annotations

from functools import cache

Pair = tuple[str, str]

#: Words every game may use.
COMMON: dict[str, Pair] = {
    "round": ("Round", "Ronda"),
    "turn": ("Turn", "Turno"),
    "points": ("Points", "Puntos"),
    "colours": ("Colours", "Colores"),
    "current": ("Whose turn", "Turno de"),
    "first_player": ("Start player", "Jugador inicial"),
    "first": ("Start player", "Jugador inicial"),
    "active": ("Whose turn", "Turno de"),
    "options": ("House rules", "Reglas de la casa"),
    "black": ("black", "negro"),
    "white": ("white", "blanco"),
    "brown": ("brown", "marrón"),
    "grey": ("grey", "gris"),
    "gray": ("grey", "gris"),
    "red": ("red", "rojo"),
    "blue": ("blue", "azul"),
    "green": ("green", "verde"),
    "yellow": ("yellow", "amarillo"),
}

#: The words the generic page itself uses around the view.
PAGE: dict[str, Pair] = {
    "board": ("The game", "La partida"),
    "none": ("none", "ninguno"),
    "empty": ("empty", "vacía"),
    "yes": ("yes", "sí"),
    "no": ("no", "no"),
}


@cache
def words_for(game: str) -> dict[str, Pair]:
    """Every word the generic board may use for ``game``: key or value -> (EN, ES)."""
    words = dict(COMMON)
    words.update(PAGE)
    words.update(game_words(game))
    return words


def game_words(game: str) -> dict[str, Pair]:
    """A game's own words (its view's keys, components and places), from its package's
    ``companion.games.<game>.words.words()``; none for a game without that module."""
    from companion.games import game_part

    module = game_part(game, "words")
    if module is None:
        return {}
    found: dict[str, Pair] = module.words()
    return found
