"""A camera-wide problem reaches the table screen: one alert (English and
Spanish) while it lasts, withdrawn when it ends. Real frames through the real
pipeline and runner; the session's alerts are what the table screen shows."""

from __future__ import annotations

import logging

import pytest

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import TableSession
from vision.harsh import harsh_scene
from vision.pipeline import Pipeline
from vision.startup import resolution_words


# 50031: the bend moves the board's edge, which the start-up check took for an
# arm ("clear the board" for ever) before the refusal won over it.
@pytest.mark.parametrize("seed", [50000, 50031])
def test_an_uncalibrated_wide_lens_is_one_alert_to_calibrate_withdrawn_once_calibrated(
    seed: int,
) -> None:
    scene = harsh_scene(seed, "wide-lens")
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
    assert not [a for a in session.alerts if "clear the board" in a.en]
    # The camera calibrated (a restart with --calibration): the alert goes.
    calibration = harsh_scene(seed, "wide-lens-calibrated").calibration
    runner.pipeline = Pipeline(2, calibration=calibration)
    for frame in frames:
        runner._look(frame)
    assert not [a for a in session.alerts if a.code == "camera_notice"]


def test_start_up_says_which_resolutions_are_supported(caplog: pytest.LogCaptureFixture) -> None:
    scene = harsh_scene(50001, "1080p")
    session = TableSession.new(["Ana", "Ben"], seed=2)
    runner = TableRunner(session, Reconciler(session), pipeline=Pipeline(2))
    with caplog.at_level(logging.INFO, logger="companion.games.amritsar.runner"):
        for frame in scene.frames(2):
            runner._look(frame)
    said = [r for r in caplog.records if "1920x1080 frames" in r.getMessage()]
    assert len(said) == 1 and said[0].levelno == logging.WARNING  # once, at start-up
    text = said[0].getMessage()
    assert "12 MP" in text and "4608x2592" in text and "half" in text and "mitad" in text
    en, es, supported = resolution_words((4608, 2592))
    assert supported and "supported" in en and "admitido" in es
    assert not resolution_words((1920, 1080))[2]
