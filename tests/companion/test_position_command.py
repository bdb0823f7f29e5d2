"""``companion position show|check`` on a real game log, a JSON state, a replay case and notation files."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.amritsar.resume import open_session
from engine.amritsar.position import parse_position
from engine.amritsar.serialize import to_json


def test_show_a_log_then_check_the_text_and_a_broken_copy(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "game.sqlite"
    session = open_session(log, ["Ana", "Ben"], seed=5, options=["free_skip_once"])
    state = session.state
    assert main(["position", "show", str(log)]) == 0
    text = capsys.readouterr().out
    assert parse_position(text) == state and "house rules: free_skip_once" in text
    assert len(text.splitlines()) <= 20
    written = tmp_path / "position.txt"
    written.write_text(text, encoding="utf-8")
    assert main(["position", "check", str(written)]) == 0
    assert "a sound position (2 seats, decade 1)" in capsys.readouterr().out
    (tmp_path / "state.json").write_text(to_json(state), encoding="utf-8")
    assert main(["position", "show", str(tmp_path / "state.json")]) == 0
    assert capsys.readouterr().out == text
    broken = tmp_path / "broken.txt"
    broken.write_text(
        text.replace("coins 1,", "coins -2,", 1).replace("market:", "market: silver 2,"),
        encoding="utf-8",
    )
    assert main(["position", "check", str(broken)]) == 1
    out = capsys.readouterr().out
    assert "is not a sound position (2 problems)" in out
    assert "player 1: fewer than 0 coins or resources" in out
    assert "market: 'silver 2' is not one of: marble, copper, gold" in out
    fixed = broken.read_text(encoding="utf-8").replace("market: silver 2,", "market:")
    broken.write_text(fixed, encoding="utf-8")
    assert main(["position", "check", str(broken), "--lang", "es"]) == 1
    out = capsys.readouterr().out
    assert "no es una posición válida (1 problema)" in out
    assert "jugador 1: menos de 0 monedas o recursos" in out


def test_a_replay_export_carries_the_position_and_is_accepted_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.games.amritsar.replay import export_case
    from companion.replay_report import ReplayReport
    from engine.amritsar.game import new_game
    from engine.amritsar.serialize import to_dict

    state = new_game(3, seed=2)
    report = ReplayReport()
    report.cases[7] = {"state": to_dict(state), "seen": {}}
    target = tmp_path / "case-7.json"
    export_case(report, 7, target)
    case = json.loads(target.read_text(encoding="utf-8"))
    assert parse_position("\n".join(case["position"])) == state
    assert len(case["position"]) <= 25
    assert main(["position", "show", str(target)]) == 0
    assert capsys.readouterr().out.splitlines() == case["position"]
