"""The phone-answers bench runs, and its classes hold: a perfect camera avoids nothing."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


#: one Ceylon game, played by the quick players (the strong ones think for a minute)
QUICK_CEYLON = ("--game", "ceylon", "--games", "1", "--simulated", "casual")


def _run(*args: str) -> str:
    result = subprocess.run(
        [sys.executable, "bench/game_phone_answers.py", *QUICK_CEYLON, *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return result.stdout


def _count(out: str, label: str) -> float:
    found = re.search(rf"^\s+([\d.]+)\s+{re.escape(label)}", out, re.M)
    assert found is not None, label
    return float(found.group(1))


def test_a_camera_that_misses_nothing_leaves_only_forced_answers() -> None:
    perfect = _run("--miss", "0")
    assert _count(perfect, "avoidable: only because the camera said unknown") == 0
    # the demo's table keeps hands unknown: the 46 cards drawn are counted, none asked
    assert _count(perfect, "forced: secret draw (the drawer's phone)") == 0
    assert _count(perfect, "forced: the table cannot show it") > 0  # personal boards
    missing = _run("--miss", "0.3")
    assert _count(missing, "avoidable: only because the camera said unknown") > 0
