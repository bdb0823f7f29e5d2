"""Imhotep actions in a player's words, past tense, English and Spanish.

"Black sailed boat 3 to the pyramid" / "Negro navegó el barco 3 a la pirámide".
Players are named by their colour (the state knows no names).
"""

from __future__ import annotations

from engine.imhotep.actions import HIDDEN, Action
from engine.imhotep.catalog import Catalog
from engine.imhotep.play import pending
from engine.imhotep.state import PYRAMID_NAMES, SITE_EN, SITE_ES, State

_PYRAMID_ES = ("izquierda", "central", "derecha")
#: "to the" before each site's Spanish name (el mercado, la pirámide, el templo, la cámara, los obeliscos)
_TO_ES = ("al", "a la", "al", "a la", "a los")


def describe(state: State, action: Action, catalog: Catalog, language: str = "en") -> str:
    es = language == "es"
    decision = pending(state)
    seat = decision.player
    who = state.name(seat, language) if 0 <= seat < state.players else ""
    kind, a = action.kind, action.args

    def card(k: int) -> str:
        return catalog.cards[k].name_es if es else catalog.cards[k].name_en

    def site(i: int) -> str:
        return f"{_TO_ES[i]} {SITE_ES[i]}" if es else f"to the {SITE_EN[i]}"

    if kind == "take":
        return f"{who} obtuvo piedras de la cantera" if es else f"{who} took stones from the quarry"
    if kind == "place":
        return (f"{who} embarcó una piedra en el barco {a[0]}, casilla {a[1]}" if es
                else f"{who} placed a stone on boat {a[0]}, slot {a[1]}")  # fmt: skip
    if kind == "sail":
        return (
            f"{who} navegó el barco {a[0]} {site(a[1])}"
            if es
            else f"{who} sailed boat {a[0]} {site(a[1])}"
        )
    if kind == "play-hammer":
        tail = (
            (f" y embarcó una en el barco {a[0]}" if es else f" and placed one on boat {a[0]}")
            if a
            else ""
        )
        return (f"{who} jugó el Martillo: obtuvo piedras{tail}" if es
                else f"{who} played the Hammer: took stones{tail}")  # fmt: skip
    if kind == "play-chisel":
        return (f"{who} jugó el Cincel: embarcó piedras en los barcos {a[0]} y {a[2]}" if es
                else f"{who} played the Chisel: placed stones on boats {a[0]} and {a[2]}")  # fmt: skip
    if kind == "play-sail":
        return (f"{who} jugó la Vela: embarcó una piedra y navegó el barco {a[0]} {site(a[2])}" if es
                else f"{who} played the Sail: placed a stone and sailed boat {a[0]} {site(a[2])}")  # fmt: skip
    if kind == "play-lever":
        return (f"{who} jugó la Palanca y navegó el barco {a[0]} {site(a[1])}" if es
                else f"{who} played the Lever and sailed boat {a[0]} {site(a[1])}")  # fmt: skip
    if kind == "pass":
        return f"{who} pasó: no podía hacer nada" if es else f"{who} passed: nothing was possible"
    if kind == "order":
        return (f"{who} descargó primero la piedra de la casilla {a[0]}" if es
                else f"{who} unloaded the stone in slot {a[0]} next")  # fmt: skip
    if kind == "pick":
        if a[0] == HIDDEN:
            return (f"{who} cogió las dos cartas boca abajo del mercado" if es
                    else f"{who} took the two face-down market cards")  # fmt: skip
        return (
            f"{who} cogió la carta {card(a[0])} del mercado"
            if es
            else f"{who} took the {card(a[0])} card"
        )
    if kind == "keep":
        return (
            f"{who} se quedó la carta {card(a[0])}" if es else f"{who} kept the {card(a[0])} card"
        )
    if kind == "pyramid":
        return (f"{who} colocó su piedra en la pirámide {_PYRAMID_ES[a[0]]}" if es
                else f"{who} put the stone on the {PYRAMID_NAMES[a[0]]} pyramid")  # fmt: skip
    if kind == "bonus":
        if not a:
            return (
                f"{who} no embarcó piedra de bonificación" if es else f"{who} placed no bonus stone"
            )
        return (f"{who} embarcó una piedra de bonificación en el barco {a[0]}" if es
                else f"{who} placed a bonus stone on boat {a[0]}")  # fmt: skip
    if kind == "temple":
        if a[0] == 0:
            return f"{who} eligió 1 punto del templo" if es else f"{who} chose 1 temple point"
        return (
            f"{who} eligió dos piedras del templo"
            if es
            else f"{who} chose two stones from the temple"
        )
    if kind == "first":
        colour = state.name(a[0], language)
        return f"{colour} empezó la partida" if es else f"{colour} was drawn to start"
    if kind == "round":
        return f"Se reveló la carta de ronda {a[0]}" if es else f"Round card {a[0]} was revealed"
    if kind == "card":
        return f"Salió la carta {card(a[0])}" if es else f"The {card(a[0])} card was drawn"
    return kind
