"""Hints on request: only where the table allows them, only for the deciding phone, and
never read from another seat's secrets; shown under the question in Chromium."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from companion.rules_session import RulesSession, replay_row, rules_session_from_config
from companion.server.app import create_app
from companion.store import EventStore
from tests.conftest import TEST_OUTPUT
from tests.server.pages import Opener


def _client(session: RulesSession) -> TestClient:
    return TestClient(create_app(session), base_url="http://127.0.0.1")


def _post(client: TestClient, session: RulesSession, seat: int) -> Any:
    return client.post(
        "/api/hint",
        json={"state_id": session.state_id},
        headers={"X-Seat-Token": session.seats[seat].token},
    )


def test_hints_are_off_unless_the_table_allows_them_and_only_for_the_deciding_seat() -> None:
    session = RulesSession.new("imhotep", ["Ana", "Ben"], public_seed=3)
    client = _client(session)
    off = _post(client, session, 0)
    assert off.status_code == 409 and off.json()["code"] == "hints_off"
    assert session.seat_view(0)["hints"] is False
    session.allow_hints(True)
    decider = session.rules.decision(session.state).player
    other = 1 - decider
    refused = _post(client, session, other)
    assert refused.status_code == 403 and refused.json()["code"] == "not_your_decision"
    given = _post(client, session, decider)
    assert given.status_code == 200, given.text
    answers = given.json()["answers"]
    legal = {session.rules.format_action(a) for a in session.answers_for(decider)}
    assert 1 <= len(answers) <= 3 and {a["action"] for a in answers} <= legal
    assert answers[0]["behind"] == 0 and all(
        a["behind"] >= 0 and a["en"] and a["es"] for a in answers
    )
    # asked again for the same decision: the same hint, no new search
    assert _post(client, session, decider).json()["answers"] == answers
    stale = client.post(
        "/api/hint",
        json={"state_id": session.state_id - 1},
        headers={"X-Seat-Token": session.seats[decider].token},
    )
    assert stale.status_code == 409


def test_the_tables_choice_of_hints_survives_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    store = EventStore(path)
    session = RulesSession.new("rajas", ["Ana", "Ben"], store=store)
    session.allow_hints(True)
    store.close()
    log = EventStore(path, create=False)
    rows = list(log.entries())
    log.close()
    resumed = rules_session_from_config(rows[0].payload)
    assert resumed.hints_on is False
    for row in rows[1:]:
        replay_row(resumed, row)
    assert resumed.hints_on is True


def test_a_phone_asks_for_a_hint_under_its_question(open_page: Opener, live_server: Any) -> None:
    session = RulesSession.new("imhotep", ["Ana", "Ben"], public_seed=3)
    session.allow_hints(True)
    decider = session.rules.decision(session.state).player
    base = live_server(create_app(session))
    token = session.seats[decider].token
    page = open_page(f"{base}/play?lang=en#token={token}", {"width": 390, "height": 844}, lang="en")
    page.wait_for_selector("#hint")
    box = page.locator("#hint").bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] <= 390
    page.click("#hint")
    page.wait_for_selector("#hint-list li")
    assert "The companion would play" in page.inner_text("#hint-list")
    assert 1 <= page.locator("#hint-list li").count() <= 3
    page.screenshot(path=str(TEST_OUTPUT / "hint-en.png"))
