"""One screen per turn (issue 33): a turn's tile actions, known together, share a screen.

Once the active worker lands, a player knows the turn's actions: the tile
action, then the turn's next one (the secondary action, the elephant's), and at
the start the first objective, then the first mahout tile. The phone shows the
second question under the first and sends both with one screen
(``companion.games.amritsar.grouped``); the demo's player counts such a pair as
one screen (``ScriptReport.screens``), as the phone-answers bench does.
"""

from __future__ import annotations

import random

from companion.games.amritsar.grouped import follow_ups
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.demo import DemoPlayer
from companion.games.amritsar.sim.players import GreedyPlayer
from companion.games.amritsar.sim.simulate import PerfectTable
from engine.amritsar import Act, GameState, Pending, apply, decision, legal_actions


def _reach(seed: int, stop: object) -> GameState:
    session = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000")
    rng = random.Random(seed)
    for _ in range(3000):
        if stop(session.state):  # type: ignore[operator]
            return session.state
        assert session.apply_actions([rng.choice(legal_actions(session.state))], "camera").ok
    raise AssertionError("never reached")


def _two_tile_actions(state: GameState) -> bool:
    d = decision(state)
    if d.kind != Pending.ACTIONS or d.player != 0:
        return False
    for action in legal_actions(state):
        after, _ = apply(state, action, check=False)
        top = after.pending[-1] if after.pending else None
        if top is not None and top.player == 0 and Pending(top.kind) is Pending.ACTIONS:
            return True
    return False


def test_a_tile_action_opens_the_turn_s_next_tile_action_on_its_screen() -> None:
    state = _reach(3, _two_tile_actions)
    grouped = 0
    for action in legal_actions(state):
        after, _ = apply(state, action, check=False)
        top = after.pending[-1]
        follow = follow_ups(state, action)
        if top.player == 0 and Pending(top.kind) is Pending.ACTIONS:
            answers = legal_actions(after)
            if 2 <= len(answers) <= 12:
                assert follow is not None
                assert follow.actions == tuple(answers)
                grouped += 1
        if action.kind is Act.END_ACTIONS:
            assert follow is None  # the turn is over: nothing follows on the screen
    assert grouped >= 1


def test_the_first_objective_opens_the_first_mahout_tile() -> None:
    session = TableSession.new(["Ana"], seed=1, solo=True, pin="0000")
    state = session.state
    assert decision(state).kind == Pending.SETUP_OBJECTIVE
    action = legal_actions(state)[0]
    follow = follow_ups(state, action)
    assert follow is not None
    assert decision(follow.state).kind == Pending.SETUP_MAHOUT


def test_a_question_leaving_a_trace_on_the_table_is_no_follow_up() -> None:
    # A tile action opening a market action: the trades show on the table
    # (the market), so the market is its own question, never on the screen.
    def market_next(state: GameState) -> bool:
        if decision(state).kind != Pending.ACTIONS or decision(state).player != 0:
            return False
        return any(
            Pending(apply(state, a, check=False)[0].pending[-1].kind) is Pending.MARKET
            for a in legal_actions(state)
        )

    state = _reach(2, market_next)
    for action in legal_actions(state):
        after, _ = apply(state, action, check=False)
        if Pending(after.pending[-1].kind) is Pending.MARKET:
            assert follow_ups(state, action) is None


def test_the_demo_s_player_counts_a_question_and_its_follow_up_as_one_screen() -> None:
    session = TableSession.new(["Ana"], seed=1, solo=True, pin="0000")
    alerts: list[str] = []
    raise_alert = session.raise_alert

    def counted(*args: object, **kwargs: object) -> object:
        alert = raise_alert(*args, **kwargs)  # type: ignore[arg-type]
        alerts.append(alert.code)
        return alert

    session.raise_alert = counted  # type: ignore[method-assign,assignment]
    driver = DemoPlayer(
        session, Reconciler(session), PerfectTable(), seed=1, policy=GreedyPlayer(0)
    )
    report = driver.play()  # ends in the table's very game, or raises
    assert alerts == []
    assert 0 < report.screens < report.phone_answers
    # Every answer is on a screen; a screen holds a question and at most its follow-up.
    assert report.phone_answers <= 2 * report.screens
