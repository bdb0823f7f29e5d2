"""Why an Imhotep action is refused: the rulebook section and words in EN and ES.

``diagnose`` finds the first rule an illegal action breaks, so a player at
the table hears which rule and how to put it right ("Boat 3 carries 1 stone
but needs 2 to sail").
"""

from __future__ import annotations

from engine.core.reasons import Reason, ReasonTable
from engine.imhotep.actions import TURN_KINDS, Action
from engine.imhotep.catalog import Catalog
from engine.imhotep.draws import offered_but_unaccounted
from engine.imhotep.sections import SECTIONS
from engine.imhotep.state import EMPTY, HARBOUR, SITE_EN, SITE_ES_THE, State

TABLE = ReasonTable(
    "imhotep",
    {
        "game_over": ("Final de la partida", "The game is over.", "La partida ha terminado."),
        "not_now": (
            "Turno",
            "That is not the decision now: {expected}.",
            "Eso no es lo que toca ahora: {expected_es}.",
        ),
        "sled_full": (
            "Obtener nuevas piedras",
            "{player}'s sled already holds {cap} stones, its most: place a stone or sail a boat instead.",
            "La plataforma de {player_es} ya tiene {cap} piedras, su máximo: embarca una piedra o envía un barco.",
        ),
        "quarry_empty": (
            "Obtener nuevas piedras",
            "No {player} stones are left in the quarry.",
            "No quedan piedras de color {player_es} en la cantera.",
        ),
        "no_stone": (
            "Embarcar una piedra",
            "{player}'s sled has no stone to place: take stones first.",
            "La plataforma de {player_es} no tiene piedras que embarcar: obtén piedras primero.",
        ),
        "no_boat": (
            "Una ronda",
            "Boat {boat} is not one of this round's boats.",
            "El barco {boat} no es uno de los barcos de esta ronda.",
        ),
        "boat_sailed": (
            "Embarcar una piedra",
            "Boat {boat} has already sailed to the {site}: only boats still in the harbour take stones or sail.",
            "El barco {boat} ya partió hacia {site_es}: solo los barcos que no han partido se cargan o se envían.",
        ),
        "no_slot": (
            "Embarcar una piedra",
            "Boat {boat} has no slot {slot} (it holds {size}).",
            "El barco {boat} no tiene casilla {slot} (tiene {size}).",
        ),
        "slot_taken": (
            "Embarcar una piedra",
            "Slot {slot} of boat {boat} already holds a stone: use an empty slot.",
            "La casilla {slot} del barco {boat} ya tiene una piedra: usa una casilla vacía.",
        ),
        "under_minimum": (
            "Enviar un barco a un emplazamiento",
            "Boat {boat} carries {load} stone(s) but needs at least {minimum} to sail: load it first.",
            "El barco {boat} lleva {load} piedra(s) pero necesita al menos {minimum} para partir: cárgalo antes.",
        ),
        "site_taken": (
            "Enviar un barco a un emplazamiento",
            "Boat {other} already docked at the {site} this round: only one boat per site each round.",
            "El barco {other} ya amarró en {site_es} esta ronda: solo un barco por emplazamiento y ronda.",
        ),
        "no_card": (
            "Jugar una carta azul de mercado",
            "{player} has no {card} card to play.",
            "{player_es} no tiene ninguna carta de {card_es} que jugar.",
        ),
        "chisel_two": (
            "Cincel",
            "The chisel places 2 stones on 2 different empty slots, from a sled holding 2 stones.",
            "El cincel embarca 2 piedras en 2 casillas vacías distintas, con 2 piedras en la plataforma.",
        ),
        "hammer_slot": (
            "Martillo",
            "After taking stones the hammer places one on an empty slot whenever it can.",
            "Tras obtener piedras, el martillo embarca una en una casilla vacía siempre que pueda.",
        ),
        "no_pass": (
            "Turno",
            "You must take one of the four actions; passing is only for when none is possible.",
            "Debes realizar una de las cuatro acciones; solo se pasa cuando ninguna es posible.",
        ),
        "not_in_market": (
            "A) Mercado",
            "No {card} card is face up in the market: pick one that is.",
            "No hay ninguna carta de {card_es} boca arriba en el mercado: elige una que esté.",
        ),
        "not_choice": (
            "Turno",
            "That is not one of the choices now: {choices}.",
            "Esa no es una de las opciones ahora: {choices_es}.",
        ),
        "pyramid_full": (
            "B) Pirámides",
            "That pyramid is complete: choose another.",
            "Esa pirámide está completa: elige otra.",
        ),
        "no_such_card": (
            "Cartas de mercado",
            "No {card} card is left in the deck.",
            "No queda ninguna carta de {card_es} en el mazo.",
        ),
        "pair_unaccounted": (
            "Cartas de mercado",
            "The cards entered so far leave no {card} card face down: a card was entered "
            "wrong on a phone. Check the card you looked at; if it is right, the table "
            "checks the cards in front of the players and the market.",
            "Las cartas introducidas hasta ahora no dejan ninguna carta de {card_es} boca "
            "abajo: alguien introdujo mal una carta. Revisa la carta que miraste; si es "
            "correcta, la mesa revisa las cartas delante de los jugadores y el mercado.",
        ),
        "round_card_used": (
            "Preparación de la partida",
            "Round card {card} is not one of this game's unrevealed round cards.",
            "La carta de ronda {card} no es una de las cartas de ronda sin revelar de esta partida.",
        ),
    },
    sections=SECTIONS,
)

