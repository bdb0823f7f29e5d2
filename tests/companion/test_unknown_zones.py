"""An unknown zone never becomes an alert, a move or an "empty".

The camera lists a zone it could not read in ``unseen`` and keeps its last
value there, which may be wrong (a missed dark counter reads as no counter).
Whatever that held value says, the reconciler must neither raise an alert nor
infer a move from it; the same wrong value read as seen does raise one (so the
test can fail). The runner passes a picture on when only what is unseen
changed, so a zone turning unknown reaches the reconciler at once.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from companion.games.amritsar.reconcile.camera import (
    expected_counts,
    seen_from_snapshot,
    truth_from_state,
)
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.search import infer
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import TableSession
from engine.amritsar import Act, apply, legal_actions, observe
from vision.snapshot import TableSnapshot


def _midgame(players: int, seed: int) -> TableSession:
    """A session played on the phones until a counter lies on a donation tile."""
    session = TableSession.new(["Ana", "Ben", "Chandra", "Dev"][:players], seed=seed)
    rng = random.Random(seed)
    for _ in range(400):
        state = session.state
        if any(o >= 0 for row in state.donations for o in row):
            break
        assert session.apply_actions([rng.choice(legal_actions(state))], "phone").ok
    return session


def _missed(truth: TableSnapshot, key: str) -> TableSnapshot:
    """The reading after the camera missed what stands on zone ``key``: the
    pieces gone from it (the value a silent empty would give)."""
    kind, _, name = key.partition(":")
    if kind == "section":
        return replace(truth, sections={**truth.sections, name: truth.sections[name][:-1]})
    if kind == "donation":
        return replace(truth, donations={**truth.donations, name: None})
    if kind == "market-space":
        counters = truth.market_counters[name] or 0
        return replace(truth, market_counters={**truth.market_counters, name: counters - 1})
    if kind == "elephant":
        return replace(truth, elephants={**truth.elephants, name: "off"})
    raise AssertionError(key)


KINDS = ("section:", "donation:", "market-space:", "elephant:")


@pytest.mark.parametrize("players", [2, 4])
def test_a_wrong_value_held_in_an_unknown_zone_is_never_an_alert(players: int) -> None:
    session = _midgame(players, seed=11 + players)
    reconciler = Reconciler(session)
    colours = tuple(s.colour for s in session.seats)
    state = session.state
    truth = truth_from_state(state, colours)
    assert reconciler.on_seen(seen_from_snapshot(truth, state, colours)).kind == "agree"  # type: ignore[union-attr]
    keys = [k for k, n in expected_counts(state, colours).items() if n and k.startswith(KINDS)]
    assert {k.split(":")[0] for k in keys} == {k.rstrip(":") for k in KINDS}
    for key in keys:
        missed = _missed(truth, key)
        unknown = replace(missed, unseen=(key,))
        inference = reconciler.on_seen(seen_from_snapshot(unknown, state, colours))
        assert inference is not None and inference.kind == "agree", key
        assert session.state is state and not session.alerts, key
        # Read as seen, the same missed piece is a change the table must explain.
        assert infer(state, seen_from_snapshot(missed, state, colours)).kind != "agree", key


class _Readings:
    """The pipeline's side of the runner, replayed: each frame returns the next
    recorded snapshot (what a real pipeline hands over)."""

    def __init__(self, snapshots: list[TableSnapshot]) -> None:
        self.snapshots = snapshots

    def process(self, frame: object) -> TableSnapshot:
        return self.snapshots.pop(0)


def test_the_runner_passes_on_a_zone_turning_unknown_with_the_same_held_value() -> None:
    session = _midgame(2, seed=5)
    colours = tuple(s.colour for s in session.seats)
    truth = truth_from_state(session.state, colours)
    key = next(
        k
        for k, n in expected_counts(session.state, colours).items()
        if n and k.startswith("section:")
    )
    readings = _Readings([truth, truth, replace(truth, unseen=(key,)), truth])
    reconciler = Reconciler(session)
    runner = TableRunner(session, reconciler, pipeline=readings)
    seen_counts = []
    for _ in range(4):
        runner._look(object())
        seen_counts.append(runner.stats.observations)
    # The same picture twice is passed on once; the zone turning unknown, and
    # known again, are each news.
    assert seen_counts == [1, 1, 2, 3]
    assert reconciler.seen is not None and reconciler.seen.sections is not None
    assert not session.alerts


def _elephant_turn(seed: int) -> TableSession:
    """A two-player session whose next decision places an elephant."""
    session = TableSession.new(["Ana", "Ben"], seed=seed)
    while not any(a.kind is Act.ELEPHANT for a in legal_actions(session.state)):
        assert session.apply_actions([legal_actions(session.state)[0]], "phone").ok
    return session


def test_the_runner_expects_what_owed_moves_leave_alone_and_all_once_paid() -> None:
    session = _elephant_turn(4)
    colours = tuple(s.colour for s in session.seats)
    reconciler = Reconciler(session)
    runner = TableRunner(session, reconciler)
    assert runner._expected() == expected_counts(session.state, colours)
    before = session.state
    place = next(a for a in legal_actions(before) if a.kind is Act.ELEPHANT)
    assert session.apply_actions([place], "phone").ok  # entered on a phone: the table owes it
    assert reconciler.debt is not None
    seat = before.pending[-1].player
    owed = f"elephant:{colours[seat]}"
    expected = runner._expected()
    assert owed not in expected and expected
    assert all(expected_counts(before, colours)[k] == n for k, n in expected.items())
    # The table catches up: the whole table is expected again.
    reconciler.on_seen(Seen.of(observe(session.state)))
    assert reconciler.debt is None
    assert runner._expected() == expected_counts(session.state, colours)


def test_a_piece_the_camera_missed_beside_a_real_move_is_not_an_alert() -> None:
    session = _midgame(2, seed=7)
    while not any(a.kind is Act.ELEPHANT for a in legal_actions(session.state)):
        assert session.apply_actions([legal_actions(session.state)[0]], "phone").ok
    state = session.state
    place = next(
        a
        for a in legal_actions(state)
        if a.kind is Act.ELEPHANT and observe(apply(state, a)[0]) != observe(state)
    )
    after, _ = apply(state, place)
    shown = observe(after)
    assert shown.sections is not None
    # One worker missed in a section of two or more (a section emptied would be
    # its workers taken in hand, a legal move).
    full = next(i for i, workers in enumerate(shown.sections) if len(workers) >= 2)
    sections = list(shown.sections)
    sections[full] = sections[full][1:]
    seen = replace(Seen.of(shown), sections=tuple(sections))
    assert infer(state, seen).kind == "none"  # read as a fact, nothing legal explains it
    reconciler = Reconciler(session)
    inference = reconciler.on_seen(seen)
    # No alert; and nothing inferred from a table partly doubted: the move is
    # taken when the camera sees the worker again (or from the phone).
    assert inference is not None and inference.kind == "wait"
    assert session.state == state and not session.alerts
    assert reconciler.on_seen(Seen.of(shown)).kind == "apply"  # type: ignore[union-attr]
    assert session.state == after and not session.alerts
