"""Sticker sheets: printed at 100 %, every marker reads back at its true size."""

from __future__ import annotations

import subprocess
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from tests.support.realparts import require_executable
from vision.detect import MarkerDetector
from vision.plan import DEFAULT_PLAN, Kind
from vision.sheets import board_stickers, component_stickers

DPI = 200


def _pages(pdf: Path, tmp: Path) -> list[Path]:
    exe = require_executable("pdftoppm", "poppler's pdftoppm")
    subprocess.run([exe, "-r", str(DPI), "-gray", "-png", str(pdf), str(tmp / "page")], check=True)
    return sorted(tmp.glob("page*.png"))


@pytest.mark.parametrize(
    ("sheet", "paper", "size_mm"),
    [("pieces.pdf", "a4", (210, 297)), ("board.pdf", "letter", (215.9, 279.4))],
)
def test_sheets_print_true_size_and_read_back(
    tmp_path: Path, sheet: str, paper: str, size_mm: tuple[float, float]
) -> None:
    assert main(["markers", "sheets", "--out", str(tmp_path), "--paper", paper]) == 0
    found: dict[int, int] = {}
    detector = MarkerDetector()
    for page in _pages(tmp_path / sheet, tmp_path):
        image = cv2.imread(str(page), cv2.IMREAD_GRAYSCALE)
        assert image.shape[1] == pytest.approx(size_mm[0] / 25.4 * DPI, abs=2)
        assert image.shape[0] == pytest.approx(size_mm[1] / 25.4 * DPI, abs=2)
        for d in detector.detect(image):
            side_mm = d.side_px / DPI * 25.4
            assert side_mm == pytest.approx(DEFAULT_PLAN.by_id(d.marker_id).side_mm, rel=0.02)
            found[d.marker_id] = found.get(d.marker_id, 0) + 1
    stickers = component_stickers() if sheet == "pieces.pdf" else board_stickers()
    expected: dict[int, int] = {}
    for s in stickers:
        expected[s.marker_id] = expected.get(s.marker_id, 0) + 1
    assert found == expected
    if sheet == "pieces.pdf":
        assert found[DEFAULT_PLAN.find(Kind.COUNTER, "pink").marker_id] == 16


def test_labels_name_every_component() -> None:
    labels = [s.label for s in component_stickers()]
    assert any(label.startswith("worker G4 10mm") for label in labels)
    assert any(label.startswith("bridge-tile BR6 back") for label in labels)
    assert sum(label.startswith("counter orange") for label in labels) == 16
    assert board_stickers()[0].label.startswith("corner NW")


def test_sheets_ask_for_no_scaling_and_keep_spanish_letters(tmp_path: Path) -> None:
    assert main(["markers", "sheets", "--out", str(tmp_path)]) == 0
    pdf = tmp_path / "board.pdf"
    assert b"/PrintScaling /None" in pdf.read_bytes()
    exe = require_executable("pdftotext", "poppler's pdftotext")
    text = subprocess.run(
        [exe, "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True, check=True
    ).stdout
    assert "tamaño real" in text and "página 1" in text
