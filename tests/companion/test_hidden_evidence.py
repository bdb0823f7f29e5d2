"""A hidden choice is never inferred from pieces fewer than the engine's alone.

A counter the camera misses on a market space reads as a lower count, which a
tile action that spends counters explains just as well. Built positions, the
table given directly as ``Seen``: a hidden choice whose only trace is a lower
count waits (no alert, nothing applied) unless the camera saw the count
change (full before a hand, lower after); short before and short after is
still a miss; positive evidence (a worker placed) is still taken.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from functools import cache
from types import SimpleNamespace

from companion.games.amritsar.reconcile.camera import truth_from_state
from companion.games.amritsar.reconcile.evidence import (
    doubtful_choice,
    without_doubtful_choices,
    witnessed,
)
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.search import infer
from companion.games.amritsar.reconcile.seen import Seen, mismatches, missing_as_unknown
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import TableSession
from engine.amritsar import (
    HIDDEN_DECISIONS,
    Action,
    GameState,
    Pending,
    apply,
    legal_actions,
    observe,
)
from vision.snapshot import TableSnapshot


def _only_counters_lower(before: GameState, after: GameState) -> bool:
    diff = mismatches(observe(before), Seen.of(observe(after)))
    return bool(diff) and all(m.field == "market_spaces" and m.seen < m.expected for m in diff)


def _spending(
    state: GameState, shows: Callable[[GameState, GameState], bool] | None = None
) -> tuple[Action, ...] | None:
    """Answers to the hidden choice at ``state`` that change the board only by
    taking counters off a market space (first answers after the first)."""
    shows = shows or _only_counters_lower
    for first in legal_actions(state):
        path = [first]
        at, _ = apply(state, first)
        while not shows(state, at) and len(path) < 4:
            if not at.pending or Pending(at.pending[-1].kind) not in HIDDEN_DECISIONS:
                break
            step = legal_actions(at)[0]
            path.append(step)
            at, _ = apply(at, step)
        if shows(state, at):
            return tuple(path)
    return None


@cache
def _spending_game() -> tuple[int, tuple[Action, ...], tuple[Action, ...]]:
    """A solo game's seed, the moves to a hidden choice, and answers to it
    that change the board only by taking counters off a market space."""
    for seed in range(20):
        state = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000").state
        rng = random.Random(seed)
        moves: list[Action] = []
        for _ in range(300):
            if state.finished or not state.pending:
                break
            if Pending(state.pending[-1].kind) in HIDDEN_DECISIONS:
                path = _spending(state)
                if path is not None:
                    return seed, tuple(moves), path
            moves.append(rng.choice(legal_actions(state)))
            state, _ = apply(state, moves[-1])
    raise AssertionError("no turn found whose answers only take counters off a market space")


def _spending_turn() -> tuple[TableSession, tuple[Action, ...]]:
    """A fresh session at that choice, and the spending answers."""
    seed, moves, path = _spending_game()
    session = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000")
    assert session.apply_actions(list(moves), "phone").ok
    return session, path


def _lower(seen: Seen, colour: int, by: int = 1) -> Seen:
    assert seen.market_spaces is not None
    spaces = list(seen.market_spaces)
    spaces[colour] = (spaces[colour] or 0) - by
    return Seen(**{**seen.__dict__, "market_spaces": tuple(spaces)})


def _after(state: GameState, path: tuple[Action, ...]) -> GameState:
    for action in path:
        state, _ = apply(state, action)
    return state


def test_a_lower_count_alone_never_answers_a_hidden_choice() -> None:
    session, path = _spending_turn()
    state = session.state
    seen = Seen.of(observe(_after(state, path)))
    # The strict search explains the lower count with the spending answers...
    found = infer(state, seen)
    assert found.kind in ("apply", "ask") and found.actions
    # ...but that is what a missed counter looks like: the choice is doubtful.
    assert doubtful_choice(state, seen, found.actions) == 0
    reconciler = Reconciler(session)
    inference = reconciler.on_seen(seen)
    assert inference is not None and inference.kind == "wait"
    assert session.state == state  # nothing applied
    assert not session.alerts  # and no alert


def test_short_before_and_short_after_is_still_a_miss() -> None:
    session, path = _spending_turn()
    state = session.state
    short = Seen.of(observe(_after(state, path)))
    # The camera read the short count before the hand passed too (or could
    # not read the zone): nothing seen changed, so nothing is inferred.
    unknown = Seen(
        **{**short.__dict__, "market_spaces": tuple(None for _ in short.market_spaces or ())}
    )
    for before in (short, unknown):
        assert not witnessed(state, before, short)
        reconciler = Reconciler(session)
        reconciler.seen = before
        inference = reconciler.on_seen(short)
        assert inference is not None and inference.kind == "wait"
        assert session.state == state
        assert not session.alerts


def test_a_count_seen_to_fall_is_a_move() -> None:
    """Full before the hand, lower after: the camera saw the counters go."""
    session, path = _spending_turn()
    state = session.state
    full = Seen.of(observe(state))
    lower = Seen.of(observe(_after(state, path)))
    assert witnessed(state, full, lower)
    found = infer(state, lower)
    change = witnessed(state, full, lower)
    assert doubtful_choice(state, lower, found.actions, change) is None
    reconciler = Reconciler(session)
    reconciler.on_seen(full)
    inference = reconciler.on_seen(lower)
    assert inference is not None and inference.kind in ("apply", "ask")
    assert inference.actions
    assert session.state != state  # the seen move was taken


def _positive(before: GameState, after: GameState) -> bool:
    """Does the board show more or new pieces (what ``missing_as_unknown`` keeps)?"""
    should = observe(before)
    return bool(mismatches(should, missing_as_unknown(should, Seen.of(observe(after)))))


def test_positive_evidence_is_still_used() -> None:
    """A hidden choice whose effect puts a piece somewhere new (a donation, a
    storehouse, an elephant) is inferred from the table as before."""
    for seed in range(20):
        state = TableSession.new(["Ana"], seed=seed, solo=True, pin="0000").state
        rng = random.Random(seed)
        for _ in range(300):
            if state.finished or not state.pending:
                break
            if Pending(state.pending[-1].kind) is Pending.ACTIONS:
                path = _spending(state, _positive)
                if path is not None:
                    seen = Seen.of(observe(_after(state, path)))
                    found = infer(state, seen)
                    if found.kind == "apply":
                        assert doubtful_choice(state, seen, found.actions) is None
                        assert without_doubtful_choices(state, seen, found) is found
                        return
            state, _ = apply(state, rng.choice(legal_actions(state)))
    raise AssertionError("no hidden choice with a positive trace found")


class _ScriptedPipeline:
    """The pipeline's outside as the runner sees it: ``expect``, ``process``
    and the zones it holds unknown as short (``Pipeline.short``), playing
    prepared snapshots."""

    def __init__(self, frames: list[tuple[TableSnapshot, frozenset[str]]]) -> None:
        self.frames = frames
        self.expected: dict[str, int] = {}
        self.short: frozenset[str] = frozenset()

    def expect(self, counts: dict[str, int]) -> None:
        self.expected = dict(counts)

    def process(self, frame: object) -> TableSnapshot:
        snapshot, short = self.frames.pop(0)
        self.short = short
        return snapshot


def test_runner_short_before_a_hand_and_after_is_unknown() -> None:
    """A purple counter missed before a hand passed (the pipeline doubts the
    zone) and still missed after it (the pipeline reads 4 as a fact): the
    reconciler gets the zone as unknown, not 4."""
    session = TableSession.new(["Ana", "Ben"], seed=4)
    colours = tuple(s.colour for s in session.seats)
    truth = truth_from_state(session.state, colours)
    key = f"market-space:{colours[0]}"
    full = truth.market_counters[colours[0]] or 0
    assert full > 0
    missed = replace(truth, market_counters={**truth.market_counters, colours[0]: full - 1})
    fewer = replace(truth, market_counters={**truth.market_counters, colours[0]: full - 2})
    hand = replace(missed, settling=True)
    doubted = frozenset({key})
    pipeline = _ScriptedPipeline(
        [
            (truth, frozenset()),  # calm, all read
            (missed, doubted),  # one counter missed: the pipeline doubts it
            (hand, frozenset()),  # a hand's arm over the zone
            (missed, frozenset()),  # after the hand: the same short count, as a fact
            (fewer, frozenset()),  # still below the game's count: still a miss
            (truth, frozenset()),  # read full again: the miss is over
            (missed, frozenset()),  # short again with no doubt: a reading again
        ]
    )
    reconciler = Reconciler(session)
    runner = TableRunner(session, reconciler, source=None, pipeline=pipeline)
    read: list[int | None] = []
    for number in range(7):
        runner._look(SimpleNamespace(number=number))
        assert reconciler.seen is not None and reconciler.seen.market_spaces is not None
        read.append(reconciler.seen.market_spaces[0])
    assert pipeline.expected[key] == full
    assert read[0] == full
    assert read[3] is None and read[4] is None  # short before the hand and after: unknown
    assert read[5] == full
    assert read[6] == full - 1  # forgotten once read full: a later short count is passed on


def test_runner_remembers_a_miss_while_the_game_withholds_its_count() -> None:
    """Moves owed (the Maharajah's, a phone's) may touch the zone, so the
    runner has no count for it then: no news, so the miss is remembered and
    a short count still reads unknown; a new count for it ends the memory."""
    session = TableSession.new(["Ana", "Ben"], seed=4)
    colours = tuple(s.colour for s in session.seats)
    truth = truth_from_state(session.state, colours)
    key = f"market-space:{colours[0]}"
    full = truth.market_counters[colours[0]] or 0
    fewer = replace(truth, market_counters={**truth.market_counters, colours[0]: full - 1})
    runner = TableRunner(session, Reconciler(session), source=None, pipeline=None)
    runner._short = {key: full}
    withheld = runner._still_missed(fewer, {}, frozenset())
    assert key in withheld.unseen and runner._short == {key: full}
    moved_on = runner._still_missed(fewer, {key: full - 1}, frozenset())
    assert key not in moved_on.unseen and runner._short == {}
