"""What the camera cannot do, and why, on the table screen: both camera loops.

A camera-wide problem (the refusal to read through an uncalibrated wide lens,
the board not in view, too low a resolution, something across the board's
edge at start-up) stops the camera reading the whole table. Without a word
the group at the table sees the camera silently doing nothing. So each loop
(Amritsar's ``TableRunner``, every other game's ``GameCameraLoop``) hands the
notices of each frame to one :class:`CameraNotices`: an alert goes up on the
table screen and the phones (English and Spanish, the reader's own words:
what is wrong and what to do) when a notice begins, comes down when it ends,
and the log says it once. A notice is known by its ``code``, so the same
problem is one alert while it lasts, however its words vary between frames.

``begin_after`` / ``end_after`` (frames in a row): a notice a hand may cause
for a frame or two (a corner marker covered) goes up only once it has lasted,
and comes down only once it has been gone as long, so the screen does not
flicker. Amritsar's pipeline settles its own notices: 1 and 1 there.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from typing import Protocol

from companion.table_session import TableBase
from engine.core.reasons import Reason, ReasonTable

#: The alert's words: the notice's own, in each language (no rulebook section).
CAMERA_WORDS = ReasonTable("camera", {"camera_notice": ("", "{what}", "{what_es}")})

log = logging.getLogger("companion.camera_notices")


class Notice(Protocol):
    """A camera-wide problem as a reader or pipeline gives it (``vision.snapshot.Problem``)."""

    @property
    def code(self) -> str: ...

    @property
    def en(self) -> str: ...

    @property
    def es(self) -> str: ...


def camera_reason(en: str, es: str) -> Reason:
    """The alert's reason for a notice said ``en`` / ``es``."""
    return CAMERA_WORDS.reason("camera_notice", what=en, what_es=es)


class CameraNotices:
    """One table-screen alert per camera-wide problem while it lasts."""

    def __init__(
        self,
        session: TableBase,
        *,
        reason: Callable[[str, str], Reason] = camera_reason,
        begin_after: int = 1,
        end_after: int = 1,
        logger: logging.Logger = log,
    ) -> None:
        if begin_after < 1 or end_after < 1:
            raise ValueError("begin_after and end_after count frames: at least 1")
        self.session = session
        self.reason = reason
        self.begin_after = begin_after
        self.end_after = end_after
        self.log = logger
        #: notice code -> the alert shown for it
        self.shown: dict[str, int] = {}
        self._begun: dict[str, int] = {}  # code not shown yet -> frames in a row with it
        self._ended: dict[str, int] = {}  # code shown -> frames in a row without it

    def update(self, now: Iterable[Notice]) -> None:
        """The notices of one frame (empty: the camera reads fine)."""
        codes = {n.code: n for n in now}
        for code in list(self.shown):
            if code in codes:
                self._ended.pop(code, None)
                continue
            gone = self._ended.get(code, 0) + 1
            if gone < self.end_after:
                self._ended[code] = gone
                continue
            self._ended.pop(code, None)
            self.session.withdraw_alert(self.shown.pop(code))
            self.log.info("camera: no longer %s", code)
        self._begun = {c: self._begun.get(c, 0) + 1 for c in codes if c not in self.shown}
        for code, frames in self._begun.items():
            if frames < self.begin_after:
                continue
            notice = codes[code]
            self.log.warning("camera: %s", notice.en)
            self.shown[code] = self.session.raise_alert(self.reason(notice.en, notice.es)).id
        for code in self.shown:
            self._begun.pop(code, None)
