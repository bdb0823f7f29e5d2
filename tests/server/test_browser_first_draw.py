"""A page's first view is drawn styled, for every game, in real headless Chromium.

Each game's drawing sheet (or, for a game without one, ``generic.css``) is held back
by the network for a while; a phone opening the game (390x844) and the table screen
opening its game-over screen must draw nothing before every sheet the page links has
applied, and no sheet may come later (a script that added its sheet when it first
drew showed a Rajas board wider than its box until the sheet arrived). A watcher
sees the page's links and whether each has loaded at the moment ``#app`` gets its
first element, and the widest element of the first drawing.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.games import new_table_session
from companion.server import create_app
from tests.server.games import PIN
from tests.server.pages import PHONE, wait_state

TABLE = {"width": 1280, "height": 800}
HOLD = 0.6  # seconds the held sheet waits before the server is asked

# At the first element put in #app, and at the first board drawing: every linked sheet,
# and which have not applied; the drawing's widest right edge against the page's width.
WATCH = """
(() => {
  const links = () => [...document.querySelectorAll('link[rel=stylesheet]')];
  const seen = (l) => ({ href: l.getAttribute('href'), applied: Boolean(l.sheet) });
  window.__firstDraw = null;
  window.__firstDrawing = null;
  new MutationObserver((records, observer) => {
    const app = document.getElementById('app');
    if (!window.__firstDraw && app && app.firstElementChild) {
      window.__firstDraw = links().map(seen);
    }
    const drawing = document.getElementById('drawing');
    if (drawing && drawing.firstElementChild) {
      let right = 0;
      for (const e of drawing.querySelectorAll('*')) right = Math.max(right, e.getBoundingClientRect().right);
      window.__firstDrawing = { sheets: links().map(seen), right, width: document.documentElement.clientWidth };
      observer.disconnect();
    }
  }).observe(document, { childList: true, subtree: true });
})();
"""
SEEN = "() => ({ draw: window.__firstDraw, drawing: window.__firstDrawing })"
LINKED = "() => [...document.querySelectorAll('link[rel=stylesheet]')].map((l) => l.getAttribute('href'))"


@pytest.fixture
def held_page(browser: Any) -> Iterator[Callable[[str, dict[str, int], str], Any]]:
    """Open a URL with ``held`` (a sheet's path) answered late; script errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def opener(url: str, viewport: dict[str, int], held: str) -> Any:
        context = browser.new_context(viewport=viewport, locale="en-GB")
        contexts.append(context)
        context.add_init_script(WATCH)

        def late(route: Any) -> None:
            time.sleep(HOLD)
            route.continue_()

        context.route(f"**{held}", late)
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        return page

    yield opener
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the pages: {errors}"


def first_views(page: Any, state_id: int, *, drawn: bool) -> dict[str, Any]:
    wait_state(page, state_id, timeout=15000)
    if drawn:
        page.wait_for_selector("#drawing > *", state="attached", timeout=15000)
    seen: dict[str, Any] = page.evaluate(SEEN)
    assert seen["draw"] is not None, "#app was never drawn"
    linked = page.evaluate(LINKED)
    # every sheet was there, applied, at the first draw, and none came later
    assert [s["href"] for s in seen["draw"] if not s["applied"]] == []
    assert [s["href"] for s in seen["draw"]] == linked
    return seen


@pytest.mark.parametrize(
    ("game", "held"),
    [
        ("amritsar", "/static/amritsar_drawing.css"),
        ("rajas", "/static/rajas_drawing.css"),
        ("imhotep", "/static/generic.css"),
        ("ceylon", "/static/generic.css"),
    ],
)
def test_nothing_is_drawn_before_its_sheets_apply(
    game: str, held: str, live_server: Callable[[Any], str], held_page: Any
) -> None:
    session = new_table_session(game, ["Ana", "Ben"], seed=2, pin=PIN)
    base = live_server(create_app(session))

    phone = held_page(f"{base}/play#token={session.seats[0].token}", PHONE, held)
    seen = first_views(phone, session.state_id, drawn=True)
    assert held in [s["href"] for s in seen["draw"]]
    drawing = seen["drawing"]
    assert [s["href"] for s in drawing["sheets"] if not s["applied"]] == []
    assert drawing["right"] <= drawing["width"] + 0.5, f"the first drawing is wider: {drawing}"

    assert session.end(session.state_id).ok
    table = held_page(f"{base}/table#pin={PIN}", TABLE, held)
    first_views(table, session.state_id, drawn=False)
    assert table.locator("#winner").count() == 1, "no game-over screen"
