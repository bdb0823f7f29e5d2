"""Issue 32's acceptance test: every game at the table, measured as one (Chromium).

Amritsar, Imhotep, Ceylon and Rajas of the Ganges, each in English and in
Spanish, with one browser context per game and language, several measurements
per page load. It measures what the other browser tests leave out (Amritsar's
decisions: how many buttons, how far down, text size, and at 1280 px; text size
and contrast of every text on every page; Ceylon's and Rajas's QR codes; the
CSV's contents and New game after a restart for Amritsar; a phone's game over
at 1280 px; the start page with Ceylon or Rajas chosen; boxes cut off):

* the table screen (1280x800): every text at least 12 px and at 4.5:1, every
  control at least 44 px, nothing wider than the screen; each seat's QR code
  shown until that seat's phone joins, then hidden;
* a player's decisions along a seeded game, on a phone (390x844) and on a big
  screen (1280x800): at most eight answer buttons on the screen, the last one
  ending within 1.5 phone screens (1266 px) of the page's top, every answer and
  control at least 44 px, every text at least 12 px and at 4.5:1, the same on
  the screen after a first tap (a folded menu's next screen, or an answer's
  follow-up);
* the game played to its end: the table's "New game" reaches the start page
  (once its codes are checked, the table screen waits on a blank page and is
  loaded again when the game is over, and so does the phone between the
  decisions measured: left open, they redrew the game's every move, a quarter
  of the test's CPU, bench/RESULTS.md "... (H4)"; a table screen and phones
  that follow a game into its end live: test_browser_generic, test_browser_phone);
* the game over, after a restart (the game resumed from its log): the itemised
  sheet, a plot with a line per player and a CSV whose totals are the game's,
  on the table screen and a phone, with the same text and tap measures; then
  the table's "New game" reaches the start page with no script error, and the
  start page, with this game chosen, fits 390 px (every element's box inside
  the screen, nothing cut off).

Screenshots: test-output/every-<game>-<screen>-<lang>-<size>.png; the worst
figure of each criterion: test-output/every-<game>-<lang>.txt.
"""

from __future__ import annotations

import csv
import io
import random
import time
import urllib.parse
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games.amritsar.resume import open_session
from companion.games.amritsar.session import TableSession
from companion.resume import open_any_session
from companion.server.app import create_app
from companion.server.start import StartApp, StartChoice, TableSwitch
from engine.amritsar import decision, legal_actions
from tests.server.games import PIN
from tests.server.pages import PHONE, wait_state
from tests.server.test_browser_answers import SCREEN as GENERIC_ANSWERS
from tests.server.test_browser_answers import advance
from tests.server.test_browser_generic import contrast
from tests.server.test_browser_start_phone import _fits

BIG = {"width": 1280, "height": 800}
SIZES = {"390x844": PHONE, "1280x800": BIG}
GAMES = ("amritsar", "imhotep", "ceylon", "rajas")
NAMES = {"amritsar": ["Ana", "Ben", "Cy"], "imhotep": ["Ana", "Ben", "Cy"],
         "ceylon": ["Ana", "Ben", "Cy"], "rajas": ["Ana", "Ben"]}  # fmt: skip
#: The last answer of a decision screen ends within this many px of the page's top.
TALLEST = 1.5 * 844
MOST_BUTTONS = 8
#: Decisions measured along each game at most (the first of each kind, and more answers).
SAMPLES = 16

#: Each criterion: at least or at most what.
LIMITS = {
    "text px": ("least", 12 - 0.01),
    "contrast": ("least", 4.5),
    "tap px": ("least", 44),
    "answer tap px": ("least", 44),
    "page width - screen": ("most", 0),
    "boxes cut off": ("most", 0),
    "answer buttons": ("most", MOST_BUTTONS),
    "last answer px": ("most", TALLEST),
}

#: A decision's first tap that opens another screen (a folded menu's, or an answer's
#: follow-up), and that screen drawn.
FOLLOW_UP = ("#answers button[data-menu]", '#answers[data-depth="1"]')

