"""The order of "1 coin and a market action", read from the trades (issue 16).

A tile action gives a coin and a market action in either order. The camera
sees the trades, never the coin: the order is inferred when only one order
makes the trades legal, needs no answer when every order ends in the same
game, and is waited for while the market action is still open.
"""

from __future__ import annotations

import random
from typing import Any

from companion.games.amritsar.reconcile.closing import closing_actions
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.demo import DemoPlayer
from companion.games.amritsar.sim.players import GreedyPlayer
from companion.games.amritsar.sim.simulate import PerfectTable
from engine.amritsar import (
    Act,
    Action,
    GameState,
    apply,
    legal_actions,
    observe,
    order_prompt,
)


def _at_order(seed: int) -> tuple[TableSession, Reconciler]:
    """A solo game played at random up to Ana's first order-only choice."""
    session = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000")
    reconciler = Reconciler(session)
    rng = random.Random(seed)
    state = session.state
    while order_prompt(state) is None or state.pending[-1].player != 0:
        assert not state.finished
        assert session.apply_actions([rng.choice(legal_actions(state))], "camera").ok
        state = session.state
    assert reconciler.on_seen(Seen.of(observe(state))) is not None
    return session, reconciler


def _play(state: GameState, *texts: str) -> GameState:
    for text in texts:
        action = next(a for a in legal_actions(state) if str(a) == text)
        state, _ = apply(state, action)
    return state


COIN_FIRST = Action(Act.ALTERNATIVE, 0)
MARKET_FIRST = Action(Act.ALTERNATIVE, 1)


def test_a_purchase_only_the_coin_pays_for_says_the_coin_came_first() -> None:
    session, reconciler = _at_order(3)
    state = session.state
    assert state.players[0].coins == 0
    truth, _ = apply(state, COIN_FIRST)
    truth = _play(truth, "buy C")
    inference = reconciler.on_seen(Seen.of(observe(truth)))
    assert inference is not None and inference.kind == "apply"
    assert inference.actions[0] == COIN_FIRST
    assert session.state == truth
    assert not session.alerts


def test_either_order_ends_the_same_and_nobody_is_asked() -> None:
    for alternative in (COIN_FIRST, MARKET_FIRST):
        session, reconciler = _at_order(13)
        start = session.state
        truth, _ = apply(start, alternative)
        truth = _play(truth, "buy C")
        # A trade seen, the market action still open: the order may yet show.
        inference = reconciler.on_seen(Seen.of(observe(truth)))
        assert inference is not None and inference.kind == "wait", alternative
        assert session.state == start and session.narrowed is None
        # The counter moves from the market space: the market action is over,
        # and either order leaves the very same game.
        truth = _play(truth, "done")
        inference = reconciler.on_seen(Seen.of(observe(truth)))
        assert inference is not None and inference.kind == "apply", alternative
        assert truth in session.game.states  # (the Maharajah may have played on)
        assert not session.alerts


def test_turn_done_after_the_trades_settles_the_order_and_closes_the_turn() -> None:
    for alternative in (COIN_FIRST, MARKET_FIRST):
        session, reconciler = _at_order(13)
        truth, _ = apply(session.state, alternative)
        truth = _play(truth, "buy C")
        assert reconciler.on_seen(Seen.of(observe(truth))).kind == "wait"  # type: ignore[union-attr]
        outcome = reconciler.on_button("done")
        assert outcome.ok, outcome.en
        for action in closing_actions(truth):
            truth, _ = apply(truth, action)
        assert truth in session.game.states
        assert not session.alerts


def test_an_order_that_makes_a_difference_is_asked() -> None:
    # Coin first, the sale overflows the storehouses at once (a discard before
    # any more trades); market first, only after the coin: the table cannot
    # tell, so "turn done" is refused and the phone answers.
    session, reconciler = _at_order(1)
    start = session.state
    truth, _ = apply(start, COIN_FIRST)
    truth = _play(truth, "sell M")
    assert truth.pending[-1].kind != start.pending[-1].kind  # a discard is open
    assert reconciler.on_seen(Seen.of(observe(truth))).kind == "wait"  # type: ignore[union-attr]
    assert not reconciler.on_button("done").ok
    assert session.state == start and not session.alerts
    assert session.answer(0, str(COIN_FIRST), session.state_id).ok
    reconciler.on_seen(Seen.of(observe(truth)))
    assert session.state == truth


def test_turn_done_still_refuses_an_order_the_table_does_not_explain() -> None:
    session, reconciler = _at_order(1)
    state = session.state
    seen = Seen.of(observe(state))
    assert seen.market is not None and seen.market[1] == 3
    # Three copper bought: neither order pays for that.
    reconciler.seen = Seen(**{**seen.__dict__, "market": (seen.market[0], 0, seen.market[2])})
    outcome = reconciler.on_button("done")
    assert not outcome.ok
    assert session.state == state


def _alerts_raised(session: TableSession) -> list[str]:
    """The codes of every alert the session raises from now on."""
    raised: list[str] = []
    raise_alert = session.raise_alert

    def counted(*args: Any, **kwargs: Any) -> Any:
        alert = raise_alert(*args, **kwargs)
        raised.append(alert.code)
        return alert

    session.raise_alert = counted  # type: ignore[method-assign]
    return raised


def test_the_demos_player_skips_the_order_and_legal_play_raises_no_alert() -> None:
    asked = 0
    chosen = 0
    for seed in range(3):
        session = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000")
        raised = _alerts_raised(session)
        player = DemoPlayer(
            session, Reconciler(session), PerfectTable(), seed=seed, policy=GreedyPlayer(0)
        )
        player.play()  # raises if the companion's game and the table's differ
        assert raised == [], seed
        chosen += sum(1 for s in session.game.states if order_prompt(s) is not None)
        asked += player.asked_order
    assert chosen >= 2
    assert asked < chosen
