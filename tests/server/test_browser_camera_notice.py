"""The camera's notice on the generic table screen and phones (real headless Chromium).

Ceylon (a game read through ``GameCameraLoop``): its real reader given frames
with no board in them says the board is not found; the table screen and a
phone show it as one alert in the page's language only (English or Spanish);
frames with the board in view (the table's own renderer) take it down.
Screenshots: test-output/camera-notice-ceylon-*.png.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from companion.game_camera import NOTICE_FRAMES, GameCameraLoop
from companion.games import new_table_session
from companion.rules_session import RulesSession
from companion.server import create_app
from tests.server.games import PIN
from tests.server.pages import PHONE, Opener, wait_state
from tests.server.test_browser_generic import TABLE
from vision.games import table_for
from vision.sources import Frame


def test_the_camera_notice_shows_in_both_languages_and_goes_when_fixed(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table_session("ceylon", ["Ana", "Ben"], seed=5, pin=PIN)
    assert isinstance(session, RulesSession)
    session.use_camera()
    table = table_for("ceylon")
    assert table is not None
    loop = GameCameraLoop(session, None, table.reader(None, 2, tuple(session.game.options)))
    dark = Frame(np.zeros((1200, 1600, 3), np.uint8), 0, 0.0)
    for _ in range(NOTICE_FRAMES):
        loop.step(dark)
    [alert] = [a for a in session.alerts if a.code == "camera_notice"]
    assert "board" in alert.en and "tablero" in alert.es
    base = live_server(create_app(session))
    pages = []
    for lang, words, other in (("en", alert.en, alert.es), ("es", alert.es, alert.en)):
        screen = open_page(f"{base}/table?lang={lang}#pin={PIN}", TABLE, lang=lang)
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang
        )
        for page, where in ((screen, "table"), (phone, "phone")):
            wait_state(page, session.state_id)
            card = page.locator('#alerts article[data-code="camera_notice"]')
            card.wait_for()
            text = " ".join(card.inner_text().split())
            assert words in text, (lang, where, text)
            assert other not in text, (lang, where, text)
            assert card.locator(".g-rule").count() == 0  # no rulebook section: the camera's own
            page.screenshot(path=str(test_output / f"camera-notice-ceylon-{where}-{lang}.png"))
        pages += [screen, phone]
    # The board comes into view: the notice goes from every screen.
    image = table.render(session.rules.observe(session.state).as_seen(), seed=11)  # type: ignore[arg-type]
    table.forget()
    for n in range(NOTICE_FRAMES):
        loop.step(Frame(image, n + 1, (n + 1) / 10))
    assert not [a for a in session.alerts if a.code == "camera_notice"]
    for page in pages:
        wait_state(page, session.state_id)
        page.wait_for_selector('#alerts article[data-code="camera_notice"]', state="detached")