#: Every visible text (its own words) with its size on screen and, outside drawings,
#: its colour against what is really behind it; every control's box; the page's width.
PAGE_JS = """
() => {
  const parse = (c) => {
    const p = (c.match(/[\\d.]+/g) || [0, 0, 0, 0]).map(Number);
    return {r: p[0], g: p[1], b: p[2], a: p.length > 3 ? p[3] : 1};
  };
  const behind = (el) => {
    const layers = [];
    for (let e = el; e; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c.a > 0) layers.push(c);
      if (c.a >= 1) break;
    }
    let base = {r: 255, g: 255, b: 255};
    for (const c of layers.reverse())
      base = {r: c.r * c.a + base.r * (1 - c.a), g: c.g * c.a + base.g * (1 - c.a),
              b: c.b * c.a + base.b * (1 - c.a)};
    return [base.r, base.g, base.b];
  };
  const name = (e) => `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}` +
    `${typeof e.className === 'string' && e.className ? '.' + e.className.split(' ')[0] : ''}`;
  const texts = [];
  for (const el of document.querySelectorAll('body *')) {
    if (['SCRIPT', 'STYLE', 'TITLE'].includes(el.tagName)) continue;
    const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim())
      .map((n) => n.textContent.trim()).join(' ');
    if (!own || !el.getClientRects().length) continue;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden') continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    let size = parseFloat(style.fontSize);
    let fg = null, bg = null;
    if (el instanceof SVGElement) size *= el.ownerSVGElement.getScreenCTM().a;
    else { const c = parse(style.color); fg = [c.r, c.g, c.b]; bg = behind(el); }
    texts.push({el: name(el), text: own.slice(0, 30), size, fg, bg});
  }
  const targets = [];
  for (const el of document.querySelectorAll(
      'button, a[href], summary, select, input:not([type=hidden]), label.choice')) {
    // a radio or a checkbox is tapped through its label
    const r = (el.tagName === 'INPUT' && el.closest('label') ? el.closest('label') : el)
      .getBoundingClientRect();
    if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
    targets.push({el: name(el), text: (el.innerText || el.id || '').trim().slice(0, 30),
                  width: r.width, height: r.height});
  }
  // boxes past the screen's sides, or whose content is wider than them (cut off or scrolled)
  const clipped = [];
  for (const e of document.querySelectorAll('body *')) {
    if (!e.getClientRects().length || getComputedStyle(e).visibility === 'hidden') continue;
    if (e instanceof SVGElement && e.tagName !== 'svg') {
      // a drawing's words cut by the edge of their picture
      const svg = e.ownerSVGElement;
      if (e.tagName !== 'text' || !svg || getComputedStyle(svg).overflow === 'visible') continue;
      const t = e.getBoundingClientRect(), box = svg.getBoundingClientRect();
      if (t.width && (t.right > box.right + 0.5 || t.left < box.left - 0.5
                      || t.bottom > box.bottom + 0.5 || t.top < box.top - 0.5))
        clipped.push(`text '${e.textContent.trim().slice(0, 20)}' past its picture's edge`
                     + ` [${t.left.toFixed(0)}, ${t.right.toFixed(0)}] in [${box.left.toFixed(0)}, ${box.right.toFixed(0)}]`);
      continue;
    }
    const r = e.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if (r.right > window.innerWidth + 0.5 || r.left < -0.5)
      clipped.push(`${name(e)} [${r.left.toFixed(0)}, ${r.right.toFixed(0)}]`);
    else if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0
             && !['SELECT', 'INPUT', 'TEXTAREA'].includes(e.tagName)
             && getComputedStyle(e).overflowX !== 'visible')
      clipped.push(`${name(e)} holds ${e.scrollWidth} px in ${e.clientWidth}`);
  }
  return {texts, targets, clipped, page: document.documentElement.scrollWidth,
          width: window.innerWidth};
}
"""

#: The answers folded under "enter it here" (a move the camera will see) opened first.
OPEN_ANSWERS = """() => {
  for (const d of document.querySelectorAll('#decision details.enter-here')) d.open = true;
}"""


class Figures:
    """The worst figure of each criterion, and what measured it."""

    def __init__(self) -> None:
        self.worst: dict[str, tuple[float, str]] = {}

    def low(self, criterion: str, value: float, where: str) -> None:
        """Keep the lowest ``value`` (sizes, contrast)."""
        if criterion not in self.worst or value < self.worst[criterion][0]:
            self.worst[criterion] = (value, where)

    def high(self, criterion: str, value: float, where: str) -> None:
        """Keep the highest ``value`` (buttons, how far down)."""
        if criterion not in self.worst or value > self.worst[criterion][0]:
            self.worst[criterion] = (value, where)

    def lines(self) -> list[str]:
        return [f"{c}: {v:.2f} ({w})" for c, (v, w) in sorted(self.worst.items())]

    def failing(self) -> list[str]:
        """The criteria whose worst figure is past its limit."""
        out = []
        for key, (value, where) in sorted(self.worst.items()):
            limit = LIMITS[key.split(": ", 1)[1]]
            if (value < limit[1]) if limit[0] == "least" else (value > limit[1]):
                out.append(f"{key}: {value:.2f} ({where})")
        return out


