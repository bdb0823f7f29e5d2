"""``companion markers``: plan, layout and a photo read from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import pytest

from companion.cli import main
from tests.support.vision_table import busy_table
from vision.layout import load_layout
from vision.plan import DEFAULT_PLAN, MarkerPlan
from vision.snapshot import TableSnapshot, differences
from vision.synthetic import SyntheticCamera


def test_plan_and_layout_files(tmp_path: Path) -> None:
    assert main(["markers", "plan", "--out", str(tmp_path / "plan.csv")]) == 0
    assert MarkerPlan.from_csv((tmp_path / "plan.csv").read_text()) == DEFAULT_PLAN
    assert main(["markers", "layout", "--out", str(tmp_path / "layout.json")]) == 0
    assert load_layout(tmp_path / "layout.json").zones


def test_read_a_photo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = busy_table()
    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), SyntheticCamera(table).read().image)
    assert main(["markers", "read", str(photo), "--players", "4"]) == 0
    snap = TableSnapshot.from_dict(json.loads(capsys.readouterr().out))
    assert differences(snap, table) == []


def test_read_says_what_is_wrong(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["markers", "read", str(tmp_path / "none.png")]) == 2
    assert "not a readable image" in capsys.readouterr().err
    blank = tmp_path / "blank.png"
    cv2.imwrite(str(blank), 255 * (cv2.UMat(100, 100, cv2.CV_8UC3).get() * 0 + 1))
    assert main(["markers", "read", str(blank)]) == 1
    assert "corner markers" in capsys.readouterr().err
