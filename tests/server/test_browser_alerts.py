"""An alert stays on the screens until the table is put right or dismissed (Chromium).

Amritsar (its own table screen and phone page) and Imhotep (the generic
pages): an illegal move shows on the table screen and on the phone of the
player who made it, with the rule and the fix, in English and Spanish; it is
still there after the demo's "Next step" and after later updates; another
player's phone does not carry it; the table screen's "I fixed it: dismiss"
button (PIN) takes it off every screen. Screenshots: test-output/alert-*.png.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.session import TableSession
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.server import create_app
from companion.sim.fake_camera import FakeCamera
from engine.amritsar import legal_actions, observe
from engine.amritsar.decisions import Pending
from tests.server.pages import PHONE, Opener, boxes, wait_state

SCREEN = {"width": 1280, "height": 800}
PIN = "2468"


def where_of(page: Any) -> str:
    """The page's path and size, to name it in a failure or a measured figure."""
    size = page.viewport_size or {}
    return f"{page.url.split('?')[0].rsplit('/', 1)[-1]} {size.get('width')}px"


def _amritsar_with_a_wrong_elephant() -> tuple[TableSession, Reconciler, Seen, int]:
    """Two players; the one to move has moved the other's elephant (not theirs)."""
    session = TableSession.new(["Ana", "Ben"], seed=5, pin=PIN)
    reconciler = Reconciler(session)
    reconciler.on_seen(Seen.of(observe(session.state)))
    rng = random.Random(1)
    while True:
        top = session.state.pending[-1]
        players = session.state.players
        if top.kind == Pending.ELEPHANT and top.a == 1 and all(p.elephant >= 0 for p in players):
            break
        session.apply_actions([rng.choice(legal_actions(session.state))], "camera")
        reconciler.on_seen(Seen.of(observe(session.state)))
    mover = session.state.current
    other = 1 - mover
    obs = observe(session.state)
    elephants = list(obs.elephants)
    elephants[other] = (elephants[other] + 1) % 4
    fields = {k: getattr(Seen.of(obs), k) for k in Seen.__dataclass_fields__}
    return session, reconciler, Seen(**{**fields, "elephants": tuple(elephants)}), mover


ALERT_MEASURE = """
(sel) => {
  const parse = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const opaque = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.length >= 3 && (c.length === 3 || c[3] > 0.5)) return c.slice(0, 3);
    }
    return [255, 255, 255];
  };
  const panel = document.querySelector(sel);
  const box = panel.getBoundingClientRect();
  const parts = [...panel.querySelectorAll('h2, p, strong, button')].map((e) => ({
    text: (e.innerText || '').trim().slice(0, 30),
    size: parseFloat(getComputedStyle(e).fontSize),
    fg: parse(getComputedStyle(e).color).slice(0, 3), bg: opaque(e),
    button: e.tagName === 'BUTTON',
    width: e.getBoundingClientRect().width, height: e.getBoundingClientRect().height,
    right: e.getBoundingClientRect().right,
  }));
  return {parts, right: box.right, width: window.innerWidth,
          clipped: panel.scrollWidth > panel.clientWidth + 1};
}
"""


def _luminance(rgb: list[float]) -> float:
    def channel(c: float) -> float:
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _measure_alert(page: Any, where: str) -> dict[str, float]:
    """What a player meets in the alert: text >= 12 px at 4.5:1, a 44 px dismiss
    button where there is one, nothing past the screen's edge. Returns the least
    of each figure."""
    found = page.evaluate(ALERT_MEASURE, "#alerts")
    assert found["parts"], where
    assert not found["clipped"] and found["right"] <= found["width"], (where, found)
    ratios = []
    for part in found["parts"]:
        a, b = sorted((_luminance(part["fg"]), _luminance(part["bg"])), reverse=True)
        ratio = (a + 0.05) / (b + 0.05)
        ratios.append(ratio)
        assert ratio >= 4.5, (where, part["text"], round(ratio, 2))
        assert part["size"] >= 12, (where, part["text"], part["size"])
        assert part["right"] <= found["width"], (where, part["text"])
        if part["button"]:
            assert part["width"] >= 44 and part["height"] >= 44, (where, part)
    return {
        "smallest_px": min(p["size"] for p in found["parts"]),
        "lowest_contrast": round(min(ratios), 2),
    }


