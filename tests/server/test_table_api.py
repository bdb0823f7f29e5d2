"""The table screen's endpoints: ticking his steps, past games, the demo's next step;
and the demo's pacer and the lines it prints for a phone to watch."""

from __future__ import annotations

import io
import threading
import time
from pathlib import Path

import cv2
import numpy as np
import pytest
from fastapi.testclient import TestClient

from companion.cli import main
from companion.games.amritsar.resume import open_session
from companion.games.amritsar.session import TableSession
from companion.server import create_app, start_server
from companion.server.past_games import PastGames
from companion.sim.demo_watch import Pacer, next_step_button, watch_lines
from engine.amritsar import legal_actions
from tests.server.games import PIN

TABLE = {"X-Table-Pin": PIN}


def at_his_turn() -> TableSession:
    session = TableSession.new(["Ana"], solo=True, seed=12, pin=PIN)
    while session.maharajah_turn is None:
        session.apply_actions([legal_actions(session.state)[0]], "phone")
    return session


def test_a_step_of_his_card_is_ticked_only_with_the_pin_and_only_on_his_card_shown() -> None:
    session = at_his_turn()
    card = session.maharajah_card
    assert card is not None
    step = next(i for i, item in enumerate(card["instructions"]) if not item["checked"])
    body = {"decade": card["decade"], "round": card["round"], "step": step, "done": True}
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        assert client.post("/api/table/maharajah/tick", json=body).status_code == 403
        assert not card["instructions"][step]["done"]
        before = session.state_id
        reply = client.post("/api/table/maharajah/tick", json=body, headers=TABLE)
        assert reply.status_code == 200 and card["instructions"][step]["done"]
        assert session.state_id == before + 1  # every screen redraws
        shown = client.get("/api/view").json()["maharajah"]["instructions"][step]
        assert shown["done"] and shown["part"] == "turn" and shown["step"] == step
        stale = {**body, "round": card["round"] + 1}
        assert (
            client.post("/api/table/maharajah/tick", json=stale, headers=TABLE).status_code == 409
        )
        missing = {**body, "step": len(card["instructions"])}
        assert (
            client.post("/api/table/maharajah/tick", json=missing, headers=TABLE).status_code == 409
        )
        wild = {**body, "step": -1}
        reply = client.post("/api/table/maharajah/tick", json=wild, headers=TABLE)
        assert reply.status_code == 422 and "step" in reply.json()["fields"]


def test_the_phones_never_get_the_table_screens_marks() -> None:
    session = at_his_turn()
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        token = {"X-Seat-Token": session.seats[0].token}
        view = client.get("/api/view", headers=token).json()
        assert "board_marks" not in view and "demo_step" not in view
        assert client.get("/api/view").json()["board_marks"] == []


def test_past_games_list_names_totals_and_state_but_no_secrets(tmp_path: Path) -> None:
    old = open_session(tmp_path / "old.sqlite", ["Ana", "Ben"], seed=3)
    assert old.store is not None
    old.store.close()
    (tmp_path / "broken.sqlite").write_bytes(b"not a log at all")
    session = open_session(tmp_path / "now.sqlite", ["Cy"], solo=True, seed=4)
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        assert client.get("/api/table/games").status_code == 403
        games = client.get("/api/table/games", headers={"X-Table-Pin": session.pin}).json()
    by_file = {game["file"]: game for game in games}
    assert set(by_file) == {"old.sqlite", "broken.sqlite"}  # not the game in play
    assert by_file["old.sqlite"]["names"] == ["Ana", "Ben"]
    assert by_file["old.sqlite"]["totals"] == [5, 5] and not by_file["old.sqlite"]["finished"]
    assert "not a companion log" in by_file["broken.sqlite"]["problem"]
    text = str(games)
    assert old.pin not in text and all(seat.token not in text for seat in old.seats)


def test_past_games_are_read_once_per_change(tmp_path: Path) -> None:
    old = open_session(tmp_path / "old.sqlite", ["Ana", "Ben"], seed=3)
    listing = PastGames(tmp_path)
    first = listing.list()[0]
    assert listing.list()[0] is first  # unchanged file: not replayed again
    old.apply_actions([legal_actions(old.state)[0]], "camera")
    assert old.store is not None
    old.store.close()
    assert listing.list()[0] is not first


def test_the_pacer_waits_its_pace_or_for_a_go_ahead() -> None:
    paced = Pacer(0.2)
    began = time.monotonic()
    paced.wait()
    assert time.monotonic() - began >= 0.19
    stepping = Pacer(step=True)
    done = threading.Event()

    def one_step() -> None:
        stepping.wait()
        done.set()

    threading.Thread(target=one_step, daemon=True).start()
    assert not done.wait(0.3), "a step went ahead without Enter"
    stepping.listen(io.StringIO("\n"))  # one Enter, then the terminal closes
    assert done.wait(2)
    stepping.wait()  # the terminal closed: no more waiting
    with pytest.raises(ValueError):
        Pacer(-1)


def test_the_table_screens_next_step_button_advances_the_demo() -> None:
    session = at_his_turn()
    pacer = Pacer(step=True)
    server = start_server(session)
    try:
        with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
            reply = client.post("/api/table/demo/next", headers=TABLE)
            assert reply.status_code == 409 and reply.json()["code"] == "not_a_demo"
        next_step_button(server, pacer.advance)
        waiter = threading.Thread(target=pacer.wait, daemon=True)
        waiter.start()
        import urllib.request

        request = urllib.request.Request(
            f"{server.url}/api/table/demo/next", method="POST", headers=TABLE
        )
        with urllib.request.urlopen(request, timeout=5) as response:
            assert response.status == 200
        waiter.join(2)
        assert not waiter.is_alive()
    finally:
        server.stop()


def test_the_demo_says_where_to_watch_with_a_code_a_phone_can_scan() -> None:
    lines = watch_lines(
        "http://0.0.0.0:8765", "123456", 8765, everywhere=True, addresses=lambda: ["192.168.1.20"]
    )
    assert lines[0] == "  table screen: http://192.168.1.20:8765/table#pin=123456"
    assert "http://192.168.1.20:8765/watch" in lines[1]
    # The terminal's QR code, drawn as pixels, decodes to the spectator view.
    rows = lines[-1].splitlines()
    pixels = np.zeros((len(rows) * 2, len(rows[0])), np.uint8)
    for y, row in enumerate(rows):
        for x, block in enumerate(row):
            pixels[2 * y, x] = 255 if block in "█▀" else 0
            pixels[2 * y + 1, x] = 255 if block in "█▄" else 0
    big = cv2.resize(pixels, None, fx=8, fy=8, interpolation=cv2.INTER_NEAREST)
    big = cv2.copyMakeBorder(big, 32, 32, 32, 32, cv2.BORDER_CONSTANT, value=255)
    text, _, _ = cv2.QRCodeDetector().detectAndDecode(big)
    assert text == "http://192.168.1.20:8765/watch"
    local = watch_lines("http://127.0.0.1:5555", "1", 5555, everywhere=False)
    assert "http://127.0.0.1:5555/watch" in local[1] and "--host 0.0.0.0" in local[2]


def test_a_negative_pace_is_refused_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["demo", "--pace", "-2"])
    assert "seconds from 0 to 3600" in capsys.readouterr().err
