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


def test_the_game_renderer_draws_each_view_as_the_harsh_renderer_does() -> None:
    # The bench redraws only the tiles a move changed: each view must be the
    # very image drawn from scratch (else the bench measures other frames).
    import numpy as np

    from bench.vision_games import START_HAND, GameRenderer
    from vision.harsh import harsh_scene
    from vision.synthetic import changed_points

    small = replace(CONDITIONS["placement"], name="placement-small", size=(640, 480))
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
        whole = fresh._lit(fresh._view(fresh._texture(hand is not None)))
        assert np.array_equal(drawn, whole), (truth is second, hand)
    assert 0 < renderer.redrawn_tiles < 3 * 80  # a few tiles of 10 x 8 per view
