"""``companion demo --step`` / ``--pace`` for every game, and the alert it waits on.

The demos of Imhotep, Ceylon and Rajas of the Ganges wait between their steps
as Amritsar's does (they used to ignore ``--step``); the camera demo waits
while its refused move is on the table, so its alert can be seen on the table
screen and the phone until the next step puts the table right.
"""

from __future__ import annotations

import io
from pathlib import Path

from companion.rules_session import RulesSession
from companion.sim.camera_demo import run_camera_demo
from companion.sim.demo_watch import Pacer
from companion.sim.fake_camera import FakeCamera
from companion.sim.generic_demo import run_generic_demo


class Watching(Pacer):
    """A pacer that never waits, noting the alerts up at each wait."""

    def __init__(self) -> None:
        super().__init__(0.0)
        self.session: RulesSession | None = None
        self.alerts_up: list[list[str]] = []

    def wait(self) -> None:
        super().wait()
        if self.session is not None:
            self.alerts_up.append([a.code for a in self.session.alerts])


def test_the_manual_demo_waits_after_each_answer(tmp_path: Path) -> None:
    pacer = Watching()
    out = io.StringIO()
    session = run_generic_demo(
        "imhotep", players=2, seed=3, log_path=tmp_path / "g.sqlite", out=out, serve=False,
        pacer=pacer,
    )  # fmt: skip
    answers = int(out.getvalue().split(" answers")[0].rsplit(", ", 1)[1])
    assert session.seat_view(None)["finished"]
    assert pacer.steps >= answers > 10


def test_the_camera_demo_waits_with_its_alert_up(tmp_path: Path) -> None:
    pacer = Watching()
    report = run_camera_demo(
        "imhotep",
        players=2,
        seed=1,
        log_path=tmp_path / "g.sqlite",
        out=io.StringIO(),
        eye=FakeCamera("imhotep", seed=1),
        prepare=lambda session: setattr(pacer, "session", session),
        pacer=pacer,
    )
    assert report.illegal_caught and report.illegal_put_right
    with_alert = [codes for codes in pacer.alerts_up if codes]
    assert len(with_alert) == 1, with_alert  # one wait while the refused move is on the table
    assert pacer.steps > 20 and report.session.alerts == []
