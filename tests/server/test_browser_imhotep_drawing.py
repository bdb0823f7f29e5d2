"""Imhotep's board drawing in real headless Chromium, on the table screen and a phone.

A 3-player game (side A, then every site on side B) is played some way in;
the table screen (1280x800) and a phone (390x844, English and Spanish) must
show the drawing above the panels with the four boats, each with its slots
(stones and visibly empty slots), every stone of the state with its player's
mark, every label at least 12 px, and the phone without horizontal scroll.
Screenshots go to /tmp/imhoview-*.png for a person to look at.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games import new_table_session
from companion.rules_session import RulesSession
from companion.server import create_app
from companion.server.drawings import marks
from tests.server.games import PIN
from tests.server.pages import PHONE, Opener, wait_state

TABLE = {"width": 1280, "height": 800}
SHOTS = Path("/tmp")

MEASURE = """
() => {
  const root = document.getElementById('drawing');
  const small = [];
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('title')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) size *= el.getScreenCTM().a;
    if (size < 12) small.push([el.textContent.trim().slice(0, 30), size]);
  }
  const boats = [...root.querySelectorAll('figure.i-boat')].map((b) => ({
    stones: b.querySelectorAll('g.i-stone').length,
    slots: b.querySelectorAll('g.i-stone, g.i-slot').length,
  }));
  const marks = [...root.querySelectorAll('g.i-stone text')].map((t) => t.textContent);
  const panels = document.querySelector('#board');
  return {
    small, boats, marks,
    stones: root.querySelectorAll('g.i-stone').length,
    sites: root.querySelectorAll('figure.i-site').length,
    cards: root.querySelectorAll('.i-card').length,
    above: panels ? root.getBoundingClientRect().bottom <= panels.getBoundingClientRect().top : false,
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
    text: root.innerText,
  };
}
"""


def play_in(session: RulesSession, moves: int, seed: int) -> None:
    """Seeded random legal moves, as the camera would report them."""
    rng = random.Random(seed)
    for _ in range(moves):
        actions = session.rules.legal_actions(session.state)
        assert session.apply_actions([rng.choice(actions)], "camera").ok


def expected(session: RulesSession) -> dict[str, Any]:
    """What the drawing must show, read from the state."""
    state = session.state
    on_sites = (
        sum(len(p) for p in state.pyramid)
        + len(state.temple)
        + len(state.burial)
        + sum(state.obelisk)
        + len(state.towers)
    )
    boats = [(sum(1 for o in b.slots if o >= 0), len(b.slots)) for b in state.boats]
    legend = state.players  # one stone per player beside their name
    stones = sum(n for n, _ in boats) + on_sites + sum(state.sled) + legend
    # the face-up market cards and, on side B, the face-down ones drawn as card backs
    return {"boats": boats, "stones": stones, "cards": len(state.market) + state.hidden}


def check(page: Any, session: RulesSession, where: str, *, phone: bool) -> dict[str, Any]:
    page.locator("#drawing").wait_for()
    found: dict[str, Any] = page.evaluate(MEASURE)
    want = expected(session)
    assert [(b["stones"], b["slots"]) for b in found["boats"]] == want["boats"], where
    assert len(found["boats"]) == 4, where
    assert found["stones"] == want["stones"], where
    assert found["sites"] == 5 and found["cards"] == want["cards"], where
    assert set(found["marks"]) == set(marks([s.name for s in session.seats])), where
    assert not found["small"], f"{where}: labels under 12 px: {found['small']}"
    assert found["above"], f"{where}: the drawing is not above the panels"
    if phone:
        assert found["scrollWidth"] <= found["width"], f"{where}: scrolls sideways"
    return found


@pytest.mark.parametrize("sides", ["a", "b"])
def test_the_board_is_drawn_on_the_table_screen_and_a_phone(
    sides: str, live_server: Callable[[Any], str], open_page: Opener
) -> None:
    options = ["all-b"] if sides == "b" else []
    session = new_table_session("imhotep", ["Ana", "Ben", "Cy"], options, seed=5, pin=PIN)
    assert isinstance(session, RulesSession)
    play_in(session, 40, seed=3)
    base = live_server(create_app(session))
    table = open_page(f"{base}/table?lang=en", TABLE)
    wait_state(table, session.state_id)
    check(table, session, f"{sides} table", phone=False)
    table.screenshot(path=str(SHOTS / f"imhoview-table-{sides}.png"), full_page=True)
    for lang in ("en", "es"):
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        found = check(phone, session, f"{sides} phone {lang}", phone=True)
        if lang == "es":
            assert "Barcos, proa a la izquierda" in found["text"] and "Boat" not in found["text"]
        else:
            assert "Boats, bow on the left" in found["text"]
        phone.locator("#drawing").scroll_into_view_if_needed()
        phone.screenshot(path=str(SHOTS / f"imhoview-phone-{sides}-{lang}.png"))
        phone.locator("#drawing").screenshot(
            path=str(SHOTS / f"imhoview-phone-drawing-{sides}-{lang}.png")
        )
