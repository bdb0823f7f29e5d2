"""Helpers for the browser tests: page sizes and waiting for a state to show."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 1366}

Opener = Callable[..., Any]


#: Every stylesheet the page links has loaded (a game's drawing adds its own).
STYLED_JS = "() => [...document.querySelectorAll('link[rel=stylesheet]')].every((l) => l.sheet)"


def wait_state(page: Any, state_id: int, timeout: float = 5000) -> None:
    """Until the page shows ``state_id`` or later, styled by every sheet it links (a
    CI run under load measured a Rajas board before its drawing's sheet applied);
    polled: the pages' CSP forbids eval."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        shown = page.locator("body").get_attribute("data-state-id")
        if shown is not None and int(shown) >= state_id and page.evaluate(STYLED_JS):
            return
        assert time.monotonic() < deadline, f"the page still shows state {shown}, not {state_id}"
        time.sleep(0.01)


# Every box in one JavaScript task: the table redraws its board on each update,
# and a box asked for element by element can fall between a redraw's removal
# and its insertion (a CI run under load once measured no board at all).
BOXES_JS = """(selectors) => selectors.map((s) => {
    const e = document.querySelector(s);
    if (!e) return null;
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0
        ? {x: r.x, y: r.y, width: r.width, height: r.height} : null;
})"""


def boxes(page: Any, selectors: list[str], timeout: float = 5000) -> list[dict[str, float]]:
    """The boxes of ``selectors`` (CSS), all from one moment, once every one is drawn."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        found = page.evaluate(BOXES_JS, selectors)
        if all(found):
            return list(found)
        missing = [s for s, box in zip(selectors, found, strict=True) if not box]
        assert time.monotonic() < deadline, f"not drawn: {missing}"
        time.sleep(0.02)
