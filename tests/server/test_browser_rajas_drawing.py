"""Rajas of the Ganges' board drawing in real headless Chromium: table screen and phones.

A 4-player game is played some way in (seeded random legal actions, leaning to
building so provinces fill) until a player must place a tile. The table screen
(1280x800), a spectator's phone and the deciding player's phone (390x844,
English and Spanish) must show the drawing above the panels with every worker
on its space, every boat on its river space, every province tile of the state,
the race with each player's two markers, every word at least 12 px and at
4.5:1 on what it is drawn on, no two words over each other, nothing past the
right edge of the phone, every marked place (``data-place``) at least 40 px
across on the phone, and the score sheet saying how far the markers are from
meeting, never a negative total. A worker's decision is answered on the
drawing. Screenshots go to test-output/rajas-*.png for a person to look at.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games import new_table_session
from companion.rules_session import RulesSession
from companion.server import create_app
from companion.server.drawings import marks
from engine.rajas.rules_object import RajasRules
from engine.rajas.scoring import COLOURS
from tests.server.games import PIN
from tests.server.pages import PHONE, Opener, wait_state

TABLE = {"width": 1280, "height": 800}
NAMES = ["Ana", "Ben", "Cy", "Dee"]

MEASURE = """
() => {
  const root = document.getElementById('drawing');
  const small = [];
  const outside = [];
  const width = document.documentElement.clientWidth;
  for (const el of root.querySelectorAll('*')) {
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    if (el.closest('title')) continue;
    if (rect.right > width + 0.5 || rect.left < -0.5) outside.push([el.tagName, el.getAttribute('class'), rect.left, rect.right]);
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) size *= el.getScreenCTM().a;
    if (size < 12) small.push([el.textContent.trim().slice(0, 30), size]);
  }
  // a space's words and pieces stay inside its box
  const spill = [];
  for (const g of root.querySelectorAll('g.r-space')) {
    const box = g.querySelector('rect').getBoundingClientRect();
    for (const t of g.querySelectorAll('text')) {
      const r = t.getBoundingClientRect();
      if (r.left < box.left - 0.5 || r.right > box.right + 0.5) spill.push([g.dataset.space, t.textContent]);
    }
  }
  // no two words drawn over each other
  const overlaps = [];
  for (const svg of root.querySelectorAll('svg')) {
    const words = [...svg.querySelectorAll('text')].map((t) => [t.textContent, t.getBoundingClientRect()]);
    for (let i = 0; i < words.length; i += 1) {
      for (let j = i + 1; j < words.length; j += 1) {
        const [ta, a] = words[i];
        const [tb, b] = words[j];
        const x = Math.min(a.right, b.right) - Math.max(a.left, b.left);
        const y = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
        if (x > 1 && y > 1) overlaps.push([ta, tb]);
      }
    }
  }
  const places = [...root.querySelectorAll('[data-place]')].map((el) => {
    const r = el.getBoundingClientRect();
    return [el.dataset.place, r.width, r.height];
  });
  const workers = {};
  for (const el of root.querySelectorAll('g.r-space[data-worker]')) {
    if (el.dataset.worker !== '') workers[el.dataset.space] = Number(el.dataset.worker);
  }
  const boats = {};
  for (const li of root.querySelectorAll('li[data-river]')) boats[li.dataset.river] = li.dataset.boats;
  const tiles = {};
  for (const fig of root.querySelectorAll('figure.r-province')) {
    tiles[fig.dataset.seat] = [...fig.querySelectorAll('g.r-cell.tiled')].map(
      (g) => `${g.dataset.cell}:${g.querySelector('g.r-tile').dataset.tile}`);
  }
  const race = [...root.querySelectorAll('g.r-race-row')].map((g) => [
    Number(g.dataset.seat), Number(g.dataset.fame), Number(g.dataset.money), Number(g.dataset.toMeet),
    g.querySelectorAll('g.r-piece').length]);
  const squareSeats = [...new Set([...root.querySelectorAll('[data-place^="square:"]')].map(
    (el) => el.closest('figure.r-province').dataset.seat))];
  const panels = document.querySelector('#board');
  const scores = [...document.querySelectorAll('#scores summary')].map((el) => el.innerText);
  return {
    small, outside, spill, overlaps, places, workers, boats, tiles, race, squareSeats, scores,
    marks: [...root.querySelectorAll('g.r-piece text')].map((t) => t.textContent),
    above: panels ? root.getBoundingClientRect().bottom <= panels.getBoundingClientRect().top : false,
    scrollWidth: document.documentElement.scrollWidth,
    width: window.innerWidth,
    // pictures wider than the box they sit in (a page scrolls sideways once a scroll bar
    // or a longer word takes the slack they borrow)
    cramped: [...root.querySelectorAll('svg')].filter((svg) => {
      const box = svg.parentElement;
      const style = getComputedStyle(box);
      const inner = box.getBoundingClientRect().right - parseFloat(style.paddingRight)
        - parseFloat(style.borderRightWidth);
      return svg.getBoundingClientRect().right > inner + 0.5;
    }).map((svg) => `${svg.getAttribute('aria-label') || svg.parentElement.className} `
      + `${svg.getBoundingClientRect().width.toFixed(0)} px`),
    // what reaches past the screen's right edge, if anything (named when it fails)
    wide: [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 0.01)
      .slice(0, 6)
      .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.getAttribute('class') || ''} `
        + `${e.getBoundingClientRect().right.toFixed(1)}`),
    text: root.innerText,
  };
}
"""


#: Every word in view against what it is drawn on (the shape under its middle, else the
#: panel): at least 4.5:1. Run at each scroll position, since only what is in view is hit.
FAINT = """
() => {
  const root = document.getElementById('drawing');
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => {
    const f = (c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => {
    const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const faint = [];
  let checked = 0;
  for (const t of root.querySelectorAll('svg text')) {
    const r = t.getBoundingClientRect();
    if (!r.width || r.top < 0 || r.bottom > window.innerHeight) continue;
    const under = document.elementsFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    if (under[0] !== t && !t.contains(under[0])) continue; // under the sticky bar: seen on another scroll
    let bg = null;
    for (const el of under) {
      if (el === t || el.closest('text')) continue;
      if (el instanceof SVGGeometryElement && el.tagName !== 'line') {
        const fill = getComputedStyle(el).fill;
        if (fill && fill !== 'none' && rgb(fill).length >= 3) { bg = rgb(fill).slice(0, 3); break; }
        continue;
      }
      if (!(el instanceof SVGElement)) {
        for (let e = el; e && !bg; e = e.parentElement) {
          const c = rgb(getComputedStyle(e).backgroundColor);
          if (c.length >= 3 && (c.length === 3 || c[3] > 0.5)) bg = c.slice(0, 3);
        }
        break;
      }
    }
    const fg = rgb(getComputedStyle(t).fill).slice(0, 3);
    if (bg) checked += 1;
    if (bg && ratio(fg, bg) < 4.5) faint.push([t.textContent, fg, bg, ratio(fg, bg).toFixed(2)]);
  }
  return {faint, checked};
}
"""


def play_in(session: RulesSession, moves: int, seed: int) -> None:
    """Seeded random legal actions (buying and placing tiles when offered, so provinces
    fill), then on until a player must place a tile."""
    rng = random.Random(seed)
    rules = session.rules
    done = 0
    while done < moves or rules.decision(session.state).kind != "TILE":
        actions = rules.legal_actions(session.state)
        assert actions, "the game ended before a tile was to be placed"
        building = [a for a in actions if rules.format_action(a).startswith(("buy", "place Q"))]
        pool = building if building and rng.random() < 0.7 else actions
        assert session.apply_actions([rng.choice(pool)], "camera").ok
        done += 1


def expected(session: RulesSession) -> dict[str, Any]:
    """What the drawing must show, read from the state."""
    rules = session.rules
    assert isinstance(rules, RajasRules)
    cat, state = rules.catalog, session.state
    workers = {cat.spaces[i].id: seat for i, seat in enumerate(state.spaces) if seat >= 0}
    mark = marks(NAMES)
    boats = {
        str(i): " ".join(mark[s] for s, p in enumerate(state.players) if p.boat == i)
        for i in range(len(cat.river))
    }
    tiles = {
        str(s): sorted(
            f"{cat.cell_name(c)}:{cat.tiles[v >> 2].id}" for c, v in enumerate(p.province) if v >= 0
        )
        for s, p in enumerate(state.players)
    }
    length = int(cat.value("track_length"))
    race = [[s, p.fame, p.money, length - p.fame - p.money, 2] for s, p in enumerate(state.players)]
    return {"workers": workers, "boats": boats, "tiles": tiles, "race": race}


def check(page: Any, session: RulesSession, where: str, *, phone: bool) -> dict[str, Any]:
    page.locator("#drawing").wait_for()
    found: dict[str, Any] = page.evaluate(MEASURE)
    want = expected(session)
    assert found["workers"] == want["workers"], where
    assert found["boats"] == want["boats"], where
    assert {k: sorted(v) for k, v in found["tiles"].items()} == want["tiles"], where
    assert found["race"] == want["race"], where
    decider = session.rules.decision(session.state).player
    assert found["squareSeats"] == [str(decider)], f"{where}: squares marked off the decider"
    assert set(found["marks"]) == set(marks(NAMES)), where
    assert not found["small"], f"{where}: labels under 12 px: {found['small'][:5]}"
    assert not found["spill"], f"{where}: words past their space's box: {found['spill']}"
    assert not found["overlaps"], f"{where}: words over each other: {found['overlaps'][:5]}"
    faint, checked = [], 0
    height = page.evaluate("() => document.documentElement.scrollHeight")
    for top in range(0, height, 700):
        page.evaluate(f"() => window.scrollTo(0, {top})")
        seen = page.evaluate(FAINT)
        faint += seen["faint"]
        checked += seen["checked"]
    page.evaluate("() => window.scrollTo(0, 0)")
    assert checked > 200, f"{where}: only {checked} words measured for contrast"
    assert not faint, f"{where}: words under 4.5:1 on their ground: {faint[:5]}"
    assert found["above"], f"{where}: the drawing is not above the panels"
    kinds = {place.split(":")[0] for place, _, _ in found["places"]}
    assert {"space", "square", "stack", "building"} <= kinds, where
    # the score sheet: the race in words and the two markers, never a negative total
    assert len(found["scores"]) == len(NAMES), where
    for summary in found["scores"]:
        assert not re.search(r"(^|\s)[-−]\d", summary), f"{where}: a negative total: {summary}"
        assert re.search(r"\d+", summary), where
    if phone:
        assert found["scrollWidth"] <= found["width"], f"{where}: scrolls sideways: {found['wide']}"
        assert not found["cramped"], f"{where}: wider than their box: {found['cramped']}"
        assert not found["outside"], f"{where}: past the edge: {found['outside'][:5]}"
        narrow = [(p, w, h) for p, w, h in found["places"] if min(w, h) < 40]
        assert not narrow, f"{where}: places under 40 px: {narrow[:5]}"
    return found


def test_the_board_is_drawn_on_the_table_screen_and_a_phone(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table_session("rajas", NAMES, [], seed=7, pin=PIN)
    assert isinstance(session, RulesSession)
    play_in(session, 160, seed=3)
    decider = session.rules.decision(session.state).player
    base = live_server(create_app(session))
    table = open_page(f"{base}/table?lang=en", TABLE)
    wait_state(table, session.state_id)
    found = check(table, session, "table", phone=False)
    assert "The race: fame and money" in found["text"]
    table.screenshot(path=str(test_output / "rajas-table-en.png"), full_page=True)
    watcher = open_page(f"{base}/watch?lang=en", PHONE)  # a spectator's phone: no seat
    wait_state(watcher, session.state_id)
    check(watcher, session, "watch", phone=True)
    for lang in ("en", "es"):
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[decider].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        found = check(phone, session, f"phone {lang}", phone=True)
        words = [w for summary in found["scores"] for w in summary.split()]
        if lang == "es":
            assert "La carrera: fama y dinero" in found["text"] and "The race" not in found["text"]
            assert "Cantera" in found["text"] and "Quarry" not in found["text"]
            assert "Pista" in words and "track" not in words
        else:
            assert "Palace of the Great Mogul" in found["text"]
            assert "track" in words
        phone.screenshot(path=str(test_output / f"rajas-phone-{lang}.png"), full_page=True)
        phone.locator("#drawing").screenshot(path=str(test_output / f"rajas-drawing-{lang}.png"))
    assert COLOURS[: len(NAMES)] == ("red", "blue", "green", "yellow")


def test_the_spaces_a_worker_may_go_to_are_tapped_on_the_drawing(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    # A worker's decision offers more spaces than a screen of buttons holds: every
    # offered space is found on the drawing (none falls back to a button) and armed.
    session = new_table_session("rajas", NAMES, [], seed=7, pin=PIN)
    assert isinstance(session, RulesSession)
    rules = session.rules
    rng = random.Random(5)
    for _ in range(60):
        assert session.apply_actions([rng.choice(rules.legal_actions(session.state))], "camera").ok
    while True:
        decision = rules.decision(session.state)
        offered = {
            f"space:{rules.format_action(a).split()[1]}"
            for a in rules.legal_actions(session.state)
            if rules.format_action(a).startswith("place ")
        }
        if decision.kind == "PLACE" and len(offered) > 8:
            break
        assert session.apply_actions([rng.choice(rules.legal_actions(session.state))], "camera").ok
    base = live_server(create_app(session))
    phone = open_page(f"{base}/play?lang=en#token={session.seats[decision.player].token}", PHONE)
    wait_state(phone, session.state_id)
    phone.locator("#drawing .g-pickable").first.wait_for()
    armed = phone.evaluate(
        """() => [...document.querySelectorAll('#drawing .g-pickable')].map((el) => {
            const r = el.getBoundingClientRect();
            return [el.dataset.place, r.width, r.height];
        })"""
    )
    assert {place for place, _, _ in armed} == offered
    assert all(min(w, h) >= 44 for _, w, h in armed), armed
    assert phone.locator("#answers button[data-place^='space:']").count() == 0
    phone.screenshot(path=str(test_output / "rajas-phone-pick-en.png"))


def test_a_tile_is_bought_by_tapping_its_stack_on_the_drawing(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    """A tile to buy: each stack offered is marked on the drawing (``stack:<name>``, at
    least 44 px), and one tap on a stack that one answer names sends that answer."""
    session = new_table_session("rajas", NAMES[:2], [], seed=11, pin=PIN)
    assert isinstance(session, RulesSession)
    rules = session.rules
    rng = random.Random(11)
    for _ in range(600):
        decision = rules.decision(session.state)
        written = [rules.format_action(a) for a in rules.legal_actions(session.state)]
        stacks = [w.split()[1] for w in written if w.startswith("buy ")]
        single = [s for s in stacks if stacks.count(s) == 1]
        if decision.kind == "BUY" and single:
            break
        actions = rules.legal_actions(session.state)
        building = [a for a in actions if rules.format_action(a).startswith(("buy", "place Q"))]
        pool = building if building and rng.random() < 0.7 else actions
        chosen = rules.random_chance(session.state, rng) if decision.is_chance else rng.choice(pool)
        assert session.apply_actions([chosen], "camera").ok
    else:
        raise AssertionError("no tile was offered to buy")
    base = live_server(create_app(session))
    phone = open_page(f"{base}/play?lang=es#token={session.seats[decision.player].token}", PHONE)
    wait_state(phone, session.state_id)
    target = phone.locator(f'#drawing .g-pickable[data-place="stack:{single[0]}"]')
    target.wait_for()
    armed = phone.evaluate(
        """() => [...document.querySelectorAll('#drawing .g-pickable')].map((el) => {
            const hit = el.querySelector(':scope > .g-hit') || el;
            const r = hit.getBoundingClientRect();
            return [el.dataset.place, r.width, r.height];
        })"""
    )
    assert {p for p, _, _ in armed} == {f"stack:{s}" for s in single}, armed
    assert all(min(w, h) >= 44 for _, w, h in armed), armed
    phone.screenshot(path=str(test_output / "rajas-phone-buy-es.png"), full_page=True)
    before, entries = session.state_id, len(session.game.entries)
    target.click()
    wait_state(phone, before + 1)
    bought = rules.format_action(session.game.entries[entries].action)  # then any draw it caused
    assert bought.startswith(f"buy {single[0]} "), bought
