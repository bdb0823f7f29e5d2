"""The player's phone in real headless Chromium at 390x844, measured.

A scripted solo game (the demo's player on a perfectly read table) is played
while the phone follows it: at every step the status bar is on screen even
scrolled to the bottom, and a question of the player's sits right under it.
Every button's computed colours are checked for 4.5:1 contrast and every tap
target for 44 px, in English and Spanish, light and dark. The Spanish views
are checked against a list of English words. At the end the PP plot's last
points equal the score sheet. Screenshots of each screen in both languages go
to test-output/ for a person to look at.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.amritsar.grouped import follow_ups
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.demo import DemoPlayer
from companion.games.amritsar.sim.players import GreedyPlayer
from companion.games.amritsar.sim.simulate import PerfectTable
from companion.server import create_app
from engine.amritsar import Pending, Reason, decision, legal_actions, order_prompt
from tests.server.games import PIN, human_prompt, play_until
from tests.server.pages import PHONE, Opener, wait_state

# Every control a player can tap, and its colours (the background is the first
# opaque one up the tree: a transparent button shows its panel).
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
    out.push({
      text: (el.innerText || '').trim().slice(0, 40),
      fg: parse(getComputedStyle(el).color).slice(0, 3),
      bg: opaque(el),
      width: r.width,
      height: r.height,
    });
  }
  return out;
}
"""

BAR = """
() => {
  window.scrollTo(0, document.body.scrollHeight);
  const bar = document.getElementById('status-bar').getBoundingClientRect();
  const pp = document.getElementById('bar-pp');
  return {top: bar.top, bottom: bar.bottom, pp: pp ? pp.innerText : null,
          when: (document.getElementById('bar-when') || {}).innerText || null};
}
"""

#: A storehouse's catalogue id ("S14"), printed on no real tile.
STOREHOUSE_ID = re.compile(r"\bS(0[1-9]|1[0-5])\b")

#: English words that must not appear in a Spanish phone (whole words).
ENGLISH = [
    "the",
    "your",
    "you",
    "and",
    "with",
    "take",
    "move",
    "put",
    "choose",
    "undo",
    "turn",
    "worker",
    "workers",
    "coin",
    "coins",
    "elephant",
    "section",
    "tile",
    "phase",
    "fix",
    "discard",
    "main",
    "action",
    "market",
    "storehouse",
    "storehouses",
    "waiting",
    "scores",
    "round",
    "decade",
    "sent",
    "player",
    "follow",
    "donate",
    "donation",
    "counter",
    "counters",
    "left",
    "right",
    "centre",
    "north",
    "south",
    "east",
    "west",
    "gold",
    "marble",
    "copper",
    "buy",
    "sell",
    "end",
    "space",
    "spaces",
    "every",
    "why",
    "done",
    "winner",
    "download",
]


def luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(fg: list[float], bg: list[float]) -> float:
    a, b = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def check_controls(page: Any, where: str) -> int:
    """Every visible control: contrast >= 4.5:1 and at least 44 px tall."""
    controls = page.evaluate(MEASURE)
    assert controls, where
    for c in controls:
        ratio = contrast(c["fg"], c["bg"])
        assert ratio >= 4.5, f"{where}: {c['text']!r} has contrast {ratio:.2f}:1"
        assert c["height"] >= 44, f"{where}: {c['text']!r} is {c['height']:.0f} px tall"
        assert c["width"] >= 44, f"{where}: {c['text']!r} is {c['width']:.0f} px wide"
    return len(controls)


def english_in(text: str, names: list[str]) -> set[str]:
    for name in names:
        text = text.replace(name, " ")
    words = set(re.findall(r"[A-Za-z]+", text.lower()))
    return words & set(ENGLISH)


#: The status bar's and the question's boxes, read in one go (a redraw between
#: two separate reads would replace the elements).
ON_TOP = """
() => {
  window.scrollTo(0, 0);
  const bar = document.getElementById('status-bar').getBoundingClientRect();
  const question = document.getElementById('decision').getBoundingClientRect();
  return {barBottom: bar.bottom, questionTop: question.top};
}
"""


def question_on_top(page: Any) -> None:
    boxes = page.evaluate(ON_TOP)
    assert boxes["questionTop"] - boxes["barBottom"] < 40, boxes
    assert boxes["questionTop"] < 300, boxes


#: How much page there is below the question (its panel's bottom to the page's end).
BELOW = """
() => {
  const question = document.getElementById('decision').getBoundingClientRect();
  return document.documentElement.scrollHeight - (question.bottom + window.scrollY);
}
"""

