"""What the camera cannot do reaches the table screen in every game, not only Amritsar.

``GameCameraLoop`` (Imhotep, Ceylon, Rajas) hands a reader's camera-wide
problems (``notices``) to ``companion.camera_notices``: one alert per problem,
English and Spanish, once it has lasted ``NOTICE_FRAMES`` frames, withdrawn
once gone as long. A real ``RulesSession`` on a real SQLite log; the reader
is the lowest-layer fake (a camera-side part) or Ceylon's real reader on a
frame with no board in it.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from companion.camera_notices import CameraNotices
from companion.game_camera import NOTICE_FRAMES, GameCameraLoop
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from vision.games.ceylon.read import CeylonReader
from vision.snapshot import Problem
from vision.sources import Frame

LENS = Problem("lens-uncalibrated", (), (), "Calibrate the camera.", "Calibra la cámara.")
FRAME = Frame(np.zeros((4, 4, 3), np.uint8), 0, 0.0)


class Scripted:
    """A reader that reads nothing and says, frame by frame, the notices it is given."""

    def __init__(self, script: list[tuple[Problem, ...]]) -> None:
        self.script = list(script)
        self.now: tuple[Problem, ...] = ()

    def read(self, frame: Frame) -> None:
        self.now = self.script.pop(0)
        return None

    def problems(self) -> list[str]:
        return [p.en for p in self.now]

    def notices(self) -> tuple[Problem, ...]:
        return self.now


def _session(tmp_path: Path, game: str = "imhotep") -> RulesSession:
    session = open_any_session(tmp_path / "g.sqlite", game, ["Ana", "Ben"], public_seed=1)
    assert isinstance(session, RulesSession)
    session.use_camera()
    return session


def _camera_alerts(session: RulesSession) -> list[tuple[str, str]]:
    return [(a.en, a.es) for a in session.alerts if a.code == "camera_notice"]


def test_a_notice_that_lasts_is_one_alert_withdrawn_when_it_ends(tmp_path: Path) -> None:
    session = _session(tmp_path)
    on, off = (LENS,), ()
    # a flash (one frame: a hand over a corner) then a lasting problem, then fixed
    script = [on, off] + [on] * (NOTICE_FRAMES + 4) + [off] * NOTICE_FRAMES
    loop = GameCameraLoop(session, None, Scripted(script))
    shown: list[int] = []
    for _ in script:
        loop.step(FRAME)
        shown.append(len(_camera_alerts(session)))
    flash = 2
    assert shown[:flash] == [0, 0], "a one-frame notice raises nothing"
    lasting = shown[flash : flash + NOTICE_FRAMES + 4]
    assert lasting == [0] * (NOTICE_FRAMES - 1) + [1] * 5
    assert _camera_alerts(session) == [] and shown[-1] == 0
    assert shown[-2] == 1, "withdrawn only once gone NOTICE_FRAMES frames"
    # the game's log has it once
    assert session.store is not None
    kinds = [e.kind for e in session.store.entries()]
    assert kinds.count("alert") == 1, kinds


def test_the_alert_says_the_readers_words_in_both_languages(tmp_path: Path) -> None:
    session = _session(tmp_path)
    loop = GameCameraLoop(session, None, Scripted([(LENS,)] * NOTICE_FRAMES))
    for _ in range(NOTICE_FRAMES):
        loop.step(FRAME)
    [alert] = [a for a in session.alerts if a.code == "camera_notice"]
    assert (alert.en, alert.es) == (LENS.en, LENS.es)
    assert alert.seat is None  # the table screen and every phone
    assert alert.rule == "" and alert.to_dict()["en"] == LENS.en


def test_a_dismissed_notice_is_not_raised_again_while_it_lasts(tmp_path: Path) -> None:
    session = _session(tmp_path)
    notices = CameraNotices(session)
    notices.update([LENS])
    [alert] = session.alerts
    assert session.dismiss_alert(alert.id)
    for _ in range(3):
        notices.update([LENS])
    assert session.alerts == []
    notices.update([])  # fixed: then a new problem is a new alert
    notices.update([LENS])
    assert len(_camera_alerts(session)) == 1
    with pytest.raises(ValueError, match="begin_after"):
        CameraNotices(session, begin_after=0)


def test_ceylons_reader_without_a_board_in_view_puts_up_the_alert(tmp_path: Path) -> None:
    session = _session(tmp_path, "ceylon")
    loop = GameCameraLoop(session, None, CeylonReader(None, players=2))
    dark = Frame(np.zeros((1200, 1600, 3), np.uint8), 0, 0.0)
    for _ in range(NOTICE_FRAMES):
        assert loop.step(dark) is False  # nothing read, nothing sent to the game
    [(en, es)] = _camera_alerts(session)
    assert "does not find the board" in en and "no encuentra el tablero" in es


def test_a_reader_without_notices_raises_nothing(tmp_path: Path) -> None:
    class Quiet:
        def read(self, frame: Frame) -> None:
            return None

        def problems(self) -> list[str]:
            return ["the board is not found"]

    session = _session(tmp_path)
    loop = GameCameraLoop(session, None, Quiet())
    for _ in range(NOTICE_FRAMES + 1):
        loop.step(FRAME)
    assert session.alerts == []
