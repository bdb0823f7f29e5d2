"""Rajas of the Ganges' score sheets: the race of the fame and money markers.

The fame marker runs clockwise and the money marker anticlockwise round the
same board (rulebook, "Objeto del juego"); they meet when fame + money reaches
the track's length. The end is triggered when a player's markers meet or
cross; the winner is the player whose markers passed each other by the
greatest distance (missing from the source text: [BGD] [GX]). Ties: more fame
(assumed, ``rules.tie_break``), then a shared win. Live at every moment.

A sheet is the two markers: a line for fame and one for money, and a total of
``fame + money``, how far the two markers have come together (never negative,
and ranking the players as the distance does: the track's length is the same
for everyone). The race itself is ``extra["distance"]``, ``fame + money -
track length`` (negative before the markers meet), and in words
``total_en``/``total_es`` ("12 to go before the markers meet", "markers
crossed by 5"), which is what the pages show instead of a bare number.
"""

from __future__ import annotations

from engine.core.scoring import ScoreLine, ScoreSheet
from engine.rajas.catalog import Catalog
from engine.rajas.state import OVER, State

COLOURS = ("red", "blue", "green", "yellow")
_RULE = "Objeto del juego"


def distance(cat: Catalog, state: State, seat: int) -> int:
    player = state.players[seat]
    return player.fame + player.money - int(cat.value("track_length"))


def total_words(passed: int) -> tuple[str, str]:
    """The race in words (EN, ES) from the distance ``passed`` (``fame + money -
    track length``): a negative number would read like a debt, so say how far
    apart the markers still are, or by how far they crossed."""
    if passed < 0:
        return (
            f"{-passed} to go before the markers meet",
            f"faltan {-passed} para que los marcadores se crucen",
        )
    if passed == 0:
        return "the markers meet", "los marcadores se encuentran"
    return f"markers crossed by {passed}", f"marcadores cruzados por {passed}"


def winners(cat: Catalog, state: State) -> list[int]:
    """Seats that win now: greatest distance, then most fame."""
    keys = [(distance(cat, state, s), state.players[s].fame) for s in range(state.n)]
    best = max(keys)
    return [s for s, key in enumerate(keys) if key == best]


def score(cat: Catalog, state: State) -> list[ScoreSheet]:
    final = state.phase == OVER
    won = set(winners(cat, state)) if final else set()
    length = int(cat.value("track_length"))
    sheets = []
    for seat, player in enumerate(state.players):
        lines = (
            ScoreLine("fame", player.fame, "fame marker", _RULE, "Fame track", "Pista de fama"),
            ScoreLine(
                "money", player.money, "money marker", _RULE, "Money track", "Pista de dinero"
            ),
        )
        total = player.fame + player.money
        passed = total - length
        total_en, total_es = total_words(passed)
        sheets.append(
            ScoreSheet(
                seat=seat,
                colour=COLOURS[seat],
                lines=lines,
                total=total,
                provisional_total=total,
                final=final,
                winner=seat in won,
                extra={"fame": player.fame, "money": player.money, "distance": passed},
                total_en=total_en,
                total_es=total_es,
            )
        )
    return sheets
