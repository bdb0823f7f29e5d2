"""Renaming a seat from the table screen's join panel, in Chromium.

A name typed wrong at the start is put right on the table screen: each
seat's "Rename" (PIN-protected: the panel shows only once the PIN is known)
opens a field and "Save" in the panel itself, never a browser prompt; the
new name reaches the seat (the server's seats, the player's phone). The
field being typed in survives a live update (a phone joining meanwhile), an
empty name is not sent, "Cancel" changes nothing. Every control of the form
is at least 44 px tall. English on Imhotep, Spanish on Ceylon: the panel is
the same for every game. Screenshots: test-output/table-rename-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games import new_table_session
from companion.server.app import create_app
from tests.server.pages import PHONE, Opener

SCREEN = {"width": 1280, "height": 800}
PIN = "135790"

FORM_BOXES = """(seat) => [...document.querySelectorAll(
  `.g-rename[data-seat='${seat}'] input, .g-rename[data-seat='${seat}'] button`)].map(
  (e) => e.getBoundingClientRect().height)"""


def _table(open_page: Opener, url: str, lang: str) -> tuple[Any, list[str]]:
    page = open_page(url, SCREEN, lang=lang)
    dialogs: list[str] = []

    def refuse(dialog: Any) -> None:
        dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", refuse)
    return page, dialogs


def _wait_name(page: Any, selector: str, name: str) -> None:
    page.wait_for_function(
        "([s, n]) => { const e = document.querySelector(s); return e && e.textContent.includes(n); }",
        arg=[selector, name],
    )


def test_a_seat_is_renamed_in_the_join_panel(
    open_page: Opener, live_server: Any, test_output: Path
) -> None:
    session = new_table_session("imhotep", ["Ana", "Ben"], seed=5, pin=PIN)
    base = live_server(create_app(session))
    table, dialogs = _table(open_page, f"{base}/table?lang=en#pin={PIN}", "en")
    table.wait_for_selector(".g-qr[data-seat='1'] img")
    assert table.locator(".g-rename").count() == 0
    # Ben's seat: its field opens in the panel with his name, every control 44 px or more.
    table.click(".g-rename-open[data-seat='1']")
    field = table.locator("#g-rename-1")
    field.wait_for()
    assert field.input_value() == "Ben"
    assert "New name for Ben" in table.inner_text(".g-rename[data-seat='1']")
    heights = table.evaluate(FORM_BOXES, 1)
    assert len(heights) == 3 and min(heights) >= 44, heights
    table.screenshot(path=str(test_output / "table-rename-en.png"))
    # An empty name is not sent; Cancel leaves the name as it was.
    field.fill("   ")
    table.click(".g-rename[data-seat='1'] .g-rename-save")
    table.wait_for_timeout(200)
    assert session.seats[1].name == "Ben" and field.is_visible()
    table.click(".g-rename[data-seat='1'] .g-rename-cancel")
    table.wait_for_selector(".g-rename", state="detached")
    assert session.seats[1].name == "Ben"
    # Saved: the seat's name changes on the server and on the screen.
    table.click(".g-rename-open[data-seat='1']")
    table.fill("#g-rename-1", "  Bea   Ruiz ")
    table.click(".g-rename[data-seat='1'] .g-rename-save")
    table.wait_for_selector(".g-rename", state="detached")
    assert session.seats[1].name == "Bea Ruiz"
    _wait_name(table, ".g-qr[data-seat='1'] figcaption strong", "Bea Ruiz")
    # Ana's field keeps what is typed while her phone joins (a live update moves her seat
    # from the codes to the joined list), then her phone shows the new name.
    anas = table.inner_text(".g-qr[data-seat='0'] .g-url")
    table.click(".g-rename-open[data-seat='0']")
    table.fill("#g-rename-0", "Anabel")
    phone = open_page(anas, PHONE, lang="en")
    phone.wait_for_selector("#decision")
    table.wait_for_selector(".g-joined li[data-seat='0'] .g-rename")
    assert table.locator("#g-rename-0").input_value() == "Anabel"
    table.press("#g-rename-0", "Enter")
    _wait_name(table, ".g-joined li[data-seat='0'] .g-joined-name", "Anabel")
    assert session.seats[0].name == "Anabel"
    _wait_name(phone, "#app", "Anabel")
    assert not dialogs


def test_the_rename_words_are_spanish_on_a_spanish_screen(
    open_page: Opener, live_server: Any, test_output: Path
) -> None:
    session = new_table_session("ceylon", ["Ana", "Ben", "Cy"], seed=5, pin=PIN)
    base = live_server(create_app(session))
    table, dialogs = _table(open_page, f"{base}/table?lang=es#pin={PIN}", "es")
    table.wait_for_selector(".g-qr[data-seat='2'] img")
    assert table.inner_text(".g-rename-open[data-seat='2']") == "Cambiar nombre"
    table.click(".g-rename-open[data-seat='2']")
    form = table.locator(".g-rename[data-seat='2']")
    form.wait_for()
    words = form.inner_text()
    assert "Nuevo nombre para Cy" in words and "Guardar" in words and "Cancelar" in words
    table.screenshot(path=str(test_output / "table-rename-es.png"))
    table.fill("#g-rename-2", "Ciro")
    table.click(".g-rename[data-seat='2'] .g-rename-save")
    _wait_name(table, ".g-qr[data-seat='2'] figcaption strong", "Ciro")
    assert session.seats[2].name == "Ciro" and not dialogs
