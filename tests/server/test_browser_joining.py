"""Joining in Chromium, as the person setting up the table meets it.

The PIN typed on the start page (or given as ``/table#pin=...``, then taken
out of the address bar) is kept for the table screen's browser session: the
game's table screen shows each seat's QR code without asking again (no
prompt, no PIN field), and so does the start page that "New game" brings
back. A seat's code is shown until its phone joins, then hidden, on the
generic table screen (Imhotep) as on Amritsar's. A table screen opened
without the PIN asks once, in the page; a refused PIN is forgotten and asked
once more. Any browser dialog fails a test: none should open. Screenshots go
to test-output/table-joining-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games import new_table_session
from companion.games.amritsar.resume import open_session
from companion.server.app import create_app
from companion.server.start import StartApp, StartChoice, TableSwitch
from companion.table_session import TableBase
from tests.server.pages import PHONE, Opener

SCREEN = {"width": 1280, "height": 800}
PIN = "135790"
KEY = "amritsar.pin"  # pin.js's sessionStorage key


def _switch(games: Path) -> TableSwitch:
    """The start page, starting Amritsar (logged, seeded) or a generic game (seeded)."""
    started = [0]

    def starter(choice: StartChoice) -> TableBase:
        if choice.game != "amritsar":
            return new_table_session(choice.game, list(choice.names), seed=5, pin=PIN)
        started[0] += 1
        path = choice.resume or games / f"new-{started[0]}.sqlite"
        session = open_session(path, list(choice.names), seed=5, game="amritsar", pin=PIN)
        session.pin = PIN
        return session

    games.mkdir(parents=True, exist_ok=True)
    return TableSwitch(StartApp(pin=PIN, games=games, starter=starter), create_app)


def _screen(
    open_page: Opener, url: str, lang: str = "en", *, confirm: bool = False
) -> tuple[Any, list[str]]:
    """The table screen's page and the dialogs it opened (none expected; with
    ``confirm``, "are you sure?" confirmations are answered yes and not listed)."""
    page = open_page(url, SCREEN, lang=lang)
    dialogs: list[str] = []

    def refuse(dialog: Any) -> None:
        if confirm and dialog.type == "confirm":
            dialog.accept()
            return
        dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    page.on("dialog", refuse)
    return page, dialogs


def _start(page: Any, game: str, names: tuple[str, ...], pin: str | None = PIN) -> None:
    page.wait_for_selector("#start-form")
    page.check(f"input[name='game'][value='{game}']")
    page.click(f"[data-count='{len(names)}']")
    for n, name in enumerate(names, 1):
        page.fill(f"#name-{n}", name)
    if pin is not None:
        page.fill("#start-pin", pin)
    page.click("#start-button")


def _kept(page: Any) -> str | None:
    kept: str | None = page.evaluate(f"() => sessionStorage.getItem('{KEY}')")
    return kept


def test_the_generic_table_shows_a_seat_s_code_until_it_joins(
    tmp_path: Path, open_page: Opener, live_server: Any, test_output: Path
) -> None:
    switch = _switch(tmp_path / "games")
    base = live_server(switch)
    anas = ""  # Ana's link, once read from her code
    for lang in ("en", "es"):
        table, dialogs = _screen(open_page, f"{base}/table?lang={lang}", lang, confirm=True)
        if lang == "en":
            _start(table, "imhotep", ("Ana", "Ben"))
        else:  # the PIN is kept by the English screen's session only: this one is new
            assert switch.session is not None
        if lang == "es":
            table.fill("#g-pin-input", PIN)
            table.click("#g-pin-button")
        table.wait_for_selector(".g-qr[data-seat='1'] img")
        assert table.locator("#g-pin-input").count() == 0 and not dialogs
        assert _kept(table) == PIN
        codes = table.locator(".g-qr img")
        if lang == "en":
            assert codes.count() == 2 and table.locator(".g-joined li").count() == 0
            for seat in (0, 1):  # each code with its link (for a phone without a camera)
                url = table.inner_text(f".g-qr[data-seat='{seat}'] .g-url")
                assert "/play#token=" in url
            # Ana's phone joins: her code goes, Ben's stays.
            anas = table.inner_text(".g-qr[data-seat='0'] .g-url")
            phone = open_page(anas, PHONE, lang=lang)
            phone.wait_for_selector("#decision")
        table.wait_for_selector(".g-qr[data-seat='0']", state="detached")
        assert table.locator(".g-qr[data-seat='1'] img").is_visible()
        assert table.locator(".g-qr img").count() == 1
        joined = table.inner_text(".g-joined li[data-seat='0']")
        assert "Ana" in joined and ("código oculto" if lang == "es" else "code hidden") in joined
        assert anas and anas not in table.inner_text("#app")  # her link is nowhere on the screen
        # Joining before the scores while a seat is still to join. Both boxes are
        # taken in one step in the page, once both are laid out: the join re-renders
        # the screen, and a box asked for by a second call could fall mid-render.
        tops = table.wait_for_function(
            """() => {
              const join = document.getElementById('join');
              const scores = document.getElementById('scores');
              if (!join || !scores) return null;
              const a = join.getBoundingClientRect();
              const b = scores.getBoundingClientRect();
              if (!a.height || !b.height) return null;  // not laid out (yet)
              return {join: a.top, scores: b.top};
            }"""
        ).json_value()
        assert tops["join"] < tops["scores"], tops
        table.screenshot(path=str(test_output / f"table-joining-imhotep-{lang}.png"))
        # A reload asks nothing: the PIN is kept for this browser session.
        table.reload()
        table.wait_for_selector(".g-qr[data-seat='1'] img")
        assert table.locator("#g-pin-input").count() == 0 and not dialogs
    # Ana's phone lost: a new code (confirmed) shows her seat again, with a new link.
    table.click(".g-joined li[data-seat='0'] button.g-new-code")
    table.wait_for_selector(".g-qr[data-seat='0'] img")
    fresh = table.inner_text(".g-qr[data-seat='0'] .g-url")
    assert "/play#token=" in fresh and fresh != anas
    assert table.locator(".g-joined li").count() == 0 and not dialogs


def test_a_table_screen_without_the_pin_asks_once_in_the_page(
    open_page: Opener, live_server: Any, test_output: Path
) -> None:
    session = new_table_session("ceylon", ["Ana", "Ben", "Cy"], seed=5, pin=PIN)
    base = live_server(create_app(session))
    table, dialogs = _screen(open_page, f"{base}/table?lang=es", "es")
    table.wait_for_selector("#g-pin-input")
    assert table.locator(".g-qr").count() == 0
    assert "PIN de la mesa" in table.inner_text("#join")
    # A wrong PIN: refused in words, the field stays, nothing kept.
    table.fill("#g-pin-input", "000000")
    table.click("#g-pin-button")
    table.wait_for_selector("#feedback.refused")
    assert "no es el PIN" in table.inner_text("#feedback")
    assert table.locator("#g-pin-input").is_visible() and _kept(table) is None
    table.screenshot(path=str(test_output / "table-joining-pin-es.png"))
    table.fill("#g-pin-input", PIN)
    table.press("#g-pin-input", "Enter")
    table.wait_for_selector(".g-qr[data-seat='2'] img")
    assert table.locator(".g-qr img").count() == 3 and _kept(table) == PIN
    table.reload()
    table.wait_for_selector(".g-qr[data-seat='2'] img")
    assert table.locator("#g-pin-input").count() == 0 and not dialogs


def test_a_refused_kept_pin_is_forgotten_and_asked_once(
    open_page: Opener, live_server: Any
) -> None:
    session = new_table_session("imhotep", ["Ana", "Ben"], seed=5, pin=PIN)
    base = live_server(create_app(session))
    table, dialogs = _screen(open_page, f"{base}/table?lang=en#pin=999999")
    table.wait_for_selector("#g-pin-input")
    assert "#pin" not in table.url and "999999" not in table.url
    assert _kept(table) is None and table.locator(".g-qr").count() == 0
    assert "not the table PIN" in table.inner_text("#feedback")
    table.fill("#g-pin-input", PIN)
    table.click("#g-pin-button")
    table.wait_for_selector(".g-qr[data-seat='1'] img")
    assert _kept(table) == PIN and not dialogs


def test_the_start_page_takes_the_pin_from_its_link(
    tmp_path: Path, open_page: Opener, live_server: Any, test_output: Path
) -> None:
    switch = _switch(tmp_path / "games")
    base = live_server(switch)
    page, dialogs = _screen(open_page, f"{base}/table?lang=en#pin={PIN}")
    page.wait_for_selector("#pin-kept")
    assert page.url == f"{base}/table?lang=en"  # taken out of the address bar
    assert page.locator("#start-pin").count() == 0 and _kept(page) == PIN
    page.screenshot(path=str(test_output / "table-joining-start-pin-kept-en.png"))
    _start(page, "rajas", ("Ana", "Ben"), pin=None)
    page.wait_for_selector(".g-qr[data-seat='1'] img")
    assert page.locator(".g-qr img").count() == 2 and not dialogs
    assert page.locator("#g-pin-input").count() == 0


def test_a_wrong_pin_in_the_start_page_s_link_is_asked_for_once(
    tmp_path: Path, open_page: Opener, live_server: Any
) -> None:
    switch = _switch(tmp_path / "games")
    base = live_server(switch)
    page, dialogs = _screen(open_page, f"{base}/table?lang=es#pin=000000")
    page.wait_for_selector("#pin-kept")
    _start(page, "imhotep", ("Ana", "Ben"), pin=None)
    page.wait_for_selector("#start-pin[aria-invalid='true']")
    assert "no es el PIN" in page.inner_text("#start-message")
    assert _kept(page) is None and switch.session is None
    page.fill("#start-pin", PIN)
    page.click("#start-button")
    page.wait_for_selector(".g-qr[data-seat='1'] img")
    assert not dialogs and _kept(page) == PIN


def test_amritsar_new_game_does_not_ask_for_the_pin_again(
    tmp_path: Path, open_page: Opener, live_server: Any, test_output: Path
) -> None:
    switch = _switch(tmp_path / "games")
    base = live_server(switch)
    page, dialogs = _screen(open_page, f"{base}/table?lang=en")
    _start(page, "amritsar", ("Ana", "Ben"))
    page.wait_for_selector(".g-qr[data-seat='1'] img")
    assert page.locator("#g-pin-input").count() == 0 and page.locator(".g-qr img").count() == 2
    # Ben's phone joins: his code goes, Ana's stays.
    session = switch.session
    assert session is not None
    ben = next(s for s in session.seats if s.name == "Ben")
    phone = open_page(f"{base}/play#token={ben.token}", PHONE)
    phone.wait_for_selector("#decision")
    page.wait_for_selector(f".g-joined li[data-seat='{ben.index}']")
    assert page.locator(f".g-qr[data-seat='{ben.index}'] img").count() == 0
    assert page.locator(".g-qr img").count() == 1
    page.screenshot(path=str(test_output / "table-joining-amritsar-en.png"))
    # The game ended, "New game": the start page knows the PIN.
    for control in ("#menu-button", "#menu-end", "#confirm-yes"):
        page.click(control)
    page.click("#menu-button")
    page.click("#menu-new")
    page.click("#confirm-yes")
    page.wait_for_selector("#pin-kept")
    assert page.locator("#start-pin").count() == 0
    _start(page, "ceylon", ("Eva", "Fer"), pin=None)
    page.wait_for_selector(".g-qr[data-seat='1'] img")
    assert page.locator("#g-pin-input").count() == 0 and not dialogs


def test_generic_new_game_does_not_ask_for_the_pin_again(
    tmp_path: Path, open_page: Opener, live_server: Any, test_output: Path
) -> None:
    switch = _switch(tmp_path / "games")
    base = live_server(switch)
    page, dialogs = _screen(open_page, f"{base}/table?lang=es", "es", confirm=True)
    _start(page, "imhotep", ("Ana", "Ben"))
    page.wait_for_selector(".g-qr[data-seat='1'] img")
    # The table ends the game (confirmed), then "New game" (confirmed): no PIN asked.
    page.click("#table-more > summary")  # End the game sits behind the table's "More" fold
    page.click("#end-game")
    page.wait_for_selector("#new-game")
    assert page.locator("#join").count() == 0  # no codes once the game is over
    page.click("#new-game")
    page.wait_for_selector("#pin-kept")
    assert page.locator("#start-pin").count() == 0 and switch.session is None
    page.screenshot(path=str(test_output / "table-joining-new-game-es.png"))
    _start(page, "rajas", ("Eva", "Fer"), pin=None)
    page.wait_for_selector(".g-qr[data-seat='1'] img")
    assert page.locator("#g-pin-input").count() == 0 and not dialogs
