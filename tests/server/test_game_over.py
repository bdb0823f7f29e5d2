"""The generic game-over data and "New game" for Imhotep, Ceylon and Rajas of the Ganges.

Each game played to its end through the session: the payload's ``game_over``
(the score over the game ends on each sheet's total and has a point per round;
the side-by-side rows add up to each total; no undo is offered to anyone); the
rulebook's tie-break named when it decided, and a shared victory when it did
not; a game the table ended early names who was ahead. "New game" leaves a
finished Ceylon game started from the start page (once a 500: a generic state
has no ``finished``), and a game resumed from its log after a restart (once
refused as "started with its players named"), both in-process and through
``companion run`` itself.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.server.app import create_app
from companion.server.game_over import outcome, round_of, sheet_rows
from companion.server.payload_generic import GenericPayloads
from companion.server.start import StartApp, StartChoice, TableSwitch
from engine.core.registry import get_rules
from engine.core.scoring import ScoreLine, ScoreSheet
from tests.server.games import PIN
from tests.server.generic_games import new_game, play_to_end
from tests.server.test_browser_start_api import PIN as RUN_PIN
from tests.server.test_browser_start_api import _call, _port, _run, _stop

GAMES = ("imhotep", "ceylon", "rajas")


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_has_its_plot_rows_and_no_undo(game: str, tmp_path: Path) -> None:
    session = new_game(game, 3, tmp_path / "game.sqlite")
    payloads = GenericPayloads(session)
    assert payloads.view(None)["game_over"] is None  # not before the end
    play_to_end(session)
    payloads.request_undo(1, session.state_id)  # a phone asked just as the game ended
    sheets = session.rules.score(session.state)
    totals = [sheet.total for sheet in sorted(sheets, key=lambda sh: sh.seat)]
    for seat in (None, 0, 1, 2):
        view = payloads.view(seat)
        assert view["finished"] and view["undo_what"] is None and view["can_undo"] is False
        assert view["undo_requests"] == []
        over = view["game_over"]
        history = over["history"]
        assert history[-1] == {"round": history[-2]["round"], "points": totals, "final": True}
        rounds = [point["round"] for point in history[:-1]]
        assert rounds == list(range(1, len(rounds) + 1)) and len(rounds) >= 2, rounds
        for seat_index, total in enumerate(totals):
            column = [
                c["amount"] for row in over["rows"] for c in row["cells"] if c["seat"] == seat_index
            ]
            assert sum(column) == total, (game, seat_index)
        assert all(row["label"]["en"] and row["label"]["es"] for row in over["rows"])
        winners = [sheet.seat for sheet in sheets if sheet.winner]
        assert over["outcome"]["winners"] == winners and winners
        assert over["outcome"]["order"][: len(winners)] == winners


def test_the_round_of_a_state_is_the_rules_own_or_the_states() -> None:
    ceylon = get_rules("ceylon")
    state = ceylon.new_game(3, seed=1)
    assert round_of(ceylon, state) == 1
    state.turn = 7  # a card per player a round: the eighth card opens round 3
    assert round_of(ceylon, state) == 3
    imhotep = get_rules("imhotep")
    assert round_of(imhotep, imhotep.new_game(2)) is None  # before the first round card
    assert round_of(imhotep, imhotep.new_game(2, seed=1)) == 1


def _sheet(seat: int, total: int, sled: int, winner: bool) -> ScoreSheet:
    line = ScoreLine("pyramid", total, "", "A) Pirámide", "Pyramid", "Pirámide")
    return ScoreSheet(seat, "black", (line,), total, total, True, winner, {"sled": sled})


def test_the_tie_break_is_named_when_it_decided_and_a_shared_win_when_it_did_not() -> None:
    names = ["Ana", "Ben", "Cy"]
    decided = outcome(
        "imhotep", [_sheet(0, 18, 1, False), _sheet(1, 18, 3, True), _sheet(2, 9, 5, False)],
        names, ended_early=False,
    )  # fmt: skip
    tie = decided["tie_break"]
    assert decided["winners"] == [1] and decided["order"] == [1, 0, 2]
    assert tie["decided"] and tie["rule"] == "Final de la partida"
    assert "Ana and Ben tied on 18" in tie["en"] and "more stones on the supply sled" in tie["en"]
    assert "Ben 3, Ana 1" in tie["en"] and "plataforma de suministro" in tie["es"]
    assert "Ana y Ben empataron a 18" in tie["es"]
    shared = outcome(
        "imhotep", [_sheet(0, 18, 2, True), _sheet(1, 18, 2, True)], names, ended_early=False
    )
    assert not shared["tie_break"]["decided"] and "share the victory" in shared["tie_break"]["en"]
    assert "comparten la victoria" in shared["tie_break"]["es"]
    alone = outcome("imhotep", [_sheet(0, 20, 0, True), _sheet(1, 18, 9, False)], names,
                    ended_early=False)  # fmt: skip
    assert alone["tie_break"] is None
    early = outcome("imhotep", [_sheet(0, 7, 0, False), _sheet(1, 9, 0, False)], names,
                    ended_early=True)  # fmt: skip
    assert early["winners"] == [] and early["leaders"] == [1] and early["ended_early"]


def test_rows_name_the_item_and_keep_what_each_line_says() -> None:
    lines = [
        ScoreLine("obelisk", 15, "height 8", "A) Obeliscos", "Obelisk of 8", "Obelisco de 8"),
        ScoreLine("burial", 1, "group of 1", "A) Cámara", "Burial: group of 1", "Cámara: 1"),
        ScoreLine("burial", 3, "group of 2", "A) Cámara", "Burial: group of 2", "Cámara: 2"),
        ScoreLine("statue", 9, "statue", "Estatua", "Statues ×3", "Estatuas ×3", True),
    ]
    sheet = ScoreSheet(0, "black", tuple(lines), 19, 28, False)
    rows = sheet_rows("imhotep", [sheet])
    assert [row["label"]["en"] for row in rows] == ["Obelisks", "Burial chamber"]  # no what-ifs
    assert rows[1]["cells"][0]["amount"] == 4
    assert [d["en"] for d in rows[1]["cells"][0]["details"]] == [
        "Burial: group of 1 (1)",
        "Burial: group of 2 (3)",
    ]


def _switch(tmp_path: Path, first: Any = None) -> TableSwitch:
    games = tmp_path / "games"
    games.mkdir(exist_ok=True)

    def starter(choice: StartChoice) -> RulesSession:
        path = choice.resume or games / f"{choice.game}.sqlite"
        session = open_any_session(path, choice.game, list(choice.names), public_seed=4)
        assert isinstance(session, RulesSession)
        session.pin = PIN
        return session

    start = StartApp(pin=PIN, games=games, starter=starter, hosts=["testserver"])
    return TableSwitch(start, lambda s: create_app(s, hosts=["testserver"]), first=first)


def test_new_game_leaves_a_finished_ceylon_game_started_from_the_start_page(
    tmp_path: Path,
) -> None:
    switch = _switch(tmp_path)
    pin = {"X-Table-Pin": PIN}
    with TestClient(switch) as client:
        body = {"game": "ceylon", "names": ["Ana", "Ben"]}
        assert client.post("/api/start", json=body, headers=pin).status_code == 200
        session = switch.session
        early = client.post("/api/table/new-game", headers=pin)
        assert early.status_code == 409 and early.json()["code"] == "game_not_over"
        play_to_end(session)
        answer = client.post("/api/table/new-game", headers=pin)
        assert answer.status_code == 200 and answer.json()["code"] == "new_game"
        assert switch.session is None and client.get("/api/start/choices").status_code == 200


def test_new_game_leaves_a_game_resumed_from_its_log_after_a_restart(tmp_path: Path) -> None:
    log = tmp_path / "games" / "imhotep.sqlite"
    log.parent.mkdir()
    played = new_game("imhotep", 2, log)
    play_to_end(played)
    assert played.store is not None
    played.store.close()
    resumed = open_any_session(log, "imhotep", [])
    assert resumed.resumed and resumed.game.rules.decision(resumed.state).is_over
    resumed.pin = PIN
    switch = _switch(tmp_path, first=resumed)
    with TestClient(switch) as client:
        assert switch.session is resumed
        assert client.get("/api/view").json()["game_over"]["outcome"]["winners"]
        answer = client.post("/api/table/new-game", headers={"X-Table-Pin": PIN})
        assert answer.status_code == 200, answer.json()
        assert client.get("/api/start/choices").status_code == 200


def test_companion_run_resuming_after_a_restart_keeps_the_start_page_behind(
    tmp_path: Path,
) -> None:
    games, port = tmp_path / "games", _port()
    proc = _run(games, port, "--game", "imhotep")
    try:
        body = {"game": "imhotep", "names": ["Ana", "Ben"]}
        assert _call(port, "/api/start", body, RUN_PIN)[0] == 200
    finally:
        _stop(proc)
    proc = _run(games, port)  # a restart: the table's current game, resumed
    try:
        status, answer = _call(port, "/api/table/new-game", {}, RUN_PIN)
        assert status == 409 and answer["code"] == "game_not_over", answer
        status, view = _call(port, "/api/health")
        assert _call(port, "/api/table/end", {"state_id": view["state_id"]}, RUN_PIN)[0] == 200
        status, answer = _call(port, "/api/table/new-game", {}, RUN_PIN)
        assert status == 200 and answer["code"] == "new_game", answer
        status, choices = _call(port, "/api/start/choices")
        assert status == 200 and choices["games"][0]["name"]
    finally:
        out = _stop(proc)
    assert "Resuming the table's current game" in out
