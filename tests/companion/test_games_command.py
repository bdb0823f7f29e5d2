"""``companion games``: every known game with its titles, players and how far the table serves it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from companion.cli import main
from companion.games import MANUAL, SERVED, GameInfo, game_list, table_game
from engine.core.registry import GAMES, available, get_rules
from vision.games import table_for


def test_the_list_is_the_registry_with_each_games_own_facts() -> None:
    games = game_list()
    assert [g.name for g in games] == list(GAMES)
    built = set(available())
    assert {"amritsar", "imhotep", "ceylon"} <= built
    for g in games:
        assert g.built == (g.name in built)
        assert g.served == (g.name in SERVED)
        assert g.manual == (g.name in MANUAL)
        assert g.camera == (g.name == "amritsar" or table_for(g.name) is not None)
        if g.built:
            rules = get_rules(g.name)
            assert (g.title_en, g.title_es) == (rules.title_en, rules.title_es)
            assert (g.min_players, g.max_players, g.solo) == (
                rules.min_players,
                rules.max_players,
                rules.solo,
            )
    by_name = {g.name: g for g in games}
    assert by_name["amritsar"].players == "1-4" and by_name["imhotep"].players == "2-4"


def test_served_agrees_with_what_run_accepts() -> None:
    for g in game_list():
        if g.served:
            assert table_game(g.name) == g.name
        else:
            with pytest.raises(ValueError):
                table_game(g.name)


def _lines(capsys: pytest.CaptureFixture[str], *argv: str) -> dict[str, str]:
    assert main(["games", *argv]) == 0
    out = capsys.readouterr().out.splitlines()
    return {line.split()[0]: line for line in out[1:]}


def test_the_table_shows_titles_players_and_status_in_english_and_spanish(
    capsys: pytest.CaptureFixture[str],
) -> None:
    en = _lines(capsys)
    es = _lines(capsys, "--lang", "es")
    assert set(en) == set(es) == set(GAMES)
    amritsar, imhotep = en["amritsar"], en["imhotep"]
    assert "Amritsar: The Golden Temple" in amritsar and "Amritsar: El Templo Dorado" in amritsar
    assert "1-4, solo" in amritsar and amritsar.endswith("served at the table")
    assert "Imhotep: Builder of Egypt" in imhotep and "2-4" in imhotep
    # each game served through its Rules has a camera table: never "no camera yet"
    for name in ("imhotep", "ceylon", "rajas"):
        assert en[name].endswith(
            "served at the table: read by the camera, or manual mode without one "
            "(phones answer everything); no sensor board"
        ), name
        assert "lo lee la cámara, o modo manual" in es[name] and "sin cámara" not in es[name]
    assert es["amritsar"].endswith("servido en la mesa") and "en solitario" in es["amritsar"]
    # a game served through its Rules without a camera table says so
    bare = GameInfo("x", "X", "X", 2, 4, False, built=True, served=True, manual=True)
    assert bare.status().endswith("manual mode (phones answer everything; no camera yet)")
    assert "sin cámara aún" in bare.status("es")
    for name in set(GAMES) - set(available()):
        assert en[name].endswith("rules not built yet")


def test_json_for_scripts_from_the_installed_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "companion", "games", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    rows = {row["name"]: row for row in json.loads(done.stdout)}
    assert list(rows) == list(GAMES)
    assert rows["amritsar"]["served"] is True and rows["imhotep"]["served"] is True
    assert rows["amritsar"]["manual"] is False and rows["imhotep"]["manual"] is True
    assert rows["imhotep"]["camera"] is True and rows["amritsar"]["camera"] is True
    assert rows["imhotep"]["rules"] is True and rows["imhotep"]["min_players"] == 2
    assert rows["ceylon"]["title_es"] == get_rules("ceylon").title_es
