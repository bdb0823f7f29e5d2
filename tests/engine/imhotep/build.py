"""Imhotep test positions: a fixed table, then small changes by name.

``table(players)`` plays the setup draws with chosen outcomes (seat 0 starts,
the first round card of that player count, the given market cards), so a
test reads like the rulebook's examples: ``load(s, 3, "bw")`` puts a black
and a white stone on boat 3 from the bow.
"""

from __future__ import annotations

from typing import Any

from engine.imhotep import RULES
from engine.imhotep.actions import Action
from engine.imhotep.state import COLOURS, EMPTY, Boat, State

CARD = {card.id: i for i, card in enumerate(RULES.catalog.cards)}
LETTER = {colour[0]: seat for seat, colour in enumerate(COLOURS)}  # b w r(brown) g
LETTER["r"] = 2
LETTER.pop("b")
LETTER["b"] = 0


def act(text: str) -> Action:
    return RULES.parse_action(text)


def play(state: State, *texts: str) -> State:
    """Apply actions (checked) given in notation."""
    for text in texts:
        state, _ = RULES.apply(state, act(text))
    return state


def table(
    players: int = 4,
    *,
    options: tuple[str, ...] = (),
    round_card: int | None = None,
    market: tuple[str, ...] = ("statue", "lever", "entrance", "pyramid_decoration"),
    first: int = 0,
) -> State:
    """Setup with chosen draws: ``first`` starts, the round card, the market cards."""
    state = RULES.new_game(players, options=options)
    card = round_card if round_card is not None else RULES.catalog.round_cards_for(players)[0].id
    state = play(state, f"first {first}", f"round {card}")
    for name in market:
        if RULES.decision(state).kind != "MARKET_CARD":
            break
        state = play(state, f"card {name}")
    return state


def change(state: State, **fields: Any) -> State:
    return state._replace(**fields)


def seats(text: str) -> tuple[int, ...]:
    """'bw-' -> (0, 1, EMPTY): colour letters b(lack) w(hite) r (brown) g(rey), '-' empty."""
    return tuple(EMPTY if ch == "-" else LETTER[ch] for ch in text)


def load(state: State, boat_id: int, text: str) -> State:
    """Put stones on a harbour boat directly (they come out of the owners' quarries)."""
    index = state.boat_index(boat_id)
    boat = state.boats[index]
    slots = seats(text.ljust(len(boat.slots), "-"))
    quarry = list(state.quarry)
    for owner in slots:
        if owner != EMPTY:
            quarry[owner] -= 1
    boats = list(state.boats)
    boats[index] = Boat(boat.id, slots, boat.site)
    return change(state, boats=tuple(boats), quarry=tuple(quarry))


def give(state: State, seat: int, *cards: str) -> State:
    """Put market cards in front of a seat, taken from the deck."""
    hands = [list(h) for h in state.hands]
    deck = list(state.deck)
    for name in cards:
        hands[seat][CARD[name]] += 1
        deck[CARD[name]] -= 1
    return change(state, hands=tuple(tuple(h) for h in hands), deck=tuple(deck))


def on_site(state: State, site: str, text: str) -> State:
    """Put stones on a site in placement order (out of the owners' quarries)."""
    owners = seats(text)
    quarry = list(state.quarry)
    for owner in owners:
        quarry[owner] -= 1
    if site == "obelisk":
        heights = list(state.obelisk)
        for owner in owners:
            heights[owner] += 1
        return change(state, obelisk=tuple(heights), quarry=tuple(quarry))
    if site == "pyramid":
        return change(
            state, pyramid=(state.pyramid[0] + owners, *state.pyramid[1:]), quarry=tuple(quarry)
        )
    current = getattr(state, site)
    return change(state, **{site: current + owners, "quarry": tuple(quarry)})


def turn(state: State, seat: int) -> State:
    return change(state, current=seat)
