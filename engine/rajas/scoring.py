"""Rajas of the Ganges' score sheets: the race of the fame and money markers.

The fame marker runs clockwise and the money marker anticlockwise round the
same board (rulebook, "Objeto del juego"); they meet when fame + money reaches
the track's length. The end is triggered when a player's markers meet or
cross; the winner is the player whose markers passed each other by the
greatest distance (missing from the source text: [BGD] [GX]), so a sheet's
total is ``fame + money - track length`` (negative before the markers meet),
itemised as the two tracks and the track's length. Ties: more fame (assumed,
``rules.tie_break``), then a shared win. Live at every moment.
"""

from __future__ import annotations

from engine.core.scoring import ScoreLine, ScoreSheet
from engine.rajas.catalog import Catalog
from engine.rajas.state import OVER, State

COLOURS = ("red", "blue", "green", "yellow")
_RULE = "Objeto del juego"
_END = "Fin de la partida (missing from the source text)"


def distance(cat: Catalog, state: State, seat: int) -> int:
    player = state.players[seat]
    return player.fame + player.money - int(cat.value("track_length"))


def total_words(total: int) -> tuple[str, str]:
    """A sheet's total as the race it is: before the markers meet a negative
    number reads like a debt, so say how far apart they still are."""
    if total < 0:
        return (
            f"{-total} to go before the markers meet",
            f"faltan {-total} para que los marcadores se crucen",
        )
    if total == 0:
        return "the markers meet", "los marcadores se encuentran"
    return f"markers crossed by {total}", f"marcadores cruzados por {total}"


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
            ScoreLine(
                "track",
                -length,
                "",
                _END,
                "Length of the tracks (the markers meet at 0)",
                "Longitud de las pistas (los marcadores se cruzan en 0)",
            ),
        )
        total = player.fame + player.money - length
        total_en, total_es = total_words(total)
        sheets.append(
            ScoreSheet(
                seat=seat,
                colour=COLOURS[seat],
                lines=lines,
                total=total,
                provisional_total=total,
                final=final,
                winner=seat in won,
                extra={"fame": player.fame, "money": player.money, "distance": total},
                total_en=total_en,
                total_es=total_es,
            )
        )
    return sheets
