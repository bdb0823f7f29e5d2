"""The table screen's start page in Chromium at 1280x800, as the person setting up meets it.

The form (game, players, names and colours, PIN, start) on the first screen
without scrolling, in English and Spanish; every control at least 44 px and
every button and text at least 4.5:1; a wrong PIN refused and a duplicate
name refused with the field marked; a started game showing each seat's QR
code; an unfinished game resumed. Screenshots go to test-output/.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games.amritsar.resume import open_session
from companion.resume import open_any_session
from companion.server.app import create_app
from companion.server.start import StartApp, StartChoice, TableSwitch
from companion.table_session import TableBase
from engine.core.registry import get_rules
from tests.conftest import TEST_OUTPUT
from tests.server.pages import Opener
from tests.server.test_browser_table import MEASURE_JS, english_words, inside

SCREEN = {"width": 1280, "height": 800}
PIN = "135790"
MIN_TAP_PX = 44.0
MIN_CONTRAST = 4.5


def _switch(games: Path) -> TableSwitch:
    def starter(choice: StartChoice) -> TableBase:
        path = choice.resume or games / "new.sqlite"
        if choice.game != "amritsar":  # a game served through its Rules
            served = open_any_session(
                path, choice.game, list(choice.names), options=list(choice.options)
            )
            served.pin = PIN
            return served
        session = open_session(
            path, list(choice.names), solo=choice.solo, hard=choice.hard, seed=5,
            options=list(choice.options), game=choice.game, pin=PIN,
        )  # fmt: skip
        session.pin = PIN
        return session

    games.mkdir(parents=True, exist_ok=True)
    return TableSwitch(StartApp(pin=PIN, games=games, starter=starter), create_app)


def _open(open_page: Opener, base: str, lang: str) -> Any:
    page = open_page(f"{base}/table?lang={lang}", SCREEN, lang=lang)
    page.wait_for_selector("#start-form")
    return page


def _measure(page: Any) -> None:
    viewport = {"x": 0, "y": 0, "width": SCREEN["width"], "height": SCREEN["height"]}
    for selector in ("#start-game", "#start-count", "#name-1", "#colour-1", ".player-row >> nth=-1",
                     "#start-pin", "#start-button", "#start-resume"):  # fmt: skip
        box = page.locator(selector).bounding_box()
        assert box is not None and inside(box, viewport), f"{selector} is off the screen: {box}"
    assert page.evaluate("document.documentElement.scrollHeight") <= SCREEN["height"]
    targets = page.evaluate(MEASURE_JS, "button, select, input[type=text], input[type=password]")
    targets += page.evaluate(MEASURE_JS, "label.choice")  # a checkbox's or radio's whole label
    tiny = [t for t in targets if t["height"] < MIN_TAP_PX or t["width"] < MIN_TAP_PX]
    assert len(targets) > 15 and not tiny, f"tap targets under {MIN_TAP_PX} px: {tiny}"
    texts = page.evaluate(
        MEASURE_JS, "button, label, legend, h1, h2, .hint, select, input, #start-message"
    )
    dim = [t for t in texts if t["ratio"] < MIN_CONTRAST]
    assert not dim, f"under {MIN_CONTRAST}:1 contrast: {dim}"


def test_the_form_is_on_the_first_screen_in_both_languages(
    tmp_path: Path, open_page: Opener, live_server: Any
) -> None:
    base = live_server(_switch(tmp_path / "games"))
    for lang in ("en", "es"):
        page = _open(open_page, base, lang)
        _measure(page)
        page.click("[data-count='4']")
        assert page.locator(".player-row").count() == 4
        page.click("[data-count='solo']")
        assert page.locator(".player-row").count() == 1 and page.locator("#hard").is_visible()
        _measure(page)
        page.click("[data-count='3']")
        page.screenshot(path=str(TEST_OUTPUT / f"start-{lang}.png"))
        if lang == "en":  # each house rule with the rulebook's words and what it changes
            rules = page.locator("#start-rules").inner_text()
            assert rules.count("Rulebook:") >= 8 and rules.count("Without it:") >= 8
        if lang == "es":
            text = page.locator("#app").inner_text()
            assert "Empezar la partida" in text and "Reglas de la casa" in text
            # each house rule quotes the Spanish rulebook and says what happens without it
            rules = page.locator("#start-rules").inner_text()
            assert rules.count("Reglamento:") >= 8 and rules.count("Sin ella:") >= 8
            # A game's title is its name: the Spanish rulebook says "Rajas of the Ganges" too.
            leaked = english_words(text.replace(get_rules("rajas").title_es, ""))
            assert not leaked, f"English in the Spanish page: {leaked}"
        # Another game served (manual mode): its own colours and options in words.
        page.check("input[name='game'][value='imhotep']")
        assert page.locator("[data-count='solo']").count() == 0
        rules = page.locator("#start-rules").inner_text()
        assert ("faraón" if lang == "es" else "Pharaoh's Wrath") in rules
        assert "pharaohs-wrath" not in rules and " de el " not in rules
        dot = page.locator(".player-row .dot").first.evaluate(
            "e => getComputedStyle(e).backgroundColor"
        )
        assert dot == "rgb(34, 34, 34)"  # black, Imhotep's first colour
        _measure(page)
        page.screenshot(path=str(TEST_OUTPUT / f"start-imhotep-{lang}.png"))


def test_a_wrong_pin_is_refused_and_a_started_game_shows_the_seats(
    tmp_path: Path, open_page: Opener, live_server: Any
) -> None:
    switch = _switch(tmp_path / "games")
    base = live_server(switch)
    page = _open(open_page, base, "en")
    page.click("[data-count='3']")
    page.fill("#name-1", "Ana")
    page.fill("#name-2", "Ben")
    page.fill("#name-3", "ana")
    page.select_option("#colour-1", "pink")  # Ana takes pink; the pink row gets purple
    page.check("[data-rule='skip_no_wrap']")
    page.fill("#start-pin", PIN)
    page.click("#start-button")
    page.wait_for_selector("#start-message.refused")
    assert "two players are called ana" in page.inner_text("#start-message")
    assert page.get_attribute("#name-3", "aria-invalid") == "true"
    page.fill("#name-3", "Cai")
    page.fill("#start-pin", "000000")
    page.click("#start-button")
    page.wait_for_selector("#start-pin[aria-invalid='true']")
    assert "not the table PIN" in page.inner_text("#start-message")
    page.screenshot(path=str(TEST_OUTPUT / "start-wrong-pin-en.png"))
    assert switch.session is None
    page.fill("#start-pin", PIN)
    page.click("#start-button")
    page.wait_for_selector("figure.g-qr")
    figures = page.locator("figure.g-qr")
    assert figures.count() == 3
    # Seats follow the colours: Cai (purple), Ben (grey), Ana (pink).
    assert [figures.nth(i).locator("strong").inner_text() for i in range(3)] == [
        "Cai",
        "Ben",
        "Ana",
    ]
    assert page.locator("figure.g-qr img").count() == 3
    assert "skip round" in page.locator("#house-rules").inner_text()
    page.screenshot(path=str(TEST_OUTPUT / "start-started-en.png"))
    assert switch.session is not None and switch.session.game.options == ("skip_no_wrap",)
    # Over: the table's menu ends it, then a new game brings the start page back.
    for control in ("#menu-button", "#menu-end", "#confirm-yes"):
        page.click(control)
    page.click("#menu-button")
    page.click("#menu-new")
    page.click("#confirm-yes")
    page.wait_for_selector("#start-form")
    assert switch.session is None


def test_an_unfinished_game_is_resumed_from_the_start_page(
    tmp_path: Path, open_page: Opener, live_server: Any
) -> None:
    games = tmp_path / "games"
    switch = _switch(games)
    old = open_session(games / "2026-11-21-210000.sqlite", ["Eva"], solo=True, seed=6)
    assert old.store is not None
    old.store.close()
    base = live_server(switch)
    page = _open(open_page, base, "es")
    page.fill("#start-pin", PIN)
    page.click("#show-unfinished")
    page.wait_for_selector(".unfinished button.resume")
    listed = page.inner_text("#start-resume")
    assert "Eva" in listed and "Marajá" in listed and "Maharajah" not in listed
    _measure(page)
    page.screenshot(path=str(TEST_OUTPUT / "start-resume-es.png"))
    page.click(".unfinished button.resume")
    page.wait_for_selector("figure.g-qr")
    assert switch.session is not None and switch.session.resumed
    assert page.locator("figure.g-qr").count() == 1


def test_ceylon_starts_with_hands_unknown_and_another_games_ticks_never_carry_over(
    tmp_path: Path, open_page: Opener, live_server: Any
) -> None:
    switch = _switch(tmp_path / "games")
    base = live_server(switch)
    page = _open(open_page, base, "en")
    page.check("[data-rule='skip_no_wrap']")  # an Amritsar house rule, then another game
    page.check("input[name='game'][value='ceylon']")
    page.wait_for_selector("[data-rule='unknown_hands']")
    # The table's way of following Ceylon is ticked; its changes to the rules are not.
    assert page.is_checked("[data-rule='unknown_hands']")
    assert not page.is_checked("[data-rule='start_tiles']")
    page.click("[data-count='3']")
    for seat, name in enumerate(("Ana", "Ben", "Cai"), start=1):
        page.fill(f"#name-{seat}", name)
    page.fill("#start-pin", PIN)
    page.click("#start-button")
    for _ in range(400):  # the page reloads into the table once the game is started
        if switch.session is not None:
            break
        page.wait_for_timeout(25)
    assert switch.session is not None, page.inner_text("body")
    assert switch.session.game_name == "ceylon"
    assert tuple(switch.session.game.options) == ("unknown_hands",)
