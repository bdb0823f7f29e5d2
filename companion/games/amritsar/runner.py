"""``companion run``: the companion at a real table.

Threads: the camera loop reads frames, runs the vision pipeline and, whenever
the picture has settled on something new, hands the fused observation to the
reconciler; the sensor loop folds the sensor board's events into the fused
view and passes its buttons on; the web server runs in the foreground. Either
input may be missing: without a camera the elephants and the token still come
from the sensor board and the rest from the phones; without either the phones
play alone ("manual mode"). The game is logged to a file and resumed from it
after a restart; on resume the first look at the table is compared with the
game and any difference is shown as pieces to put back. With a ``SetupWatch``
(``companion run --setup table``) the settled pictures go to it until the
game's setup is taken from the table; only then to the reconciler.

Nothing fails unseen: a camera error or a frame the pipeline cannot read is
logged and the loop goes on; after ``MAX_FAILURES_IN_A_ROW`` failed frames the
camera loop gives up loudly and stops feeding the service watchdog, so that
systemd restarts the companion (which resumes the game from its log).
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field, replace
from typing import Any

from companion.camera_notices import CameraNotices
from companion.frame_pace import FramePace
from companion.games.amritsar.reconcile.camera import expected_counts, seen_from_snapshot
from companion.games.amritsar.reconcile.fusion import SensorTable, fuse
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.reconcile.setup_table import SetupWatch
from companion.games.amritsar.sensors import ReportRefused, SensorLink
from companion.games.amritsar.session import TableSession
from companion.service import Watchdog
from engine.amritsar import Reason
from vision.expect import counts
from vision.snapshot import TableSnapshot
from vision.startup import resolution_words

#: A settled picture is passed on only when it (or what is unseen) differs from the last one.
IDLE_SLEEP = 0.05
#: Frames the pipeline may fail on in a row before the camera loop gives up.
MAX_FAILURES_IN_A_ROW = 50
#: The most recent errors kept in ``RunnerStats.errors`` (all are logged).
KEPT_ERRORS = 20

log = logging.getLogger("companion.games.amritsar.runner")


@dataclass
class RunnerStats:
    frames: int = 0
    observations: int = 0
    sensor_events: int = 0
    failed_frames: int = 0
    errors: list[str] = field(default_factory=list)

    def error(self, text: str) -> None:
        self.errors.append(text)
        del self.errors[:-KEPT_ERRORS]


class TableRunner:
    """Feeds camera frames and sensor events to a session's reconciler."""

    def __init__(
        self,
        session: TableSession,
        reconciler: Reconciler,
        *,
        source: Any | None = None,
        pipeline: Any | None = None,
        link: SensorLink | None = None,
        setup: SetupWatch | None = None,
        watchdog: Watchdog | None = None,
        fps: float | None = None,
    ):
        self.session = session
        self.reconciler = reconciler
        self.source = source
        self.pipeline = pipeline
        self.link = link
        self.setup = setup
        self.watchdog = watchdog
        #: The camera loop's cap (``companion run --fps``; None: as fast as frames come).
        self.pace = FramePace(fps)
        self.sensors = SensorTable() if link is not None else None
        self.colours = tuple(s.colour for s in session.seats)
        self.stats = RunnerStats()
        self._camera_seen: Seen | None = None
        self._disagreeing: dict[str, int] = {}  # what -> the alert shown for it
        #: camera-wide problems, one table-screen alert each while it lasts
        self._notices = CameraNotices(
            session,
            reason=lambda en, es: Reason("camera_notice", {"what": en, "what_es": es}),
            logger=log,
        )
        self._frame_size: tuple[int, int] | None = None
        self._last_pieces: dict[str, Any] | None = None
        self._expected_memo: tuple[Any, Any, dict[str, int]] | None = None
        #: Zones the camera read short of the game's count -> that count.
        self._short: dict[str, int] = {}
        self._stop = threading.Event()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []

    def start(self) -> TableRunner:
        if self.source is not None and self.pipeline is not None:
            self._threads.append(
                threading.Thread(target=self._camera_loop, name="camera", daemon=True)
            )
        if self.link is not None:
            self._threads.append(
                threading.Thread(target=self._sensor_loop, name="sensors", daemon=True)
            )
        for thread in self._threads:
            self._beat(thread.name)
            thread.start()
        return self

    def _beat(self, loop: str) -> None:
        if self.watchdog is not None:
            self.watchdog.beat(loop)

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            thread.join(timeout=5)

    def _observe(self) -> None:
        """Hand the current fused view to the reconciler."""
        if self.setup is not None and self.setup.waiting:
            return  # nothing to reconcile before the setup is taken from the table
        with self._lock:
            seen, disagreements = fuse(self._camera_seen, self.sensors, self.colours)
        self._report_disagreements({d.what_en: d for d in disagreements})
        self.stats.observations += 1
        self.reconciler.on_seen(seen)

    def _report_disagreements(self, now: dict[str, Any]) -> None:
        """One alert per lasting disagreement, withdrawn when it ends."""
        for what in set(self._disagreeing) - set(now):
            self.session.withdraw_alert(self._disagreeing.pop(what))
        for what, disagreement in now.items():
            if what not in self._disagreeing:
                reason = Reason("sensors_disagree", {"what": what, "what_es": disagreement.what_es})
                self._disagreeing[what] = self.session.raise_alert(reason).id

    def _say_frame_size(self, frame: Any) -> None:
        """At start-up (and whenever the camera's frame size changes), say in the
        log which resolutions are supported; a warning below them."""
        image = getattr(frame, "image", None)
        if image is None:
            return
        size = (int(image.shape[1]), int(image.shape[0]))
        if size == self._frame_size:
            return
        self._frame_size = size
        en, es, supported = resolution_words(size)
        (log.info if supported else log.warning)("camera: %s / %s", en, es)

    def _camera_notices(self, now: Any) -> None:
        """One table-screen alert per camera-wide problem while it lasts (the
        refusal to read through an uncalibrated lens, too low a resolution,
        something across the edge at start-up: ``Pipeline.notices``), in the
        players' words, withdrawn when it ends; logged once when it begins."""
        self._notices.update(now)  # companion/camera_notices.py, shared with GameCameraLoop

    def _camera_loop(self) -> None:
        assert self.source is not None
        in_a_row = 0
        while not self._stop.is_set():
            self._beat("camera")
            if not self.pace.wait(self._stop):
                return
            try:
                frame = self.source.read()
            except Exception as error:  # a camera that fails is reported, not fatal
                from vision.sources import SourceEnded

                if isinstance(error, SourceEnded):  # a recording played to its end
                    log.info("camera: %s", error)
                    if self.watchdog is not None:
                        self.watchdog.retire("camera")
                    return
                self.stats.error(f"camera: {error}")
                log.warning("camera: %s", error)
                self._stop.wait(1.0)
                continue
            if frame is None:
                self._stop.wait(IDLE_SLEEP)
                continue
            self.pace.took()
            self.stats.frames += 1
            try:
                self._look(frame)
            except Exception as error:
                self.stats.failed_frames += 1
                in_a_row += 1
                self.stats.error(f"reading frame {frame.number}: {error!r}")
                if in_a_row == 1 or in_a_row % 10 == 0:
                    log.exception(
                        "reading camera frame %d failed (%d in a row)", frame.number, in_a_row
                    )
                if in_a_row >= MAX_FAILURES_IN_A_ROW:
                    log.critical(
                        "the camera loop stops: %d frames in a row could not be read", in_a_row
                    )
                    return  # no more beats: the watchdog has systemd restart the service
                continue
            finally:
                # Let go of the frame before waiting for the next one: held, it
                # would still be resident while the camera hands over the next
                # buffer (two 12 MP frames, 2 x 35 MiB, at once).
                del frame
            in_a_row = 0

    def _look(self, frame: Any) -> None:
        """Run the pipeline on one frame; pass a new settled picture on."""
        assert self.pipeline is not None
        expected = self._expected() if hasattr(self.pipeline, "expect") else {}
        if hasattr(self.pipeline, "expect"):
            self.pipeline.expect(expected)
        snapshot = self.pipeline.process(frame)
        self._say_frame_size(frame)
        self._camera_notices(getattr(self.pipeline, "notices", ()))
        short: frozenset[str] = getattr(self.pipeline, "short", frozenset())
        self._short.update({k: expected[k] for k in short if k in expected})
        if snapshot.settling:
            return
        snapshot = self._still_missed(snapshot, expected, short)
        if self.setup is not None and not self.setup.on_snapshot(snapshot):
            return
        # What the reconciler gets depends on the unseen zones too: a zone that
        # turns unknown (or known again) with the same held value is news.
        pieces = {"pieces": snapshot.pieces(), "unseen": sorted(snapshot.unseen)}
        if pieces == self._last_pieces:
            return
        self._last_pieces = pieces
        with self._lock:
            self._camera_seen = seen_from_snapshot(snapshot, self.session.state, self.colours)
        self._observe()

    def _still_missed(
        self, snapshot: TableSnapshot, expected: dict[str, int], short: frozenset[str]
    ) -> TableSnapshot:
        """Short before a hand, short after: still a miss, never a move.

        The pipeline doubts a zone reading fewer pieces than the game expects
        only until something moves over it; after a hand's arm passed, it
        reads what it shows. A zone the camera read short before the hand
        (a dark counter missed in every frame) that still reads fewer pieces
        than the same expectation after it is made unknown here: the count
        did not change, the miss did not either. Forgotten once the game's
        count for the zone changes (a move taken there) or the zone reads
        its count again; kept while the game withholds a count there (moves
        owed that may touch it: placement seed 3's game read 4 counters for
        6 then, and the session applied a move never made). (Vision does not
        say which short value it withheld, so any count below the
        expectation counts as the same miss; a move there still comes in
        from the phone or from pieces seen elsewhere.)
        """
        if not self._short:
            return snapshot
        read = counts(snapshot)
        unseen = set(snapshot.unseen)
        kept: dict[str, int] = {}
        missed: list[str] = []
        for key, n in self._short.items():
            now = expected.get(key)
            if now is not None and now != n:
                continue  # the game moved on there
            # (No count while the table owes moves that may touch the zone:
            # no news of it, so the miss is remembered.)
            if key in short or key in unseen:
                kept[key] = n
            elif read.get(key, n) < n:
                kept[key] = n
                missed.append(key)
        self._short = kept
        if not missed:
            return snapshot
        return replace(snapshot, unseen=tuple(sorted(unseen | set(missed))))

    def _expected(self) -> dict[str, int]:
        """Pieces per zone the game says lie on the table, for the camera to
        doubt a lower count; none while the setup is being read or a whole
        layout is owed. While the table owes the engine moves (the
        Maharajah's, a phone's, an undo) it may rightly show either side of
        them: only zones where both sides agree are expected."""
        with self._lock:
            state = self.session.state
            owes = self.reconciler.debt is not None
            start = self.reconciler.debt_start if owes else None
        if (owes and start is None) or (self.setup is not None and self.setup.waiting):
            return {}
        memo = self._expected_memo
        if memo is None or memo[0] is not state or memo[1] is not start:
            counts = expected_counts(state, self.colours)
            if start is not None:
                before = expected_counts(start, self.colours)
                counts = {k: n for k, n in counts.items() if before.get(k) == n}
            self._expected_memo = memo = (state, start, counts)
        return memo[2]

    def _sensor_loop(self) -> None:
        assert self.link is not None and self.sensors is not None
        while not self._stop.is_set():
            self._beat("sensors")
            try:
                event = self.link.get(timeout=0.2)
            except Exception as error:  # a refused link stops with its reason shown
                self.stats.error(f"sensor board: {error}")
                log.error("sensor board link stopped: %s", error)
                if self.watchdog is not None:
                    self.watchdog.retire("sensors")  # stopped on purpose, with an alert
                why_es = getattr(error, "message_es", str(error))
                reason = Reason("sensor_link_stopped", {"why": str(error), "why_es": why_es})
                self.session.raise_alert(reason)
                return
            if event is None:
                continue
            self.stats.sensor_events += 1
            if isinstance(event, ReportRefused):  # implausible: shown, never applied
                what = {"what": event.what, "what_es": event.what_es}
                self.session.raise_alert(Reason("sensor_report_refused", what))
                continue
            try:
                pressed = self.sensors.apply(event)
                if pressed is not None:
                    self.reconciler.on_button(pressed.button.value)
                else:
                    self._observe()
            except Exception as error:  # logged with its trace; the next event is read
                self.stats.error(f"sensor event {event!r}: {error!r}")
                log.exception("handling the sensor event %r failed", event)
