"""Amritsar on the generic pages (generic_board.js with parts.js and amritsar_drawing.js).

Issue 32: one phone/table/spectator app for every game. Amritsar's adapter
serves it with the generic pages; here in real Chromium at 1280x800 and
390x844, in English and Spanish:
- the table screen: the drawn board shows every section's workers and every
  elephant where the game has them, the scores bar every total, all on one
  screen with no board label under 18 px; the Maharajah's steps ticked by a tap;
- a phone decision: the status bar with the player's PP, at most eight buttons,
  the last answer within 1.5 screens, a tile action and its follow-up on one
  screen sent as two answers in order;
- the game over: the game-over screen with the sheets and a CSV, no undo;
- every text at least 12 px, every control at least 44 px and 4.5:1.
Screenshots go to test-output/amritsar-generic-*.png.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.amritsar.grouped import follow_ups
from companion.games.amritsar.session import TableSession
from companion.server import create_app
from engine.amritsar import Pending, WorkerColour, decision, legal_actions
from tests.server.pages import PHONE, Opener, boxes, wait_state

TABLE = {"width": 1280, "height": 800}
PIN = "4821"


# Every visible text's size on screen, every control's box and colours (the background
# is the first opaque one up the tree), and the decision's buttons.
MEASURE = """() => {
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = (c) => {
    const f = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : Math.pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * f(c[0]) + 0.7152 * f(c[1]) + 0.0722 * f(c[2]);
  };
  const behind = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3] > 0.5)) return c.slice(0, 3);
    }
    return [251, 246, 234];
  };
  const shown = (e) => { const r = e.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const small = [];
  for (const e of document.querySelectorAll('#app *')) {
    if (!shown(e) || !e.closest('#app')) continue;
    if (![...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    let px = parseFloat(getComputedStyle(e).fontSize);
    if (e instanceof SVGElement) px *= e.getScreenCTM().a;
    if (px < 12) small.push(`${e.textContent.trim().slice(0, 30)} ${px.toFixed(1)}`);
  }
  const controls = [];
  for (const e of document.querySelectorAll('button, summary, a[href]')) {
    if (!shown(e)) continue;
    const r = e.getBoundingClientRect();
    const fg = lum(parse(getComputedStyle(e).color));
    const bg = lum(behind(e));
    controls.push({ text: (e.innerText || e.id).trim().slice(0, 30), width: r.width, height: r.height,
                    ratio: (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05) });
  }
  const answers = [...document.querySelectorAll('#decision button')].filter(shown);
  return { small, controls, buttons: answers.length,
           last: answers.length ? Math.max(...answers.map((b) => b.getBoundingClientRect().bottom + scrollY)) : 0,
           height: document.documentElement.scrollHeight };
}"""

LABELS = """() => [...document.querySelectorAll('#drawing svg text')].map(
  (t) => parseFloat(getComputedStyle(t).fontSize) * t.getScreenCTM().a)"""


def measured(page: Any, where: str) -> dict[str, Any]:
    """The page's measures, checked against the issue's goals."""
    found = page.evaluate(MEASURE)
    assert not found["small"], f"{where}: text under 12 px: {found['small'][:5]}"
    for c in found["controls"]:
        assert c["height"] >= 44 and c["width"] >= 44, f"{where}: {c}"
        assert c["ratio"] >= 4.5, f"{where}: {c}"
    assert found["buttons"] <= 8, f"{where}: {found['buttons']} buttons"
    return dict(found)


def play_until(session: TableSession, stop: Callable[[TableSession], bool], seed: int = 1) -> None:
    rng = random.Random(seed)
    for _ in range(5000):
        if stop(session):
            return
        assert session.apply_actions([rng.choice(legal_actions(session.state))], "camera").ok
    raise AssertionError("never reached")


def _follow_up_turn(session: TableSession) -> bool:
    state = session.state
    d = decision(state)
    return (
        d.kind == Pending.ACTIONS
        and 0 <= d.player < len(state.players)
        and any(follow_ups(state, a) is not None for a in legal_actions(state))
    )


@pytest.mark.parametrize("lang", ["en", "es"])
def test_amritsar_s_table_screen_on_the_generic_page(
    lang: str, live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana", "Ben", "Cy"], seed=5, pin=PIN)
    play_until(session, lambda s: len(s.game.entries) > 80)
    base = live_server(create_app(session))
    page = open_page(f"{base}/table?lang={lang}#pin={PIN}", TABLE, lang=lang)
    page.wait_for_selector("#drawing svg.board")
    page.wait_for_selector("#menu-button")
    wait_state(page, session.state_id)
    state = session.state
    # every section's workers and every elephant where the game has them
    drawn = dict(
        page.locator("#drawing [data-section]").evaluate_all(
            "els => els.map(e => [Number(e.dataset.index), e.dataset.workers])"
        )
    )
    assert drawn == {
        i: "".join(WorkerColour(w).letter for w in workers)
        for i, workers in enumerate(state.sections)
    }
    for seat, player in enumerate(state.players):
        if player.elephant >= 0:
            letter = "NESW"[player.elephant]
            here = page.locator(
                f'.district[data-district="{letter}"] .elephant[data-seat="{seat}"]'
            )
            assert here.count() == 1
            assert here.locator("text.load").text_content() == str(player.on_elephant)
    # the scores bar: every total
    for sheet in session.seat_view(None)["scores"]:
        score = page.locator(f'#scores .score[data-seat="{sheet["seat"]}"]').inner_text()
        assert str(sheet["total"]) in score
    # one screen, read from 1.5 m
    viewport = {"x": 0, "y": 0, **TABLE}
    for box in boxes(page, ["#drawing svg.board", "#market", "#scores"]):
        assert box["x"] >= 0 and box["y"] >= 0
        assert box["x"] + box["width"] <= viewport["width"] + 0.5
        assert box["y"] + box["height"] <= viewport["height"] + 0.5
    labels = page.evaluate(LABELS)
    assert len(labels) > 40 and min(labels) >= 18, min(labels)
    found = measured(page, f"table {lang}")
    assert found["height"] <= TABLE["height"]
    page.screenshot(path=str(test_output / f"amritsar-generic-table-{lang}-1280x800.png"))


def test_the_maharajah_s_steps_are_ticked_on_the_generic_table(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana"], solo=True, seed=12, pin=PIN)
    while session.maharajah_turn is None:
        session.apply_actions([legal_actions(session.state)[0]], "phone")
    turn = session.maharajah_turn
    base = live_server(create_app(session))
    page = open_page(f"{base}/table?lang=es#pin={PIN}", TABLE, lang="es")
    page.wait_for_selector("#maharajah li.step button")
    card = page.locator("#maharajah")
    assert card.locator("li.step").count() == len(turn.instructions)
    assert turn.instructions[0].es in card.inner_text()
    step = int(str(card.locator("li.step.todo").first.get_attribute("data-step")))
    card.locator("li.step.todo button").first.click()
    page.wait_for_selector(f'#maharajah li.step.done[data-step="{step}"]')
    assert session.maharajah_card is not None
    assert session.maharajah_card["instructions"][step]["done"] is True
    assert "Marajá" in page.locator("#scores").inner_text()
    page.screenshot(path=str(test_output / "amritsar-generic-maharajah-es-1280x800.png"))


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_phone_decision_with_its_follow_up_on_the_generic_page(
    lang: str, live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana"], seed=7, solo=True, pin=PIN)
    play_until(session, _follow_up_turn)
    state = session.state
    action = next(a for a in legal_actions(state) if follow_ups(state, a) is not None)
    follow = follow_ups(state, action)
    assert follow is not None
    base = live_server(create_app(session))
    phone = open_page(f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang)
    phone.wait_for_selector("#answers button")
    assert str(state.players[0].pp) in phone.locator("#bar-pp").inner_text()
    found = measured(phone, f"phone {lang}")
    assert found["last"] <= 1.5 * PHONE["height"], found["last"]
    phone.screenshot(path=str(test_output / f"amritsar-generic-phone-{lang}-390x844.png"))
    # the answer with a follow-up opens a screen of its own (picking.js's data-opens)
    phone.locator(f'#answers button[data-opens="{action}"]').click()
    phone.wait_for_selector('#answers[data-depth="1"]')
    assert phone.locator("#answers-back").count() == 1
    # the follow-up's own question above its answers ("Which track?"), in the page's language
    question = follow.prompt()[0 if lang == "en" else 1]
    assert question and phone.inner_text("#answers-question") == question
    answers = phone.locator("#answers button[data-action]")
    assert answers.count() == (len(follow.actions) if len(follow.actions) <= 7 else 6)
    assert session.state == state  # nothing sent yet
    measured(phone, f"phone follow-up {lang}")
    phone.screenshot(path=str(test_output / f"amritsar-generic-follow-up-{lang}-390x844.png"))
    entries = len(session.game.entries)
    answers.first.click()
    deadline = time.monotonic() + 5
    while len(session.game.entries) < entries + 2 and time.monotonic() < deadline:
        time.sleep(0.02)
    done = [session.game.action_at(i) for i in range(entries, entries + 2)]
    assert done == [action, follow.actions[0]]


@pytest.mark.parametrize("lang", ["en", "es"])
def test_amritsar_s_game_over_on_the_generic_pages(
    lang: str, live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana", "Ben", "Cy"], seed=5, pin=PIN)
    play_until(session, lambda s: s.state.finished)
    base = live_server(create_app(session))
    table = open_page(f"{base}/table?lang={lang}#pin={PIN}", TABLE, lang=lang)
    phone = open_page(f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang)
    for page, where, size in ((table, "table", "1280x800"), (phone, "phone", "390x844")):
        page.wait_for_selector("#game-over #export-csv")
        wait_state(page, session.state_id)
        assert page.locator("#undo, #table-undo, #menu-undo").count() == 0
        csv = page.locator("#export-csv").get_attribute("href")
        assert csv is not None and csv.startswith("data:text/csv")
        measured(page, f"game over {where} {lang}")
        page.screenshot(
            path=str(test_output / f"amritsar-generic-over-{where}-{lang}-{size}.png"),
            full_page=where == "phone",
        )
    assert table.locator("#new-game").is_visible() and phone.locator("#new-game").count() == 0
