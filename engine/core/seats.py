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
