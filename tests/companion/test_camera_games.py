"""Whole games through rendered frames and the simulated sensor board.

The table is laid out in front of the synthetic camera and on the simulated
sensor board (the real firmware, on a real pty); the companion reads it with
the vision pipeline and the serial link. The game must end exactly as the
same actions applied to the engine directly, scores included.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.games.amritsar.reconcile.camera import seen_from_snapshot, truth_from_state
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import mismatches
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.camera_table import CameraTable
from companion.games.amritsar.sim.simboard import SimulatedBoard
from companion.games.amritsar.sim.simulate import ScriptedTable
from engine.amritsar import Game, apply, legal_actions, new_game, observe, score
from vision.pipeline import Pipeline
from vision.synthetic import SyntheticCamera


def test_rendered_positions_read_back_as_the_engine_sees_them() -> None:
    colours = ("purple", "grey", "pink")
    state = new_game(3, seed=5)
    rng = random.Random(5)
    for checkpoint in range(3):
        for _ in range(70):
            state, _ = apply(state, rng.choice(legal_actions(state)))
        camera = SyntheticCamera(truth_from_state(state, colours), seed=checkpoint)
        pipeline = Pipeline(3, focal_px=camera.focal_px)
        for _ in range(5):
            snapshot = pipeline.process(camera.read())
        seen = seen_from_snapshot(snapshot, state, colours)
        assert not snapshot.settling
        assert mismatches(observe(state), seen) == []
        # And what the camera cannot know it leaves open instead of guessing.
        assert seen.section_coins is not None
        for coins, truth in zip(seen.section_coins, state.section_coins, strict=True):
            assert coins in (truth, None) and (coins is not None or truth > 0)


@pytest.mark.parametrize("players,solo", [(2, False), (1, True)])
def test_whole_game_through_camera_and_sensor_board_equals_the_engine(
    players: int, solo: bool
) -> None:
    names = ["Ana", "Ben"][:players]
    session = TableSession.new(names, solo=solo, seed=31)
    colours = tuple(s.colour for s in session.seats)
    with SimulatedBoard("test-board", seed=31) as board:
        link = board.serial_link()
        try:
            table = CameraTable(session.state, colours, seed=31, board=board, link=link)
            report = ScriptedTable(session, Reconciler(session), table, seed=31).play()
        finally:
            link.close()
    direct = Game.new(players, solo=solo, seed=31)
    for entry in session.game.entries[len(direct.entries) :]:
        direct.play(entry.action)
    assert session.state == direct.state and session.state.finished
    assert [s.total for s in score(session.state)] == [s.total for s in score(direct.state)]
    assert not session.alerts and not table.stats.disagreements
    assert report.camera_inferences > 30 and table.stats.frames > 200


def test_companion_demo_plays_a_whole_game_catches_a_mistake_and_prints_the_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from companion.cli import main

    argv = ["demo", "--seed", "7", "--simulated", "casual"]  # quick: the strong one thinks
    assert main([*argv, "--log", str(tmp_path / "demo.sqlite")]) == 0
    text = capsys.readouterr().out
    assert "[ALERT]" in text and "the alert is gone" in text
    assert "[phone] Ana:" in text and "[button] Ana presses 'turn done'" in text
    assert "The Maharajah's turn:" in text and "[x] " in text
    assert "table screen: http://" in text and "watch on a phone: http://" in text
    final = text.split("The game is over")[1]
    assert "Ana: " in final and "Maharajah: " in final and "<- winner" in final
    assert "Starting PP" in final and "Majority" in final
