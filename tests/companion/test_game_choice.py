"""``--game NAME``: which game the table serves, kept in the log so a resume knows it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion import games
from companion.cli import main
from companion.games import GameChoiceError, game_of_log, table_game
from companion.games.amritsar.resume import open_session
from companion.resume import ResumeError
from companion.store import EventStore


def test_amritsar_is_served_and_names_are_forgiving() -> None:
    assert table_game("amritsar") == "amritsar"
    assert table_game(" Amritsar ") == "amritsar"


def test_an_unknown_game_lists_every_game() -> None:
    with pytest.raises(GameChoiceError, match=r"no game 'monopoly'.*amritsar.*imhotep"):
        table_game("monopoly")


def test_a_registered_name_without_a_table_says_what_can_be_played(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every game with rules is served now; a game added before its table is refused so.
    monkeypatch.setattr(games, "SERVED", ("amritsar",))
    with pytest.raises(GameChoiceError, match=r"'rajas' has its rules.*served.*amritsar"):
        table_game("rajas")


@pytest.mark.parametrize("command", ["run", "demo"])
def test_the_commands_refuse_an_unknown_game_before_doing_anything(
    command: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    extra = ["--camera", "none", "--serial", "none", "--log", str(tmp_path / "g.sqlite")]
    argv = [command, "--game", "monopoly", *(extra if command == "run" else ["--no-server"])]
    assert main(argv) == 2
    error = capsys.readouterr().err
    assert "--game" in error and "monopoly" in error and "amritsar" in error
    assert not (tmp_path / "g.sqlite").exists()  # nothing written


def test_the_log_names_its_game_and_a_resume_under_another_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    session = open_session(path, ["Ana", "Ben"], seed=3)
    assert session.game_name == "amritsar"
    assert session.store is not None
    session.store.close()
    store = EventStore(path)
    first = next(store.entries())
    store.close()
    assert first.kind == "game" and game_of_log(first.payload) == "amritsar"
    with pytest.raises(ResumeError, match="holds a game of 'amritsar', not 'imhotep'"):
        open_session(path, ["Ana", "Ben"], game="imhotep")
    resumed = open_session(path, ["Ana", "Ben"])
    assert resumed.resumed and resumed.state == session.state
    assert resumed.store is not None
    resumed.store.close()


def test_logs_from_before_the_choice_hold_amritsar() -> None:
    assert game_of_log({"names": ["Ana"]}) == "amritsar"
