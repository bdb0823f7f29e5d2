"""The review after a game: asked for once it is over, worked out in its own process,
its progress and then each player's three costliest decisions on the game-over screen.

Real parts: a finished Imhotep game served by the real app, the review's own process,
the game-over screen in Chromium (the button, the bar or the findings).
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from playwright.sync_api import Error as PlaywrightError

from companion.rules_session import RulesSession
from companion.server.app import create_app
from tests.conftest import TEST_OUTPUT
from tests.server.pages import Opener

PIN = "424242"


def finished_game(seed: int) -> RulesSession:
    session = RulesSession.new("imhotep", ["Ana", "Ben"], public_seed=seed, pin=PIN)
    rng = random.Random(seed)
    while not session.rules.decision(session.state).is_over:
        seat: int | None = next((s for s in (0, 1) if session.answers_for(s)), None)
        action = rng.choice(session.answers_for(seat))
        assert session.answer(seat, session.rules.format_action(action), session.state_id).ok
    return session


def wait_for_review(payloads: Any, seconds: float = 120.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        review = payloads.view(None)["review"]
        if review["state"] in ("done", "failed"):
            return dict(review)
        time.sleep(0.2)
    raise AssertionError("the review did not finish")


def test_the_review_is_asked_for_once_the_game_is_over_and_names_each_player() -> None:
    session = RulesSession.new("imhotep", ["Ana", "Ben"], public_seed=1, pin=PIN)
    app = create_app(session)
    payloads = app.state.payloads
    client = TestClient(app, base_url="http://127.0.0.1")
    early = client.post("/api/table/review", headers={"X-Table-Pin": PIN})
    assert early.status_code == 409 and early.json()["code"] == "game_not_over"
    assert payloads.view(None)["review"] is None  # no review offered during the game
    done = finished_game(1)
    app = create_app(done)
    payloads = app.state.payloads
    payloads.review.budget = 2.0  # a short review: the figures are the engine's to test
    client = TestClient(app, base_url="http://127.0.0.1")
    assert payloads.view(None)["review"]["state"] == "idle"  # nothing runs unasked
    refused = client.post("/api/table/review", headers={"X-Table-Pin": "000000"})
    assert refused.status_code == 403
    asked = client.post("/api/table/review", headers={"X-Table-Pin": PIN})
    assert asked.status_code == 200, asked.text
    again = client.post("/api/table/review", headers={"X-Table-Pin": PIN})
    assert again.status_code == 200  # asking twice starts nothing more
    review = wait_for_review(payloads)
    assert review["state"] == "done", review
    assert [s["name"] for s in review["seats"]] == ["Ana", "Ben"]
    for seat in review["seats"]:
        assert len(seat["findings"]) <= 3
        for finding in seat["findings"]:
            assert finding["gain"] > 0 and finding["en"] and finding["es"]
            assert finding["chosen"] != finding["better"]


def test_the_game_over_screen_offers_the_review_and_shows_it(
    open_page: Opener, live_server: Any, tmp_path: Path
) -> None:
    session = finished_game(2)
    app = create_app(session)
    app.state.payloads.review.budget = 2.0
    base = live_server(app)
    page = open_page(f"{base}/table?lang=es#pin={PIN}", {"width": 1280, "height": 800}, lang="es")
    page.wait_for_selector("#review-start")
    assert "Dónde se ganó y se perdió la partida" in page.inner_text("#review")
    # measured in the page at once: a live update may draw the button again meanwhile
    height = page.evaluate("document.getElementById('review-start').getBoundingClientRect().height")
    assert height >= 44
    page.click("#review-start")
    page.wait_for_selector("#review .go-review-seat", timeout=120_000)
    text = page.inner_text("#review")
    assert "Ana" in text and "Ben" in text
    # For a person to look at; a live update may draw #review again while the
    # picture is taken (CI: "Element is not attached to the DOM"): taken again.
    for attempt in range(3):
        try:
            page.locator("#review").screenshot(path=str(TEST_OUTPUT / "review-es.png"))
            break
        except PlaywrightError:
            if attempt == 2:
                raise
