"""No endpoint or WebSocket message served to a phone leaks another player's secrets.

Secrets are the objectives in hand and face down (``engine.amritsar.view.secrets_of``)
and the seat tokens. At several points of a whole game (setup, first
objectives chosen, mid-game with objectives played, after an undo, the end)
every payload each seat and a spectator can get is searched for the ids only
another seat may know.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from companion.games.amritsar.session import TableSession
from companion.server import create_app
from engine.amritsar import Act, Pending, decision
from engine.amritsar.view import secrets_of
from tests.server.games import PIN, finished, new_table, play_until


def leaked(text: str, ids: set[str]) -> set[str]:
    """Ids that appear in ``text`` as whole words."""
    return {i for i in ids if re.search(rf"(?<![A-Za-z0-9]){re.escape(i)}(?![A-Za-z0-9])", text)}


def ws_messages(client: TestClient, token: str | None) -> list[str]:
    """Every message type a client gets: welcome, view, pong, error."""
    texts = []
    with client.websocket_connect("ws://127.0.0.1/ws") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        texts.append(ws.receive_text())  # welcome
        texts.append(ws.receive_text())  # view
        ws.send_text(json.dumps({"type": "ping"}))
        texts.append(ws.receive_text())  # pong
        ws.send_text("not json")
        texts.append(ws.receive_text())  # error
    kinds = [json.loads(t)["type"] for t in texts]
    assert kinds == ["welcome", "view", "pong", "error"]
    return texts


def served_to(client: TestClient, session: TableSession, seat: int | None) -> dict[str, str]:
    """Every response this viewer can get, by a name for the failure message."""
    headers = {} if seat is None else {"X-Seat-Token": session.seats[seat].token}
    stale = {"action": "pass", "state_id": session.state_id + 1000}
    out = {
        "view": client.get("/api/view", headers=headers).text,
        "record": client.get("/api/record", headers=headers).text,
        "catalog": client.get("/api/catalog").text,
        "health": client.get("/api/health").text,
        "answer (stale)": client.post("/api/answer", json=stale, headers=headers).text,
        "undo (stale)": client.post(
            "/api/undo", json={"state_id": stale["state_id"]}, headers=headers
        ).text,
    }
    for i, text in enumerate(
        ws_messages(client, None if seat is None else headers["X-Seat-Token"])
    ):
        out[f"websocket message {i}"] = text
    return out


def table_payloads(client: TestClient) -> dict[str, str]:
    """What the table screen gets with the PIN, less the join links themselves."""
    table = {"X-Table-Pin": PIN}
    seats = client.get("/api/table/seats", headers=table).json()
    for link in seats:
        del link["url"], link["qr"]
    return {
        "table/seats": json.dumps(seats),
        "table/check-pin": client.post("/api/table/check-pin", headers=table).text,
    }


def check_no_leaks(client: TestClient, session: TableSession, when: str) -> int:
    state = session.state
    players = range(len(state.players))
    secrets = {seat: secrets_of(state, seat) for seat in players}
    tokens = {s.token for s in session.seats if s.token}
    checked = 0
    for viewer in [None, *players]:
        forbidden = set().union(*(secrets[s] for s in players if s != viewer))
        own_token = set() if viewer is None else {session.seats[viewer].token}
        for name, text in served_to(client, session, viewer).items():
            assert not leaked(text, forbidden), f"{when}: {name} for seat {viewer} leaks"
            assert not any(t in text for t in tokens - own_token), f"{when}: {name} leaks a token"
            checked += 1
    everyone = set().union(*secrets.values())
    for name, text in table_payloads(client).items():
        assert not leaked(text, everyone), f"{when}: {name} leaks"
    return checked


@pytest.fixture
def session() -> TableSession:
    return new_table(("Ana", "Ben", "Cy", "Dee"))


@pytest.fixture
def client(session: TableSession) -> Iterator[TestClient]:
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        yield client


def test_the_leak_check_can_fail(session: TableSession) -> None:
    """The search finds an id where it is, and not inside other names."""
    theirs = secrets_of(session.state, 1)
    some = next(iter(theirs))
    assert leaked(json.dumps({"x": f"First objective {some}: ..."}), theirs) == {some}
    assert not leaked(f"D{some} X{some}9", {some})


def test_no_payload_leaks_another_players_secrets_through_a_whole_game(
    client: TestClient, session: TableSession
) -> None:
    checked = check_no_leaks(client, session, "after setup")
    play_until(session, lambda s: decision(s.state).kind is not Pending.SETUP_OBJECTIVE)
    checked += check_no_leaks(client, session, "after the first objective")
    played_objective = False

    def objective_played_then_some(s: TableSession) -> bool:
        nonlocal played_objective
        played_objective |= any(e.action.kind is Act.UPGRADE_OBJECTIVE for e in s.game.entries[-1:])
        return played_objective and len(s.game.entries) % 7 == 0

    play_until(session, objective_played_then_some)
    checked += check_no_leaks(client, session, "after an objective was played face down")
    assert client.post(
        "/api/table/undo", json={"state_id": session.state_id}, headers={"X-Table-Pin": PIN}
    ).is_success
    checked += check_no_leaks(client, session, "after an undo")
    play_until(session, finished)
    checked += check_no_leaks(client, session, "at the end of the game")
    assert checked == 5 * 5 * 10  # checkpoints x viewers x payloads


def test_end_of_game_reveals_played_objectives_but_not_hands(
    client: TestClient, session: TableSession
) -> None:
    play_until(session, finished)
    view: dict[str, Any] = client.get("/api/view").json()
    state = session.state
    for p, seat in zip(state.players, view["game"]["seats"], strict=True):
        played = [state.catalog.objectives[o].id for o in p.objectives if o >= 0]
        assert [o for o in seat["objectives"] if o is not None] == played
        assert all(o == "hidden" for o in seat["objective_hand"])
