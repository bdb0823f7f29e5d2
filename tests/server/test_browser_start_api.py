"""The start page's server side: what it offers, what it refuses (naming the field),
the table PIN before anything starts, the start logged, the switch to the game;
and ``companion run`` without players serving it, then resuming after a restart.
"""

from __future__ import annotations

import json
import logging
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from companion.games.amritsar.resume import open_session
from companion.games.amritsar.session import TableSession
from companion.server.app import create_app
from companion.server.start import (
    MAX_NAME,
    StartApp,
    StartBody,
    StartChoice,
    StartProblem,
    TableSwitch,
    check,
    served_offers,
)

PIN = "246810"
ROOT = Path(__file__).resolve().parents[2]


def _table(tmp_path: Path) -> tuple[TableSwitch, list[StartChoice]]:
    started: list[StartChoice] = []

    def starter(choice: StartChoice) -> TableSession:
        started.append(choice)
        path = choice.resume or tmp_path / "games" / f"new-{len(started)}.sqlite"
        session = open_session(
            path, list(choice.names), solo=choice.solo, hard=choice.hard, seed=3,
            options=list(choice.options), game=choice.game,
        )  # fmt: skip
        session.pin = PIN
        return session

    (tmp_path / "games").mkdir(exist_ok=True)
    start = StartApp(pin=PIN, games=tmp_path / "games", starter=starter, hosts=["testserver"])
    switch = TableSwitch(start, lambda s: create_app(s, hosts=["testserver"]))
    return switch, started


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[TestClient, TableSwitch, list[StartChoice]]]:
    switch, started = _table(tmp_path)
    with TestClient(switch) as client:
        yield client, switch, started


def test_the_form_offers_the_served_games_with_colours_and_house_rules_in_words(
    table: Any,
) -> None:
    client, _, _ = table
    choices = client.get("/api/start/choices").json()
    assert [g["name"] for g in choices["games"]] == ["amritsar", "imhotep", "ceylon", "rajas"]
    rajas = choices["games"][3]
    assert [c["name"] for c in rajas["colours"]] == ["red", "blue", "green", "yellow"]
    assert [c["es"] for c in rajas["colours"]] == ["rojo", "azul", "verde", "amarillo"]
    assert rajas["house_rules"] == [] and rajas["min_players"] == 2
    game = choices["games"][0]
    assert game["title_es"] and game["solo"] and game["max_players"] == 4
    assert [c["name"] for c in game["colours"]] == ["purple", "grey", "pink", "orange"]
    assert game["colours"][1]["es"] == "gris"
    rules = game["house_rules"]
    assert len(rules) >= 8 and all(r["en"] and r["es"] and r["text"] for r in rules)
    assert choices["max_name"] == MAX_NAME and choices["unfinished"] == 0
    page = client.get("/table")
    assert "/static/js/start.js" in page.text and page.headers["cache-control"] == "no-store"
    assert "script-src 'self'" in page.headers["content-security-policy"]


OFFERS = served_offers()


@pytest.mark.parametrize(
    ("body", "field", "says"),
    [
        ({"names": ["Ana"]}, "names", "2 to 4 players"),
        ({"names": ["A", "B", "C", "D", "E"]}, "names", "not 5"),
        ({"names": ["Ana", "  "]}, "names.2", "needs a name"),
        ({"names": ["Ana", "x" * (MAX_NAME + 1)]}, "names.2", f"at most {MAX_NAME}"),
        ({"names": ["Ana", "B\x07n"]}, "names.2", "cannot be shown"),
        ({"names": ["Ana", "ana "]}, "names.2", "two players are called"),
        ({"names": ["Ana", "Ben"], "solo": True}, "names", "one player"),
        ({"names": ["Ana", "Ben"], "hard": True}, "hard", "solo game"),
        ({"names": ["Ana", "Ben"], "colours": ["purple", "purple"]}, "colours.2", "taken by Ana"),
        ({"names": ["Ana", "Ben"], "colours": ["purple", "orange"]}, "colours.2", "not one"),
        ({"names": ["Ana", "Ben"], "colours": ["purple"]}, "colours", "one colour per player"),
        ({"names": ["Ana", "Ben"], "options": ["no_such_rule"]}, "options.1", "no house rule"),
        ({"game": "chess", "names": ["Ana", "Ben"]}, "game", "does not serve"),
        ({"resume": "../../etc/passwd"}, "resume", "not among the unfinished"),
    ],
)
def test_a_wrong_choice_is_refused_naming_its_field(
    body: dict[str, Any], field: str, says: str
) -> None:
    with pytest.raises(StartProblem) as refused:
        check(StartBody(**body), OFFERS, [])
    assert refused.value.field == field and says in refused.value.en
    assert refused.value.es and refused.value.es != refused.value.en


