"""``companion run`` starts a new game by default and resumes an unfinished one only
when a person chooses it (by number at the terminal, or --resume NAME)."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.game_logs import ChooseError, choose_log, new_log_path
from companion.games.amritsar.resume import open_session
from tests.server.games import finished, play_until


def _games(folder: Path) -> tuple[Path, Path, Path]:
    """Two unfinished games (Ana and Ben's older, Cy's newer) and a finished one."""
    paths = (
        folder / "2026-11-20-1900.sqlite",
        folder / "2026-11-21-2000.sqlite",
        folder / "2026-11-22-2100.sqlite",
    )
    for path, names in zip(paths[:2], (["Ana", "Ben"], ["Cy"]), strict=True):
        session = open_session(path, names, solo=len(names) == 1, seed=3)
        assert session.store is not None
        session.store.close()
    done = open_session(paths[2], ["Dee", "Eve"], seed=4)
    play_until(done, finished)
    assert done.store is not None
    done.store.close()
    # Oldest first by change time, so "last" is Cy's game among the unfinished ones.
    import os

    for age, path in enumerate(reversed(paths)):
        os.utime(path, (1_700_000_000 - age * 60, 1_700_000_000 - age * 60))
    return paths


def test_a_new_game_by_default_with_the_unfinished_ones_listed(tmp_path: Path) -> None:
    older, newer, done = _games(tmp_path)
    said: list[str] = []
    path = choose_log(tmp_path, say=said.append)
    assert path not in (older, newer, done) and path.parent == tmp_path and not path.exists()
    text = "\n".join(said)
    assert "Ana 5, Ben 5" in text and "Cy" in text and "Dee" not in text  # finished: not offered
    assert "--resume" in text


def test_at_a_terminal_a_game_is_chosen_by_number_or_enter_for_a_new_one(tmp_path: Path) -> None:
    older, newer, _ = _games(tmp_path)
    answers = iter(["7", "x", "2"])
    said: list[str] = []
    chosen = choose_log(tmp_path, ask=lambda prompt: next(answers), say=said.append)
    assert chosen == older  # newest first: 1 is Cy's, 2 is Ana and Ben's
    assert any("not one of 1 to 2" in line for line in said)
    fresh = choose_log(tmp_path, ask=lambda prompt: "", say=said.append)
    assert fresh not in (older, newer)


def test_resume_by_last_date_or_player(tmp_path: Path) -> None:
    older, newer, _ = _games(tmp_path)
    quiet = [].append
    assert choose_log(tmp_path, resume="last", say=quiet) == newer
    assert choose_log(tmp_path, resume="2026-11-20", say=quiet) == older
    assert choose_log(tmp_path, resume="ben", say=quiet) == older
    with pytest.raises(ChooseError, match="no unfinished game matches 'Dee'"):
        choose_log(tmp_path, resume="Dee", say=quiet)
    with pytest.raises(ChooseError, match="matches 2 games"):
        choose_log(tmp_path, resume="2026-11-2", say=quiet)


def test_new_games_never_overwrite_one_another(tmp_path: Path) -> None:
    first = new_log_path(tmp_path, now=1_700_000_000)
    first.write_bytes(b"")
    second = new_log_path(tmp_path, now=1_700_000_000)
    assert second != first and second.name.startswith(first.stem)
