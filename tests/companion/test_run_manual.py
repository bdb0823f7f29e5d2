"""``companion run --game imhotep``: a game served in manual mode, resumed after a restart."""

from __future__ import annotations

import signal
import urllib.request
from pathlib import Path

import pytest

from tests.companion.test_run_command import _free_port, _start, _state


def test_run_serves_imhotep_in_manual_mode_and_resumes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The owner's fixed PIN (deploy/secrets.env) holds for every game, resumed too.
    monkeypatch.setenv("AMRITSAR_TABLE_PIN", "424242")
    log = tmp_path / "imhotep.sqlite"
    port = _free_port()
    first = _start(log, port, "--game", "imhotep", "--players", "Ana,Ben,Cy")
    try:
        view = _state(port)
        assert view["game_name"] == "imhotep" and view["page"] == "generic"
        assert [s["name"] for s in view["seats"]] == ["Ana", "Ben", "Cy"]
        assert view["decision"]["kind"] == "TURN" and view["options"] == []  # a spectator
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/play", timeout=5) as page:
            assert "generic_play.js" in page.read().decode()
        dealt = view["game"]
    finally:
        first.send_signal(signal.SIGINT)
        out, _ = first.communicate(timeout=20)
    assert "manual mode" in out and "(PIN 424242)" in out
    second = _start(log, port, "--game", "imhotep", "--players", "Ana,Ben,Cy")
    try:
        again = _state(port)
        assert again["game"] == dealt  # the same deal, resumed from the log
    finally:
        second.send_signal(signal.SIGINT)
        out, _ = second.communicate(timeout=20)
    assert "Resumed" in out and "(PIN 424242)" in out


def test_run_refuses_a_player_count_or_house_rule_of_another_game(tmp_path: Path) -> None:
    log = tmp_path / "g.sqlite"
    one = _start(log, _free_port(), "--game", "ceylon", "--players", "Ana")
    out, _ = one.communicate(timeout=30)
    assert one.returncode == 2 and "2 to 4 players" in out
    wrong = _start(log, _free_port(), "--game", "imhotep", "--house-rule", "hard")
    out, _ = wrong.communicate(timeout=30)
    assert wrong.returncode == 2 and "pharaohs-wrath" in out
    assert not log.exists()
