"""Seat chips in the history, for every game, in Chromium.

Each history line the view says a seat made (``log[*].seat``) starts with
that seat's chip on the generic pages: its colour (``.g-dot``) and its mark
(``seats[*].mark``, the letter its pieces carry on the board drawing), never
the colour alone; a line no seat made (a draw) has none. Checked on the table
screen of each of the four games after a few seeded moves, against the view
the server sends (so a line with a seat and no chip, or a chip of the wrong
seat, fails). Screenshots: test-output/log-chips-<game>.png.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.games import new_table_session
from companion.games.amritsar.session import TableSession
from companion.server.app import create_app
from companion.server.payloads import payloads_for
from engine.amritsar import legal_actions
from tests.server.pages import Opener, wait_state
from tests.server.test_browser_answers import advance

SCREEN = {"width": 1280, "height": 800}
PIN = "4821"
NAMES = ["Ana", "Ben", "Beto"]  # two initials shared: the marks tell Ben and Beto apart

CHIPS = """() => [...document.querySelectorAll('#log > ol > li')].map((li) => {
  const chip = li.querySelector(':scope > .g-seat-chip');
  if (!chip) return null;
  const dot = chip.querySelector('.g-dot');
  const mark = chip.querySelector('.g-mark');
  return { seat: Number(chip.dataset.seat), colour: dot ? dot.dataset.colour : null,
           mark: mark ? mark.textContent : null,
           px: mark ? parseFloat(getComputedStyle(mark).fontSize) : 0,
           dot: dot ? dot.getBoundingClientRect().width : 0 };
})"""


def _session(game: str) -> Any:
    rng = random.Random(3)
    if game == "amritsar":
        session = TableSession.new(NAMES, seed=5, pin=PIN)
        for _ in range(14):
            assert session.apply_actions([rng.choice(legal_actions(session.state))], "camera").ok
        return session
    session = new_table_session(game, NAMES, seed=5, pin=PIN)
    advance(session, rng, 14)
    return session


def _drawn_marks(drawing: dict[str, Any]) -> dict[int, str]:
    """Each seat's mark as the board drawing carries it."""
    owners = drawing.get("players") or drawing.get("seats") or []
    return {int(p["seat"]): str(p["mark"]) for p in owners}


@pytest.mark.parametrize(
    ("game", "lang"), [("amritsar", "en"), ("imhotep", "es"), ("ceylon", "en"), ("rajas", "es")]
)
def test_history_lines_carry_their_seat_s_chip(
    game: str, lang: str, live_server: Any, open_page: Opener, test_output: Path
) -> None:
    session = _session(game)
    view = payloads_for(session).view(None)
    seats = {int(s["index"]): s for s in view["seats"]}
    drawn = _drawn_marks(view["board"]["drawing"])
    assert drawn and all(seats[i]["mark"] == mark for i, mark in drawn.items()), (drawn, seats)
    assert len({s["mark"] for s in seats.values()}) == len(seats)  # every seat told apart
    shown = list(reversed(view["log"]))[:10]
    assert any(line["seat"] is not None for line in shown)
    base = live_server(create_app(session))
    table = open_page(f"{base}/table?lang={lang}", SCREEN, lang=lang)
    table.wait_for_selector("#log li")
    wait_state(table, session.state_id)
    chips = table.evaluate(CHIPS)
    assert len(chips) == len(shown)
    for line, chip in zip(shown, chips, strict=True):
        if line["seat"] is None:
            assert chip is None, (line, chip)
            continue
        seat = seats[int(line["seat"])]
        assert chip is not None, line
        assert chip["seat"] == seat["index"] and chip["colour"] == seat["colour"], (line, chip)
        assert chip["mark"] == seat["mark"] and chip["px"] >= 12 and chip["dot"] > 0, chip
    table.locator("#log").scroll_into_view_if_needed()
    table.screenshot(path=str(test_output / f"log-chips-{game}.png"))
