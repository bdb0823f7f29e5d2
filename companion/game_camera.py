"""The camera loop of a game read through ``vision.games`` (every game but Amritsar).

What it is for: ``companion run --game NAME`` with a camera, for a game whose
camera table is registered in ``vision.games.TABLES``. One thread reads
frames, hands each to the table's ``GameReader`` and passes every settled
observation that differs from the last one to
``RulesSession.on_observation`` (which applies, asks or alerts). Whenever the
game moves on (by camera or phone) the reader is told the game's record
(``vision.games.base.tell_record``: readers that take it look for stacked
pieces where the record puts them). A failing
frame is logged and the loop goes on; after ``MAX_FAILURES_IN_A_ROW`` it
stops feeding the service watchdog, so systemd restarts the companion, which
resumes the game from its log (Amritsar's loop in ``runner.py`` does the same).

What the camera cannot do and why (a reader's ``notices``, optional in
``vision.games.base``: an uncalibrated wide lens refused, the board not in
view) goes on the table screen as one alert per problem while it lasts
(:mod:`companion.camera_notices`, shared with Amritsar's loop), raised once it
has lasted ``NOTICE_FRAMES`` frames and withdrawn once gone as long, so a hand
over a corner marker for a moment does not flash an alert.

``attach_camera`` decides at start whether a game is read by camera or served
in manual mode, and says which in one line.
"""

from __future__ import annotations

import logging
import threading
from typing import TYPE_CHECKING, Any

from companion.camera_notices import CameraNotices
from companion.frame_pace import FramePace
from companion.rules_session import RulesSession
from companion.service import Watchdog
from companion.table_session import TableBase

if TYPE_CHECKING:
    from vision.lens import Lens

#: Seconds to wait when the camera has no new frame.
IDLE_SLEEP = 0.05
#: Frames the reader may fail on in a row before the loop gives up.
MAX_FAILURES_IN_A_ROW = 50
#: Frames in a row a camera-wide problem lasts (or is gone) before its alert goes up (or down).
NOTICE_FRAMES = 3

log = logging.getLogger("companion.game_camera")


class GameCameraLoop:
    """Frames in, settled observations to the session out."""

    def __init__(
        self,
        session: RulesSession,
        source: Any,
        reader: Any,
        *,
        watchdog: Watchdog | None = None,
        fps: float | None = None,
    ):
        self.session = session
        self.source = source
        self.reader = reader
        self.watchdog = watchdog
        #: At most ``fps`` frames a second (``companion run --fps``; None: no cap).
        self.pace = FramePace(fps)
        self.frames = 0
        self.observations = 0
        self.failed = 0
        self._last: Any = None
        self._told: Any = None  # the game state the reader was last told
        self.notices = CameraNotices(
            session, begin_after=NOTICE_FRAMES, end_after=NOTICE_FRAMES, logger=log
        )
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="camera", daemon=True)

    def start(self) -> GameCameraLoop:
        self._beat()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def _beat(self) -> None:
        if self.watchdog is not None:
            self.watchdog.beat("camera")

    def step(self, frame: Any) -> bool:
        """Read one frame; True when a new settled observation went to the session."""
        self.frames += 1
        self._tell_record()
        if getattr(frame, "chroma", None) is not None:
            # The Pi camera gives YUV 4:2:0 for Amritsar's pipeline (vision/yuv.py);
            # these games' readers read colour from a BGR image.
            from dataclasses import replace

            from vision.yuv import to_bgr

            frame = replace(frame, image=to_bgr(frame.image, frame.chroma), chroma=None)
        seen = self.reader.read(frame)
        from vision.games.base import notices_of

        self.notices.update(notices_of(self.reader))
        if seen is None or seen == self._last:
            return False
        self._last = seen
        self.observations += 1
        self.session.on_observation(seen)
        return True

    def _tell_record(self) -> None:
        """Tell the reader the game's record when the game has moved on since."""
        state = self.session.state  # states are replaced, never changed in place
        if state is self._told:
            return
        from vision.games.base import tell_record

        self._told = state
        tell_record(self.reader, self.session.rules.observe(state))

    def _loop(self) -> None:
        in_a_row = 0
        while not self._stop.is_set():
            self._beat()
            if not self.pace.wait(self._stop):
                return
            try:
                frame = self.source.read()
            except Exception as error:  # a camera that fails is reported, not fatal
                from vision.sources import SourceEnded

                if isinstance(error, SourceEnded):  # a recording played to its end
                    if self.watchdog is not None:
                        self.watchdog.retire("camera")
                    return
                log.warning("camera: %s", error)
                self._stop.wait(1.0)
                continue
            if frame is None:
                self._stop.wait(IDLE_SLEEP)
                continue
            self.pace.took()
            try:
                self.step(frame)
            except Exception:
                self.failed += 1
                in_a_row += 1
                if in_a_row == 1 or in_a_row % 10 == 0:
                    log.exception("reading camera frame failed (%d in a row)", in_a_row)
                if in_a_row >= MAX_FAILURES_IN_A_ROW:
                    log.critical("the camera loop stops: %d frames in a row failed", in_a_row)
                    return  # no more beats: the watchdog has systemd restart the service
                continue
            finally:
                del frame  # not held while the next frame is read (two frames at once)
            in_a_row = 0


def attach_camera(
    session: TableBase,
    source: Any,
    watchdog: Watchdog | None = None,
    calibration: Lens | None = None,
    fps: float | None = None,
) -> tuple[GameCameraLoop | None, str]:
    """Start the camera loop for ``session``'s game when it has a camera table and a
    camera is open; else manual mode. Returns the loop (or ``None``) and the line
    to print on start."""
    from vision.games import table_for

    rules = session.game.rules
    table = table_for(rules.name)
    if table is None or not isinstance(session, RulesSession):
        return None, (
            f"{rules.title_en}: manual mode, the phones answer every decision "
            "(no camera table for this game yet)."
        )
    if source is None:
        return None, (
            f"{rules.title_en}: manual mode, the phones answer every decision "
            "(no camera is open: give --camera to read the table)."
        )
    session.use_camera()
    reader = table.reader(calibration, len(session.seats), tuple(session.game.options))
    loop = GameCameraLoop(session, source, reader, watchdog=watchdog, fps=fps).start()
    return loop, (
        f"{rules.title_en}: the camera reads the table; the phones answer only what it "
        "cannot show (secret draws, moves it missed, a move that fits several answers)."
    )
