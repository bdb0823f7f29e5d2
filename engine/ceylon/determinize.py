"""Ceylon's secrets redrawn for a seat (``Rules.determinize``, ``engine.core.search``).

What a seat cannot see (``engine.ceylon.view``): the other players' hands
(their counts are shown) and the faces left in the draw pile. A draw pools
those cards, shuffles them and deals each other hand back at its size, the
rest to the pile: every deal the seat cannot rule out, as likely as a shuffle
makes it. With ``unknown_hands`` nobody's faces are known to the game at all
(the state counts the unseen copies), so there is nothing to redraw.
"""

from __future__ import annotations

import random

from engine.ceylon.hands import unknown
from engine.ceylon.state import State
from engine.core.search.determinize import deal_counts, expand, shuffled


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with the other hands and the pile dealt anew for ``seat``."""
    if unknown(state):
        return state
    others = [i for i in range(state.n) if i != seat]
    pool = expand(state.deck) + [face for i in others for face in state.players[i].hand]
    cards = shuffled(pool, rng)
    new = state.clone()
    start = 0
    for i in others:
        size = len(state.players[i].hand)
        new.mut(i).hand = sorted(cards[start : start + size])
        start += size
    (new.deck,) = deal_counts(cards[start:], [len(cards) - start], len(state.deck))
    return new
