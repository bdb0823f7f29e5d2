"""How long the generic pages are under a board drawing, in real headless Chromium.

Imhotep, Ceylon and Rajas of the Ganges are served some way into a game and at
their end (seeded answers from the deciding phones, ``tests.server.generic_games``);
the table screen (1280x800, English) and the deciding player's phone (390x844,
Spanish) are measured. Below the drawing, the worded panels it already shows
(``board.drawn``) sit in one closed "The board in words" / "El tablero en
palabras" whose summary is a 44 px tap, with every drawn panel inside it and
none left open outside; the words under the drawing stay short; the history
shows at most its last 10 lines open, the rest behind a closed fold. Each
page's height goes to test-output/page-lengths.txt and a screenshot to
test-output/short-<game>-<when>-<screen>.png for a person to look at.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.rules_session import RulesSession
from companion.server import create_app
from companion.sim.generic_demo import SimPhone
from tests.server.games import PIN
from tests.server.generic_games import new_game, play_to_end
from tests.server.pages import PHONE, Opener, wait_state

TABLE = {"width": 1280, "height": 800}
PLAYERS = {"imhotep": 3, "ceylon": 4, "rajas": 4}
#: The most the open words under the drawing may take (px): the board's open panels,
#: the players' rows the drawing does not show and the closed fold.
BELOW = {"phone": 1100, "table": 600}

MEASURE = """
() => {
  const board = document.getElementById('board');
  const fold = document.getElementById('board-words');
  const drawing = document.getElementById('drawing');
  const log = document.getElementById('log');
  const rect = (el) => el ? el.getBoundingClientRect() : null;
  const earlier = log.querySelector('details');
  return {
    height: document.documentElement.scrollHeight,
    board: rect(board).height,
    below: drawing ? rect(drawing).bottom <= rect(board).top : false,
    fold: fold ? {
      open: fold.open,
      height: rect(fold).height,
      summary: rect(fold.querySelector('summary')).height,
      title: fold.querySelector('summary').innerText.trim(),
      keys: [...fold.querySelectorAll('section.g-area')].map((s) => s.dataset.key),
      words: fold.textContent.length,
    } : null,
    openKeys: [...board.querySelectorAll('section.g-area')].filter((s) => !s.closest('details'))
      .map((s) => s.dataset.key),
    logShown: log.querySelectorAll(':scope > ol > li').length,
    logFolded: earlier ? { open: earlier.open, lines: earlier.querySelectorAll('li').length,
      summary: rect(earlier.querySelector('summary')).height } : null,
  };
}
"""


def play_some(session: RulesSession, answers: int, seed: int = 3) -> None:
    """``answers`` answers from the deciding phones (as ``play_to_end``, stopping early)."""
    phones = [
        SimPhone(session, s.index, None, random.Random(seed * 100 + s.index)) for s in session.seats
    ]
    for _ in range(answers):
        seat = session.seat_view(None)["decision"]["seat"]
        assert seat is not None
        option = phones[seat].choose()
        assert phones[seat].send(option["action"], session.state_id).ok


@pytest.mark.parametrize("when", ["mid", "over"])
@pytest.mark.parametrize("game", ["imhotep", "ceylon", "rajas"])
def test_the_words_under_the_drawing_are_short(
    game: str,
    when: str,
    tmp_path: Path,
    live_server: Any,
    open_page: Opener,
    test_output: Path,
) -> None:
    session = new_game(game, PLAYERS[game], tmp_path / "game.log")
    if when == "mid":
        play_some(session, 60)
    else:
        play_to_end(session)
    view = session.seat_view(None)
    payload = create_app(session)
    base = live_server(payload)
    board = payload.state.payloads.view(None)["board"]
    drawn = set(board["drawn"]["panels"]) & {p["key"] for p in board["panels"]}
    assert drawn, f"{game}: the drawing shows none of the panels"
    seat = view["decision"]["seat"] if view["decision"]["seat"] is not None else 0
    screens = {
        "table": (f"{base}/table?lang=en#pin={PIN}", TABLE, "en", "The board in words"),
        "phone": (
            f"{base}/play?lang=es#token={session.seats[seat].token}",
            PHONE,
            "es",
            "El tablero en palabras",
        ),
    }
    lines = []
    for screen, (url, size, lang, title) in screens.items():
        where = f"{game} {when} {screen}"
        page = open_page(url, size, lang=lang)
        wait_state(page, session.state_id)
        page.wait_for_selector("#board-words")
        found = page.evaluate(MEASURE)
        fold = found["fold"]
        assert fold["title"] == title, where
        assert not fold["open"] and fold["summary"] >= 44, (where, fold)
        assert drawn <= set(fold["keys"]), (where, fold["keys"])
        assert not drawn & set(found["openKeys"]), (where, found["openKeys"])
        assert found["below"], f"{where}: the words are not under the drawing"
        assert found["board"] <= BELOW[screen], (where, found["board"])
        assert found["logShown"] <= 10, where
        if len(view["log"]) > 10:
            earlier = found["logFolded"]
            assert earlier and not earlier["open"], where
            assert earlier["lines"] == len(view["log"]) - found["logShown"], where
            assert earlier["summary"] >= 44, where
        # the folded words are still in the page for a screen reader, and open with one tap
        page.locator("#board-words > summary").click()
        opened = page.evaluate(MEASURE)
        # (the fold's own height: a table screen's page may fit its window either way)
        assert opened["fold"]["open"] and opened["fold"]["height"] > fold["height"], where
        # a fold the player opened stays open when the page is drawn again (here: language)
        page.locator("#lang").click()
        again = page.evaluate(MEASURE)
        assert again["fold"]["open"] and again["fold"]["title"] != title, where
        page.locator("#lang").click()
        page.locator("#board-words > summary").click()
        name = f"short-{game}-{when}-{screen}.png"
        page.screenshot(path=str(test_output / name), full_page=True)
        lines.append(
            f"{game} {when} {screen} {size['width']}x{size['height']}: {found['height']} px"
        )
    with (test_output / "page-lengths.txt").open("a", encoding="utf-8") as out:
        out.write("\n".join(lines) + "\n")
