"""The help a new user reads names all four games and playing without a camera.

``companion --help``, ``run --help``, ``demo --help`` and the README's opening
sections each name Amritsar, Imhotep, Ceylon and Rajas of the Ganges and say
that a game without a camera is played in manual mode; ``demo --players`` with
Amritsar, whose demo is solo, is refused in words naming what is supported.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from companion.cli import build_parser, main

GAMES = ("Amritsar", "Imhotep", "Ceylon", "Rajas of the Ganges")
README = Path(__file__).resolve().parents[2] / "README.md"


def _help(argv: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args([*argv, "--help"])
    assert stop.value.code == 0
    return " ".join(capsys.readouterr().out.split())  # argparse wraps lines anywhere


@pytest.mark.parametrize("argv", [[], ["run"], ["demo"]])
def test_help_names_the_four_games_and_manual_play(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    text = _help(argv, capsys)
    for game in GAMES:
        assert game in text, (argv, game)
    assert "manual mode" in text, argv
    if argv != ["demo"]:
        assert "without a camera" in text or "--camera none" in text, argv


def test_readme_opening_sections_name_the_four_games_and_manual_mode() -> None:
    text = README.read_text(encoding="utf-8")
    head = text.split("## Folder map")[0]  # the intro, "Two commands", "At the table"
    sections = re.split(r"^## ", head, flags=re.MULTILINE)
    intro, two_commands, at_the_table = (" ".join(s.split()) for s in sections[:3])
    for game in GAMES:
        assert game in intro, game
    assert "manual mode" in intro
    assert "--game imhotep" in two_commands and "manual mode" in two_commands
    assert "--camera none" in at_the_table and "manual mode" in at_the_table
    assert "make test" in two_commands  # the test command stays as it was


def test_amritsar_demo_refuses_a_player_count_it_cannot_seat(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["demo", "--players", "2", "--no-server"]) == 2
    said = " ".join(capsys.readouterr().err.split())
    assert "solo" in said and "Maharajah" in said
    for game in GAMES[1:]:
        assert f"{game}" in said and "2-4" in said, said
