"""The Maharajah strength benchmark still runs and prints its table."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_solo_strength_bench_prints_a_row_per_seat_and_policy() -> None:
    result = subprocess.run(
        [sys.executable, "bench/solo_strength.py", "--games", "2", "--workers", "1"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    rows = [line for line in result.stdout.splitlines() if line.startswith("| ")]
    assert [row.split("|")[1].strip().split(",")[0] for row in rows[1:]] == [
        "Maharajah (random)",
        "human (random)",
        "Maharajah (greedy)",
        "human (greedy)",
    ]
    assert "ms per game" in result.stdout
