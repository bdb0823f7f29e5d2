"""What one public request of the start page costs with many games logged (issue 36).

``GET /api/start/choices`` needs no PIN (it says how many unfinished games
there are). Before issue 36 each request summarised the logs anew, replaying
each game (``PastGames(folder).list()``, at most the 20 newest); now the start
page keeps each log's summary until its file changes, and a request only lists
the folder and reads the kept summaries.

A folder of ``--games`` finished 2-player Amritsar games (one played to its
end by seeded random moves, copied), then CPU seconds per request, measured in
this process (``time.process_time``) over ``--requests`` requests: before (the
summaries read anew each request, as the old endpoint did) and after (the real
endpoint through the app, its kept summaries warm), and the first request
after the start page opens (the background read of the folder included).

Run: nice .venv/bin/python bench/start_choices.py [--games 100] [--requests 20]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path[0] = str(Path(__file__).resolve().parent.parent)

import argparse
import platform
import shutil
import tempfile
import time
from typing import Any

from fastapi.testclient import TestClient

from companion.games.amritsar.resume import open_session
from companion.server.past_games import PastGames
from companion.server.start import StartApp, TableSwitch
from tests.server.games import finished, play_until


def folder(root: Path, count: int) -> Path:
    games = root / "games"
    games.mkdir()
    first = games / "2026-11-01-000000.sqlite"
    session = open_session(first, ["Eva", "Leo"], seed=4)
    play_until(session, finished)  # type: ignore[arg-type]
    assert session.store is not None
    session.store.close()
    for n in range(1, count):
        shutil.copyfile(first, games / f"2026-11-01-{n:06d}.sqlite")
    return games


def per_request(call: Any, requests: int) -> float:
    started = time.process_time()
    for _ in range(requests):
        call()
    return (time.process_time() - started) / requests


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()
    print(f"{platform.machine()}, Python {platform.python_version()}, {args.games} games")
    with tempfile.TemporaryDirectory() as root:
        games = folder(Path(root), args.games)
        before = per_request(
            lambda: sum(1 for g in PastGames(games).list() if g.unfinished), args.requests
        )
        start = StartApp(pin="135790", games=games, starter=lambda c: None, hosts=["testserver"])
        with TestClient(TableSwitch(start, lambda s: s)) as client:
            assert start.past is not None
            first = time.process_time()
            start.past.refresh().join()
            assert client.get("/api/start/choices").json()["unfinished"] == 0
            first = time.process_time() - first
            replays = start.past.replays
            after = per_request(lambda: client.get("/api/start/choices"), args.requests)
            assert start.past.replays == replays  # no request replayed a log
    print(f"before: {before:.4f} CPU s a request")
    print(f"after:  {after:.4f} CPU s a request ({before / after:.0f}x less)")
    print(f"after, the first request with the folder read once: {first:.3f} CPU s")


if __name__ == "__main__":
    main()
