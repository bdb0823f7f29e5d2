"""The scripted table and trades the camera applied in another order.

A player trades at two market columns; the camera, seeing one column before
the other, applies the second trade first. That is no wrong decision (the
trades of one market action commute), and the scripted player, asked on the
phone, names the trade still missing instead of declaring the game diverged.
"""

from __future__ import annotations

import random

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.simulate import ScriptedTable, unmade
from engine.amritsar import Act, Action, GameState, Pending, apply, legal_actions, observe


def _two_trades(seed: int) -> tuple[TableSession, Action, Action]:
    """A game played at random up to a market action where two trades at
    different columns are legal in either order."""
    session = TableSession.new(["Ana", "Ben"], seed=seed)
    rng = random.Random(seed)
    while True:
        state = session.state
        assert not state.finished
        if state.pending[-1].kind == Pending.MARKET:
            trades = [a for a in legal_actions(state) if a.kind in (Act.BUY, Act.SELL)]
            for first in trades:
                after, _ = apply(state, first)
                for second in legal_actions(after):
                    if second.kind in (Act.BUY, Act.SELL) and second.a != first.a:
                        swapped, _ = apply(state, second)
                        if first in legal_actions(swapped):
                            return session, first, second
        assert session.apply_actions([rng.choice(legal_actions(state))], "phone").ok


def _path(state: GameState, *actions: Action) -> list[tuple[GameState, Action]]:
    steps = []
    for action in actions:
        steps.append((state, action))
        state, _ = apply(state, action)
    return steps


def test_trades_applied_in_another_order_leave_the_rest_to_make() -> None:
    session, first, second = _two_trades(4)
    start = session.state
    trail = _path(start, first, second)
    truth, _ = apply(apply(start, first)[0], second)
    reordered, _ = apply(start, second)
    assert reordered not in [state for state, _ in trail] and reordered != truth
    assert unmade(trail, _path(start, second), reordered, truth) == [first]
    # A trade the player never made is no order: nothing reads it as one.
    other = next(
        a
        for a in legal_actions(start)
        if a.kind in (Act.BUY, Act.SELL) and a not in (first, second)
    )
    wrong, _ = apply(start, other)
    assert unmade(trail, _path(start, other), wrong, truth) is None


class _LookedAway:
    """A camera that has seen nothing since the companion's last step."""

    def __init__(self, session: TableSession) -> None:
        self.session = session

    def show(self, truth: GameState) -> None:
        pass

    def look(self) -> tuple[Seen, bool]:
        return Seen.of(observe(self.session.state)), False


def test_the_player_names_on_the_phone_the_trade_the_camera_has_not_applied() -> None:
    session, first, second = _two_trades(4)
    start = session.state
    driver = ScriptedTable(session, Reconciler(session), _LookedAway(session), seed=4)
    driver.trail = _path(start, first, second)
    driver.truth, _ = apply(apply(start, first)[0], second)
    assert session.apply_actions([second], "camera").ok
    driver._catch_up()
    assert session.state == driver.truth
    assert driver.report.phone_answers == 1
