"""``bench/bots.py``: a series split with ``--first-game`` plays the same games, and
the Wilson lower bound it prints is the textbook one (issue 38's 200-game runs)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bots_bench", ROOT / "bench" / "bots.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _games(out: str) -> list[str]:
    return re.findall(r"^game \d+: .*$", out, re.M)


def test_a_series_split_in_pieces_plays_the_same_games(capsys: pytest.CaptureFixture[str]) -> None:
    bots = _bench()
    quick = ["--game", "rajas", "--a", "random", "--b", "random", "--seed", "4"]
    assert bots.main([*quick, "--games", "3"]) == 0
    whole = _games(capsys.readouterr().out)
    assert bots.main([*quick, "--games", "1"]) == 0
    first = capsys.readouterr().out
    assert bots.main([*quick, "--games", "2", "--first-game", "1"]) == 0
    rest = capsys.readouterr().out
    assert len(whole) == 3
    assert _games(first) + _games(rest) == whole
    assert "(games 2 to 3)" in rest
    assert rest.strip().splitlines()[-1].endswith("% of 2")


def test_the_wilson_lower_bound() -> None:
    bots = _bench()
    assert bots.wilson_lower(11, 11) == pytest.approx(11 / (11 + 1.96**2))  # all won: n/(n+z^2)
    assert bots.wilson_lower(200, 200) == pytest.approx(0.98115, abs=1e-4)
    assert bots.wilson_lower(50, 100) == pytest.approx(0.4038, abs=1e-3)
    assert bots.wilson_lower(0, 10) == 0.0