def test_seats_follow_the_colours_chosen() -> None:
    body = StartBody(names=["Ana", "Ben", "Cai"], colours=["pink", "purple", "grey"])
    choice = check(body, OFFERS, [])
    assert choice.names == ("Ben", "Cai", "Ana")  # purple, grey, pink: the seats' order
    solo = check(StartBody(names=[" Eva  Ruiz "], solo=True, hard=True), OFFERS, [])
    assert solo.names == ("Eva Ruiz",) and solo.solo and solo.hard


def test_nothing_starts_without_the_table_pin(table: Any) -> None:
    client, switch, started = table
    body = {"names": ["Ana", "Ben"]}
    missing = client.post("/api/start", json=body)
    assert missing.status_code == 403 and missing.json()["fields"] == ["pin"]
    for _ in range(4):  # the fifth wrong PIN locks the address out, even for the right one
        wrong = client.post("/api/start", json=body, headers={"X-Table-Pin": "111111"})
        assert wrong.status_code == 403 and wrong.json()["code"] == "bad_pin"
        assert wrong.json()["es"] == "Ese no es el PIN de la mesa."
    fifth = client.post("/api/start", json=body, headers={"X-Table-Pin": "111111"})
    assert fifth.status_code == 429
    locked = client.post("/api/start", json=body, headers={"X-Table-Pin": PIN})
    assert locked.status_code == 429 and "Retry-After" in locked.headers
    assert client.get("/api/start/unfinished").status_code == 403
    assert not started and switch.session is None


def test_bounds_come_before_the_game(table: Any) -> None:
    client, _, started = table
    pin = {"X-Table-Pin": PIN}
    many = client.post("/api/start", json={"names": ["a"] * 9}, headers=pin)
    assert many.status_code == 422 and many.json()["fields"] == ["names"]
    long = client.post("/api/start", json={"names": ["Ana", "x" * 300]}, headers=pin)
    assert long.status_code == 422 and long.json()["fields"] == ["names.1"]
    dup = client.post("/api/start", json={"names": ["Ana", "Ana"]}, headers=pin)
    assert dup.status_code == 409 and dup.json()["fields"] == ["names.2"]
    assert not started


def test_a_start_is_logged_and_the_table_becomes_the_game(
    table: Any, caplog: pytest.LogCaptureFixture
) -> None:
    client, switch, started = table
    pin = {"X-Table-Pin": PIN}
    body = {
        "names": ["Ana", "Ben", "Cai"],
        "colours": ["grey", "purple", "pink"],
        "options": ["skip_no_wrap"],
    }
    with caplog.at_level(logging.INFO, logger="companion.start"):
        answer = client.post("/api/start", json=body, headers=pin)
    assert answer.status_code == 200 and answer.json()["code"] == "started"
    assert any("a new game of amritsar for Ben, Ana, Cai" in r.message for r in caplog.records)
    assert switch.session is not None and switch.session.game.options == ("skip_no_wrap",)
    seats = client.get("/api/table/seats", headers=pin).json()
    assert [(s["name"], s["colour"]) for s in seats] == [
        ("Ben", "purple"),
        ("Ana", "grey"),
        ("Cai", "pink"),
    ]
    assert all(s["qr"].startswith("data:image/") for s in seats)
    assert "/static/js/generic_table.js" in client.get("/table").text
    assert client.get("/api/start/choices").status_code == 404  # the start page is gone
    assert client.post("/api/start", json=body, headers=pin).status_code == 404
    assert len(started) == 1


def test_an_unfinished_game_is_listed_with_the_pin_and_resumed(tmp_path: Path, table: Any) -> None:
    client, switch, _ = table
    old = open_session(tmp_path / "games" / "2026-11-20-200000.sqlite", ["Eva", "Leo"], seed=4)
    tokens = [s.token for s in old.seats]
    assert old.store is not None
    old.store.close()
    assert client.get("/api/start/choices").json()["unfinished"] == 1
    listed = client.get("/api/start/unfinished", headers={"X-Table-Pin": PIN}).json()
    assert [(g["file"], g["names"]) for g in listed] == [
        ("2026-11-20-200000.sqlite", ["Eva", "Leo"])
    ]
    answer = client.post(
        "/api/start", json={"resume": "2026-11-20-200000.sqlite"}, headers={"X-Table-Pin": PIN}
    )
    assert answer.status_code == 200
    assert switch.session.resumed and [s.token for s in switch.session.seats] == tokens


# -- companion run without players ------------------------------------------------------


def _port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _call(port: int, path: str, body: Any = None, pin: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if pin:
        headers["X-Table-Pin"] = pin
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data, headers)
    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return response.status, json.loads(response.read())
        except urllib.error.HTTPError as error:
            return error.code, json.loads(error.read())
        except OSError:
            assert time.monotonic() < deadline, f"nothing answered on port {port}"
            time.sleep(0.2)


def _run(games: Path, port: int, *more: str) -> subprocess.Popen[str]:
    env = {**os.environ, "AMRITSAR_TABLE_PIN": PIN}
    return subprocess.Popen(
        [
            sys.executable, "-m", "companion", "run", "--camera", "none", "--serial", "none",
            "--games", str(games), "--host", "127.0.0.1", "--port", str(port), *more,
        ],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGTERM)
    out, _ = proc.communicate(timeout=30)
    assert proc.returncode == 0, out
    return out


