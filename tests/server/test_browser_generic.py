"""Imhotep on the generic renderer in real headless Chromium, measured in both languages.

A phone (390x844) answers its decisions by tapping the buttons the page
shows, in English and then in Spanish, while the table screen (1280x800)
follows. At each screen: the question sits on the first screen under the top
bar, every control is at least 44 px and has 4.5:1 contrast, and a Spanish
page holds none of the English words of the page or the board. A refused
illegal answer (sent as a phone would) comes back naming the rule.
Screenshots go to test-output/ for a person to look at.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games import new_table_session
from companion.games.imhotep.words import IMHOTEP
from companion.rules_session import RulesSession
from companion.server import create_app
from companion.server.payload_generic import GenericPayloads
from companion.server.view_words import PAGE, words_for
from tests.server.games import PIN
from tests.server.pages import PHONE, Opener, wait_state

TABLE = {"width": 1280, "height": 800}

MEASURE = """
() => {
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const opaque = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3] > 0.5)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const out = [];
  for (const el of document.querySelectorAll('button, summary, a[href]')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    out.push({text: (el.innerText || '').trim().slice(0, 40),
              fg: parse(getComputedStyle(el).color).slice(0, 3), bg: opaque(el),
              width: r.width, height: r.height});
  }
  const top = document.querySelector('header.g-top').getBoundingClientRect();
  const question = document.getElementById('decision').getBoundingClientRect();
  const first = document.querySelector('button.g-option');
  return {controls: out, barBottom: top.bottom, questionTop: question.top,
          firstOption: first ? first.getBoundingClientRect().bottom : null,
          height: window.innerHeight, text: document.body.innerText};
}
"""

#: Whole words of English that a Spanish page must not show (besides the shared ones).
ENGLISH = {
    "the", "your", "you", "and", "with", "take", "took", "place", "placed", "sail", "sailed",
    "boat", "boats", "stone", "stones", "quarry", "sled", "market", "pyramid", "temple",
    "burial", "chamber", "obelisk", "obelisks", "round", "card", "cards", "points", "waiting",
    "turn", "score", "sheet", "total", "undo", "what", "happened", "players", "boards",
    "black", "white", "brown", "grey", "empty", "none", "harbour", "slot", "deck", "sent",
}  # fmt: skip


def luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: list[float], bg: list[float]) -> float:
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def measure(page: Any, where: str, *, phone: bool) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(MEASURE)
    assert found["controls"], where
    for c in found["controls"]:
        ratio = contrast(c["fg"], c["bg"])
        assert ratio >= 4.5, f"{where}: {c['text']!r} has contrast {ratio:.2f}:1"
        assert c["height"] >= 44 and c["width"] >= 44, f"{where}: {c['text']!r} is too small"
    # The question right under the top bar, on the first screen.
    assert found["questionTop"] - found["barBottom"] < 40, (where, found["questionTop"])
    if phone and found["firstOption"] is not None:
        assert found["firstOption"] <= found["height"], f"{where}: the first answer is below"
    return found


def english_words(text: str, names: list[str]) -> set[str]:
    for name in names:
        text = text.replace(name, " ")
    return set(re.findall(r"[A-Za-z]+", text.lower())) & ENGLISH


def test_the_english_words_list_is_what_the_page_would_show_untranslated() -> None:
    # The check below can fail: the English side of the board's words is in the list.
    english = {en.lower() for en, es in {**IMHOTEP, **PAGE}.values() if en != es}
    assert {"boats", "quarry", "sled", "market", "pyramid"} <= english
    assert {w for phrase in english for w in phrase.split()} & ENGLISH
    assert words_for("imhotep")["paved_path"] == ("Paved path", "Paseo empedrado")


def test_imhotep_on_a_phone_and_the_table_in_english_and_spanish(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table_session("imhotep", ["Ana", "Ben"], seed=5, pin=PIN)
    assert isinstance(session, RulesSession)
    base = live_server(create_app(session))
    names = [s.name for s in session.seats]
    for lang in ("en", "es"):
        pages = {
            seat: open_page(f"{base}/play?lang={lang}#token={session.seats[seat].token}", PHONE, lang=lang)
            for seat in (0, 1)
        }  # fmt: skip
        table = open_page(f"{base}/table?lang={lang}", TABLE, lang=lang)
        for turn in range(4):
            seat = session.seat_view(None)["decision"]["seat"]
            assert seat in (0, 1)
            page = pages[seat]
            wait_state(page, session.state_id)
            wait_state(table, session.state_id)
            found = measure(page, f"{lang} phone, turn {turn}", phone=True)
            measure(table, f"{lang} table, turn {turn}", phone=False)
            if lang == "es":
                assert not english_words(found["text"], names), english_words(found["text"], names)
                table_text = table.locator("body").inner_text()
                assert not english_words(table_text, names), english_words(table_text, names)
            else:
                assert "Your turn" in found["text"]
            if turn == 1:
                page.screenshot(path=str(test_output / f"generic-imhotep-phone-{lang}.png"))
                table.screenshot(path=str(test_output / f"generic-imhotep-table-{lang}.png"))
            before = session.state_id
            # the first screen's buttons (picking.js folds many answers into short screens)
            menu = GenericPayloads(session).view(seat)["menu"]
            buttons = page.locator("#answers button.g-option")
            assert buttons.count() == len([i for i in menu["items"] if i["button"]]) > 0
            tap_an_answer(page)
            deadline_state = before + 1
            wait_state(page, deadline_state)
        # The other phone is not offered the buttons of a decision that is not its own.
        waiting = 1 - session.seat_view(None)["decision"]["seat"]
        wait_state(pages[waiting], session.state_id)
        assert pages[waiting].locator("button.g-option").count() == 0
        pages[waiting].screenshot(path=str(test_output / f"generic-imhotep-waiting-{lang}.png"))


def tap_an_answer(page: Any) -> None:
    """Tap the first choice of each screen (a menu, else a place on the drawing) to an answer."""
    for _ in range(8):
        leaf = page.locator("#answers button[data-action], #drawing .g-pickable[data-answer]")
        if leaf.count():
            leaf.first.click()
            return
        menu = page.locator("#answers button.g-option")
        (menu.first if menu.count() else page.locator("#drawing .g-pickable").first).click()
    raise AssertionError("no answer reached in eight taps")


def test_the_table_screen_shows_the_links_and_a_phone_undoes_its_move(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table_session("ceylon", ["Ana", "Ben"], seed=2, pin=PIN)
    base = live_server(create_app(session))
    table = open_page(f"{base}/table?lang=es#pin={PIN}", TABLE, lang="es")
    table.on("dialog", lambda dialog: dialog.accept(PIN))
    wait_state(table, session.state_id)
    table.locator("#join img").first.wait_for()  # shown with the PIN, no button to press
    assert table.locator("#join img").count() == 2  # a QR code per player
    assert session.seats[0].token in table.locator("#join").inner_text()
    table.screenshot(path=str(test_output / "generic-ceylon-table-links-es.png"))
    # Ana answers on her phone, then undoes it there (a move that drew nothing).
    seat = session.seat_view(None)["decision"]["seat"]
    phone = open_page(f"{base}/play?lang=en#token={session.seats[seat].token}", PHONE)
    phone.on("dialog", lambda dialog: dialog.accept())
    wait_state(phone, session.state_id)
    before, state = session.state_id, session.state
    tap_an_answer(phone)
    wait_state(phone, before + 1)
    assert session.state != state
    phone.locator("#undo").click()
    wait_state(phone, before + 2)
    assert session.state == state
    phone.locator("#feedback", has_text="Undone: ").wait_for()  # says what was taken back

    # The table ends the game (PIN, then a confirmation): no phone may answer after.
    ended_at = session.state_id + 1
    # End the game sits behind the table's "More" fold: no stray tap reaches it.
    assert not table.locator("#end-game").is_visible()
    table.locator("#table-more > summary").click()
    table.locator("#end-game").click()
    wait_state(table, ended_at)
    # the game-over screen (game_over.js) in place of the question
    table.locator("#winner").filter(has_text="La mesa terminó la partida").wait_for()
    assert session.ended
    wait_state(phone, session.state_id)
    assert phone.locator("button.g-option").count() == 0


def test_the_table_screen_enters_a_roll_for_a_player_without_a_phone(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    # Rajas: dice are rolled in the open. The table screen offers the faces
    # (never rolls them itself) and, with the PIN, enters the one that came up.
    session = new_table_session("rajas", ["Ana", "Ben"], seed=11, pin=PIN)
    assert isinstance(session, RulesSession)
    view = session.seat_view(None)
    assert view["decision"]["kind"] == "ROLL"
    roller = session.seats[view["decision"]["seat"]].name
    base = live_server(create_app(session))
    for lang, says in (
        ("es", f"Anota lo que sacó {roller}"),
        ("en", f"Enter what {roller} rolled"),
    ):
        table = open_page(f"{base}/table?lang={lang}#pin={PIN}", TABLE, lang=lang)
        table.on("dialog", lambda dialog: dialog.accept(PIN))
        wait_state(table, session.state_id)
        table.locator("#decision h2", has_text=says).wait_for()
        assert table.locator("button.g-option").count() == 6  # one per face
        # the race's total in words, not a bare negative number
        to_go = "para que los marcadores se crucen" if lang == "es" else "before the markers meet"
        assert to_go in table.locator(".g-total-words").first.inner_text()
        measure(table, f"rajas table roll {lang}", phone=False)
        table.screenshot(path=str(test_output / f"generic-rajas-table-roll-{lang}.png"))
    before, state = session.state_id, session.state
    table.locator("button.g-option").nth(4).click()  # the 5 that came up
    wait_state(table, before + 1)
    assert session.state != state
    assert session.game.entries[-1].action == session.rules.parse_action(
        view["options"][4]["action"]
    )
