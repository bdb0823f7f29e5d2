"""Ceylon's board drawing in real headless Chromium, on the table screen and a phone.

A 4-player game (and a 2-player one, with a district out of play) is played
some way in through the session; the table screen (1280x800) and a phone
(390x844) in English and Spanish must show, above the panels: every hex of
the state with its level, every plantation with its owner's mark, every pawn,
each district's advisor, each wagon's contract; every label at least 12 px
(SVG text measured at its drawn size); every text on the shape it is drawn on
(marks on their pieces, a hex's id and level on its shade) at 4.5:1 contrast; no text cut off by its SVG; nothing
wider than the screen; and on the phone every hex's place at least 40 px across.
Screenshots go to test-output/ceylon-*.png for a person to look at.
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

MEASURE = """
() => {
  const root = document.getElementById('drawing');
  const hex = (c) => {
    const m = c.match(/^#([0-9a-f]{6})$/i);
    if (m) return [0, 2, 4].map((i) => parseInt(m[1].slice(i, i + 2), 16));
    return (c.match(/[\\d.]+/g) || []).map(Number).slice(0, 3);
  };
  const lum = (c) => {
    const [r, g, b] = c.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const contrast = (a, b) => {
    const [x, y] = [lum(hex(a)), lum(hex(b))].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05);
  };
  const small = [];
  const cut = [];
  for (const el of root.querySelectorAll('*')) {
    const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('title')) continue;
    const rect = el.getBoundingClientRect();
    if (rect.width === 0 && rect.height === 0) continue;
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (el instanceof SVGElement) {
      size *= el.getScreenCTM().a;
      const box = el.ownerSVGElement.getBoundingClientRect();
      if (rect.left < box.left - 1 || rect.right > box.right + 1 || rect.top < box.top - 1 || rect.bottom > box.bottom + 1) {
        cut.push(el.textContent.trim());
      }
    }
    if (size < 12) small.push([el.textContent.trim().slice(0, 30), size]);
  }
  const poor = [];
  for (const text of root.querySelectorAll('svg text')) {
    // a text on the first shape of its piece (a hex, a mark's disc or tile, a box, a cube)
    const shape = (text.closest('g') || text.ownerSVGElement).querySelector('polygon, rect, circle');
    const ratio = contrast(text.getAttribute('fill'), shape.getAttribute('fill'));
    if (ratio < 4.5) poor.push([text.textContent, ratio]);
  }
  const map = root.querySelector('svg.c-map');
  const hexes = [...map.querySelectorAll('g.c-hex')].map((g) => {
    const r = g.getBoundingClientRect();
    return {
      id: g.dataset.hex, place: g.dataset.place || null, level: Number(g.dataset.level),
      levelText: g.querySelector('text.c-level').textContent,
      plantation: [...g.querySelectorAll('g.c-plantation')].map((p) => [Number(p.dataset.seat), p.textContent]),
      pawns: [...g.querySelectorAll('g.c-pawn')].map((p) => [Number(p.dataset.seat), p.textContent]),
      width: r.width,
    };
  });
  const districts = [...map.querySelectorAll('g.c-district')].map((g) => ({
    place: g.dataset.place, advisor: g.dataset.advisor,
    hired: [...g.querySelectorAll('g.c-pawn')].map((p) => Number(p.dataset.seat)),
    width: g.getBoundingClientRect().width, height: g.getBoundingClientRect().height,
  }));
  const wagons = [...root.querySelectorAll('g.c-wagon')].map((g) => ({
    place: g.dataset.place, contract: g.dataset.contract, cubes: g.querySelectorAll('g.c-cube').length,
  }));
  const outside = [...root.querySelectorAll('*')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && (r.right > window.innerWidth + 0.5 || r.left < -0.5);
  }).map((el) => el.tagName + '.' + el.getAttribute('class'));
  const panels = document.querySelector('#board');
  return {
    small, cut, poor, hexes, districts, wagons, outside,
    discs: [...root.querySelectorAll('svg g.c-tech-space ~ g.c-pawn, .c-tech g.c-pawn')].length,
    above: panels ? root.getBoundingClientRect().bottom <= panels.getBoundingClientRect().top : false,
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
    mapWidth: map.getBoundingClientRect().width,
    text: root.innerText,
  };
}
"""


def play_in(session: RulesSession, steps: int, seed: int) -> None:
    """Seeded random legal answers and draws, as the camera and the phones would give them."""
    rng = random.Random(seed)
    rules = session.rules
    for _ in range(steps):
        state = session.state
        d = rules.decision(state)
        if d.is_over:
            return
        action = (
            rules.random_chance(state, rng)
            if d.is_chance
            else rng.choice(rules.legal_actions(state))
        )
        assert session.apply_actions([action], "camera").ok


def check(page: Any, session: RulesSession, where: str, *, phone: bool) -> dict[str, Any]:
    page.locator("#drawing svg.c-map").wait_for()
    found: dict[str, Any] = page.evaluate(MEASURE)
    view = session.rules.view(session.state, None)
    mark = marks([s.name for s in session.seats])
    hexes = {h["id"]: h for h in found["hexes"]}
    assert len(hexes) == 32, where
    assert {k for k, h in hexes.items() if h["place"]} == set(view["levels"]), where
    assert all(h["place"] == f"hex:{k}" for k, h in hexes.items() if h["place"]), where
    for key, level in view["levels"].items():  # the level by shade (data) and by number
        assert (hexes[key]["level"], hexes[key]["levelText"]) == (level, str(level)), where
    planted = {k: h["plantation"] for k, h in hexes.items() if h["plantation"]}
    want = {k: [[p["seat"], mark[p["seat"]]]] for k, p in view["plantations"].items()}
    assert planted == want, where
    for seat, entry in enumerate(view["seats"]):
        on = [k for k, h in hexes.items() if [seat, mark[seat]] in h["pawns"]]
        assert on == ([entry["pawn"]] if entry["pawn"] else []), where
    advisors = {d["place"]: d for d in found["districts"]}
    for district in view["districts"]:
        box = advisors[f"district:{district}"]
        assert box["advisor"] == view["advisors"].get(district, ""), where
        assert box["hired"] == [i for i, e in enumerate(view["seats"]) if district in e["hired"]], (
            where
        )
        assert box["width"] >= 40 and box["height"] >= 30, where
    wagons = [(w["place"], w["contract"] or None) for w in found["wagons"]]
    assert wagons == [(f"wagon:{i + 1}", c) for i, c in enumerate(view["train"])], where
    assert found["discs"] == len(view["seats"]), where
    assert not found["small"], f"{where}: labels under 12 px: {found['small']}"
    assert not found["cut"], f"{where}: text cut off by its drawing: {found['cut']}"
    assert not found["poor"], f"{where}: marks or hex labels under 4.5:1: {found['poor']}"
    assert not found["outside"], f"{where}: drawn outside the screen: {found['outside'][:5]}"
    assert found["above"], f"{where}: the drawing is not above the panels"
    assert found["scrollWidth"] <= found["clientWidth"], f"{where}: scrolls sideways"
    if phone:
        narrow = [(h["id"], round(h["width"], 1)) for h in found["hexes"] if h["width"] < 40]
        assert not narrow, f"{where}: hexes under 40 px: {narrow}"
    return found


@pytest.mark.parametrize(("players", "steps"), [(4, 170), (2, 90)])
def test_the_island_is_drawn_on_the_table_screen_and_a_phone(
    players: int,
    steps: int,
    live_server: Callable[[Any], str],
    open_page: Opener,
    test_output: Path,
) -> None:
    names = ["Ana", "Ben", "Cy", "Dee"][:players]
    session = new_table_session("ceylon", names, seed=5, pin=PIN)
    assert isinstance(session, RulesSession)
    play_in(session, steps, seed=3)
    base = live_server(create_app(session))
    table = open_page(f"{base}/table?lang=en", TABLE)
    wait_state(table, session.state_id)
    found = check(table, session, f"{players}p table", phone=False)
    assert found["mapWidth"] >= 500, "the table screen draws the island large"
    table.screenshot(path=str(test_output / f"ceylon-table-{players}p.png"), full_page=True)
    for lang in ("en", "es"):
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        found = check(phone, session, f"{players}p phone {lang}", phone=True)
        if lang == "es":
            assert "La isla" in found["text"] and "Compañía" in found["text"], found["text"]
            assert "The island" not in found["text"] and "Company" not in found["text"]
        else:
            assert "The island" in found["text"] and "Company" in found["text"]
        phone.screenshot(
            path=str(test_output / f"ceylon-phone-{players}p-{lang}.png"), full_page=True
        )
