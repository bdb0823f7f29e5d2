"""Who decides next: the setup steps, the order of actions on a card, the end of a turn.

Rulebook: Preparación A-J (setup), Turno de juego (the active player, then
every other player clockwise, then the active player refills the hand),
Comerciar (empty wagons are refilled after the active player draws), Fin de la
partida (the round is completed). Setup is ordered so that every draw comes
before the first player's decision: a seeded game makes them all at once.
"""

from __future__ import annotations

from engine.ceylon.catalog import Catalog
from engine.ceylon.hands import UNKNOWN_HANDS, held, pile
from engine.ceylon.state import (
    ACT,
    ADVISOR,
    CONTRACT,
    DEAL,
    DRAW,
    ELEVATE,
    LEAVE_OUT,
    OVER,
    PLAY,
    START,
    START_TILE,
    TOKEN,
    TOP,
    State,
)

VARIANT = "start_tiles"
WITHOUT_DIMBULA = "leave_out_dimbula"
OPTIONS = (VARIANT, WITHOUT_DIMBULA, UNKNOWN_HANDS)

#: Each option in a player's words (English, Spanish), for the start page.
OPTION_WORDS = {
    VARIANT: (
        "The variant: start tiles decide the placing order and give a one-use ability.",
        "La variante: las losetas de inicio deciden el orden de colocación y dan una "
        "habilidad de un solo uso.",
    ),
    WITHOUT_DIMBULA: (
        "Two players: leave out Dimbula instead of Uva.",
        "Dos jugadores: se prescinde de Dimbula en lugar de Uva.",
    ),
    UNKNOWN_HANDS: (
        "Hands unknown: nobody enters the cards they draw; a card is named when it is played.",
        "Manos desconocidas: nadie introduce las cartas que roba; una carta se nombra al jugarla.",
    ),
}


def _order_seats(cat: Catalog, state: State) -> None:
    """Starting player, placement order and the tech stack (first player on top).

    The stack follows step I's placing order ("el primer jugador quede arriba y
    el último abajo"): clockwise from the starting player, or in the variant,
    which rewrites step I, by start tile number (our reading)."""
    n = state.n
    if VARIANT in state.options:
        by_tile = sorted(range(n), key=lambda seat: state.players[seat].start_tile)
        state.first = by_tile[0]
        state.start_order = by_tile
    else:
        state.first = 0
        state.start_order = [(state.first + i) % n for i in range(n)]
    for i, seat in enumerate(state.start_order):
        state.mut(seat).tech_order = n - 1 - i
    state.tech_counter = n


def setup_next(cat: Catalog, state: State) -> None:
    """Set the phase to the next setup step, or to the first turn."""
    if state.left_out < 0:
        state.phase, state.actor = LEAVE_OUT, -1
        return
    for district in range(len(cat.districts)):
        if state.in_play >> district & 1 and state.advisors[district] < 0:
            state.phase, state.actor = ADVISOR, -1
            return
    if -1 in state.train and state.contract_pile:
        state.phase, state.actor = CONTRACT, -1
        return
    if VARIANT in state.options:
        for seat, player in enumerate(state.players):
            if player.start_tile == 0:
                state.phase, state.actor = START_TILE, seat
                return
    if not state.start_order:
        _order_seats(cat, state)
    hand = int(cat.value("hand_size"))
    for seat, player in enumerate(state.players):
        if held(player) < hand:
            state.phase, state.actor = DEAL, seat
            return
    for district in range(len(cat.districts)):
        if state.in_play >> district & 1 and not _large_in(cat, state, district):
            state.phase, state.actor = ELEVATE, 0
            return
    for mask in state.large:
        if mask and not mask & state.small:
            state.phase, state.actor = TOP, 0
            return
    for seat in state.start_order:
        if state.players[seat].pawn < 0:
            state.phase, state.actor = START, seat
            return
    begin_turn(state, state.first)


def _large_in(cat: Catalog, state: State, district: int) -> bool:
    area = cat.district_hexes(district)
    return any(mask & area for mask in state.large)


def begin_turn(state: State, seat: int) -> None:
    state.phase, state.actor, state.active = PLAY, seat, seat
    # ``card`` and ``side`` stay: the last card lies on the discard pile, turned as played
    state.card_done = state.token_used = False
    state.queue = []


def after_action(cat: Catalog, state: State) -> None:
    """An action (with its harvest and discards) is complete: who acts next."""
    if state.actor == state.active and _still_active_stage(state):
        if not state.card_done:
            state.phase = ACT  # the token was used before the card's action
            return
        if not state.token_used and state.players[state.active].tokens > 0:
            state.phase = TOKEN
            return
    _next_on_card(cat, state)


def _still_active_stage(state: State) -> bool:
    """The active player's own part of the turn (before the others act)."""
    return len(state.queue) == state.n - 1


def _next_on_card(cat: Catalog, state: State) -> None:
    if state.queue:
        state.actor = state.queue.pop(0)
        state.phase = ACT
        return
    end_of_card(cat, state)


def end_of_card(cat: Catalog, state: State) -> None:
    """Everyone acted: the active player refills the hand (while the deck lasts)."""
    active = state.players[state.active]
    if held(active) < int(cat.value("hand_size")) and pile(state) > 0:
        state.phase, state.actor = DRAW, state.active
        return
    refill_or_end(state)


def refill_or_end(state: State) -> None:
    if -1 in state.train and state.contract_pile:
        state.phase, state.actor = CONTRACT, -1
        return
    nxt = (state.active + 1) % state.n
    if state.ending and nxt == state.first:
        state.phase, state.actor = OVER, -1  # nobody decides (decision() says NOBODY)
        return
    begin_turn(state, nxt)


def start_others(state: State) -> None:
    """The queue of the other players, clockwise from the active one."""
    state.queue = [(state.active + i) % state.n for i in range(1, state.n)]
