"""Amritsar's secrets redrawn for a seat (``Rules.determinize``, ``engine.core.search``).

What a seat cannot see (``engine.amritsar.view``): the other players'
objectives, in hand and face down on their boards, until the game ends. Each
player was dealt one objective of each type in the open (the deal names the
type), so a draw keeps each other player's types and, type by type, deals the
objectives the seat has not seen (not its own, not the Maharajah's face-up
one) among them; then each player's objectives are shuffled over the places
they hold them (hand and board spaces), since a face-down objective does not
show its type. Every arrangement the seat cannot rule out, each as likely.
"""

from __future__ import annotations

import random

from engine.amritsar.state import NONE, UNNAMED, GameState


def determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    """``state`` with the other players' objectives dealt anew for ``seat``."""
    if state.finished or UNNAMED in (o for p in state.players for o in p.objective_hand):
        # objectives_at_end: nobody's objectives are known, nothing to deal anew
        return state
    catalog = state.catalog
    others = [p for p in state.players if p.seat != seat]
    held = [[*p.objective_hand, *(o for o in p.objectives if o != NONE)] for p in others]
    if not any(held):
        return state
    seen = {o for p in state.players if p.seat == seat for o in p.objective_hand}
    seen |= {o for p in state.players if p.seat == seat for o in p.objectives if o != NONE}
    if state.maharajah is not None and state.maharajah.objective != NONE:
        seen.add(state.maharajah.objective)
    types = [sorted(catalog.objectives[o].type for o in objectives) for objectives in held]
    pools: dict[str, list[int]] = {}
    for kind in sorted({t for ts in types for t in ts}):
        pool = sorted(
            i for i, o in enumerate(catalog.objectives) if o.type == kind and i not in seen
        )
        rng.shuffle(pool)
        pools[kind] = pool
    new = state.copy()
    for p, kinds in zip(others, types, strict=True):
        drawn = [pools[kind].pop() for kind in kinds]
        rng.shuffle(drawn)
        board = [i for i, o in enumerate(p.objectives) if o != NONE]
        copy = new.players[p.seat]
        in_hand = len(p.objective_hand)
        copy.objective_hand = tuple(sorted(drawn[:in_hand]))
        objectives = list(p.objectives)
        for space, objective in zip(board, drawn[in_hand:], strict=True):
            objectives[space] = objective
        copy.objectives = (objectives[0], objectives[1], objectives[2], objectives[3])
    return new
