"""A short game through the independent harsh renderer's frames, end to end.

The path of ``companion demo`` and of ``bench/vision_games.py`` (issue 13's
end-to-end figure): the scripted table carries out each move under a hand,
``vision/harsh.py`` draws the frames (its own markers, lens, light and
noise), the runner's camera loop reads them with the game's expectation and
the reconciler decides. The table is always right, so no alert may be raised
and every step the camera applies must be one the table made.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench.vision_games import play_game
from vision.harsh import CONDITIONS

#: The "ideal" group at a smaller frame, nearly straight down (markers still
#: about 28 px): cheap enough for the suite.
SMALL = replace(CONDITIONS["ideal"], name="ideal-2000", size=(2000, 1500), tilt_deg=(0.0, 10.0))


def test_a_short_game_through_harsh_frames_raises_no_false_alert() -> None:
    game = play_game(3, SMALL, 2, max_actions=16)
    # 2000x1500 frames (for speed) are under the supported 12 MP: the table
    # screen's resolution notice is right; nothing else may be said.
    assert game.false_alerts == []
    assert [n for n in game.notices if n != "camera_notice"] == []
    assert game.wrong_decisions == [] and not game.diverged and not game.failed_frames
    # The camera really followed the table: moves were inferred from frames.
    assert game.camera_steps >= 2 and game.frames >= 30
    assert game.actions == 16


@pytest.mark.parametrize("group", ["placement", "light"])
def test_the_game_renderer_draws_each_view_as_the_harsh_renderer_does(group: str) -> None:
    # The bench redraws only the tiles a move changed: each view must be the
    # very image drawn from scratch (else the bench measures other frames);
    # under "light", with the glare kept off the hand.
    import numpy as np

    from bench.vision_games import START_HAND, GameRenderer
    from vision.harsh import harsh_scene
    from vision.synthetic import changed_points

    small = replace(CONDITIONS[group], name=f"{group}-small", size=(640, 480))
    scene = harsh_scene(5, small)
    renderer = GameRenderer(scene)
    first = scene.truth
    donations = dict(first.donations)
    space = next(k for k, v in donations.items() if v is None)
    donations[space] = "purple"
    second = replace(first, donations=donations)
    (x, y), *_ = changed_points(scene.layout, first, second)
    views = [
        (first, START_HAND),
        (first, None),
        (first, (x, y, 0.0)),
        (second, (x + 5, y, 0.0)),
        (second, None),
    ]
    for truth, hand in views:
        scene.truth = truth
        renderer.hand_at = hand
        drawn = renderer._clean_view(hand is not None)
        fresh = GameRenderer(scene)
        fresh.hand_at = hand
        view = fresh._view(fresh._texture(hand is not None))
        above = None if fresh._above is None else fresh.rig.above(fresh._above)
        assert (above is not None) == (hand is not None and group == "light")
        whole = fresh._lit(view, above)
        assert np.array_equal(drawn, whole), (truth is second, hand)
    assert 0 < renderer.redrawn_tiles < 3 * 80  # a few tiles of 10 x 8 per view


def test_shadows_change_the_light_with_moves_and_every_view_is_lit_anew() -> None:
    # The "shadows" group: the light changes with a move (the mover leans in)
    # and stays so; the incremental renderer must then light the whole view
    # anew, as a renderer drawing it from scratch under that light does.
    import numpy as np

    from bench.vision_games import GameRenderer, HarshCamera
    from vision.harsh import harsh_scene
    from vision.synthetic import changed_points

    small = replace(CONDITIONS["shadows"], size=(640, 480), relight=(1.0, 0.0))
    scene = harsh_scene(5, small)
    camera = HarshCamera(scene, hand_frames=2)
    first = scene.truth
    before = camera.read().image
    donations = dict(first.donations)
    space = next(k for k, v in donations.items() if v is None)
    donations[space] = "purple"
    second = replace(first, donations=donations)
    assert changed_points(scene.layout, first, second)
    camera.move(second)
    frames = [camera.read().image for _ in range(3)]
    assert camera.relights == 1 and camera.renderer.rig.light_epoch == 1
    fresh = GameRenderer(harsh_scene(5, small))
    fresh.scene.truth = second
    fresh.rig.light_epoch = 1
    whole = fresh._lit(fresh._view(fresh._texture(False)))
    assert np.array_equal(camera.renderer._clean_view(False), whole)
    # The light really changed: the calm table after the move is not the one before.
    assert float(np.abs(frames[-1].astype(int) - before.astype(int)).mean()) > 3
