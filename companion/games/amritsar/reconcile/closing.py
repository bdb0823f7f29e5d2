"""What "turn done" does: the actions that close the current player's turn.

One place for the reconciler (the "turn done" button, a table that moved on)
and the search (a table that shows the turn over explains no choice in it).
"""

from __future__ import annotations

from engine.amritsar import Act, Action, GameState, Pending, apply

#: Decisions "turn done" may close, and how.
CLOSERS = {
    Pending.ACTIONS: Action(Act.END_ACTIONS),
    Pending.MARKET: Action(Act.MARKET_DONE),
}


def closing_actions(state: GameState) -> list[Action]:
    """What "turn done" applies: end the actions, finish a market action, leave
    the elephant in phase 3, and pass every follow prompt still open."""
    return _close(state)[0]


def closed(state: GameState) -> GameState:
    """Where "turn done" leads (``state`` itself when it closes nothing)."""
    return _close(state)[1]


def _close(state: GameState) -> tuple[list[Action], GameState]:
    """The closing actions and the state they lead to, in one walk."""
    result: list[Action] = []
    for _ in range(40):
        if not state.pending:
            break
        top = state.pending[-1]
        kind = Pending(top.kind)
        if kind in CLOSERS and top.player == state.current:
            action = CLOSERS[kind]
        elif kind is Pending.ELEPHANT and top.a == 3 and top.player == state.current:
            action = Action(Act.STAY)
        elif kind is Pending.FOLLOW:
            action = Action(Act.PASS)
        else:
            break
        result.append(action)
        state, _ = apply(state, action)
    return result, state
