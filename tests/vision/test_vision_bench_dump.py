"""``bench/vision.py --compare OLD NEW``: which harsh scenes' frames differ
between two ``--dump`` files (how a change proves it left other readings alone)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "vision.py"


def _dump(path: Path, scenes: list[tuple[str, int, list[object]]]) -> Path:
    path.write_text(
        "".join(
            json.dumps({"condition": c, "seed": s, "frames": f}, sort_keys=True) + "\n"
            for c, s, f in scenes
        ),
        encoding="utf-8",
    )
    return path


def _compare(old: Path, new: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(BENCH), "--compare", str(old), str(new)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_identical_dumps_compare_equal(tmp_path: Path) -> None:
    scenes = [("ideal", 50000, [{"a": 1}, {"a": 2}]), ("light", 50000, [{"b": 1}])]
    run = _compare(_dump(tmp_path / "a", scenes), _dump(tmp_path / "b", scenes[::-1]))
    assert run.returncode == 0, run.stderr
    assert "0 of 2 scenes differ" in run.stdout


def test_a_changed_frame_and_a_missing_scene_are_named(tmp_path: Path) -> None:
    old = [("wide-lens", 50031, [{"p": "clear"}, {"p": "clear"}]), ("ideal", 50001, [{}])]
    new = [("wide-lens", 50031, [{"p": "clear"}, {"p": "lens"}])]
    run = _compare(_dump(tmp_path / "a", old), _dump(tmp_path / "b", new))
    assert run.returncode == 1
    assert "50031: DIFFERS from frame 2" in run.stdout
    assert "50001: only in" in run.stdout
    assert "2 of 2 scenes differ" in run.stdout
