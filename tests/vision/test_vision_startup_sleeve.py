"""Start-up under a hand whose sleeve has the table's own colour (issue 34:
skin and sleeve of any colour).

The start-up check finds an arm where the board's edge loses its contrast and
the outside is not the table's usual colour. A sleeve of the table's colour
fails that second test; before this, such an arm over the board at start was
not seen, and the zones under the hand were read (1-2 wrong zones a scene at
the harsh renderer's hand-start group). It is now told from print along the
edge by reaching far into the board.
"""

from __future__ import annotations

import pytest

from vision import rig
from vision.harsh import harsh_scene
from vision.pipeline import Pipeline


@pytest.mark.parametrize("seed", [50004, 50008])
def test_a_table_coloured_sleeve_over_the_board_at_start_holds_the_reading(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(rig, "SLEEVE", rig.TABLE)
    monkeypatch.setattr(rig, "SKIN", (60, 80, 120))  # dark skin
    scene = harsh_scene(seed, "hand-start")
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    for frame in scene.frames(scene.condition.hand_frames):
        snap = pipe.process(frame)
        # The arm is seen: no values while it lies across the edge.
        assert not pipe.startup.verified
        assert snap.settling
        assert any(p.code == "clear-the-board-start" for p in snap.problems)
