"""The views in real headless Chromium against the live server.

Join by scanning the QR code the table screen shows (decoded with OpenCV from
a screenshot), own objectives and nobody else's, physical moves (simulated
through the session as the reconciler would) arriving within a second,
alerts with their fix, a prompt answered from the phone, the Maharajah's
card, the end-of-game tables, and names that try to inject script. Every
test leaves screenshots in test-output/ for a person to look at.
"""

from __future__ import annotations

import contextlib
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cv2
import numpy as np
from playwright.sync_api import Error as PlaywrightError

from companion.games.amritsar.session import TableSession
from companion.server import create_app
from engine.amritsar import Pending, Reason, decision, legal_actions
from engine.amritsar.describe import describe_done
from engine.amritsar.view import secrets_of
from tests.server.games import PIN, finished, human_prompt, new_table, play_until
from tests.server.pages import PHONE, TABLET, Opener, wait_state


def serve(live_server: Callable[[Any], str], session: TableSession) -> str:
    return live_server(create_app(session))


def unlock_table(page: Any) -> None:
    page.wait_for_selector("#drawing svg.board")
    page.fill("#g-pin-input", PIN)
    page.click("#g-pin-button")
    page.wait_for_selector(".g-qr img")


def words(page: Any) -> str:
    return str(page.evaluate("document.body.innerText"))


def leaked(text: str, ids: set[str]) -> set[str]:
    return {i for i in ids if re.search(rf"(?<![A-Za-z0-9]){re.escape(i)}(?![A-Za-z0-9])", text)}


def decode_qr(png: bytes) -> str:
    """The text of the QR code in a screenshot ('' if none), as a phone's camera
    would try: with a white margin, plain and black-and-white, at a few
    magnifications, with OpenCV's two QR readers. One reader alone misses about
    one code in a hundred drawn at 180 px (the token is random, so the code
    differs each run); those codes read on a phone and with the other reader."""
    image = cv2.imdecode(np.frombuffer(png, np.uint8), cv2.IMREAD_GRAYSCALE)
    image = cv2.copyMakeBorder(image, 16, 16, 16, 16, cv2.BORDER_CONSTANT, value=255)
    _, inked = cv2.threshold(image, 0, 255, cv2.THRESH_BINARY | cv2.THRESH_OTSU)
    for reader in (cv2.QRCodeDetector(), cv2.QRCodeDetectorAruco()):
        for picture in (image, inked):
            for scale in (2, 3, 1):
                big = cv2.resize(picture, None, fx=scale, fy=scale, interpolation=cv2.INTER_NEAREST)
                text, _, _ = reader.detectAndDecode(big)
                if text:
                    return str(text)
    return ""