def test_amritsar_alert_stays_on_the_table_and_the_movers_phone(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session, reconciler, wrong, mover = _amritsar_with_a_wrong_elephant()
    app = create_app(session)
    steps: list[int] = []

    def next_step() -> None:  # the demo's "Next step": the camera looks again
        steps.append(1)
        reconciler.on_seen(wrong)
        session.touch("demo step")

    app.state.payloads.demo_next = next_step
    base = live_server(app)
    reconciler.on_seen(wrong)
    [alert] = session.alerts
    assert alert.seat == mover
    for lang in ("en", "es"):
        table = open_page(f"{base}/table?lang={lang}#pin={PIN}", SCREEN, lang=lang)
        table.wait_for_selector("#menu-button")
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[mover].token}", PHONE, lang=lang
        )
        bystander = open_page(
            f"{base}/play?lang={lang}#token={session.seats[1 - mover].token}", PHONE, lang=lang
        )
        reason, fix = (alert.en, alert.fix_en) if lang == "en" else (alert.es, alert.fix_es)
        fix = fix.split(": ", 1)[1]  # the panel labels the fix itself
        for page in (table, phone, bystander):
            wait_state(page, session.state_id)
        for page in (table, phone):
            card = page.locator(f'#alerts article[data-alert-id="{alert.id}"]')
            card.wait_for()
            assert reason in card.inner_text() and fix in card.inner_text()
            # The rule's section, in the page's language ("Game Turn" / "Turno de juego").
            assert card.locator(".g-rule").inner_text().strip()
            if lang == "en":
                assert alert.rule in card.inner_text()
            _measure_alert(page, where_of(page))
        assert bystander.locator("#alerts").count() == 0
        # "Next step" and a later update: the same alert is still up everywhere.
        before = session.state_id
        table.locator("#demo-next").click()
        for page in (table, phone):
            wait_state(page, before + 1)
            assert page.locator(f'#alerts article[data-alert-id="{alert.id}"]').count() == 1
        assert steps and session.alerts == [alert]
        [button] = boxes(table, ["#alerts button.dismiss-alert"])
        assert button["height"] >= 44 and button["width"] >= 44
        table.screenshot(path=str(test_output / f"alert-amritsar-table-{lang}.png"))
        phone.screenshot(path=str(test_output / f"alert-amritsar-phone-{lang}.png"), full_page=True)
    # The table screen dismisses it (its PIN is in the page): gone from every screen.
    table.locator("#alerts button.dismiss-alert").click()
    for page in (table, phone):
        page.wait_for_selector("#alerts", state="detached")
    reconciler.on_seen(wrong)  # still wrong: not raised again
    assert session.alerts == []


