"""Every REST endpoint, what it accepts and each way it refuses."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from companion.games.amritsar.session import TableSession
from companion.server import create_app
from companion.server.address import is_loopback, lan_addresses, reachable_base
from engine.amritsar import Pending, Reason, decision, legal_actions
from tests.server.games import PIN, human_prompt, new_table, play_until

TABLE = {"X-Table-Pin": PIN}


def seat_headers(session: TableSession, seat: int) -> dict[str, str]:
    return {"X-Seat-Token": session.seats[seat].token}


@pytest.fixture
def session() -> TableSession:
    return new_table()


@pytest.fixture
def client(session: TableSession) -> Iterator[TestClient]:
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        yield client


def first_option(client: TestClient, session: TableSession, seat: int) -> str:
    view = client.get("/api/view", headers=seat_headers(session, seat)).json()
    assert view["decision"]["mine"], "the test expects this seat to be deciding"
    return str(view["options"][0]["action"])


# -- pages and plumbing ------------------------------------------------------------------


@pytest.mark.parametrize("path", ["/", "/play", "/table", "/watch"])
def test_pages_are_served_with_a_strict_content_policy(client: TestClient, path: str) -> None:
    response = client.get(path)
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("text/html")
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "unsafe-inline" not in policy
    assert response.headers["x-content-type-options"] == "nosniff"


def test_static_modules_are_served(client: TestClient) -> None:
    for name in (
        "generic_play",
        "generic_table",
        "generic_watch",
        "generic_board",
        "parts",
        "picking",
        "amritsar_drawing",
        "live",
        "dom",
        "i18n",
    ):
        response = client.get(f"/static/js/{name}.js")
        assert response.status_code == 200, name
        assert "javascript" in response.headers["content-type"]
        assert "innerHTML" not in response.text and "insertAdjacentHTML" not in response.text


def test_openapi_schema_is_published_and_lists_the_endpoints(client: TestClient) -> None:
    schema = client.get("/api/openapi.json").json()
    paths = set(schema["paths"])
    assert {
        "/api/health",
        "/api/view",
        "/api/record",
        "/api/catalog",
        "/api/answer",
        "/api/undo",
        "/api/table/check-pin",
        "/api/table/seats",
        "/api/table/seats/{index}",
        "/api/table/answer",
        "/api/table/undo",
        "/api/table/end",
        "/api/table/clear-alerts",
    } <= paths
    assert client.get("/docs").status_code == 404  # Swagger UI would fetch from the Internet


def test_unknown_path_is_a_json_404(client: TestClient) -> None:
    response = client.get("/api/nothing-here")
    assert response.status_code == 404
    assert response.json()["code"] == "not_found"


def test_health(client: TestClient, session: TableSession) -> None:
    assert client.get("/api/health").json() == {
        "ok": True,
        "state_id": session.state_id,
        "clients": 0,
    }


# -- queries ----------------------------------------------------------------------------------


def test_view_without_token_is_the_public_view(client: TestClient) -> None:
    view = client.get("/api/view").json()
    assert view["seat"] is None
    assert view["objectives"] == []
    assert view["options"] == []
    assert all(o == "hidden" for p in view["game"]["seats"] for o in p["objective_hand"])


def test_view_with_token_is_that_seats_view(client: TestClient, session: TableSession) -> None:
    view = client.get("/api/view", headers=seat_headers(session, 1)).json()
    assert view["seat"] == 1
    assert len(view["objectives"]) == 4
    assert {o["id"] for o in view["objectives"]} == {
        session.state.catalog.objectives[i].id for i in session.state.players[1].objective_hand
    }
    assert all("worth" in o for o in view["objectives"])
    assert view["undo_requests"] == [] and view["can_undo"] is False


def test_view_with_wrong_token_is_refused(client: TestClient) -> None:
    response = client.get("/api/view", headers={"X-Seat-Token": "not-a-token"})
    assert response.status_code == 401
    body = response.json()
    assert body["code"] == "bad_token" and body["ok"] is False
    assert "QR" in body["en"] and "QR" in body["es"]


def test_record_redacts_other_players_secrets(client: TestClient, session: TableSession) -> None:
    option = first_option(client, session, 0)
    assert client.post(
        "/api/answer",
        json={"action": option, "state_id": session.state_id},
        headers=seat_headers(session, 0),
    ).is_success
    mine = client.get("/api/record", headers=seat_headers(session, 0)).json()
    theirs = client.get("/api/record", headers=seat_headers(session, 1)).json()
    public = client.get("/api/record").json()
    assert mine["seat"] == 0 and public["seat"] is None
    assert mine["entries"][-1]["action"] == option
    assert theirs["entries"][-1]["action"] == "hidden"
    assert public["entries"][-1]["action"] == "hidden"
    assert client.get("/api/record", headers={"X-Seat-Token": "x"}).status_code == 401


def test_catalog_names_components_in_both_languages(client: TestClient) -> None:
    catalog = client.get("/api/catalog").json()
    tile = next(iter(catalog["district_tiles"].values()))
    assert tile["main"]["en"] and tile["main"]["es"]
    assert set(catalog["donation_tiles"]) == {"N", "E", "S", "W"}
    assert set(catalog["market"]) == {"marble", "copper", "gold"}
    assert catalog["rules"]["elephant_capacity"] > 0
    assert "objectives" not in catalog


# -- a player's answers ---------------------------------------------------------------------


def test_answer_is_applied_and_raises_the_state_id(
    client: TestClient, session: TableSession
) -> None:
    before = session.state_id
    option = first_option(client, session, 0)
    response = client.post(
        "/api/answer", json={"action": option, "state_id": before}, headers=seat_headers(session, 0)
    )
    assert response.status_code == 200
    assert response.json()["ok"] is True and response.json()["state_id"] == before + 1
    assert session.state_id == before + 1
    assert session.game.entries[-1].action.kind.name == "SETUP_OBJECTIVE"


def test_the_same_answer_twice_is_applied_once(client: TestClient, session: TableSession) -> None:
    option = first_option(client, session, 0)
    body = {"action": option, "state_id": session.state_id}
    first = client.post("/api/answer", json=body, headers=seat_headers(session, 0))
    entries = len(session.game.entries)
    second = client.post("/api/answer", json=body, headers=seat_headers(session, 0))
    assert first.status_code == 200
    assert second.status_code == 409 and second.json()["code"] == "stale_state"
    assert len(session.game.entries) == entries


def test_answer_for_another_seats_decision_is_refused(
    client: TestClient, session: TableSession
) -> None:
    option = first_option(client, session, 0)
    response = client.post(
        "/api/answer",
        json={"action": option, "state_id": session.state_id},
        headers=seat_headers(session, 1),
    )
    assert response.status_code == 403
    assert response.json()["code"] == "not_your_decision"
    assert "Ana" in response.json()["en"]


def test_illegal_answer_is_refused_with_the_rule(client: TestClient, session: TableSession) -> None:
    theirs = session.state.catalog.objectives[session.state.players[1].objective_hand[0]].id
    response = client.post(
        "/api/answer",
        json={"action": f"first-objective {theirs}", "state_id": session.state_id},
        headers=seat_headers(session, 0),
    )
    assert response.status_code == 409
    body = response.json()
    assert body["ok"] is False and body["rule"] and body["en"] and body["es"]
    assert body["code"] not in ("stale_state", "applied")


def test_answer_that_is_not_an_action_is_a_400(client: TestClient, session: TableSession) -> None:
    response = client.post(
        "/api/answer",
        json={"action": "dance a jig", "state_id": session.state_id},
        headers=seat_headers(session, 0),
    )
    assert response.status_code == 400
    assert response.json()["code"] == "bad_action"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"state_id": 0}, "action"),
        ({"action": "", "state_id": 0}, "action"),
        ({"action": "sow N1", "state_id": -1}, "state_id"),
        ({"action": "sow N1", "state_id": "soon"}, "state_id"),
    ],
)
def test_malformed_answer_names_the_field(
    client: TestClient, session: TableSession, body: dict[str, object], field: str
) -> None:
    response = client.post("/api/answer", json=body, headers=seat_headers(session, 0))
    assert response.status_code == 422
    assert response.json()["code"] == "bad_request"
    assert field in response.json()["fields"]


def test_answer_needs_a_player(client: TestClient, session: TableSession) -> None:
    body = {"action": "sow N1", "state_id": session.state_id}
    assert client.post("/api/answer", json=body).status_code == 401
    wrong = client.post("/api/answer", json=body, headers={"X-Seat-Token": "guess"})
    assert wrong.status_code == 401 and wrong.json()["code"] == "bad_token"


# -- undo ---------------------------------------------------------------------------------------


def test_player_undoes_their_own_last_move(client: TestClient, session: TableSession) -> None:
    option = first_option(client, session, 0)
    client.post(
        "/api/answer",
        json={"action": option, "state_id": session.state_id},
        headers=seat_headers(session, 0),
    )
    view = client.get("/api/view", headers=seat_headers(session, 0)).json()
    assert view["can_undo"] is True
    entries = len(session.game.entries)
    response = client.post(
        "/api/undo", json={"state_id": session.state_id}, headers=seat_headers(session, 0)
    )
    assert response.status_code == 200 and response.json()["ok"] is True
    assert len(session.game.entries) == entries - 1
    assert decision(session.state).kind is Pending.SETUP_OBJECTIVE


def test_undo_of_another_players_move_asks_the_table(
    client: TestClient, session: TableSession
) -> None:
    option = first_option(client, session, 0)
    client.post(
        "/api/answer",
        json={"action": option, "state_id": session.state_id},
        headers=seat_headers(session, 0),
    )
    entries = len(session.game.entries)
    response = client.post(
        "/api/undo", json={"state_id": session.state_id}, headers=seat_headers(session, 1)
    )
    assert response.status_code == 202 and response.json()["code"] == "undo_requested"
    assert len(session.game.entries) == entries  # nothing undone yet
    table_view = client.get("/api/view").json()
    assert table_view["undo_requests"] == [{"seat": 1, "name": "Ben", "state_id": session.state_id}]
    done = client.post("/api/table/undo", json={"state_id": session.state_id}, headers=TABLE)
    assert done.status_code == 200
    assert len(session.game.entries) == entries - 1
    assert client.get("/api/view").json()["undo_requests"] == []


def test_undo_refusals(client: TestClient, session: TableSession) -> None:
    stale = client.post(
        "/api/undo", json={"state_id": session.state_id + 5}, headers=seat_headers(session, 0)
    )
    assert stale.status_code == 409 and stale.json()["code"] == "stale_state"
    nothing = client.post(
        "/api/undo", json={"state_id": session.state_id}, headers=seat_headers(session, 0)
    )
    assert nothing.status_code == 409 and nothing.json()["code"] == "nothing_to_undo"
    assert client.post("/api/undo", json={"state_id": 0}).status_code == 401


# -- the table ------------------------------------------------------------------------------------


def test_check_pin(client: TestClient) -> None:
    assert client.post("/api/table/check-pin", headers=TABLE).json()["ok"] is True
    wrong = client.post("/api/table/check-pin", headers={"X-Table-Pin": "0000"})
    assert wrong.status_code == 403 and wrong.json()["code"] == "bad_pin"
    assert client.post("/api/table/check-pin").status_code == 403


def test_seats_give_join_links_with_qr_codes(client: TestClient, session: TableSession) -> None:
    seats = client.get("/api/table/seats", headers=TABLE).json()
    assert [s["name"] for s in seats] == ["Ana", "Ben", "Cy"]
    for seat, link in zip(session.seats, seats, strict=True):
        assert link["url"] == f"http://127.0.0.1/play#token={seat.token}"
        assert link["qr"].startswith("data:image/svg+xml")
    assert client.get("/api/table/seats").status_code == 403


def test_public_url_overrides_the_link_base(session: TableSession) -> None:
    app = create_app(session, public_url="http://192.168.1.20:8000/")
    with TestClient(app, base_url="http://127.0.0.1") as client:
        seats = client.get("/api/table/seats", headers=TABLE).json()
    assert seats[0]["url"].startswith("http://192.168.1.20:8000/play#token=")


def test_rename_seat(client: TestClient, session: TableSession) -> None:
    response = client.post("/api/table/seats/1", json={"name": "  Bea  "}, headers=TABLE)
    assert response.status_code == 200 and response.json()["name"] == "Bea"
    assert client.get("/api/view").json()["seats"][1]["name"] == "Bea"
    blank = client.post("/api/table/seats/1", json={"name": "   "}, headers=TABLE)
    assert blank.status_code == 422 and session.seats[1].name == "Bea"
    long = client.post("/api/table/seats/1", json={"name": "x" * 41}, headers=TABLE)
    assert long.status_code == 422 and "name" in long.json()["fields"]
    assert client.post("/api/table/seats/1", json={"name": "Eve"}).status_code == 403


def test_new_link_revokes_the_old_one(client: TestClient, session: TableSession) -> None:
    old = seat_headers(session, 2)
    response = client.post("/api/table/seats/2", json={"new_link": True}, headers=TABLE)
    assert response.status_code == 200
    assert client.get("/api/view", headers=old).status_code == 401
    assert client.get("/api/view", headers=seat_headers(session, 2)).json()["seat"] == 2
    assert response.json()["url"].endswith(session.seats[2].token)


def test_no_such_seat(client: TestClient) -> None:
    assert client.post("/api/table/seats/7", json={}, headers=TABLE).status_code == 404
    assert client.post("/api/table/seats/-1", json={}, headers=TABLE).status_code == 404


def test_maharajah_seat_cannot_be_configured() -> None:
    session = new_table(("Solo",), solo=True)
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        seats = client.get("/api/table/seats", headers=TABLE).json()
        assert [s["index"] for s in seats] == [0]
        refused = client.post("/api/table/seats/1", json={"name": "Me"}, headers=TABLE)
        assert refused.status_code == 404


def test_table_answers_setup_draws_only() -> None:
    session = TableSession.new(["Ana", "Ben"], pin=PIN)  # no seed: the table draws
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        view = client.get("/api/view").json()
        assert view["decision"]["chance"] is True and view["options"]
        draw = view["options"][0]["action"]
        body = {"action": draw, "state_id": session.state_id}
        assert client.post("/api/table/answer", json=body).status_code == 403  # no PIN
        applied = client.post("/api/table/answer", json=body, headers=TABLE)
        assert applied.status_code == 200
        assert str(session.game.entries[-1].action) == draw
        # A player cannot make the table's draws.
        body = {"action": client.get("/api/view").json()["options"][0]["action"]}
        body["state_id"] = session.state_id  # type: ignore[assignment]
        player = client.post("/api/answer", json=body, headers=seat_headers(session, 0))
        assert player.status_code == 403


def test_table_cannot_answer_a_players_decision(client: TestClient, session: TableSession) -> None:
    option = first_option(client, session, 0)
    response = client.post(
        "/api/table/answer", json={"action": option, "state_id": session.state_id}, headers=TABLE
    )
    assert response.status_code == 403 and response.json()["code"] == "not_your_decision"


def test_table_undo_overrides_and_refusals(client: TestClient, session: TableSession) -> None:
    nothing = client.post("/api/table/undo", json={"state_id": session.state_id}, headers=TABLE)
    assert nothing.status_code == 409 and nothing.json()["code"] == "nothing_to_undo"
    session.apply_actions([legal_actions(session.state)[0]], "camera")
    stale = client.post("/api/table/undo", json={"state_id": 0}, headers=TABLE)
    assert stale.status_code == 409 and stale.json()["code"] == "stale_state"
    assert client.post("/api/table/undo", json={"state_id": session.state_id}).status_code == 403
    done = client.post("/api/table/undo", json={"state_id": session.state_id}, headers=TABLE)
    assert done.status_code == 200 and not session.steps


def test_end_game(client: TestClient, session: TableSession) -> None:
    assert client.post("/api/table/end", json={"state_id": session.state_id}).status_code == 403
    stale = client.post("/api/table/end", json={"state_id": 99}, headers=TABLE)
    assert stale.status_code == 409 and not session.ended
    ended = client.post("/api/table/end", json={"state_id": session.state_id}, headers=TABLE)
    assert ended.status_code == 200 and session.ended
    view = client.get("/api/view").json()
    assert view["ended"] is True
    again = client.post("/api/table/end", json={"state_id": session.state_id}, headers=TABLE)
    assert again.status_code == 409 and again.json()["code"] == "game_ended"
    answer = client.post(
        "/api/answer",
        json={"action": "first-objective A1", "state_id": session.state_id},
        headers=seat_headers(session, 0),
    )
    assert answer.status_code == 409 and answer.json()["code"] == "game_ended"
    # The camera cannot change an ended game either.
    assert not session.apply_actions([legal_actions(session.state)[0]], "camera").ok


def test_clear_alerts(client: TestClient, session: TableSession) -> None:
    reason = Reason("elephant_already_there", {"district": "North", "district_es": "Norte"})
    session.raise_alert(reason, "Put it back.", "Devuélvelo.")
    assert len(client.get("/api/view").json()["alerts"]) == 1
    assert client.post("/api/table/clear-alerts").status_code == 403
    assert client.post("/api/table/clear-alerts", headers=TABLE).status_code == 200
    assert client.get("/api/view").json()["alerts"] == []


def test_prompt_for_a_choice_only_the_phone_can_make() -> None:
    session = new_table()
    play_until(session, human_prompt(frozenset({Pending.CHOOSE_RESOURCE})))
    seat = decision(session.state).player
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        view = client.get("/api/view", headers=seat_headers(session, seat)).json()
        assert view["decision"]["kind"] == "CHOOSE_RESOURCE" and view["decision"]["mine"]
        assert view["decision"]["hidden"] is True
        assert {o["action"] for o in view["options"]} == {
            str(a) for a in legal_actions(session.state)
        }
        others = client.get("/api/view", headers=seat_headers(session, (seat + 1) % 3)).json()
        assert others["options"] == [] and not others["decision"]["mine"]


def test_loopback_links_become_a_network_address_when_listening_everywhere(
    session: TableSession,
) -> None:
    assert is_loopback("localhost") and is_loopback("127.0.0.1") and is_loopback("[::1]")
    assert not is_loopback("192.168.1.20") and not is_loopback("testserver")
    assert reachable_base("http://192.168.1.20:8000/") == "http://192.168.1.20:8000"
    lan = lan_addresses()
    with TestClient(create_app(session, lan_links=True), base_url="http://localhost:8000") as c:
        url = c.get("/api/table/seats", headers=TABLE).json()[0]["url"]
    expected = f"http://{lan[0]}:8000" if lan else "http://localhost:8000"
    assert url == f"{expected}/play#token={session.seats[0].token}"
    assert all(not is_loopback(a) for a in lan)