def measure_page(page: Any, scope: str, where: str, figures: Figures) -> None:
    """Text sizes and contrast, tap targets, width and cut-off boxes of the page as it is now;
    each criterion's worst kept for ``scope`` (table, decision, game over, start)."""
    found = page.evaluate(PAGE_JS)
    for t in found["texts"]:
        figures.low(f"{scope}: text px", t["size"], f"{where}: {t['el']} {t['text']!r}")
        if t["fg"] is not None:
            ratio = contrast(t["fg"], t["bg"])
            figures.low(f"{scope}: contrast", ratio, f"{where}: {t['el']} {t['text']!r}")
    for c in found["targets"]:
        side = min(c["width"], c["height"])
        box = f"{c['width']:.0f}x{c['height']:.0f}"
        figures.low(f"{scope}: tap px", side, f"{where}: {c['el']} {c['text']!r} {box}")
    figures.high(f"{scope}: page width - screen", found["page"] - found["width"], where)
    figures.high(
        f"{scope}: boxes cut off", len(found["clipped"]), f"{where}: {found['clipped'][:4]}"
    )


def measure_answers(page: Any, game: str, kind: str, where: str, figures: Figures) -> int:
    """The decision screen's answers: how many, how small, how far down; returns how many."""
    page.evaluate(OPEN_ANSWERS)
    found = page.evaluate(GENERIC_ANSWERS)
    assert found is not None, f"{where}: no answers"
    scope = "decision"
    figures.high(f"{scope}: answer buttons", found["buttons"], f"{where}: {found['text'][:80]!r}")
    figures.high(f"{scope}: last answer px", found["bottom"], where)
    for small in found["small"]:
        width, height = (float(n) for n in small.split()[-1].split("x"))
        figures.low(f"{scope}: answer tap px", min(width, height), f"{where}: {small}")
    return int(found["buttons"])


# ---------------------------------------------------------------------------
# The games, played as the camera reports (seeded), per game


def new_session(game: str, path: Path) -> Any:
    """A new logged game of ``game`` (so it can be resumed after a restart)."""
    if game == "amritsar":
        return open_session(path, NAMES[game], seed=5, pin=PIN)
    session = open_any_session(path, game, NAMES[game], public_seed=3)
    session.pin = PIN
    return session


def resumed(game: str, path: Path) -> Any:
    session = open_session(path, []) if game == "amritsar" else open_any_session(path, game, [])
    session.pin = PIN
    return session


def deciding(session: Any) -> tuple[int | None, str, int]:
    """Whose decision it is (None: nobody's phone), its kind and how many answers."""
    if isinstance(session, TableSession):
        d = decision(session.state)
        if session.state.finished:
            return None, "over", 0
        if not 0 <= d.player < len(session.state.players):
            return None, str(d.kind), 0
        return d.player, str(d.kind), len(session.seat_view(d.player)["options"])
    d = session.rules.decision(session.state)
    if d.is_over:
        return None, "over", 0
    seat = session.seat_view(None)["decision"]["seat"]
    return (
        (None if d.is_chance else seat),
        str(d.kind),
        len(session.rules.legal_actions(session.state)),
    )


def step(session: Any, rng: random.Random) -> None:
    """One seeded legal move, as the camera reports it."""
    if isinstance(session, TableSession):
        assert session.apply_actions([rng.choice(legal_actions(session.state))], "camera").ok
    else:
        advance(session, rng, 1)


def over(session: Any) -> bool:
    return deciding(session)[1] == "over"


def samples(session: Any, seed: int) -> Iterator[int]:
    """Along the game, the seats deciding at the decisions measured: the first of each
    kind, and one offering more answers than a screen holds and than before of its kind."""
    rng = random.Random(seed)
    most: dict[str, int] = {}
    taken = 0
    while taken < SAMPLES:
        seat, kind, answers = deciding(session)
        if kind == "over":
            return
        if seat is not None and (kind not in most or answers > max(MOST_BUTTONS, most[kind])):
            most[kind] = max(answers, most.get(kind, 0))
            taken += 1
            yield seat
        step(session, rng)


# ---------------------------------------------------------------------------
# The pages