def test_companion_run_without_players_serves_the_start_page_and_a_restart_resumes(
    tmp_path: Path,
) -> None:
    games, port = tmp_path / "games", _port()
    proc = _run(games, port)
    try:
        status, choices = _call(port, "/api/start/choices")
        assert status == 200 and choices["games"][0]["name"] == "amritsar"
        assert _call(port, "/api/start", {"names": ["Ana", "Ben"]}, "999999")[0] == 403
        status, _ = _call(port, "/api/start", {"names": ["Ana", "Ben"]}, PIN)
        assert status == 200
        status, seats = _call(port, "/api/table/seats", pin=PIN)
        assert status == 200 and [s["name"] for s in seats] == ["Ana", "Ben"]
    finally:
        out = _stop(proc) if proc.poll() is None else proc.communicate()[0]
    assert "the PIN set in AMRITSAR_TABLE_PIN" in out and PIN not in out
    assert "started from the table screen" in out and "a new game of amritsar" in out
    (log,) = games.glob("*.sqlite")
    assert (games / "current-game").read_text().strip() == log.name
    # A restart (a crash, a power cut) carries on the table's unfinished game.
    proc = _run(games, port)
    try:
        status, again = _call(port, "/api/table/seats", pin=PIN)
        assert status == 200 and [s["url"] for s in again] == [s["url"] for s in seats]
        assert _call(port, "/api/start/choices")[0] == 404
    finally:
        out = _stop(proc) if proc.poll() is None else proc.communicate()[0]
    assert f"Resuming the table's current game ({log.name})" in out


def test_the_start_page_starts_a_game_served_in_manual_mode_and_a_restart_resumes_it(
    tmp_path: Path,
) -> None:
    """``companion run --game imhotep`` without players: the start page offers
    Imhotep first with its own colours, starts it, and a restart carries it on."""
    games, port = tmp_path / "games", _port()
    proc = _run(games, port, "--game", "imhotep")
    try:
        status, choices = _call(port, "/api/start/choices")
        offer = choices["games"][0]
        assert status == 200 and offer["name"] == "imhotep"
        assert [c["name"] for c in offer["colours"]][:2] == ["black", "white"]
        assert [c["es"] for c in offer["colours"]][:2] == ["negro", "blanco"]
        wrath = next(r for r in offer["house_rules"] if r["name"] == "pharaohs-wrath")
        assert wrath["en"].startswith("The Pharaoh's Wrath") and "faraón" in wrath["es"]
        body = {"game": "imhotep", "names": ["Ana", "Ben"], "colours": ["white", "black"]}
        status, _ = _call(port, "/api/start", body, PIN)
        assert status == 200
        status, seats = _call(port, "/api/table/seats", pin=PIN)
        assert status == 200 and [s["name"] for s in seats] == ["Ben", "Ana"]
    finally:
        out = _stop(proc) if proc.poll() is None else proc.communicate()[0]
    assert "manual mode" in out
    (log,) = games.glob("*.sqlite")
    proc = _run(games, port)  # the restart names no game: the log's own is kept
    try:
        status, again = _call(port, "/api/table/seats", pin=PIN)
        assert status == 200 and [s["url"] for s in again] == [s["url"] for s in seats]
    finally:
        out = _stop(proc) if proc.poll() is None else proc.communicate()[0]
    assert f"Resuming the table's current game ({log.name})" in out and "manual mode" in out


def test_once_the_game_is_over_the_table_goes_back_to_the_start_page(table: Any) -> None:
    client, switch, started = table
    pin = {"X-Table-Pin": PIN}
    assert client.post("/api/start", json={"names": ["Ana", "Ben"]}, headers=pin).status_code == 200
    first = switch.session
    early = client.post("/api/table/new-game", headers=pin)
    assert early.status_code == 409 and early.json()["code"] == "game_not_over"
    assert client.post("/api/table/new-game").status_code == 403  # the PIN, always
    ended = client.post("/api/table/end", json={"state_id": first.state_id}, headers=pin)
    assert ended.status_code == 200
    assert client.post("/api/table/new-game", headers=pin).status_code == 200
    assert switch.session is None and client.get("/api/start/choices").status_code == 200
    again = client.post("/api/start", json={"names": ["Cai", "Dan"]}, headers=pin)
    assert again.status_code == 200 and switch.session is not first
    assert [c.names for c in started] == [("Ana", "Ben"), ("Cai", "Dan")]


def test_a_table_started_with_its_players_named_has_no_start_page() -> None:
    session = TableSession.new(["Ana", "Ben"], seed=1, pin=PIN)
    session.end(state_id=session.state_id)
    with TestClient(create_app(session, hosts=["testserver"])) as client:
        answer = client.post("/api/table/new-game", headers={"X-Table-Pin": PIN})
    assert answer.status_code == 409 and answer.json()["code"] == "no_start_page"
