"""Lens calibration: the printed sheet, ``companion calibrate``, ``run --calibration``.

The camera is simulated by :mod:`vision.harsh`, which draws through a known
distorted lens; calibrating from its views must recover that lens, and a
wide-lens table must then read with no wrong zone.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from tests.support.realparts import require_executable
from vision.calibration import SQUARE_MM, find_corners
from vision.harsh import charuco_views, harsh_scene
from vision.lens import CalibrationError, Lens
from vision.pipeline import Pipeline
from vision.snapshot import compare

SMALL = (1280, 960)


def test_lens_round_trips_and_undistort_inverts_distort(tmp_path: Path) -> None:
    lens = Lens(3000.0, 3001.0, 1600.0, 1190.0, -0.3, 0.01, 1e-4, -2e-4, 0.0, size=(3200, 2400))
    pts = np.array([[10.0, 10.0], [1600.0, 1200.0], [3190.0, 2390.0], [100.0, 2300.0]])
    back = lens.distort_pixels(lens.undistort_pixels(pts))
    assert np.abs(back - pts).max() < 1e-3
    assert lens.edge_shift_px() > 100  # a wide lens bends the edges a lot
    path = tmp_path / "cam.json"
    lens.save(path)
    assert Lens.load(path) == lens
    half = lens.scaled((1600, 1200))
    assert half.fx == pytest.approx(1500.0) and half.k1 == lens.k1


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "one JSON object"),
        ('{"format": 9}', "format 9"),
        ('{"format": 1, "image_size": [640, 480]}', "no 'camera_matrix' field"),
        (
            '{"format": 1, "image_size": [640, 480], "camera_matrix": [[1, 0], [0, 1]],'
            ' "distortion": [0, 0, 0, 0, 0]}',
            "3x3",
        ),
    ],
)
def test_a_bad_calibration_file_is_refused_in_words(tmp_path: Path, text: str, words: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    with pytest.raises(CalibrationError, match=words):
        Lens.load(path)


def test_the_printed_sheet_is_true_size_and_every_corner_reads(tmp_path: Path) -> None:
    assert main(["calibrate", "sheet", "--out", str(tmp_path / "sheet.pdf")]) == 0
    exe = require_executable("pdftoppm", "poppler's pdftoppm")
    dpi = 150
    subprocess.run(
        [exe, "-r", str(dpi), "-gray", "-png", str(tmp_path / "sheet.pdf"), str(tmp_path / "p")],
        check=True,
    )
    (page,) = sorted(tmp_path.glob("p*.png"))
    view = find_corners(cv2.imread(str(page), cv2.IMREAD_GRAYSCALE))
    assert view is not None and len(view.ids) == 24  # every inner corner of 5x7 squares
    # Neighbouring corners are one square apart, true size.
    pts = dict(zip(view.ids.tolist(), view.corners, strict=True))
    step = float(np.linalg.norm(pts[1] - pts[0]))
    assert step == pytest.approx(SQUARE_MM / 25.4 * dpi, rel=0.01)


def test_calibrate_recovers_the_lens_and_a_wide_lens_table_reads_right(tmp_path: Path) -> None:
    scene = harsh_scene(50_001, "wide-lens")
    truth_lens = scene.lens
    small = truth_lens.scaled(SMALL)
    photos = tmp_path / "photos"
    photos.mkdir()
    for n, image in enumerate(charuco_views(small, 10, seed=4)):
        cv2.imwrite(str(photos / f"view{n:02d}.png"), image)
    out = tmp_path / "cam.json"
    args = ["calibrate", "capture", "--camera", str(photos), "--views", "10", "--out", str(out)]
    assert main(args) == 0
    got = Lens.load(out)
    assert got.size == SMALL and got.views == 10 and got.rms_px < 0.5
    assert got.k1 == pytest.approx(truth_lens.k1, abs=0.02)
    assert got.fx == pytest.approx(small.fx, rel=0.02)
    frames = list(scene.frames(5))
    # Uncalibrated, one homography cannot fit the bent image: the self-check
    # finds it, and without a calibration nothing is read at all (every zone
    # unseen), with the advice to calibrate in words (vision/startup.py).
    bare = Pipeline(scene.truth.players, focal_px=scene.focal_px)
    for frame in frames:
        snap = bare.process(frame)
    fit = bare.fit
    assert fit is not None and not fit.good and fit.worst_mm > 4.0
    (refused,) = [p for p in snap.problems if p.code == "lens-uncalibrated"]
    assert "companion calibrate" in refused.en and "companion calibrate" in refused.es
    assert snap.settling and set(snap.unseen) == set(bare.reader.keys)
    # The calibration made at 1280x960 serves the camera's 3200x2400 frames.
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=got)
    for frame in frames:
        snap = pipe.process(frame)
        if not snap.settling:
            break
    assert not snap.settling
    wrong, _unmeasured = compare(snap, scene.truth)
    assert wrong == []
    fit = pipe.fit
    assert fit is not None and fit.good and fit.worst_mm < 1.0
    assert sum(fit.markers.values()) >= 8  # corners and printed spots all count
    assert not [p for p in snap.problems if p.code == "poor-fit"]


def test_run_refuses_a_bad_calibration_before_starting(tmp_path: Path) -> None:
    bad = tmp_path / "cam.json"
    bad.write_text(json.dumps({"format": 1, "image_size": [0, 5]}))
    photos = tmp_path / "photos"
    photos.mkdir()
    cv2.imwrite(str(photos / "a.png"), np.zeros((8, 8, 3), np.uint8))
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--camera",
            str(photos),
            "--calibration",
            str(bad),
            "--serial",
            "none",
            "--log",
            str(tmp_path / "game.sqlite"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "camera_matrix" in done.stdout and "companion calibrate" in done.stdout