def test_generic_alert_stays_on_the_table_and_the_movers_phone(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path, tmp_path: Path
) -> None:
    session = open_any_session(tmp_path / "g.sqlite", "imhotep", ["Ana", "Ben"], public_seed=5)
    assert isinstance(session, RulesSession)
    session.use_camera()
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0)
    rng = random.Random(3)
    while not (len(session.steps) > 4 and rules.physical_moves(session.state)):
        d = rules.decision(session.state)
        action = (
            rules.random_chance(session.state, rng)
            if d.is_chance
            else rng.choice(rules.legal_actions(session.state))
        )
        after, _ = rules.apply(session.state, action, check=False)
        before = session.state_id
        session.on_observation(camera.look(rules.observe(after)))
        if session.state_id == before or session._open_question() is not None:
            seat = session.seat_view(None)["decision"]["seat"]
            assert session.answer(seat, rules.format_action(action), session.state_id).ok
    state = session.state
    move = rules.physical_moves(state)[0]
    mover = rules.decision(state).player
    app = create_app(session)

    def next_step() -> None:  # the demo's "Next step": the camera looks again
        session.on_observation(camera.look(move.seen))
        session.touch("demo step")

    app.state.payloads.demo_next = next_step
    base = live_server(app)
    session.on_observation(camera.look(move.seen))
    [alert] = session.alerts
    assert alert.seat == mover
    for lang in ("en", "es"):
        table = open_page(f"{base}/table?lang={lang}#pin={session.pin}", SCREEN, lang=lang)
        table.on("dialog", lambda dialog: dialog.accept(session.pin))  # a page that asks
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[mover].token}", PHONE, lang=lang
        )
        bystander = open_page(
            f"{base}/play?lang={lang}#token={session.seats[1 - mover].token}", PHONE, lang=lang
        )
        reason = move.reason.en if lang == "en" else move.reason.es
        fix = move.fix.en if lang == "en" else move.fix.es
        # The rulebook section in the page's language, the other's never.
        section, other = (move.reason.rule_en, move.reason.rule_es)[:: 1 if lang == "en" else -1]
        assert section != other
        for page in (table, phone, bystander):
            wait_state(page, session.state_id)
        for page in (table, phone):
            card = page.locator(f'#alerts article[data-alert-id="{alert.id}"]')
            card.wait_for()
            text = card.inner_text()
            assert reason in text and fix in text and section in text, text
            assert other not in text, text
            _measure_alert(page, where_of(page))
        assert bystander.locator("#alerts").count() == 0
        assert phone.locator("#alerts button").count() == 0  # only the table dismisses
        # the mover's phone puts the table right first: the alert above the question
        alert_box, question = boxes(phone, ["#alerts", "#decision"])
        assert alert_box["y"] + alert_box["height"] <= question["y"], (alert_box, question)
        before = session.state_id
        table.locator("#demo-next").click()
        for page in (table, phone):
            wait_state(page, before + 1)
            assert page.locator(f'#alerts article[data-alert-id="{alert.id}"]').count() == 1
        assert session.alerts == [alert]
        [button] = boxes(table, ["#alerts button.dismiss-alert"])
        assert button["height"] >= 44 and button["width"] >= 44
        table.screenshot(path=str(test_output / f"alert-imhotep-table-{lang}.png"))
        phone.screenshot(path=str(test_output / f"alert-imhotep-phone-{lang}.png"), full_page=True)
    table.locator("#alerts button.dismiss-alert").click()
    for page in (table, phone):
        page.wait_for_selector("#alerts", state="detached")
    session.on_observation(camera.look(move.seen))  # still wrong: not raised again
    assert session.alerts == []


def test_the_maharajah_has_one_spanish_name_on_every_screen(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    """The Spanish rulebook's "marajá": the phone, the table screen and a spectator."""
    session = TableSession.new(["Ana"], solo=True, seed=3, pin=PIN)
    base = live_server(create_app(session))
    pages = {
        "phone": open_page(f"{base}/play?lang=es#token={session.seats[0].token}", PHONE, lang="es"),
        "table": open_page(f"{base}/table?lang=es", SCREEN, lang="es"),
        "watch": open_page(f"{base}/watch?lang=es", PHONE, lang="es"),
    }
    for where, page in pages.items():
        wait_state(page, session.state_id)
        for fold in page.locator("details").all():
            fold.evaluate("(d) => { d.open = true; }")
        text = page.locator("body").inner_text()
        assert "Marajá" in text or "marajá" in text, where
        assert "Maharajah" not in text, (where, text)
    pages["phone"].screenshot(
        path=str(test_output / "alert-maharajah-phone-es.png"), full_page=True
    )