_DECISIONS_EN = {
    "TURN": "a turn action",
    "FIRST_PLAYER": "draw the first player",
    "ROUND_CARD": "reveal the round card",
    "MARKET_CARD": "draw a market card",
    "FACE_DOWN_CARD": "turn a face-down market card over",
    "PYRAMID_BONUS": "take the pyramid's bonus or not",
    "MARKET_PICK": "a market pick",
    "KEEP_CARD": "keep one of the two cards",
    "UNLOAD_ORDER": "the next stone to unload",
    "PYRAMID": "the pyramid the stone goes on",
    "BONUS_PLACE": "the bonus stone's boat slot",
    "TEMPLE_BONUS": "the temple bonus",
}
_DECISIONS_ES = {
    "TURN": "una acción de turno",
    "FIRST_PLAYER": "sortear el jugador inicial",
    "ROUND_CARD": "revelar la carta de ronda",
    "MARKET_CARD": "robar una carta de mercado",
    "FACE_DOWN_CARD": "dar la vuelta a una carta boca abajo del mercado",
    "PYRAMID_BONUS": "coger la bonificación de la pirámide o no",
    "MARKET_PICK": "elegir en el mercado",
    "KEEP_CARD": "quedarse una de las dos cartas",
    "UNLOAD_ORDER": "la siguiente piedra a descargar",
    "PYRAMID": "la pirámide de la piedra",
    "BONUS_PLACE": "la casilla de la piedra de bonificación",
    "TEMPLE_BONUS": "la bonificación del templo",
}
_CARD_ACTIONS = {
    "play-hammer": "hammer",
    "play-chisel": "chisel",
    "play-sail": "sail",
    "play-lever": "lever",
}


def _who(state: State, seat: int) -> dict[str, str]:
    return {"player": state.name(seat), "player_es": state.name(seat, "es")}


def choice_fields(listed: dict[str, list[str]]) -> dict[str, str]:
    """``not_choice``'s fields: the choices in words, English and Spanish (``listed``
    by language, as the buttons say them)."""
    return {
        "choices": "; ".join(listed.get("en", [])) or "-",
        "choices_es": "; ".join(listed.get("es", [])) or "-",
    }


def diagnose(
    state: State,
    action: Action,
    decision_kind: str,
    catalog: Catalog,
    choices: dict[str, list[str]],
) -> Reason:
    """The rule an action (known not to be legal now) breaks; ``choices`` the legal ones
    in words by language."""
    if state.over:
        return TABLE.reason("game_over")
    kind, args = action.kind, action.args
    expected = {
        "expected": _DECISIONS_EN.get(decision_kind, decision_kind),
        "expected_es": _DECISIONS_ES.get(decision_kind, decision_kind),
    }
    if decision_kind == "TURN":
        if kind not in TURN_KINDS:
            return TABLE.reason("not_now", **expected)
        if kind in ("sail", "play-sail", "play-lever") and not 0 <= args[-1] < len(SITE_EN):
            return TABLE.reason("not_choice", **choice_fields(choices))
        return _turn_reason(state, action, catalog) or TABLE.reason(
            "not_choice", **choice_fields(choices)
        )
    if kind in TURN_KINDS:
        return TABLE.reason("not_now", **expected)
    if decision_kind == "MARKET_PICK" and kind == "pick" and args and args[0] >= 0:
        card = catalog.cards[args[0]] if args[0] < len(catalog.cards) else None
        if card is not None:
            return TABLE.reason("not_in_market", card=card.name_en, card_es=card.name_es)
    if (
        decision_kind == "MARKET_CARD"
        and kind == "card"
        and args
        and 0 <= args[0] < len(catalog.cards)
    ):
        card = catalog.cards[args[0]]
        if offered_but_unaccounted(state, args[0]):  # never "the deck has none": a secret
            return TABLE.reason("pair_unaccounted", card=card.name_en, card_es=card.name_es)
        return TABLE.reason("no_such_card", card=card.name_en, card_es=card.name_es)
    if decision_kind == "ROUND_CARD" and kind == "round":
        return TABLE.reason("round_card_used", card=args[0] if args else "?")
    if decision_kind == "PYRAMID" and kind == "pyramid":
        return TABLE.reason("pyramid_full")
    if decision_kind == "BONUS_PLACE" and kind == "bonus" and len(args) == 2:
        reason = _slot_reason(state, args[0], args[1])
        if reason is not None:
            return reason
    return TABLE.reason("not_choice", **choice_fields(choices))