def table_codes(page: Any, game: str) -> dict[int, bool]:
    """Each seat on the table screen's joining panel: is its QR code shown?"""
    figures = page.locator(".g-qr[data-seat]")
    return {int(f.get_attribute("data-seat")): f.locator("img").count() == 1 for f in figures.all()}


def check_csv(text: str, totals: dict[str, int]) -> None:
    """The CSV's total rows are the game's totals, player by player."""
    rows = list(csv.DictReader(io.StringIO(text)))
    got = {r["player"]: int(r["amount"]) for r in rows if r["category"] == "total"}
    assert sorted(got.values()) == sorted(totals.values()), (got, totals)
    assert all(got[name] == total for name, total in totals.items() if name in got), (got, totals)
    assert len(rows) > len(got), "no score lines before the totals"


def game_over(page: Any, where: str, totals: dict[str, int]) -> dict[str, Any]:
    """The itemised sheet, the plot and the CSV on a game-over page: what is there."""
    # Amritsar's own panels (end.js), or the shared game-over screen (game_over.js)
    page.wait_for_selector("#game-over #score-table, #breakdown", state="attached")
    if page.locator("#game-over #score-table").count():
        sheet, plot, lines = "#score-table", "#score-plot", "#score-plot polyline.go-line"
    else:
        sheet, plot, lines = "#breakdown", "#pp-plot svg", "#pp-plot polyline.pp-line"
    found = {
        "sheet": page.locator(sheet).count() == 1,
        "plot lines": page.locator(lines).count() if page.locator(plot).count() else 0,
        "csv": False,
    }
    link = page.locator("#export-csv")
    if link.count():
        href = link.get_attribute("href") or ""
        if href.startswith("data:text/csv"):
            text = urllib.parse.unquote(href.split(",", 1)[1])
        else:
            with page.expect_download() as got:
                link.click()
            text = Path(got.value.path()).read_text(encoding="utf-8")
        check_csv(text, totals)
        found["csv"] = True
    return found


def _switch(games: Path, first: Any) -> TableSwitch:
    def starter(choice: StartChoice) -> Any:  # the start page is only reached here
        raise AssertionError(f"started {choice}")

    return TableSwitch(StartApp(pin=PIN, games=games, starter=starter), create_app, first=first)


def new_game(page: Any, game: str) -> None:
    """The table's "New game" once the game is over (confirmed)."""
    page.on("dialog", lambda dialog: dialog.accept(PIN))
    page.click("#new-game")
    page.wait_for_selector("#start-form")


