"""A camera-wide problem reaches the table screen: one alert (English and
Spanish) while it lasts, withdrawn when it ends. Real frames through the real
pipeline and runner; the session's alerts are what the table screen shows."""

from __future__ import annotations

from companion.reconcile.reconciler import Reconciler
from companion.runner import TableRunner
from companion.session import TableSession
from vision.harsh import harsh_scene
from vision.pipeline import Pipeline


def test_an_uncalibrated_wide_lens_is_one_alert_to_calibrate_withdrawn_once_calibrated() -> None:
    scene = harsh_scene(50000, "wide-lens")
    session = TableSession.new(["Ana", "Ben"], seed=2)
    runner = TableRunner(session, Reconciler(session), pipeline=Pipeline(2))
    frames = list(scene.frames(3))
    for frame in frames:
        runner._look(frame)
    notices = [a for a in session.alerts if a.code == "camera_notice"]
    assert len(notices) == 1, "one alert, not one per frame"
    [alert] = notices
    assert "companion calibrate" in alert.en and "companion calibrate" in alert.es
    assert "Nothing is read" in alert.en and "No se lee nada" in alert.es
    assert runner._camera_seen is None  # nothing reached the reconciler
    # The camera calibrated (a restart with --calibration): the alert goes.
    calibration = harsh_scene(50000, "wide-lens-calibrated").calibration
    runner.pipeline = Pipeline(2, calibration=calibration)
    for frame in frames:
        runner._look(frame)
    assert not [a for a in session.alerts if a.code == "camera_notice"]
