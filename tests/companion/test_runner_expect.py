"""The runner tells the camera what the game expects, and a real move is still seen."""

from __future__ import annotations

from companion.games.amritsar.reconcile.camera import expected_counts, truth_from_state
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import TableSession
from engine.amritsar import Act, apply, legal_actions
from engine.amritsar.board import District
from engine.amritsar.decisions import Pending
from tests.companion.test_runner import _wait
from vision.pipeline import Pipeline
from vision.synthetic import SyntheticCamera


def test_the_game_state_reaches_the_camera_and_a_move_is_followed() -> None:
    session = TableSession.new(["Ana", "Ben"], seed=4)
    while session.state.pending[-1].kind != Pending.ELEPHANT:
        session.apply_actions([legal_actions(session.state)[0]], "phone")
    colours = tuple(s.colour for s in session.seats)
    seat = session.state.current
    camera = SyntheticCamera(truth_from_state(session.state, colours), seed=4)
    pipeline = Pipeline(2, focal_px=camera.focal_px)
    runner = TableRunner(session, Reconciler(session), source=camera, pipeline=pipeline).start()
    try:
        assert _wait(lambda: pipeline.expectation.counts != {})
        assert pipeline.expectation.counts == expected_counts(session.state, colours)
        place = next(
            a
            for a in legal_actions(session.state)
            if a.kind is Act.ELEPHANT and a.a == District.SOUTH
        )
        after, _ = apply(session.state, place)
        camera.move(truth_from_state(after, colours, camera.truth), hand_frames=2)
        assert _wait(lambda: session.state.players[seat].elephant == District.SOUTH)
        # The new state is expected now, and the table agrees with it: nothing to doubt.
        assert _wait(lambda: pipeline.expectation.counts == expected_counts(after, colours))
        assert _wait(
            lambda: not pipeline.snapshot.settling and not pipeline.expectation.short, 10.0
        )
        assert not [p for p in pipeline.snapshot.problems if p.code == "clear-the-board"]
    finally:
        runner.stop()