# ---------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", GAMES)
def test_every_game_at_the_table(
    game: str,
    lang: str,
    tmp_path: Path,
    browser: Any,
    live_server: Callable[[Any], str],
    test_output: Path,
) -> None:
    games = tmp_path / "games"
    games.mkdir()
    log = games / f"{game}.sqlite"
    session = new_session(game, log)
    base = live_server(_switch(games, session))
    context = browser.new_context(viewport=BIG, locale="es-ES" if lang == "es" else "en-GB")
    errors: list[str] = []
    figures = Figures()
    failures: list[str] = []
    measured: list[str] = []  # the kinds of decision measured
    # Spanish runs longer than English: where it could overflow is the phone's width, so
    # the decisions are measured there in Spanish, at both sizes in English.
    sizes = SIZES if lang == "en" else {"390x844": PHONE}

    def open_(url: str, size: dict[str, int] = BIG) -> Any:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(f"{url}: {error}"))
        page.set_viewport_size(size)
        page.goto(url)
        return page

    def shot(page: Any, screen: str, size: str, *, full: bool = True) -> None:
        name = f"every-{game}-{screen}-{lang}-{size}.png"
        page.screenshot(path=str(test_output / name), full_page=full)

    try:
        # The table screen: every seat's code, then the first phone joins.
        table = open_(f"{base}/table?lang={lang}#pin={PIN}")
        wait_state(table, session.state_id)
        table.locator(".g-qr img").first.wait_for()
        codes = table_codes(table, game)
        assert codes and all(codes.values()), f"{game} {lang}: codes before joining {codes}"
        measure_page(table, "table", f"{lang} 1280x800", figures)
        shot(table, "table", "1280x800", full=False)

        phone = None
        shown = 0
        for n, seat in enumerate(samples(session, seed=7)):
            token = session.seats[seat].token
            if phone is None:
                phone = open_(f"{base}/play?lang={lang}#token={token}", PHONE)
            else:
                phone.set_viewport_size(PHONE)
                phone.goto(f"{base}/play?lang={lang}&n={n}#token={token}")
            wait_state(phone, session.state_id)
            phone.locator("#decision").wait_for()
            kind = deciding(session)[1]
            measured.append(kind)
            for size, viewport in sizes.items():
                phone.set_viewport_size(viewport)
                phone.evaluate("() => new Promise((r) => requestAnimationFrame(() => r(0)))")
                where = f"{kind} {lang} {size}"
                buttons = measure_answers(phone, game, kind, where, figures)
                measure_page(phone, "decision", where, figures)
                if size == "390x844" and buttons > shown:
                    shown = buttons
                    shot(phone, "decision", size)
                    phone.set_viewport_size(BIG)
                    shot(phone, "decision", "1280x800")
                    phone.set_viewport_size(PHONE)
            # The screen after a first tap (a folded menu's, or an answer's follow-up).
            phone.set_viewport_size(PHONE)
            opener, opened = FOLLOW_UP
            if phone.locator(opener).count():
                phone.locator(opener).first.click()
                phone.locator(opened).wait_for()
                for size, viewport in sizes.items():
                    phone.set_viewport_size(viewport)
                    where = f"{kind} follow-up {lang} {size}"
                    measure_answers(phone, game, kind, where, figures)
                    measure_page(phone, "decision", where, figures)
            if n == 0:
                # That phone joined: its seat's code is hidden on the table screen.
                wait_state(table, session.state_id)
                deadline = time.monotonic() + 5
                while table_codes(table, game).get(seat, False):
                    assert time.monotonic() < deadline, f"{game}: seat {seat}'s code stays"
                    time.sleep(0.05)
                codes = table_codes(table, game)
                assert not codes.get(seat, False), f"{game}: joined seat {seat} still has its code"
                assert any(codes.values()), f"{game}: every code went with one phone: {codes}"
                shot(table, "table-joined", "1280x800", full=False)
                table.goto("about:blank")  # loaded again once the game is over
            # Loaded again at the next decision: it does not redraw the moves on the way.
            phone.goto("about:blank")
        assert phone is not None, f"{game}: no decision measured"

        # Played to its end: "New game" brings the start page back (no restart yet).
        rng = random.Random(11)
        while not over(session):
            step(session, rng)
        table.goto(f"{base}/table?lang={lang}#pin={PIN}")
        wait_state(table, session.state_id)
        new_game(table, game)
        # The game over, after a restart (the game resumed from its log).
        if session.store is not None:  # closed twice is harmless
            session.store.close()
        again = resumed(game, log)
        base = live_server(_switch(games, again))
        names = {s.index: s.name for s in again.seats}
        if game == "amritsar":
            sheets = [(s["seat"], s["total"]) for s in again.seat_view(None)["scores"]]
        else:
            sheets = [(s.seat, s.total) for s in again.rules.score(again.state)]
        totals = {names.get(seat, str(seat)): total for seat, total in sheets}
        table = open_(f"{base}/table?lang={lang}#pin={PIN}")
        wait_state(table, again.state_id)
        phone = open_(f"{base}/play?lang={lang}#token={again.seats[1].token}", PHONE)
        wait_state(phone, again.state_id)
        # The table screen is a tablet or a TV: measured at 1280x800 only; a phone at both.
        for page, who, sizes in ((table, "table", ["1280x800"]), (phone, "phone", list(SIZES))):
            for other in sizes:
                page.set_viewport_size(SIZES[other])
                where = f"game over {who} {lang} {other}"
                found = game_over(page, where, totals)
                if not found["sheet"]:
                    failures.append(f"{where}: no itemised sheet")
                if found["plot lines"] < len(totals):
                    failures.append(f"{where}: plot lines {found['plot lines']}")
                if not found["csv"]:
                    failures.append(f"{where}: no CSV")
                measure_page(page, "game over", where, figures)
                shot(page, f"gameover-{who}", other)

        # New game: the start page, with no error; with this game chosen it fits 390 px.
        new_game(table, game)
        table.set_viewport_size(PHONE)
        table.check(f"input[name='game'][value='{game}']")
        table.click("[data-count='4']")  # the longest form
        _fits(table, f"start page, {game} chosen, {lang}")
        measure_page(table, "start", f"{lang} 390x844", figures)
        table.evaluate("() => window.scrollTo(0, 0)")
        shot(table, "start", "390x844")
    finally:
        (test_output / f"every-{game}-{lang}.txt").write_text(
            "\n".join(figures.lines() + failures + errors + [f"decisions: {measured}"]) + "\n"
        )
        context.close()
    assert not errors, errors
    assert not failures, failures
    assert not figures.failing(), figures.failing()
