"""A tile action read off the player's board (issue 33): settled, never guessed."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games.amritsar.reconcile.boards import settle_by_boards
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.search import Inference
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.demo import DemoPlayer
from companion.games.amritsar.sim.players import GreedyPlayer
from companion.games.amritsar.sim.simulate import PerfectTable
from engine.amritsar import (
    Act,
    GameState,
    Pending,
    apply,
    describe_action,
    legal_actions,
    new_game,
    observe,
)
from vision.games.amritsar_boards.view import BoardView, board_of, boards_of


@pytest.fixture(scope="module")
def at_tile_action() -> GameState:
    """Solo seed 0, random play: Ana chooses among her tile's actions, one of
    which (the secondary: a money step) moves a counter on her board."""
    state = new_game(1, solo=True, seed=0)
    r = random.Random(0)
    for _ in range(7):
        state, _ = apply(state, r.choice(legal_actions(state)), check=False)
    assert state.pending[-1].kind == Pending.ACTIONS and state.pending[-1].player == 0
    return state


def _secondary(state: GameState) -> object:
    (action,) = [a for a in legal_actions(state) if "Secondary action" in describe_action(state, a)]
    return action


def test_the_one_track_the_board_shows_is_applied() -> None:
    """Solo seed 0, random play, step 14: which track to move up; the board says."""
    state = new_game(1, solo=True, seed=0)
    r = random.Random(0)
    for _ in range(14):
        state, _ = apply(state, r.choice(legal_actions(state)), check=False)
    assert state.pending[-1].kind == Pending.CHOOSE_TRACK
    for action in legal_actions(state):
        after, _ = apply(state, action, check=False)
        if board_of(after, 0) == board_of(state, 0):
            continue  # a track already at its end: nothing to read
        got = settle_by_boards(
            state, Seen.of(observe(after)), Inference("agree"), (board_of(after, 0),)
        )
        assert got.kind == "apply"
        assert got.actions == (action,)


def test_an_action_with_an_unread_gain_is_asked_among_those_that_fit(
    at_tile_action: GameState,
) -> None:
    """The money step shows; the main action's copper would not where the
    storehouses are not read: secondary alone, or the main action and then the
    secondary, is asked; "end your actions" (nothing on the board) is not offered."""
    state = at_tile_action
    action = _secondary(state)
    after, _ = apply(state, action, check=False)
    read = (replace(board_of(after, 0), goods=(None,) * 4),)
    got = settle_by_boards(state, Seen.of(observe(after)), Inference("agree"), read)
    assert got.kind == "ask" and got.actions == ()
    assert action in got.options
    assert all(a.kind is not Act.END_ACTIONS for a in got.options)
    assert len(got.options) == 2


def test_the_storehouses_read_tell_the_secondary_alone_from_main_then_secondary(
    at_tile_action: GameState,
) -> None:
    """With the coins and resources read per kind, no copper in the storehouses
    says the main action was not taken: the secondary alone is applied, unasked."""
    state = at_tile_action
    action = _secondary(state)
    after, _ = apply(state, action, check=False)
    assert board_of(after, 0).goods == (after.players[0].coins, *after.players[0].resources)
    got = settle_by_boards(
        state, Seen.of(observe(after)), Inference("agree"), (board_of(after, 0),)
    )
    assert got.kind == "apply" and got.actions == (action,)


def test_a_board_as_the_engine_has_it_says_nothing(at_tile_action: GameState) -> None:
    state = at_tile_action
    agree = Inference("agree")
    read = (board_of(state, 0),)
    assert settle_by_boards(state, Seen.of(observe(state)), agree, read) is agree


def test_an_unread_board_says_nothing(at_tile_action: GameState) -> None:
    state = at_tile_action
    agree = Inference("agree")
    assert settle_by_boards(state, Seen.of(observe(state)), agree, (BoardView.unknown(),)) is agree
    assert settle_by_boards(state, Seen.of(observe(state)), agree, None) is agree


def test_a_change_no_answer_explains_is_left_to_the_phone(at_tile_action: GameState) -> None:
    state = at_tile_action
    now = board_of(state, 0)
    odd = replace(now, objectives=(True, True, True, True))  # no tile action does this
    ask = Inference("ask", (), tuple(legal_actions(state)), 0)
    assert settle_by_boards(state, Seen.of(observe(state)), ask, (odd,)) is ask


def test_a_main_board_guess_past_a_choice_the_board_shows_is_checked(
    at_tile_action: GameState,
) -> None:
    """A sequence that answers the tile action as the main board would have it
    ("end your actions") while the board shows the money step is not applied."""
    state = at_tile_action
    after, _ = apply(state, _secondary(state), check=False)
    (end,) = [a for a in legal_actions(state) if a.kind is Act.END_ACTIONS]
    guess = Inference("apply", (end,))
    got = settle_by_boards(state, Seen.of(observe(after)), guess, (board_of(after, 0),))
    assert got is not guess
    assert end not in got.actions
    # and the same sequence stands when the board shows nothing new
    kept = settle_by_boards(state, Seen.of(observe(state)), guess, (board_of(state, 0),))
    assert kept is guess


class _BoardsTable(PerfectTable):
    """A perfectly read table with the personal boards in view, read perfectly too."""

    boards_read: tuple[BoardView, ...] | None = None

    def show(self, truth: GameState) -> None:
        super().show(truth)
        self.boards_read = boards_of(truth)


def _game(seed: int, boards: bool) -> DemoPlayer:
    session = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000")
    table = _BoardsTable() if boards else PerfectTable()
    driver = DemoPlayer(session, Reconciler(session), table, seed=seed, policy=GreedyPlayer(0))
    driver.boards_in_view = boards
    driver.play()  # raises if the companion's game ever leaves the table's
    assert not session.alerts
    return driver


def test_a_whole_game_with_the_boards_in_view_needs_fewer_phone_answers() -> None:
    without = _game(1, boards=False)
    with_boards = _game(1, boards=True)
    assert with_boards.session.state.finished
    assert with_boards.report.phone_answers < without.report.phone_answers
