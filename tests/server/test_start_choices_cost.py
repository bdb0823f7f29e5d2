"""The start page's public count of unfinished games costs no replay (issue 36).

``GET /api/start/choices`` needs no PIN. It used to re-check and replay every
log in the games folder on every request (1.4-2.0 CPU s with 20 finished
games). Now each log is summarised once per change of its file, by one
background thread, and a request only lists the folder and reads the
summaries kept: a guest's thousand requests replay nothing.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import companion.server.past_games as past_games
from companion.games.amritsar.resume import open_session
from companion.server.start import StartApp, TableSwitch


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[Path]]:
    """Every log replayed (``summarise`` called), by path."""
    seen: list[Path] = []
    real = past_games.summarise

    def counted(path: Path) -> Any:
        seen.append(path)
        return real(path)

    monkeypatch.setattr(past_games, "summarise", counted)
    yield seen


def _folder(tmp_path: Path, count: int) -> Path:
    games = tmp_path / "games"
    games.mkdir()
    first = games / "2026-11-01-200000.sqlite"
    session = open_session(first, ["Eva", "Leo"], seed=4)
    assert session.store is not None
    session.store.close()
    for n in range(1, count):
        shutil.copyfile(first, games / f"2026-11-01-2000{n:02d}.sqlite")
    return games


def test_public_requests_replay_each_log_once_per_change(
    tmp_path: Path, replays: list[Path]
) -> None:
    games = _folder(tmp_path, 12)

    def starter(choice: Any) -> Any:
        raise AssertionError("nothing is started here")

    start = StartApp(pin="135790", games=games, starter=starter, hosts=["testserver"])
    with TestClient(TableSwitch(start, lambda s: s)) as client:
        counts = {client.get("/api/start/choices").json()["unfinished"] for _ in range(30)}
        assert counts == {12}
        # Each log was replayed once (the start page reads them when it opens), not 30 times.
        assert sorted(replays) == sorted(games.glob("*.sqlite"))
        # A changed log is read again, once, however many requests follow.
        replays.clear()
        changed = games / "2026-11-01-200003.sqlite"
        resumed = open_session(changed, ["Eva", "Leo"])  # that game is ended at the table
        assert resumed.end().ok and resumed.store is not None
        resumed.store.close()
        counts = {client.get("/api/start/choices").json()["unfinished"] for _ in range(30)}
        assert counts == {11}
        assert replays == [changed]
