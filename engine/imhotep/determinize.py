"""Imhotep's secrets redrawn for a seat (``Rules.determinize``, ``engine.core.search``).

What a seat cannot see (``engine.imhotep.observe.view``): the composition of
the market draw pile and of the discard pile (only their sizes are shown) and,
on side B of the market, the two face-down cards another player is looking at
(``State.pair``). Everything else lies face up. A draw pools those unseen
cards, shuffles them and deals them back into the same places with the same
sizes: every split the seat cannot rule out, as likely as a shuffle makes it.
A seat that remembers the cards it saw discarded could narrow the discard
pile down; this draw keeps to what the view shows now.
"""

from __future__ import annotations

import random

from engine.core.search.determinize import deal_counts, expand, shuffled
from engine.imhotep.state import State


def pair_seen_by(state: State, seat: int) -> bool:
    """Whether ``seat`` is the player looking at the face-down pair (the view shows it)."""
    waiting = state.queue[0] if state.queue else None
    return bool(state.pair) and waiting is not None and waiting.seat == seat


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """``state`` with the unseen market cards dealt anew for ``seat``."""
    seen = pair_seen_by(state, seat)
    pool = expand(state.deck) + expand(state.discard) + ([] if seen else list(state.pair))
    cards = shuffled(pool, rng)
    piles = sum(state.deck) + sum(state.discard)
    deck, discard = deal_counts(
        cards[:piles], [sum(state.deck), sum(state.discard)], len(state.deck)
    )
    pair = state.pair if seen else tuple(sorted(cards[piles:]))
    return state._replace(deck=tuple(deck), discard=tuple(discard), pair=pair)
