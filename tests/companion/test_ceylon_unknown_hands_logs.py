"""Ceylon's unknown hands at the table: a spectator and the other seats learn nothing from
the session's views, its log lines, or the game log written to disk (the engine's views and
record are checked in ``tests/engine/ceylon/test_unknown_hands.py``; this is the
companion's side: what the phones, the table screen and the SQLite log hold)."""

from __future__ import annotations

import json
import random
import sqlite3
from pathlib import Path
from typing import Any

from companion.resume import open_any_session
from companion.rules_session import RulesSession

NAMES = ["Ana", "Ben", "Cy"]


def _logged(path: Path) -> tuple[dict[str, Any], list[str]]:
    """The log's game row and every action its steps hold."""
    with sqlite3.connect(path) as db:
        rows = db.execute("SELECT kind, payload FROM log ORDER BY seq").fetchall()
    game = json.loads(next(payload for kind, payload in rows if kind == "game"))
    steps = [a for kind, payload in rows if kind == "step" for a in json.loads(payload)["actions"]]
    return game, steps


def test_views_log_lines_and_the_game_log_hold_nothing_a_seat_keeps(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    session = open_any_session(
        path, "ceylon", NAMES, options=["unknown_hands"], public_seed=4, draws="phones"
    )
    assert isinstance(session, RulesSession)
    rules = session.rules
    rng = random.Random(6)
    plays = 0
    for turn in range(90):
        d = rules.decision(session.state)
        assert not d.is_chance and d.secret_for is None
        plays += d.kind == "PLAY"
        action = rng.choice(rules.legal_actions(session.state))
        assert session.answer(d.player, rules.format_action(action), session.state_id).ok
        if turn % 15 == 0 or turn == 89:
            table = session.seat_view(None)
            for seat in range(len(NAMES)):
                phone = session.seat_view(seat)
                game = dict(phone["game"], viewer=None)
                assert game == dict(table["game"], viewer=None)  # no seat sees more
                assert phone["log"] == table["log"]  # no line private to a seat
    assert plays >= 5  # cards were played (and drawn back up, counted) along the way
    entries = session.game.entries
    assert all(e.private_to is None for e in entries)
    assert session.game.record_for(None) == session.game.record_for(0)
    game, steps = _logged(path)
    public = [e["action"] for e in session.game.record_for(None)]
    # the disk holds the public record and nothing else: setup draws, then the steps
    assert [*game["setup"], *steps] == public
    assert game["draws"] == "phones" and game["options"] == ["unknown_hands"]
