"""The start page in Chromium: a seat played by the companion, and its moves on the table.

The person setting up ticks a seat as "the companion" for Imhotep, chooses how
well it plays, and starts: the seat has no QR code (no phone joins it), and
after the player's move the table screen lists the companion's moves for
someone to carry out. Measured at 1280x800 and on a 390x844 phone, English and
Spanish: the controls at least 44 px, nothing off the screen's width.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.server.app import create_app
from companion.server.start import StartApp, StartChoice, TableSwitch
from companion.table_session import TableBase
from tests.conftest import TEST_OUTPUT
from tests.server.pages import Opener
from tests.server.test_browser_table import MEASURE_JS

PIN = "246810"
WORDS = {
    "en": ("Seats the companion plays", "The companion played"),
    "es": ("Puestos que juega el compañero", "El compañero jugó"),
}


def _switch(games: Path) -> TableSwitch:
    def starter(choice: StartChoice) -> TableBase:
        path = choice.resume or games / "new.sqlite"
        served = open_any_session(
            path, choice.game, list(choice.names), options=list(choice.options),
            companions=choice.companion_seats(),
        )  # fmt: skip
        served.pin = PIN
        return served

    games.mkdir(parents=True, exist_ok=True)
    return TableSwitch(StartApp(pin=PIN, games=games, starter=starter), create_app)


def _start(page: Any, switch: TableSwitch) -> RulesSession:
    """Press "Start the game" (the PIN typed if the page asks) and wait for the session."""
    if page.locator("#start-pin").count():
        page.fill("#start-pin", PIN)
    page.click("#start-button")
    for _ in range(400):
        if switch.session is not None:
            break
        page.wait_for_timeout(25)
    session = switch.session
    assert isinstance(session, RulesSession), page.inner_text("body")
    return session


def test_a_seat_played_by_the_companion_is_chosen_and_its_moves_are_shown(
    tmp_path: Path, open_page: Opener, live_server: Any
) -> None:
    for lang, screen in (
        ("en", {"width": 1280, "height": 800}),
        ("es", {"width": 390, "height": 844}),
    ):
        switch = _switch(tmp_path / f"games-{lang}")
        base = live_server(switch)
        page = open_page(f"{base}/table?lang={lang}", screen, lang=lang)
        page.wait_for_selector("#start-form")
        page.check("input[name='game'][value='imhotep']")
        page.click("[data-count='2']")
        assert WORDS[lang][0] in page.inner_text("#companion-seats")
        page.fill("#name-1", "Ana")
        page.check("#bot-2")
        assert page.input_value("#name-2") != ""  # a name is given to the companion's seat
        page.select_option("#level", "easy")
        boxes = page.evaluate(MEASURE_JS, "#companion-seats label.choice, #level")
        assert boxes and all(b["height"] >= 44 for b in boxes), boxes
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= screen["width"], f"the start page is {width} px wide"
        page.screenshot(path=str(TEST_OUTPUT / f"start-companion-{lang}.png"), full_page=True)
        session = _start(page, switch)
        assert [s.plays for s in session.seats] == ["", "easy"]
        assert 1 in session.companion_seats and session.seats[1].token == ""
        # only Ana's seat has a code to scan: the companion's has no phone
        page.wait_for_selector("#join img")
        assert page.locator("#join img").count() == 1
        assert "Ana" in (page.locator("#join img").get_attribute("alt") or "")
        rng = random.Random(4)
        for _ in range(30):  # Ana plays until the companion has answered once
            if session.seat_view(None)["companion_moves"]:
                break
            seat: int | None = 0 if session.answers_for(0) else None
            action = rng.choice(session.answers_for(seat))
            assert session.answer(seat, session.rules.format_action(action), session.state_id).ok
        moves = session.seat_view(None)["companion_moves"]
        assert moves
        page.wait_for_selector("#companion-moves li")
        panel = page.inner_text("#companion-moves")
        assert WORDS[lang][1] in panel and moves[0][lang] in panel
        page.screenshot(path=str(TEST_OUTPUT / f"table-companion-{lang}.png"))
        if lang == "en":  # large print: the moves to carry out read from across the table
            page.click("#far-toggle")
            sizes = page.evaluate(
                "[...document.querySelectorAll('#companion-moves li')]"
                ".map(e => parseFloat(getComputedStyle(e).fontSize))"
            )
            assert sizes and min(sizes) >= 32, sizes
            page.screenshot(path=str(TEST_OUTPUT / "table-companion-far-en.png"))
        page.close()


def test_ceylon_with_a_companion_seat_has_its_hands_dealt(
    tmp_path: Path, open_page: Opener, live_server: Any
) -> None:
    switch = _switch(tmp_path / "games")
    base = live_server(switch)
    page = open_page(f"{base}/table?lang=en", {"width": 1280, "height": 800}, lang="en")
    page.wait_for_selector("#start-form")
    page.check("input[name='game'][value='ceylon']")
    page.wait_for_selector("[data-rule='unknown_hands']")
    assert page.is_checked("[data-rule='unknown_hands']")  # how the table plays Ceylon
    page.fill("#name-1", "Ana")
    page.check("#bot-2")
    # the companion must know its own cards: the unknown hands are unticked, and why is said
    assert not page.is_checked("[data-rule='unknown_hands']")
    assert "knows its own cards" in page.inner_text("#companion-seats")
    session = _start(page, switch)
    assert "unknown_hands" not in session.game.options
    assert [s.plays for s in session.seats] == ["", "normal"]
