"""A camera demo looks at the table once more before a phone answers a move it missed.

A real camera keeps looking while a question waits on a phone: a piece a hand
hid in one settled look is read in the next. Here an eye that sees nothing on
its first look at each table (a hand over the whole board) and everything on
the next leaves no move to a phone for a miss, and no wrong move taken.
"""

from __future__ import annotations

import io
import json
from dataclasses import fields, replace
from pathlib import Path

from companion.sim.camera_demo import run_camera_demo
from companion.sim.fake_camera import FakeCamera
from engine.core.observation import Observation


class FirstLookBlind:
    """Nothing read on the first look at a table; a perfect camera after that."""

    def __init__(self, game: str) -> None:
        self.perfect = FakeCamera(game, miss=0.0)
        self.looked: set[str] = set()
        self.blank = 0

    def look(self, shown: Observation, record: Observation | None = None) -> Observation:
        key = json.dumps([getattr(shown, f.name) for f in fields(shown)], default=str)
        if key not in self.looked:
            self.looked.add(key)
            self.blank += 1
            return replace(shown, **{f.name: None for f in fields(shown)})
        return self.perfect.look(shown, record)


def test_a_move_hidden_from_one_look_is_read_on_the_next(tmp_path: Path) -> None:
    eye = FirstLookBlind("imhotep")
    report = run_camera_demo(
        "imhotep",
        players=2,
        seed=1,
        log_path=tmp_path / "g.sqlite",
        out=io.StringIO(),
        eye=eye,
    )
    assert report.session.seat_view(None)["finished"]
    assert eye.blank > 50  # the hand hid most tables once
    assert report.steps["move read by the camera"] > 50
    assert report.steps["move the camera missed, on the phone"] == 0
    assert report.steps["draw entered on the table screen"] == 0
    assert report.alerts_on_legal_play == 0 and report.session.alerts == []