#: Below the question everything is folded to a line or two: at most this many
#: px (before the folding it was 2,658 px on the same game).
MOST_BELOW = 700


def shoot(page: Any, folder: Path, name: str) -> None:
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(folder / f"phone-{name}.png"), full_page=True)


def test_a_scripted_game_on_the_phone_in_both_languages(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana"], seed=7, solo=True, pin=PIN)
    driver = DemoPlayer(
        session, Reconciler(session), PerfectTable(), seed=7, policy=GreedyPlayer(0)
    )
    base = live_server(create_app(session))
    token = session.seats[0].token
    phones = {
        lang: open_page(f"{base}/play?lang={lang}#token={token}", PHONE, lang=lang)
        for lang in ("en", "es")
    }
    names = [s.name for s in session.seats]
    shots: set[str] = set()
    below: list[float] = []
    steps = 0
    while not driver.truth.finished:
        driver.step()
        steps += 1
        for phone in phones.values():
            wait_state(phone, session.state_id)
            bar = phone.evaluate(BAR)
            # The bar stays on screen at the bottom of the page, and shows my PP.
            assert bar["top"] == 0 and bar["bottom"] < 200, (steps, bar)
            assert bar["pp"] is not None and str(session.state.players[0].pp) in bar["pp"]
        d = decision(session.state)
        kind = d.kind
        if d.player == 0 and steps % 7 == 0:
            for phone in phones.values():
                question_on_top(phone)
                below.append(phone.evaluate(BELOW))
                if below[-1] > MOST_BELOW:
                    shoot(phone, test_output, f"debug-{steps}")
        screen = {
            Pending.SOW_ORIGIN: "camera-move",
            Pending.CHOOSE_ALTERNATIVE: "order-question",
            Pending.DISCARD: "storehouses-full",
            Pending.ACTIONS: "actions",
        }.get(Pending(kind))
        if d.player == 0 and screen and screen not in shots:
            shots.add(screen)
            for lang, phone in phones.items():
                question_on_top(phone)
                check_controls(phone, f"{screen} ({lang})")
                if screen == "order-question" and order_prompt(session.state) is not None:
                    # The trades show the order: the phone says no tap is needed.
                    assert phone.locator("#camera-note").count() == 1
                text = phone.locator("body").inner_text()
                if lang == "es":
                    found = english_in(text, names)
                    assert not found, f"{screen}: English in the Spanish phone: {found}"
                # Storehouses by what is printed on them, never by catalogue id.
                assert not STOREHOUSE_ID.search(text), STOREHOUSE_ID.search(text)
                shoot(phone, test_output, f"{screen}-{lang}")
        if (
            "maharajah" not in shots
            and session.maharajah_card
            # a step the camera checks is still open: his card is on top, not folded
            and any(
                not i["done"] and i.get("checked") is not False
                for i in session.maharajah_card["instructions"]
            )
        ):
            shots.add("maharajah")
            for lang, phone in phones.items():
                phone.wait_for_selector("#maharajah", state="attached")
                # While I answer, his card is one line; a tap opens it.
                folded = phone.locator("#fold-maharajah-now > summary")
                if folded.count():
                    folded.click()
                phone.wait_for_selector("#maharajah")
                shoot(phone, test_output, f"maharajah-{lang}")
                if folded.count():
                    folded.click()
    driver._catch_up()
    assert {"camera-move", "actions"} <= shots
    # What is below the question stays short all game (folded sections, a short history).
    assert below and max(below) <= MOST_BELOW, sorted(below)[-5:]
    view = session.seat_view(0)
    totals = {sheet["seat"]: sheet["total"] for sheet in view["scores"]}
    for lang, phone in phones.items():
        wait_state(phone, session.state_id)
        phone.wait_for_selector("#pp-plot svg")
        assert phone.locator("#decision").count() == 0  # no stale question at the end
        # The winner first, and the plot's last point of each seat is its total.
        winner = phone.locator("#winner").inner_text()
        best = max(view["scores"], key=lambda s: s["total"])
        # The Maharajah by the Spanish rulebook's name on a Spanish screen.
        seat = session.seats[best["seat"]]
        name = "Marajá" if lang == "es" and seat.is_maharajah else names[best["seat"]]
        assert str(best["total"]) in winner and name in winner
        finals = phone.locator("#pp-plot circle.pp-final").evaluate_all(
            "els => els.map(e => [Number(e.dataset.seat), Number(e.dataset.final)])"
        )
        assert dict(finals) == totals
        lines = phone.locator("#pp-plot polyline.pp-line")
        assert lines.count() == len(session.seats)
        assert phone.locator("#pp-plot line.decade-mark").count() == 3
        # Amritsar's own breakdown, line by line, is folded under the game-over screen.
        phone.click("#fold-breakdown > summary")
        for seat, total in totals.items():
            shown = phone.locator(f'#breakdown tfoot td[data-seat="{seat}"]').inner_text()
            assert shown.split()[0] == str(total)
        # The history is told in the past tense.
        history = phone.locator("#log").inner_text()
        imperative = {"en": ("Put a ", "Take the ", "Move your "), "es": ("Coge ", "Deja un ")}
        past = {"en": ("put a ", "took ", "moved "), "es": ("cogió ", "dejó ", "movió ")}
        assert not [w for w in imperative[lang] if w in history], history
        assert any(w in history for w in past[lang]), history
        # Where the points came from: one bar per category, all seats on one scale.
        sums: dict[tuple[int, str], int] = {}
        for sheet in view["scores"]:
            for line in sheet["lines"]:
                key = (sheet["seat"], line["category"])
                sums[key] = sums.get(key, 0) + line["amount"]
        biggest = max(abs(v) for v in sums.values())
        bars = phone.locator("#sources li[data-category]").evaluate_all(
            "els => els.map(e => [Number(e.closest('.source-seat').dataset.seat),"
            " e.dataset.category, Number(e.querySelector('.bar').dataset.width),"
            " e.querySelector('.bar').getBoundingClientRect().width])"
        )
        assert {(seat, cat) for seat, cat, _, _ in bars} == {k for k, v in sums.items() if v}
        for seat, cat, width, _ in bars:
            assert abs(width - 100 * abs(sums[(seat, cat)]) / biggest) <= 0.51
        csv = phone.locator("#export-csv").get_attribute("href")
        assert csv is not None and csv.startswith("data:text/csv")
        check_controls(phone, f"end ({lang})")
        if lang == "es":
            found = english_in(phone.locator("body").inner_text(), names)
            assert not found, f"end: English in the Spanish phone: {found}"
        phone.click("#fold-board > summary")
        board = phone.locator("#my-board").inner_text()
        assert not STOREHOUSE_ID.search(board), board
        shoot(phone, test_output, f"end-{lang}")


def test_undo_says_what_it_undoes_and_what_was_undone(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana"], seed=7, solo=True, pin=PIN)
    play_until(session, human_prompt(frozenset({Pending.CHOOSE_ALTERNATIVE, Pending.DISCARD})))
    base = live_server(create_app(session))
    phone = open_page(f"{base}/play?lang=es#token={session.seats[0].token}", PHONE, lang="es")
    wait_state(phone, session.state_id)
    assert phone.locator("#phone-only").count() == 1  # a question only the phone can answer
    button = phone.locator("#answers button").first
    if button.get_attribute("data-menu") is not None:
        # A discard that leads to another: both on one screen, the second sends both.
        button.click()
        button = phone.locator("#answers button[data-action]").first
    chosen = button.inner_text()
    entries = len(session.game.entries)
    button.click()
    deadline = time.monotonic() + 5
    while len(session.game.entries) == entries and time.monotonic() < deadline:
        time.sleep(0.02)
    phone.wait_for_function("() => document.getElementById('feedback').textContent !== ''")
    before = session.state_id
    wait_state(phone, before)
    assert chosen in phone.locator("#feedback").inner_text()  # "Enviado: ..." stays up
    asked: list[str] = []

    def accept(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.accept()

    phone.once("dialog", accept)
    phone.click("#undo")
    wait_state(phone, before + 1)
    assert asked and "¿Deshacer esto?" in asked[0] and chosen in asked[0]
    phone.wait_for_function(
        "() => document.getElementById('feedback').textContent.startsWith('Deshecho')"
    )
    assert chosen in phone.locator("#feedback").inner_text()
    shoot(phone, test_output, "undone-es")


def test_an_alert_replaces_the_question_and_calls_the_player(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana"], seed=7, solo=True, pin=PIN)
    play_until(session, human_prompt(frozenset({Pending.SOW_ORIGIN})))
    base = live_server(create_app(session))
    for lang in ("en", "es"):
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        assert phone.locator("#camera-note").count() == 1  # the camera sees this move
        assert phone.locator("#decision .enter-here #answers button").count() > 0
        reason = Reason(
            "elephant_cost",
            {"district": "West", "district_es": "Oeste", "steps": 3, "coins": 2, "have": 1},
        )
        alert = session.raise_alert(
            reason,
            "Put it right: move the purple elephant back to North.",
            "Corrígelo: devuelve el elefante morado al Norte.",
            seat=0,
        )
        phone.wait_for_selector("#alerts article")
        phone.wait_for_function("() => document.body.dataset.calledAlert === '1'")
        assert phone.locator("#answers button").count() == 0
        text = phone.locator("body").inner_text()
        if lang == "es":
            assert "Fase 1. Mover tu elefante" in text
            assert "Solución: Corrígelo" not in text and "Primero corrige la mesa" in text
            assert not english_in(text, ["Ana", "Maharajah"])
        else:
            assert "Fix: Put it right" not in text and "Put the table right first" in text
        check_controls(phone, f"alert ({lang})")
        shoot(phone, test_output, f"alert-{lang}")
        session.withdraw_alert(alert.id)
        phone.wait_for_selector("#answers button", state="attached")


def test_dark_mode_keeps_the_contrast(
    live_server: Callable[[Any], str], browser: Any, test_output: Path
) -> None:
    session = TableSession.new(["Ana"], seed=7, solo=True, pin=PIN)
    play_until(session, human_prompt(frozenset({Pending.CHOOSE_ALTERNATIVE, Pending.DISCARD})))
    base = live_server(create_app(session))
    context = browser.new_context(viewport=PHONE, color_scheme="dark", locale="en-GB")
    try:
        phone = context.new_page()
        phone.goto(f"{base}/play?lang=en#token={session.seats[0].token}")
        wait_state(phone, session.state_id)
        background = phone.evaluate("getComputedStyle(document.body).backgroundColor")
        assert luminance([float(c) for c in re.findall(r"[\d.]+", background)[:3]]) < 0.05
        check_controls(phone, "dark")
        shoot(phone, test_output, "dark-en")
    finally:
        context.close()


def _tile_action_with_a_follow_up(session: TableSession) -> bool:
    state = session.state
    d = decision(state)
    return (
        d.kind == Pending.ACTIONS
        and d.player == 0
        and any(follow_ups(state, a) is not None for a in legal_actions(state))
    )


def test_a_tile_action_and_its_follow_up_are_one_screen_and_one_send_and_the_phone_calls(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana"], seed=7, solo=True, pin=PIN)
    play_until(session, _tile_action_with_a_follow_up)
    state = session.state
    action = next(a for a in legal_actions(state) if follow_ups(state, a) is not None)
    follow = follow_ups(state, action)
    assert follow is not None
    base = live_server(create_app(session))
    for lang in ("en", "es"):
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        # A question of mine arrived: the phone called me (vibration and tone).
        phone.wait_for_function("() => Number(document.body.dataset.calledTurn) >= 1")
        # The screen is kept awake while the page is shown (Chromium grants the lock).
        phone.wait_for_function("() => document.body.dataset.wakeLock === 'on'")
        words = next(o for o in session.seat_view(0)["options"] if o["action"] == str(action))
        opener = phone.locator("#answers button[data-menu]", has_text=words[lang])
        opener.click()
        # The follow-up's answers open in place, with a way back; nothing is sent yet.
        phone.wait_for_selector('#answers[data-depth="1"] .g-path')
        answers = phone.locator("#answers button[data-action]")
        # at most eight buttons: six answers and "More" when there are more than seven
        assert answers.count() == (len(follow.actions) if len(follow.actions) <= 7 else 6)
        assert phone.locator("#answers-back").count() == 1
        assert session.state == state
        check_controls(phone, f"follow-up ({lang})")
        shoot(phone, test_output, f"follow-up-{lang}")
        if lang == "en":
            phone.click("#answers-back")
            phone.wait_for_selector('#answers[data-depth="0"] button[data-menu]')
            continue
        entries = len(session.game.entries)
        answers.first.click()
        # Both answers applied, in order: the tile action and its follow-up.
        deadline = time.monotonic() + 5
        while len(session.game.entries) < entries + 2 and time.monotonic() < deadline:
            time.sleep(0.02)
        done = [session.game.action_at(i) for i in range(entries, entries + 2)]
        assert done == [action, follow.actions[0]]
        phone.wait_for_function(
            "() => document.getElementById('feedback').textContent.includes('·')"
        )
