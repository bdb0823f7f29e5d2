"""``companion demo --game imhotep|ceylon``: a whole game with simulated phones, printed.

The demo plays through the session's phone path (no server here: the same
``session.answer`` call ``POST /api/answer`` makes), shows one illegal answer
refused with its rule and one undo, and ends with every player's score sheet.
The same seed repeats the same game, hidden hands included (each simulated
phone says its own draws from its own seeded shuffle).
"""

from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest

from companion.cli import main


@pytest.mark.parametrize("game", ["imhotep", "ceylon", "rajas"])
def test_a_whole_simulated_game_prints_what_happened_and_the_sheets(
    game: str, capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spare = tmp_path / "tmp"
    spare.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(spare))  # where a demo's own folder would go
    argv = ["demo", "--game", game, "--players", "3", "--no-server", "--seed", "3"]
    argv += ["--simulated", "casual"]  # the quick players: the strong ones take a minute
    assert main([*argv, "--log", str(tmp_path / "a.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "manual mode" in out
    assert ": refused" in out and "undoes" in out
    assert "The game is over" in out
    finals = [line for line in out.splitlines() if re.match(r"^\w+ \(\w+\): ", line)]
    assert [line.split()[0] for line in finals] == ["Ana", "Ben", "Cy"]
    assert sum("<- winner" in line for line in finals) >= 1
    if game == "rajas":  # no points: the race between the fame and money markers
        assert not any(line.endswith("points") for line in finals)
        assert any("meet" in line for line in finals)
    assert (tmp_path / "a.sqlite").exists() and not any(spare.iterdir())  # no folder left behind
    assert main([*argv, "--log", str(tmp_path / "b.sqlite")]) == 0
    again = capsys.readouterr().out
    body = [line for line in out.splitlines() if not line.startswith(("  game log", "The game"))]
    body_again = [
        line for line in again.splitlines() if not line.startswith(("  game log", "The game"))
    ]
    assert body == body_again


def test_a_player_count_the_game_does_not_have_is_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--game", "ceylon", "--players", "5", "--no-server"]) == 2
    assert "2 to 4 players" in capsys.readouterr().err


def test_a_whole_game_against_a_seat_the_companion_plays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    argv = ["demo", "--game", "rajas", "--players", "2", "--companion", "2", "--level", "easy"]
    argv += ["--simulated", "greedy"]  # Ana plays as the search module's greedy player
    assert main([*argv, "--no-server", "--seed", "4", "--log", str(tmp_path / "c.sqlite")]) == 0
    out = capsys.readouterr().out
    assert "the companion plays Ben (easy)" in out
    assert "  the simulated people play as: greedy" in out
    assert "  [companion] " in out and "The game is over" in out
    # every phone answer was a simulated person's: Ben has no phone
    assert "[phone] Ben" not in out


@pytest.mark.parametrize("seats", ["3", "1,2", "x"])
def test_a_companion_seat_that_cannot_be_is_refused(
    seats: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["demo", "--game", "imhotep", "--players", "2", "--companion", seats, "--no-server"]
    assert main(argv) == 2
    assert "at least one seat to a simulated person" in capsys.readouterr().err
