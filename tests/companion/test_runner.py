"""``companion run``'s loops: camera frames and sensor events reach the reconciler."""

from __future__ import annotations

import time

from companion.games.amritsar.reconcile.camera import truth_from_state
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.simboard import SimulatedBoard
from engine.amritsar import Act, apply, legal_actions
from engine.amritsar.board import District
from engine.amritsar.decisions import Pending
from vision.pipeline import Pipeline
from vision.synthetic import SyntheticCamera


def _wait(condition, seconds: float = 20.0) -> bool:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return False


def test_a_move_on_the_table_reaches_the_game_and_the_button_closes_the_turn() -> None:
    session = TableSession.new(["Ana", "Ben"], seed=3)
    while session.state.pending[-1].kind != Pending.ELEPHANT:  # setup choices, on the phones
        session.apply_actions([legal_actions(session.state)[0]], "phone")
    colours = tuple(s.colour for s in session.seats)
    seat = session.state.current
    camera = SyntheticCamera(truth_from_state(session.state, colours), seed=3)
    with SimulatedBoard("run-board", seed=3) as board:
        board.move_maharajah(session.state.maharajah_space)
        link = board.serial_link()
        runner = TableRunner(
            session,
            Reconciler(session),
            source=camera,
            pipeline=Pipeline(2, focal_px=camera.focal_px),
            link=link,
        ).start()
        try:
            # The first player puts her elephant on the West path and sows from a section.
            place = next(
                a
                for a in legal_actions(session.state)
                if a.kind is Act.ELEPHANT and a.a == District.WEST
            )
            after, _ = apply(session.state, place)
            sow = legal_actions(after)[0]
            after, _ = apply(after, sow)
            while after.pending[-1].kind == Pending.SOW_PLACE:
                after, _ = apply(after, legal_actions(after)[0])
            board.place_elephant(District.WEST, colours[seat])
            camera.move(truth_from_state(after, colours, camera.truth), hand_frames=2)
            assert _wait(lambda: session.state.pending[-1].kind == Pending.ACTIONS), (
                f"the game did not follow the table: {session.state.pending[-1]}"
            )
            assert session.state.players[seat].elephant == District.WEST
            assert session.state.sections == after.sections
            # "Turn done" on the sensor board closes the turn.
            board.press("done")
            assert _wait(
                lambda: (
                    session.state.current != seat
                    or session.state.pending[-1].kind == Pending.FOLLOW
                )
            )
            assert (
                runner.stats.frames > 5
                and runner.stats.sensor_events > 0
                and not runner.stats.errors
            )
        finally:
            runner.stop()
            link.close()


class _FailingPipeline:
    """A pipeline that raises on chosen frames (a bug in the vision code)."""

    def __init__(self, fails: set[int] | None = None) -> None:
        self.fails = fails
        self.seen: list[int] = []

    def process(self, frame):  # type: ignore[no-untyped-def]
        self.seen.append(frame.number)
        if self.fails is None or frame.number in self.fails:
            raise ValueError(f"cannot read frame {frame.number}")
        return type("Snap", (), {"settling": True})()


def test_a_frame_the_pipeline_cannot_read_is_logged_and_the_loop_goes_on(caplog) -> None:  # type: ignore[no-untyped-def]
    from companion.service import Watchdog

    session = TableSession.new(["Ana", "Ben"], seed=3)
    camera = SyntheticCamera(
        truth_from_state(session.state, tuple(s.colour for s in session.seats)), size=(160, 120)
    )
    pipeline = _FailingPipeline({1, 2})
    sent: list[str] = []
    dog = Watchdog(60.0, send=sent.append)
    runner = TableRunner(
        session, Reconciler(session), source=camera, pipeline=pipeline, watchdog=dog
    ).start()
    try:
        assert _wait(lambda: len(pipeline.seen) >= 5)
    finally:
        runner.stop()
    assert runner.stats.failed_frames == 2 and "cannot read frame 1" in runner.stats.errors[0]
    assert any("reading camera frame 1 failed" in r.getMessage() for r in caplog.records)
    failed = next(r for r in caplog.records if "reading camera frame 1 failed" in r.getMessage())
    assert failed.exc_info is not None  # the trace is in the journal
    assert dog.check() and sent == ["WATCHDOG=1"]


def test_a_camera_loop_that_keeps_failing_stops_loudly_and_starves_the_watchdog(caplog) -> None:  # type: ignore[no-untyped-def]
    from companion.games.amritsar import runner as runner_module
    from companion.service import Watchdog

    session = TableSession.new(["Ana", "Ben"], seed=3)
    camera = SyntheticCamera(
        truth_from_state(session.state, tuple(s.colour for s in session.seats)), size=(160, 120)
    )
    now = [0.0]
    dog = Watchdog(10.0, send=lambda _: None, clock=lambda: now[0])
    runner = TableRunner(
        session, Reconciler(session), source=camera, pipeline=_FailingPipeline(), watchdog=dog
    ).start()
    try:
        assert _wait(lambda: not runner._threads[0].is_alive())
    finally:
        runner.stop()
    assert runner.stats.failed_frames == runner_module.MAX_FAILURES_IN_A_ROW
    assert len(runner.stats.errors) == runner_module.KEPT_ERRORS
    assert any(r.levelname == "CRITICAL" for r in caplog.records)
    now[0] = 11.0
    assert not dog.check() and dog.stale() == ["camera"]
