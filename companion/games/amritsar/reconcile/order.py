"""The order of a tile action's gains and its market action, read from the trades.

Some tile actions give "1 coin and a market action", taken in either order
(rulebook: Economy). The coin goes to the player's board, which the camera
does not read, so the choice itself leaves no trace; the trades at the market
do. When the explanations of what the table shows differ only in that order:

* only one order makes the trades legal (the coin pays for a purchase): the
  search finds only that one, and it is applied (nothing to settle here);
* every explanation has finished the market action and all end in the same
  game (same coins, same resources, same discards): the order made no
  difference, so the first explanation is applied and nobody is asked;
* an explanation is still inside the market action (a trade seen, the market
  action not closed): the order may still show (a purchase only the coin
  pays for), so nothing is applied yet: ``wait``;
* the explanations end in different games (a storehouse-overflow discard at a
  different moment): the order matters and the table cannot show it, so the
  player is asked, as before.

An earlier attempt settled the order "gains first" before any trade was seen;
a player who had traded the other way round then got an overflow discard at
another moment than the companion's game, and legal play raised an alert.
Here nothing is settled before the trades are seen, and a settled order
always ends in the very game the table shows.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.amritsar import Action, GameState, apply, order_prompt


def settle_order(
    at: GameState, paths: Sequence[tuple[Action, ...]]
) -> tuple[str, tuple[Action, ...]] | None:
    """How the explanations ``paths`` (the actions after their common prefix,
    which leads to ``at``) settle an order-only choice pending at ``at``.

    Returns ``("apply", rest)`` with the actions to apply after the prefix,
    ``("wait", ())`` while a trade is seen but the market action is still
    open, or None when ``at`` is not an order-only choice or the order makes
    a difference (the phone is asked)."""
    if not at.pending or order_prompt(at) is None or len(paths) < 2:
        return None
    depth = len(at.pending)
    ends: list[GameState] = []
    for path in paths:
        state = at
        finished = False
        for action in path:
            state, _ = apply(state, action, check=False)
            if len(state.pending) < depth:
                finished = True  # the chosen order's steps are all done
        if not finished:
            return ("wait", ())
        ends.append(state)
    if all(end == ends[0] for end in ends[1:]):
        return ("apply", paths[0])
    return None
