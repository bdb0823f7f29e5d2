"""Ceylon with unknown hands on a phone (390x844, real Chromium): the play is asked as
"which card did you play", nothing claims to know the hand, in English and Spanish."""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.server import create_app
from tests.server.pages import PHONE, Opener, wait_state

SIZES = """
() => {
  const out = [];
  for (const el of document.querySelectorAll('button')) {
    const r = el.getBoundingClientRect();
    if (r.width && r.height) out.push({h: r.height, w: r.width, right: r.right, text: el.innerText});
  }
  return {buttons: out, width: document.documentElement.scrollWidth, text: document.body.innerText};
}
"""


def test_the_phone_asks_which_card_was_played_and_shows_no_hand(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path, tmp_path: Path
) -> None:
    session = open_any_session(
        tmp_path / "g.sqlite",
        "ceylon",
        ["Ana", "Ben", "Cy"],
        options=["unknown_hands"],
        public_seed=2,
        draws="phones",
    )
    assert isinstance(session, RulesSession)
    rules = session.rules
    rng = random.Random(1)
    while session.state.phase != "PLAY":  # setup answered as the phones would
        seat = session.seat_view(None)["decision"]["seat"]
        action = rules.format_action(rng.choice(rules.legal_actions(session.state)))
        assert session.answer(seat, action, session.state_id).ok
    seat = session.seat_view(None)["decision"]["seat"]
    base = live_server(create_app(session))
    asks = {"en": "Which card did you play", "es": "¿Qué carta has jugado"}
    for lang, hand, count in (
        ("en", "My hand", "Cards in hand"),
        ("es", "Mi mano", "Cartas en la mano"),
    ):
        page = open_page(
            f"{base}/play?lang={lang}#token={session.seats[seat].token}", PHONE, lang=lang
        )
        wait_state(page, session.state_id)
        page.screenshot(
            path=str(test_output / f"ceylon-unknown-hand-play-{lang}.png"), full_page=True
        )
        found = page.evaluate(SIZES)
        assert hand not in found["text"]  # the companion does not know the hand
        assert asks[lang] in found["text"]  # the play names the card, as the question says
        assert found["buttons"], "no answer to tap"
        assert all(b["h"] >= 44 for b in found["buttons"]), found["buttons"]
        assert found["width"] <= PHONE["width"]  # nothing past the right edge
        assert count in found["text"] or "3" in found["text"]
        page.close()
