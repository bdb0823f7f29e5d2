"""Amritsar's upgrade on a phone (390x844, real Chromium), walked tap by tap.

The upgrade used to list every storehouse on every free space (27 buttons, the
last 3,168 px down). Folded (companion.games.amritsar.menu): each screen holds
at most eight buttons with different words, ending within one phone screen;
"Back" goes up a screen; the answer reached is the one sent, and one with a
follow-up (a storehouse's or an objective space's resource of your choice)
opens it first. Screenshots: test-output/amritsar-upgrade-<lang>-<n>.png.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.amritsar.session import TableSession
from companion.server import create_app
from companion.server.answer_menu import MOST
from engine.amritsar import Pending, decision, legal_actions
from tests.server.games import PIN, play_until
from tests.server.pages import PHONE, Opener, wait_state
from tests.server.test_browser_phone import check_controls

#: The answers on the decision's screen now: how many, their words, how far down.
SCREEN = """
() => {
  const buttons = [...document.querySelectorAll('#decision #answers button')]
    .filter((b) => b.getClientRects().length);
  // a button's words without the arrow that says it opens a screen
  return {words: buttons.map((b) => b.innerText.replace(/\\s*›$/, '').trim()),
          bottom: Math.max(0, ...buttons.map((b) => b.getBoundingClientRect().bottom + scrollY))};
}
"""


def _long_upgrade(session: TableSession) -> bool:
    """An upgrade of two kinds (a storehouse or a mahout) with many answers."""
    d = decision(session.state)
    answers = legal_actions(session.state)
    return (
        d.kind == Pending.UPGRADE
        and 0 <= d.player < len(session.state.players)
        and len(answers) > 2 * MOST
        and len({a.kind for a in answers}) >= 2
    )


def _screen(phone: Any, where: str) -> list[str]:
    found = phone.evaluate(SCREEN)
    words = found["words"]
    assert 2 <= len(words) <= MOST, f"{where}: {len(words)} buttons {words}"
    assert len(set(words)) == len(words), f"{where}: alike buttons {words}"
    assert found["bottom"] <= 844 * 1.5, f"{where}: last answer {found['bottom']:.0f} px down"
    check_controls(phone, where)
    return list(words)


def test_an_upgrade_is_walked_in_short_screens_and_sends_the_answer_reached(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana", "Ben", "Cy"], seed=5, pin=PIN)
    play_until(session, _long_upgrade, seed=3)
    state = session.state
    seat = decision(state).player
    base = live_server(create_app(session))
    for lang in ("en", "es"):
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[seat].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        phone.wait_for_selector("#decision #answers button")
        first = _screen(phone, f"{lang} upgrade, first screen")
        assert len(first) == 2, first  # the kinds: a storehouse or a mahout upgrade
        phone.screenshot(path=str(test_output / f"amritsar-upgrade-{lang}-0.png"), full_page=True)
        # down the menu: the first choice of each screen until an answer
        depth = 0
        while phone.locator("#answers button[data-menu]:not([data-opens])").count():
            phone.locator("#answers button[data-menu]:not([data-opens])").first.click()
            depth += 1
            phone.wait_for_selector("#answers .g-path")
            words = _screen(phone, f"{lang} upgrade, screen {depth}")
            assert phone.locator("#answers-back").count() == 1
            phone.screenshot(
                path=str(test_output / f"amritsar-upgrade-{lang}-{depth}.png"), full_page=True
            )
            assert depth < 5, "a menu deeper than an upgrade's steps"
        assert 1 <= depth <= 3, depth
        # Back goes up one screen, and down again
        phone.click("#answers-back")
        if depth == 1:
            phone.wait_for_selector("#answers .g-path", state="detached")
            assert _screen(phone, f"{lang} back") == first
        else:
            phone.wait_for_selector("#answers .g-path")
        phone.locator("#answers button[data-menu]:not([data-opens])").first.click()
        phone.wait_for_function(
            "(w) => [...document.querySelectorAll('#decision #answers button')]"
            ".map((b) => b.innerText.replace(/\\s*›$/, '').trim()).join('|') === w",
            arg="|".join(words),
        )
        if lang == "en":
            continue
        answer = phone.locator("#answers button[data-action], #answers button[data-opens]").first
        action = answer.get_attribute("data-action") or answer.get_attribute("data-opens")
        assert action in {str(a) for a in legal_actions(state)}
        opens = answer.get_attribute("data-opens") is not None
        entries = len(session.game.entries)
        answer.click()
        if opens:
            # its follow-up opens in place: its first answer sends both
            phone.wait_for_selector("#answers button[data-first]")
            _screen(phone, f"{lang} upgrade follow-up")
            phone.locator("#answers button[data-first]").first.click()
        deadline = time.monotonic() + 5
        while len(session.game.entries) <= entries and time.monotonic() < deadline:
            time.sleep(0.02)
        feedback = phone.locator("#feedback").inner_text()
        assert len(session.game.entries) > entries, f"nothing sent: {feedback!r}"
        assert str(session.game.action_at(entries)) == action


def _long_action_turn(session: TableSession) -> bool:
    d = decision(session.state)
    return (
        d.kind == Pending.ACTIONS
        and 0 <= d.player < len(session.state.players)
        and len(legal_actions(session.state)) > MOST
    )


def test_a_long_action_turn_puts_the_tiles_and_the_elephant_behind_a_button_each(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana", "Ben", "Cy"], seed=5, pin=PIN)
    play_until(session, _long_action_turn, seed=3)
    seat = decision(session.state).player
    base = live_server(create_app(session))
    for lang, group in (("en", "Activate your elephant"), ("es", "Activa tu elefante")):
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[seat].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        phone.wait_for_selector("#decision #answers button")
        first = _screen(phone, f"{lang} action turn")
        assert group in first, first
        phone.screenshot(path=str(test_output / f"amritsar-actions-{lang}-0.png"), full_page=True)
        phone.locator("#answers button[data-menu]", has_text=group).click()
        phone.wait_for_selector("#answers .g-path")
        inside = _screen(phone, f"{lang} action turn, {group}")
        assert all(w.startswith(("Elephant", "Elefante")) for w in inside[:-1]), inside
        phone.screenshot(path=str(test_output / f"amritsar-actions-{lang}-1.png"), full_page=True)