def test_join_by_qr_code_and_see_only_own_objectives(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table()
    base = serve(live_server, session)
    table = open_page(f"{base}/table", TABLET)
    unlock_table(table)
    assert table.locator(".g-qr img").count() == 3
    wait_state(table, session.state_id)
    table.screenshot(path=str(test_output / "web-table-join-tablet.png"), full_page=True)

    qr = table.locator('figure.g-qr[data-seat="1"] img')
    # On a loaded machine the image may still be arriving: screenshot it drawn.
    table.wait_for_function(
        "() => { const i = document.querySelector('figure.g-qr[data-seat=\"1\"] img');"
        " return i !== null && i.complete && i.naturalWidth > 0; }"
    )
    url = decode_qr(qr.screenshot())
    assert url == f"{base}/play#token={session.seats[1].token}"

    phone = open_page(url, PHONE)
    # Below the question the objectives are folded to one line: a tap opens them.
    phone.click("#fold-objectives > summary")
    phone.wait_for_selector("#objectives li")
    assert "token" not in phone.url  # the secret leaves the address bar
    mine = {session.state.catalog.objectives[o].id for o in session.state.players[1].objective_hand}
    shown = set(
        phone.locator("#objectives li").evaluate_all("els => els.map(e => e.dataset.objective)")
    )
    assert shown == mine
    theirs = secrets_of(session.state, 0) | secrets_of(session.state, 2)
    assert not leaked(words(phone), theirs)
    assert not leaked(phone.content(), theirs)
    assert "Ben" in phone.locator("header").inner_text()
    phone.screenshot(path=str(test_output / "web-player-phone.png"), full_page=True)
    # The phone remembers its seat after a reload without the link.
    phone.reload()
    phone.click("#fold-objectives > summary")
    phone.wait_for_selector("#objectives li")
    assert phone.locator("#objectives li").count() == 4

    # Once the phone has joined, the table screen hides its code: a photo of the
    # screen lets nobody into seat 1. A lost phone gets a new code (PIN only).
    table.wait_for_selector('.g-joined li[data-seat="1"]')
    assert table.locator('figure.g-qr[data-seat="1"] img').count() == 0
    assert table.locator(".g-qr img").count() == 2
    assert session.seats[1].token not in table.content()
    table.screenshot(path=str(test_output / "web-table-seat-joined.png"), full_page=True)
    table.once("dialog", lambda dialog: dialog.accept())
    table.click('.g-joined li[data-seat="1"] .g-new-code')
    deadline = time.monotonic() + 10
    while url.endswith(session.seats[1].token) and time.monotonic() < deadline:
        time.sleep(0.02)  # the new link is being made
    wanted = f"{base}/play#token={session.seats[1].token}"
    fresh = ""
    while fresh != wanted and time.monotonic() < deadline:
        # The screen redraws once more when the new link's update arrives: read again.
        table.wait_for_function(
            "() => { const i = document.querySelector('figure.g-qr[data-seat=\"1\"] img');"
            " return i !== null && i.complete && i.naturalWidth > 0; }"
        )
        with contextlib.suppress(PlaywrightError):
            fresh = decode_qr(table.locator('figure.g-qr[data-seat="1"] img').screenshot())
    assert fresh == wanted and fresh != url


def test_spectator_sees_public_information_only(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table()
    play_until(session, lambda s: len(s.game.entries) > 60)
    base = serve(live_server, session)
    page = open_page(f"{base}/watch", PHONE)
    page.wait_for_selector("#drawing svg.board")
    wait_state(page, session.state_id)
    everyone = set().union(*(secrets_of(session.state, s) for s in range(3)))
    assert not leaked(page.content(), everyone)
    assert page.locator("#objectives").count() == 0
    assert page.locator("#decision button").count() == 0
    # The play page without a token is the spectator's page.
    no_token = open_page(f"{base}/play", PHONE)
    no_token.wait_for_url(re.compile(r"/watch$"))
    page.screenshot(path=str(test_output / "web-spectator-phone.png"), full_page=True)


def test_a_physical_move_reaches_phone_and_table_within_a_second(
    live_server: Callable[[Any], str], open_page: Opener
) -> None:
    session = new_table()
    play_until(session, human_prompt(frozenset({Pending.SOW_ORIGIN})))
    base = serve(live_server, session)
    seat = decision(session.state).player
    phone = open_page(f"{base}/play#token={session.seats[(seat + 1) % 3].token}", PHONE)
    table = open_page(f"{base}/table", TABLET)
    for page in (phone, table):
        wait_state(page, session.state_id)
    action = legal_actions(session.state)[0]
    said = describe_done(session.state, action, "en")  # the history is in the past tense
    before = table.locator("[data-section]").evaluate_all("els => els.map(e => e.dataset.workers)")
    started = time.monotonic()
    outcome = session.apply_actions([action], "camera")  # what the reconciler does
    wait_state(phone, outcome.state_id, timeout=1000)
    wait_state(table, outcome.state_id, timeout=1000)
    assert time.monotonic() - started < 1.0
    assert said in phone.locator("#log").inner_text()
    after = table.locator("[data-section]").evaluate_all("els => els.map(e => e.dataset.workers)")
    assert after != before  # the sowing shows on the drawn board


def test_an_illegal_move_shows_its_alert_and_fix(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table()
    base = serve(live_server, session)
    phone = open_page(f"{base}/play?lang=es#token={session.seats[0].token}", PHONE, lang="es")
    table = open_page(f"{base}/table?lang=en", TABLET)
    for page in (phone, table):
        wait_state(page, session.state_id)
    reason = Reason(
        "elephant_cost",
        {"district": "West", "district_es": "Oeste", "steps": 3, "coins": 2, "have": 1},
    )
    session.raise_alert(
        reason,
        "Move the purple elephant back to North.",
        "Devuelve el elefante morado al Norte.",
        seat=0,
    )
    for page in (phone, table):
        page.wait_for_selector("#alerts article")
    assert reason.es in phone.locator("#alerts").inner_text()
    assert "Devuelve el elefante morado al Norte." in phone.locator("#alerts").inner_text()
    assert reason.en in table.locator("#alerts").inner_text()
    assert "Move the purple elephant back to North." in table.locator("#alerts").inner_text()
    assert reason.rule in table.locator("#alerts").inner_text()
    phone.screenshot(path=str(test_output / "web-player-alert-phone-es.png"), full_page=True)
    session.clear_alerts()
    phone.wait_for_selector("#alerts", state="detached")


def test_a_choice_prompt_is_answered_from_the_phone(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table()
    play_until(session, human_prompt(frozenset({Pending.CHOOSE_RESOURCE})))
    seat = decision(session.state).player
    base = serve(live_server, session)
    phone = open_page(f"{base}/play#token={session.seats[seat].token}", PHONE)
    phone.wait_for_selector("#decision.mine #answers button")
    assert "Choose a resource" in phone.locator("#decision").inner_text()
    phone.screenshot(path=str(test_output / "web-player-prompt-phone.png"), full_page=True)
    button = phone.locator("#answers button[data-action]").first
    chosen = button.get_attribute("data-action")
    before = session.state_id
    button.click()
    wait_state(phone, before + 1)
    assert str(session.game.entries[_entry_of_last_step(session)].action) == chosen
    # Another seat's phone never offered the choice.
    other = open_page(f"{base}/play#token={session.seats[(seat + 1) % 3].token}", PHONE)
    wait_state(other, session.state_id)
    assert other.locator("#answers button").count() == 0 or other.locator("#decision.mine").count()


def _entry_of_last_step(session: TableSession) -> int:
    return session.steps[-1]


def test_the_maharajah_card_shows_his_instructions(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table(("Solo",), solo=True)
    base = serve(live_server, session)
    table = open_page(f"{base}/table", TABLET)
    wait_state(table, session.state_id)
    card = {
        "trace": [
            {
                "en": "Yellow worker beside his token: he donates.",
                "es": "Trabajador amarillo: dona.",
            }
        ],
        "instructions": [
            {"en": "Move his elephant to East.", "es": "Mueve su elefante al Este.", "done": True},
            {
                "en": "Put a counter on East 1.2.",
                "es": "Pon un contador en Este 1.2.",
                "done": False,
            },
        ],
    }
    session.maharajah_card = card  # the lead wires this to his turns
    outcome = session.apply_actions([legal_actions(session.state)[0]], "camera")
    wait_state(table, outcome.state_id)
    panel = table.locator("#maharajah")
    assert "Move his elephant to East." in panel.inner_text()
    assert panel.locator("li.done").count() == 1 and panel.locator("li.todo").count() == 1
    assert "Yellow worker beside his token" in str(panel.locator("details.trace").text_content())
    table.screenshot(path=str(test_output / "web-table-maharajah-tablet.png"), full_page=True)
    # The camera sees the second instruction carried out: his turn is done, its card closes.
    card["instructions"][1]["done"] = True  # type: ignore[index]
    outcome = session.apply_actions([legal_actions(session.state)[0]], "camera")
    wait_state(table, outcome.state_id)
    assert panel.count() == 0
    phone = open_page(f"{base}/play?lang=es#token={session.seats[0].token}", PHONE, lang="es")
    # His turn carried out, his card is folded to one line on the phone: a tap opens it.
    phone.click("#fold-maharajah > summary")
    phone.wait_for_selector("#maharajah")
    assert "Pon un contador en Este 1.2." in phone.locator("#maharajah").inner_text()


def test_the_end_of_game_table_itemises_the_scores(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table()
    play_until(session, finished)
    base = serve(live_server, session)
    table = open_page(f"{base}/table", TABLET)
    table.wait_for_selector("#breakdown")
    wait_state(table, session.state_id)
    view = session.seat_view(None)
    breakdown = table.locator("#breakdown")
    assert "Final scores" in breakdown.locator("h2").inner_text()
    for sheet in view["scores"]:
        total = breakdown.locator(f'tfoot td[data-seat="{sheet["seat"]}"]').inner_text()
        assert total.split()[0] == str(sheet["total"])
    categories = {line["category"] for s in view["scores"] for line in s["lines"]}
    rows = breakdown.locator("tbody tr[data-category]")
    assert set(rows.evaluate_all("els => els.map(e => e.dataset.category)")) == categories
    for sheet in view["scores"]:
        itemised = breakdown.locator(f'.itemised .sheet[data-seat="{sheet["seat"]}"] tr')
        assert itemised.count() == len(sheet["lines"])
    for decade in (1, 2, 3):
        assert table.locator(f"#decade-{decade} tbody tr").count() > 0
    table.locator("#breakdown .itemised summary").click()
    table.screenshot(path=str(test_output / "web-table-final-tablet.png"), full_page=True)
    phone = open_page(f"{base}/play#token={session.seats[0].token}", PHONE)
    phone.click("#fold-breakdown > summary")  # folded under the game-over screen
    phone.wait_for_selector("#breakdown")
    phone.screenshot(path=str(test_output / "web-player-final-phone.png"), full_page=True)
    table.set_viewport_size(PHONE)
    table.screenshot(path=str(test_output / "web-table-final-phone.png"), full_page=True)


def test_names_that_try_to_inject_script_are_shown_as_text(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    evil = ['<img src=x onerror="window.__xss=1">', "<script>window.__xss=2</script>", "Ana"]
    session = TableSession.new(evil, seed=5, pin=PIN)
    play_until(session, lambda s: len(s.game.entries) > 40)
    base = serve(live_server, session)
    table = open_page(f"{base}/table", TABLET)
    unlock_table(table)
    wait_state(table, session.state_id)
    phone = open_page(f"{base}/play#token={session.seats[0].token}", PHONE)
    watch = open_page(f"{base}/watch", PHONE)
    for page in (phone, watch):
        wait_state(page, session.state_id)
    for page in (table, phone, watch):
        assert page.evaluate("window.__xss") is None
        assert page.locator('img[src="x"]').count() == 0
        assert page.locator("main script").count() == 0
        text = words(page)
        assert evil[0] in text and evil[1] in text
    table.screenshot(path=str(test_output / "web-table-xss-names-tablet.png"), full_page=True)


def test_wrong_pins_raise_an_alert_on_the_table_screen(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table()
    base = serve(live_server, session)
    table = open_page(f"{base}/table?lang=es", TABLET, lang="es")
    table.wait_for_selector("#drawing svg.board")
    for guess in ("000000", "111111", "222222"):
        table.fill("#g-pin-input", guess)
        table.click("#g-pin-button")
        table.wait_for_function(
            "n => document.getElementById('feedback')?.textContent.length > 0", arg=1
        )
    alert = table.locator('#alerts article[data-code="pin_guessing"]')
    alert.wait_for()
    assert "3 PIN de mesa incorrectos" in alert.inner_text() and "wifi" in alert.inner_text()
    assert table.locator(".g-qr img").count() == 0  # still locked
    table.screenshot(path=str(test_output / "web-table-pin-alert.png"), full_page=True)