def _boat(state: State, boat_id: int) -> Reason | None:
    index = state.boat_index(boat_id)
    if index < 0:
        return TABLE.reason("no_boat", boat=boat_id)
    boat = state.boats[index]
    if boat.site != HARBOUR:
        return TABLE.reason(
            "boat_sailed", boat=boat_id, site=SITE_EN[boat.site], site_es=SITE_ES_THE[boat.site]
        )
    return None


def _slot_reason(state: State, boat_id: int, slot: int) -> Reason | None:
    reason = _boat(state, boat_id)
    if reason is not None:
        return reason
    boat = state.boats[state.boat_index(boat_id)]
    if not 1 <= slot <= len(boat.slots):
        return TABLE.reason("no_slot", boat=boat_id, slot=slot, size=len(boat.slots))
    if boat.slots[slot - 1] != EMPTY:
        return TABLE.reason("slot_taken", boat=boat_id, slot=slot)
    return None


def _sail_reason(
    state: State, boat_id: int, site: int, catalog: Catalog, extra: int = 0
) -> Reason | None:
    reason = _boat(state, boat_id)
    if reason is not None:
        return reason
    boat = state.boats[state.boat_index(boat_id)]
    load = extra + sum(1 for o in boat.slots if o != EMPTY)
    minimum = catalog.boat(boat_id).minimum
    if load < minimum:
        return TABLE.reason("under_minimum", boat=boat_id, load=load, minimum=minimum)
    other = state.docked_at(site)
    if other is not None:
        return TABLE.reason(
            "site_taken", other=other.id, site=SITE_EN[site], site_es=SITE_ES_THE[site]
        )
    return None


def _turn_reason(state: State, action: Action, catalog: Catalog) -> Reason | None:
    seat = state.current
    kind, args = action.kind, action.args
    who = _who(state, seat)
    cap = int(catalog.value("sled_capacity"))
    if kind in _CARD_ACTIONS:
        card = catalog.cards[catalog.card_index(_CARD_ACTIONS[kind])]
        if not state.hands[seat][catalog.card_index(card.id)]:
            return TABLE.reason("no_card", card=card.name_en, card_es=card.name_es, **who)
    if kind == "take":
        if state.sled[seat] >= cap:
            return TABLE.reason("sled_full", cap=cap, **who)
        if state.quarry[seat] == 0:
            return TABLE.reason("quarry_empty", **who)
    elif kind == "place":
        if state.sled[seat] == 0:
            return TABLE.reason("no_stone", **who)
        return _slot_reason(state, args[0], args[1])
    elif kind in ("sail", "play-lever"):
        return _sail_reason(state, args[0], args[1], catalog)
    elif kind == "play-sail":
        if state.sled[seat] == 0:
            return TABLE.reason("no_stone", **who)
        return _slot_reason(state, args[0], args[1]) or _sail_reason(
            state, args[0], args[2], catalog, extra=1
        )
    elif kind == "play-chisel":
        if state.sled[seat] < 2 or args[0:2] == args[2:4]:
            return TABLE.reason("chisel_two")
        return _slot_reason(state, args[0], args[1]) or _slot_reason(state, args[2], args[3])
    elif kind == "play-hammer":
        if args:
            return _slot_reason(state, args[0], args[1])
        return TABLE.reason("hammer_slot")
    elif kind == "pass":
        return TABLE.reason("no_pass")
    return None
