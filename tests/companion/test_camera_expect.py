"""The game's state tells the camera what to expect: a piece the camera misses
reaches the reconciler as unknown, not as a move nobody made."""

from __future__ import annotations

import random
from dataclasses import replace

from companion.games.amritsar.reconcile.camera import (
    expected_counts,
    seen_from_snapshot,
    truth_from_state,
)
from companion.games.amritsar.reconcile.seen import mismatches
from engine.amritsar import apply, legal_actions, new_game, observe
from vision.pipeline import Pipeline
from vision.synthetic import SyntheticCamera


def test_a_counter_the_camera_misses_is_unknown_to_the_reconciler() -> None:
    colours = ("purple", "grey", "pink")
    state = new_game(3, seed=8)
    rng = random.Random(8)
    for _ in range(40):
        state, _ = apply(state, rng.choice(legal_actions(state)))
    truth = truth_from_state(state, colours)
    expected = expected_counts(state, colours)
    assert expected["market-space:purple"] == truth.market_counters["purple"] > 0
    # The camera misses one purple counter on the market space (drawn without it).
    missed = replace(
        truth,
        market_counters={**truth.market_counters, "purple": truth.market_counters["purple"] - 1},
    )
    for expect in (False, True):
        camera = SyntheticCamera(missed, seed=8)
        pipeline = Pipeline(3, focal_px=camera.focal_px)
        if expect:
            pipeline.expect(expected)
        for _ in range(4):
            snapshot = pipeline.process(camera.read())
        seen = seen_from_snapshot(snapshot, state, colours)
        wrong = mismatches(observe(state), seen)
        if expect:
            assert wrong == [] and seen.market_spaces is not None
            assert seen.market_spaces[0] is None  # unknown, not one counter fewer
            assert any(p.code == "clear-the-board" for p in snapshot.problems)
        else:
            # Without the game's expectation the miss is a silent, wrong count.
            assert [m.field for m in wrong] == ["market_spaces"]
