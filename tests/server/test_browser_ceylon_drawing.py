"""Ceylon's board drawing in real headless Chromium, on the table screen and a phone.

A 4-player game (and a 2-player one, Ana and Anna marked A1 and A2, with a
district out of play) is played some way in through the session; the table
screen (1280x800) and a phone (390x844) in English and Spanish must show, above
the panels: every hex of the state with its id and level, every plantation with
its owner's mark, every pawn, each district's advisor and who hired it, each
wagon's contract; every label at least 12 px (SVG text measured at its drawn
size); every text on the shape it is drawn on (a mark on its piece, a hex's id
on its shade, a level on its badge) at 4.5:1 contrast; no text cut off by its
SVG; nothing wider than the screen; and on the phone every hex's place at least
40 px across. A crowded hex (a plantation with two leaves and all four pawns)
keeps every mark readable. The panels of rows the drawing shows (elevation,
plantations, advisors, train...) are folded into one closed "The board in
words" behind a title at least 44 px tall, their words kept.
Screenshots go to test-output/ceylon-*.png.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games import new_table_session
from companion.games.ceylon.drawing import ceylon
from companion.rules_session import RulesSession
from companion.server import create_app
from companion.server.drawings import marks
from tests.server.games import PIN
from tests.server.pages import PHONE, Opener, wait_state
from tests.server.test_drawing_ceylon import CATALOG, RULES, SEATS, states

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
    // a text on the first shape of its piece (a mark's disc or tile, a badge, a box, a
    // cube), a hex's id on the hex's shade
    const shape = text.classList.contains('c-hex-id')
      ? root.querySelector(`g.c-hex[data-hex="${text.closest('g').dataset.hex}"] polygon`)
      : (text.closest('g') || text.ownerSVGElement).querySelector('polygon, rect, circle');
    const ratio = contrast(text.getAttribute('fill'), shape.getAttribute('fill'));
    if (ratio < 4.5) poor.push([text.textContent, ratio]);
  }
  const map = root.querySelector('svg.c-map');
  const hexes = [...map.querySelectorAll('g.c-hex')].map((g) => {
    const r = g.getBoundingClientRect();
    const on = map.querySelector(`g.c-on[data-hex="${g.dataset.hex}"]`);
    const box = on.getBoundingClientRect();
    return {
      id: g.dataset.hex, place: g.dataset.place || null, level: Number(g.dataset.level),
      levelText: on.querySelector('text.c-level')?.textContent ?? null,
      idText: on.querySelector('text.c-hex-id').textContent,
      plantation: [...on.querySelectorAll('g.c-plantation')].map((p) => [Number(p.dataset.seat), p.textContent]),
      pawns: [...on.querySelectorAll('g.c-pawn')].map((p) => [Number(p.dataset.seat), p.textContent]),
      // what stands on the hex stays within it (a tap anywhere on it is the hex's)
      inside: box.left >= r.left - 1 && box.right <= r.right + 1 && box.top >= r.top - 1 && box.bottom <= r.bottom + 1,
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
  const folded = [...document.querySelectorAll('#board details.g-in-words')].map((d) => [
    d.open, d.querySelector('summary').getBoundingClientRect().height,
    [...d.querySelectorAll('section.g-area')].map((a) => [a.dataset.key, a.querySelectorAll('dd').length]),
  ]);
  return {
    folded,
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
    for key, level in view["levels"].items():  # the level by shade (data), by number from 1
        badge = str(level) if level >= 1 else None  # level 0: no badge, the legend says so
        assert (hexes[key]["level"], hexes[key]["levelText"]) == (level, badge), where
    assert not [k for k, h in hexes.items() if not h["place"] and h["levelText"]], where
    assert all(h["idText"] == k and h["inside"] for k, h in hexes.items()), where
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
    # the rows the drawing shows whole are folded behind their titles, their words kept
    # (one closed "The board in words", its summary a 44 px tap)
    [(opened, height, areas)] = found["folded"]
    assert not opened and height >= 44, where
    worded = {key for key, rows in areas if rows > 0}
    assert {"levels", "advisors", "train"} <= worded, where
    assert ("plantations" in worded) == bool(view["plantations"]), where
    if phone:
        narrow = [(h["id"], round(h["width"], 1)) for h in found["hexes"] if h["width"] < 40]
        assert not narrow, f"{where}: hexes under 40 px: {narrow}"
    return found


@pytest.mark.parametrize(
    ("names", "steps"),
    [(["Ana", "Ben", "Cy", "Dee"], 170), (["Ana", "Anna"], 90)],  # marks A, B...; A1, A2
)
def test_the_island_is_drawn_on_the_table_screen_and_a_phone(
    names: list[str],
    steps: int,
    live_server: Callable[[Any], str],
    open_page: Opener,
    test_output: Path,
) -> None:
    players = len(names)
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
            assert "sin número: nivel 0" in found["text"], found["text"]
            assert "The island" not in found["text"] and "Company" not in found["text"]
        else:
            assert "The island" in found["text"] and "Company" in found["text"]
            assert "without a number: level 0" in found["text"], found["text"]
        phone.screenshot(
            path=str(test_output / f"ceylon-phone-{players}p-{lang}.png"), full_page=True
        )


def test_a_crowded_hex_keeps_every_mark_readable(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    """A plantation with two leaves and all four pawns on one hex, every advisor hired by
    several players, bonuses taken: drawn on a phone, every mark still there and readable."""
    state = next(s for s in states(4, (), 8) if s.turn == 12).clone()
    planted = next(h for h, owner in enumerate(state.owner) if owner >= 0)
    state.double |= 1 << planted
    for seat, hired in enumerate((0b0001, 0b1111, 0b0001, 0b0011)):
        state.mut(seat).pawn = planted
        state.mut(seat).hired = hired
        state.mut(seat).tech = 3
    state.mut(2).bonus = 10
    state.bonus_stack = [6, 3, 1]
    data = ceylon(RULES.view(state, None), SEATS)
    session = new_table_session("ceylon", [s.name for s in SEATS], seed=5)
    base = live_server(create_app(session))
    phone = open_page(f"{base}/watch?lang=es", PHONE, lang="es")
    phone.locator("#drawing svg.c-map").wait_for()
    phone.evaluate(DRAW, data)
    found: dict[str, Any] = phone.evaluate(MEASURE)
    crowded = next(h for h in found["hexes"] if h["id"] == CATALOG.hexes[planted].id)
    assert crowded["pawns"] == [[0, "A"], [1, "B"], [2, "C"], [3, "D"]]
    assert crowded["plantation"] == [[state.owner[planted], "ABCD"[state.owner[planted]]]]
    assert crowded["idText"] == CATALOG.hexes[planted].id and crowded["inside"]
    hired = {d["place"]: d["hired"] for d in found["districts"]}
    assert hired == {
        "district:dimbula": [0, 1, 2, 3],
        "district:kandy": [1, 3],
        "district:ruhuna": [1],
        "district:uva": [1],
    }
    assert not found["small"] and not found["cut"] and not found["poor"] and not found["outside"]
    assert found["scrollWidth"] <= found["clientWidth"]
    phone.locator("#drawing").screenshot(path=str(test_output / "ceylon-phone-crowded-es.png"))


#: Draws ``board.drawing`` data in place of the page's drawing (the module the page uses).
DRAW = """async (data) => {
  const drawing = await import('/static/js/ceylon_drawing.js');
  document.getElementById('drawing').replaceWith(drawing.drawCeylon(data));
}"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_move_tapped_on_the_map_shows_its_cost_before_it_is_sent(
    lang: str, live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    """Tapping a hex the pawn would pay rupees to reach shows the move's steps and rupees
    with one button to send it (and Back); nothing is sent until that button."""
    session = new_table_session("ceylon", ["Ana", "Ben", "Cy"], seed=4, pin=PIN)
    assert isinstance(session, RulesSession)
    rules, rng = session.rules, random.Random(4)
    payloads = create_app(session).state.payloads
    menu_item: dict[str, Any] | None = None
    for _ in range(400):
        d = rules.decision(session.state)
        seat = session.seat_view(None)["decision"]["seat"]
        if seat is not None and not d.is_chance:
            menu = payloads.view(seat)["menu"]
            moves = next((i for i in (menu or {}).get("items", []) if "items" in i), None)
            asked = [i for i in (moves or {}).get("items", []) if i.get("ask")]
            if moves and asked and len(menu["items"]) < 8:
                menu_item = asked[0]
                break
        actions = rules.legal_actions(session.state)
        action = rules.random_chance(session.state, rng) if d.is_chance else rng.choice(actions)
        assert session.apply_actions([action], "camera").ok
    assert menu_item is not None and moves is not None, "no paid move was offered"
    base = live_server(create_app(session))
    page = open_page(f"{base}/play?lang={lang}#token={session.seats[seat].token}", PHONE, lang=lang)
    wait_state(page, session.state_id)
    page.locator(f"#answers button:has-text('{moves[lang]}')").click()
    before = session.state_id
    hexes = page.locator(f'#drawing .g-pickable[data-place="{menu_item["place"]}"]')
    hexes.first.click()
    send = page.locator(f'#answers button[data-action="{menu_item["action"]}"]')
    send.wait_for()
    words = send.inner_text().strip()
    assert words == menu_item["full"][lang], words
    assert ("rupia" if lang == "es" else "rupee") in words, words
    assert page.locator("#answers .g-path").inner_text().endswith(menu_item[lang])
    assert page.locator(f'#drawing .g-chosen[data-place="{menu_item["place"]}"]').count() == 1
    assert send.bounding_box()["height"] >= 44
    assert session.state_id == before  # the tap on the map sent nothing
    page.screenshot(path=str(test_output / f"ceylon-move-cost-{lang}.png"), full_page=True)
    send.click()
    wait_state(page, before + 1)
    last = session.game.entries[-1].action
    assert rules.format_action(last) == menu_item["action"]
