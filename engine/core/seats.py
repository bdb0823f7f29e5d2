"""Who decides: a seat number (0, 1, ...) or one of these non-player deciders.

Shared by every game so a generic caller (the log, the session, the phones)
can tell a player's decision from a draw of chance or a game over.
"""

from __future__ import annotations

#: A draw of chance (a shuffled deck, a die): the table or the OS supplies it.
CHANCE = -2
#: An automated opponent of a solo game (Amritsar's Maharajah).
BOT = -3
#: Nobody decides: the game is over.
NOBODY = -4


def seat_colour(
    seat: int, colours_en: tuple[str, ...], colours_es: tuple[str, ...], language: str
) -> str:
    """A seat named by its colour, capitalised, in ``language`` ("en" or "es");
    "?" for a seat the table has not (a rule text naming a player by the
    colour of their pieces, as the table sees them)."""
    names = colours_es if language == "es" else colours_en
    return names[seat].capitalize() if 0 <= seat < len(names) else "?"
