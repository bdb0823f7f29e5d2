"""Imhotep actions in a player's words, English and Spanish.

``describe``, past tense, for the history: "Black sailed boat 3 to the
pyramid" / "Negro navegó el barco 3 a la pirámide". Players are named by their
colour (the state knows no names).

``describe_option``, imperative and second person, for the answer buttons on
the deciding player's phone: "Sail boat 3 to the pyramid" / "Envía el barco 3
a la pirámide", in the Spanish rulebook's words (Obtener nuevas piedras,
Embarcar una piedra, Enviar un barco a un emplazamiento, Jugar una carta azul
de mercado). Every argument is named, so no two answers to one decision read
the same. A chance outcome stays a noun phrase ("The Hammer card").
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
        if not a:
            return (f"{who} no gastó su piedra en el mercado" if es
                    else f"{who} took no market card for the stone")  # fmt: skip
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
    if kind in ("accept", "decline"):
        card_bonus = bool(state.queue) and state.queue[0].a == 0
        what_es = "la carta de encima del mazo" if card_bonus else "tres piedras de la cantera"
        what = "the top market card" if card_bonus else "three stones from the quarry"
        if kind == "accept":
            return f"{who} cogió {what_es}" if es else f"{who} took {what}"
        return f"{who} no cogió {what_es}" if es else f"{who} did not take {what}"
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
        if decision.kind == "FACE_DOWN_CARD":
            return (f"La carta boca abajo {card(a[0])} fue a la pila de descarte" if es
                    else f"The face-down {card(a[0])} card went to the discard pile")  # fmt: skip
        return f"Salió la carta {card(a[0])}" if es else f"The {card(a[0])} card was drawn"
    return kind


def _slot(boat: int, slot: int, es: bool) -> str:
    return f"el barco {boat}, casilla {slot}" if es else f"boat {boat}, slot {slot}"


def describe_option(state: State, action: Action, catalog: Catalog, language: str = "en") -> str:
    """``action`` as a button for the deciding player (imperative, "you")."""
    es = language == "es"
    kind, a = action.kind, action.args

    def card(k: int) -> str:
        return catalog.cards[k].name_es if es else catalog.cards[k].name_en

    def site(i: int) -> str:
        return f"{_TO_ES[i]} {SITE_ES[i]}" if es else f"to the {SITE_EN[i]}"

    if kind == "take":
        return "Obtén piedras de la cantera" if es else "Take stones from the quarry"
    if kind == "place":
        where = _slot(a[0], a[1], es)
        return f"Embarca una piedra en {where}" if es else f"Place a stone on {where}"
    if kind == "sail":
        return f"Envía el barco {a[0]} {site(a[1])}" if es else f"Sail boat {a[0]} {site(a[1])}"
    if kind == "play-hammer":
        if not a:
            return "Juega el Martillo: obtén piedras" if es else "Play the Hammer: take stones"
        where = _slot(a[0], a[1], es)
        return (f"Juega el Martillo: obtén piedras y embarca una en {where}" if es
                else f"Play the Hammer: take stones, then place one on {where}")  # fmt: skip
    if kind == "play-chisel":
        if a[0] == a[2]:
            where = (f"el barco {a[0]}, casillas {a[1]} y {a[3]}" if es
                     else f"boat {a[0]}, slots {a[1]} and {a[3]}")  # fmt: skip
        else:
            where = f"{_slot(a[0], a[1], es)} {'y' if es else 'and'} {_slot(a[2], a[3], es)}"
        return (f"Juega el Cincel: embarca dos piedras en {where}" if es
                else f"Play the Chisel: place two stones on {where}")  # fmt: skip
    if kind == "play-sail":
        where = _slot(a[0], a[1], es)
        return (f"Juega la Vela: embarca una piedra en {where} y envía ese barco {site(a[2])}" if es
                else f"Play the Sail: place a stone on {where} and sail that boat {site(a[2])}")  # fmt: skip
    if kind == "play-lever":
        return (f"Juega la Palanca: envía el barco {a[0]} {site(a[1])} y decide el orden de descarga"
                if es else
                f"Play the Lever: sail boat {a[0]} {site(a[1])} and choose the unloading order")  # fmt: skip
    if kind == "pass":
        return "Pasa: no puedes hacer nada más" if es else "Pass: nothing else is possible"
    if kind == "order":
        return (f"Descarga ahora la piedra de la casilla {a[0]}" if es
                else f"Unload the stone in slot {a[0]} next")  # fmt: skip
    if kind == "pick":
        if not a:
            return ("No cojas carta: la piedra vuelve a la cantera" if es
                    else "Take no card: the stone goes back to the quarry")  # fmt: skip
        if a[0] == HIDDEN:
            return ("Coge las dos cartas boca abajo" if es
                    else "Take the two face-down cards")  # fmt: skip
        return f"Coge la carta {card(a[0])}" if es else f"Take the {card(a[0])} card"
    if kind == "keep":
        return f"Quédate la carta {card(a[0])}" if es else f"Keep the {card(a[0])} card"
    if kind == "pyramid":
        return (f"Coloca la piedra en la pirámide {_PYRAMID_ES[a[0]]}" if es
                else f"Put the stone on the {PYRAMID_NAMES[a[0]]} pyramid")  # fmt: skip
    if kind == "bonus":
        if not a:
            return "No embarques ninguna piedra" if es else "Place no stone"
        where = _slot(a[0], a[1], es)
        return f"Embarca una piedra en {where}" if es else f"Place a stone on {where}"
    if kind in ("accept", "decline"):
        card_bonus = bool(state.queue) and state.queue[0].a == 0
        if kind == "decline":
            return "No cojas la bonificación" if es else "Leave the bonus"
        if card_bonus:
            return "Coge la carta de encima del mazo" if es else "Take the top market card"
        return "Coge tres piedras de la cantera" if es else "Take three stones from the quarry"
    if kind == "temple":
        if a[0] == 0:
            return "Obtén 1 punto" if es else "Take 1 point"
        return "Coge dos piedras de la cantera" if es else "Take two stones from the quarry"
    if kind == "first":
        colour = state.name(a[0], language)
        return f"Jugador inicial: {colour}" if es else f"Start player: {colour}"
    if kind == "round":
        return f"La carta de ronda {a[0]}" if es else f"Round card {a[0]}"
    if kind == "card":
        return f"La carta {card(a[0])}" if es else f"The {card(a[0])} card"
    return kind
