"""The game-over screen of all four games in headless Chromium (one module, game_over.js).

Each game is played to its end through the session (seeded answers from the
deciding phones, ``tests.server.generic_games``), then served as after a restart:
resumed from its log, behind the start page (``TableSwitch(first=...)``). The
table screen (1280x800) and a player's phone (390x844) are measured in English
and Spanish: the winner comes first under the top bar; the sheets side by side
have a column per player and end on the totals; the plot has a line per player
whose last point is that player's total; the CSV and JSON downloads hold the
sheets; no undo is offered; every text is at least 12 px with 4.5:1 contrast,
every control at least 44 px, nothing wider than the screen. Then the table's
"New game" (with the PIN the screen already has) reaches the start page with
no error. Screenshots: test-output/gameover-<game>-<lang>-<size>.png.

Amritsar (the same generic pages, with its own parts) is measured the same way,
solo against the Maharajah and with two players, on its table screen, a phone
and the spectator view; its plot also marks the three decades. Screenshots:
test-output/gameover-amritsar-<solo|two>-<page>-<lang>-<size>.png.
"""

from __future__ import annotations

import csv
import io
import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.amritsar.session import TableSession
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.server.app import STATIC, create_app
from companion.server.start import StartApp, StartChoice, TableSwitch
from engine.amritsar import score
from engine.core.scoring import ScoreSheet
from tests.server.games import PIN, finished, play_until
from tests.server.generic_games import new_game, play_to_end
from tests.server.pages import PHONE, Opener
from tests.server.test_browser_generic import contrast

TABLE = {"width": 1280, "height": 800}
PLAYERS = {"imhotep": 3, "ceylon": 4, "rajas": 4}

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
  const texts = [];
  for (const el of document.querySelectorAll('#app *')) {
    const own = [...el.childNodes].filter((n) => n.nodeType === 3 && n.textContent.trim())
      .map((n) => n.textContent.trim()).join(' ');
    if (!own) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    const style = getComputedStyle(el);
    let size = parseFloat(style.fontSize);
    let fg = parse(style.color).slice(0, 3);
    let bg = opaque(el);
    if (el instanceof SVGElement) {
      const svg = el.ownerSVGElement;
      size *= svg.getScreenCTM().a;
      fg = parse(style.fill).slice(0, 3);
      bg = opaque(svg);
    }
    texts.push({text: own.slice(0, 40), size, fg, bg, inOver: !!el.closest('#game-over'),
                inBoard: !!el.closest('.board-wrap, #market, #drawing')});
  }
  const targets = [];
  for (const el of document.querySelectorAll('button, a[href], summary, input, select')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    targets.push({text: (el.innerText || el.id || '').trim().slice(0, 40),
                  width: r.width, height: r.height, inOver: !!el.closest('#game-over')});
  }
  const over = document.getElementById('game-over');
  const winner = document.getElementById('winner');
  // The bar above the screen: the generic top bar, Amritsar's table scores bar or its top bar.
  const top = (document.querySelector('.p-scores-bar')
               || document.querySelector('header.g-top')).getBoundingClientRect();
  const board = document.getElementById('board') || document.getElementById('my-board');
  const buttons = [...document.querySelectorAll('button')].map((b) => b.innerText.trim());
  const table = document.getElementById('score-table');
  return {
    texts, targets, buttons,
    scrollWidth: document.documentElement.scrollWidth, width: window.innerWidth,
    barBottom: top.bottom, winnerTop: winner.getBoundingClientRect().top,
    firstInOver: over.firstElementChild.id,
    // Before the board, or beside it (Amritsar's table screen: the board fills the left).
    overBeforeBoard: !board || !!(over.compareDocumentPosition(board)
                                  & Node.DOCUMENT_POSITION_FOLLOWING)
      || board.getBoundingClientRect().right <= over.getBoundingClientRect().left,
    hasBoard: !!board,
    periods: [...document.querySelectorAll('#pp-plot line.decade-mark')]
      .map((l) => Number(l.dataset.decade)),
    headline: document.getElementById('winner-headline').innerText,
    columns: [...table.querySelectorAll('thead th[data-seat]')].map((th) => Number(th.dataset.seat)),
    totals: Object.fromEntries([...table.querySelectorAll('tfoot td')]
                               .map((td) => [td.dataset.seat, Number(td.dataset.total)])),
    rows: table.querySelectorAll('tbody tr[data-category]').length,
    tableFits: table.parentElement.scrollWidth <= table.parentElement.clientWidth,
    lines: [...document.querySelectorAll('#score-plot polyline.go-line')]
      .map((p) => ({seat: Number(p.dataset.seat), values: p.dataset.values.split(',').map(Number)})),
    finals: [...document.querySelectorAll('#score-plot circle.go-final')]
      .map((c) => [Number(c.dataset.seat), Number(c.dataset.final)]),
  };
}
"""


def _switch(games: Path, first: RulesSession | TableSession) -> TableSwitch:
    def starter(choice: StartChoice) -> Any:
        path = choice.resume or games / f"next-{choice.game}.sqlite"
        session = open_any_session(path, choice.game, list(choice.names))
        session.pin = PIN
        return session

    return TableSwitch(StartApp(pin=PIN, games=games, starter=starter), create_app, first=first)


def _lines(sheet: ScoreSheet, lang: str) -> list[tuple[str, str, int]]:
    return [
        (line.category, line.label_en if lang == "en" else line.label_es, line.amount)
        for line in sheet.lines
        if not line.provisional
    ]


def _check_downloads(page: Any, sheets: list[ScoreSheet], names: list[str], lang: str) -> None:
    """The CSV and the JSON downloaded from the page hold exactly the sheets."""
    by_name = {names[sheet.seat]: sheet for sheet in sheets}
    with page.expect_download() as got:
        page.click("#export-csv")
    download = got.value
    assert download.suggested_filename.endswith("-scores.csv")
    rows = list(csv.DictReader(io.StringIO(Path(download.path()).read_text(encoding="utf-8"))))
    for name, sheet in by_name.items():
        mine = [r for r in rows if r["player"] == name]
        assert [(r["category"], r["label"], int(r["amount"])) for r in mine[:-1]] == _lines(
            sheet, lang
        )
        assert mine[-1]["category"] == "total" and int(mine[-1]["amount"]) == sheet.total
    with page.expect_download() as got:
        page.click("#export-json")
    data = json.loads(Path(got.value.path()).read_text(encoding="utf-8"))
    assert {p["name"] for p in data["players"]} == set(by_name)
    for player in data["players"]:
        sheet = by_name[player["name"]]
        assert player["total"] == sheet.total and player["winner"] == sheet.winner
        assert [(x["category"], x["label"], x["amount"]) for x in player["lines"]] == _lines(
            sheet, lang
        )
    assert data["winners"] == [names[s.seat] for s in sheets if s.winner]
    assert data["history"][-1]["points"] == [s.total for s in sorted(sheets, key=lambda s: s.seat)]


def _measure(
    page: Any, where: str, sheets: list[ScoreSheet], names: list[str], *, only_over: bool = False
) -> list[dict[str, Any]]:
    """Asserts what the screen must show; returns the small texts outside the game-over
    screen when ``only_over`` (Amritsar's phone bar, measured by its own tests)."""
    found: dict[str, Any] = page.evaluate(MEASURE)
    totals = {sheet.seat: sheet.total for sheet in sheets}
    winners = [sheet.seat for sheet in sheets if sheet.winner]
    # The winner first: right under the top bar, before the board, named in the headline.
    assert found["firstInOver"] == "winner" and found["overBeforeBoard"], where
    assert found["winnerTop"] - found["barBottom"] < 40, (where, found["winnerTop"])
    assert winners and all(names[w] in found["headline"] for w in winners), found["headline"]
    # The sheets side by side: a column per player, winners first, the totals last.
    assert sorted(found["columns"]) == sorted(totals) and found["columns"][0] in winners
    assert {int(k): v for k, v in found["totals"].items()} == totals and found["rows"] >= 2
    assert found["tableFits"], f"{where}: the sheets scroll sideways"
    # The plot: a line per player ending on that player's total.
    assert sorted(line["seat"] for line in found["lines"]) == sorted(totals), where
    for line in found["lines"]:
        assert len(line["values"]) >= 3 and line["values"][-1] == totals[line["seat"]], where
    assert {seat: final for seat, final in found["finals"]} == totals
    # No undo once the game is over.
    assert not [b for b in found["buttons"] if "ndo" in b or "eshacer" in b], found["buttons"]
    assert not page.locator("#undo, #table-undo").count(), where
    # People can read and tap it.
    small = [t for t in found["texts"] if t["size"] < 12 - 0.01]
    assert not [t for t in small if t["inOver"] or not only_over], (
        f"{where}: under 12 px: {small[:5]}"
    )
    dim = [t for t in found["texts"] if contrast(t["fg"], t["bg"]) < 4.5 and t["inOver"]]
    assert not dim, f"{where}: under 4.5:1: {dim[:5]}"
    tiny = [t for t in found["targets"] if t["width"] < 44 or t["height"] < 44]
    assert not [t for t in tiny if t["inOver"] or not only_over], f"{where}: under 44 px: {tiny}"
    assert found["scrollWidth"] <= found["width"], f"{where}: wider than the screen"
    return small + tiny


#: Each of a drawing's pieces (Ceylon's pawns and plantations, Rajas's pieces): its
#: seat, its fill, and the fill of that seat's dot in the game-over ranking.
PIECE_COLOURS = """() => {
  const dots = {};
  for (const li of document.querySelectorAll('#game-over .go-ranking li[data-seat]'))
    dots[li.dataset.seat] = li.querySelector('.go-dot').dataset.hex;
  return [...document.querySelectorAll('g.c-pawn[data-seat], g.c-plantation[data-seat], g.r-piece[data-seat]')]
    .filter((g) => g.dataset.seat in dots)
    .map((g) => [g.dataset.seat, g.querySelector('circle, rect').getAttribute('fill'), dots[g.dataset.seat]]);
}"""


@pytest.mark.parametrize("game", ["imhotep", "ceylon", "rajas"])
def test_the_game_over_screen_in_both_languages_then_new_game(
    game: str, tmp_path: Path, live_server: Any, open_page: Opener, test_output: Path
) -> None:
    games = tmp_path / "games"
    games.mkdir()
    played = new_game(game, PLAYERS[game], games / f"{game}.sqlite")
    play_to_end(played)
    assert played.store is not None
    played.store.close()
    resumed = open_any_session(games / f"{game}.sqlite", game, [])  # after a restart
    assert isinstance(resumed, RulesSession) and resumed.resumed
    resumed.pin = PIN
    base = live_server(_switch(games, resumed))
    sheets = resumed.rules.score(resumed.state)
    names = [seat.name for seat in resumed.seats]
    table = None
    for lang in ("en", "es"):
        table = open_page(f"{base}/table?lang={lang}#pin={PIN}", TABLE, lang=lang)
        phone = open_page(
            f"{base}/play?lang={lang}#token={resumed.seats[1].token}", PHONE, lang=lang
        )
        for page, size in ((table, "1280x800"), (phone, "390x844")):
            page.wait_for_selector("#game-over #score-plot")
            where = f"{game} {lang} {size}"
            _measure(page, where, sheets, names)
            if game != "imhotep":  # a pawn on the drawing wears its player's ranking colour
                pieces = page.evaluate(PIECE_COLOURS)
                assert pieces and all(a == b for _, a, b in pieces), (where, pieces)
            _check_downloads(page, sheets, names, lang)
            page.screenshot(
                path=str(test_output / f"gameover-{game}-{lang}-{size}.png"), full_page=True
            )
        assert table.locator("#new-game").is_visible() and not phone.locator("#new-game").count()
    assert table is not None
    # New game: asked once, then the start page, with the PIN the screen already had
    # (static/js/pin.js keeps it; a page without it asks in a prompt, given it there).
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.type)
        dialog.accept(PIN) if dialog.type == "prompt" else dialog.accept()

    table.on("dialog", answer)
    table.click("#new-game")
    table.wait_for_selector("#start-form")
    assert table.locator("#start-game").is_visible()
    assert asked[0] == "confirm"
    if (STATIC / "js" / "pin.js").exists():
        assert asked == ["confirm"], asked  # the PIN was not asked again
    table.screenshot(path=str(test_output / f"gameover-{game}-newgame-start.png"))


AMRITSAR = {"solo": (("Ana",), True, 12), "two": (("Ana", "Ben"), False, 3)}
#: The only texts under 12 px on Amritsar's pages once over: the phone bar's labels
#: (the phone's status bar, parts.js; not part of the game-over screen).
BAR_WORDS = {"PP", "Coins", "Marble", "Copper", "Gold", "Store"}
BAR_WORDS |= {"Monedas", "Mármol", "Cobre", "Oro", "Almacén"}
LANG = {"Español", "English"}


#: Each game-over dot's and plot line's colour beside the page's own chip of that colour.
SAME_COLOURS = """() => {
  const paint = (el) => getComputedStyle(el).backgroundColor;
  const chips = {};
  for (const el of document.querySelectorAll('.g-dot[data-colour]')) {
    if (el.closest('#game-over')) continue;
    const name = el.dataset.colour;
    if (name) chips[name] = paint(el);
  }
  const out = [];
  for (const dot of document.querySelectorAll('#game-over .go-ranking .go-dot')) {
    const colour = dot.dataset.colour;
    if (!(colour in chips)) continue;
    out.push([colour, paint(dot), chips[colour]]);
    const seat = dot.closest('li').dataset.seat;
    const line = document.querySelector(`#score-plot polyline.go-line[data-seat="${seat}"]`);
    const probe = document.createElement('span');
    probe.style.background = line.getAttribute('stroke');
    document.body.append(probe);
    out.push([colour + ' line', paint(probe), chips[colour]]);
    probe.remove();
  }
  return out;
}"""


@pytest.mark.parametrize("table_kind", sorted(AMRITSAR))
def test_amritsar_ends_on_the_same_screen_with_its_decades_then_new_game(
    table_kind: str,
    tmp_path: Path,
    live_server: Any,
    open_page: Opener,
    browser: Any,
    test_output: Path,
) -> None:
    """Amritsar's phone, table screen and spectator view show game_over.js's screen,
    measured as the other games', with the three decades marked on the plot; the
    Spanish screens name the solo Maharajah "Marajá"; New game still reaches the
    start page."""
    players, solo, seed = AMRITSAR[table_kind]
    games = tmp_path / "games"
    games.mkdir()
    session = TableSession.new(list(players), seed=seed, solo=solo, pin=PIN)
    play_until(session, finished)
    base = live_server(_switch(games, session))
    sheets = list(score(session.state))
    assert any(sheet.winner for sheet in sheets)
    table = None
    for lang in ("en", "es"):
        names = [
            "Marajá" if lang == "es" and seat.is_maharajah else seat.name for seat in session.seats
        ]
        table = open_page(f"{base}/table?lang={lang}#pin={PIN}", TABLE, lang=lang)
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang
        )
        watch = open_page(f"{base}/watch?lang={lang}", PHONE, lang=lang)
        for page, where, size in (
            (table, "table", "1280x800"),
            (phone, "phone", "390x844"),
            (watch, "watch", "390x844"),
        ):
            page.wait_for_selector("#game-over #pp-plot")
            label = f"amritsar {table_kind} {where} {lang} {size}"
            outside = _measure(page, label, sheets, names, only_over=True)
            # Outside the game-over screen only the phone bar's labels, the board's own
            # words and, on the spectator view (not a touch page), its language button.
            odd = [t for t in outside if not t.get("inBoard") and t["text"] not in BAR_WORDS | LANG]
            assert not odd, (label, odd)
            found = page.evaluate(MEASURE)
            assert found["periods"] == [1, 2, 3], (label, found["periods"])
            words = page.locator("#pp-plot svg.go-svg").text_content() or ""
            assert ("Decade III" if lang == "en" else "Década III") in words, words
            # A player keeps the colour the game's own pages give it (its chips' .colour-X).
            pairs = page.evaluate(SAME_COLOURS)
            assert pairs and all(ours == theirs for _, ours, theirs in pairs), (label, pairs)
            if where == "phone":  # the phone's bar says the game is over once, not twice
                bar = page.locator("#status-bar").inner_text()
                over_word = "Game over" if lang == "en" else "Fin de la partida"
                assert bar.count(over_word) == 1 and "null" not in bar, (label, bar)
            page.screenshot(
                path=str(test_output / f"gameover-amritsar-{table_kind}-{where}-{lang}-{size}.png"),
                full_page=True,
            )
            _check_downloads(page, sheets, names, lang)
        if solo and lang == "es":
            assert "Marajá" in phone.locator("#winner").inner_text()
        # Amritsar counts prestige points: "PP" as both rulebooks print them, never "points"
        winner = table.locator("#winner").inner_text()
        assert " PP" in winner and "point" not in winner and "punto" not in winner, winner
        assert table.locator("#new-game").is_visible()
        assert not phone.locator("#new-game").count() and not watch.locator("#new-game").count()
    assert table is not None
    # Amritsar's pages have a dark mode: the screen stays a light card, still 4.5:1.
    dark = browser.new_context(viewport=PHONE, color_scheme="dark", locale="en-GB")
    try:
        phone = dark.new_page()
        phone.goto(f"{base}/play?lang=en#token={session.seats[0].token}")
        phone.wait_for_selector("#game-over #pp-plot")
        texts = [t for t in phone.evaluate(MEASURE)["texts"] if t["inOver"]]
        dim = [t for t in texts if contrast(t["fg"], t["bg"]) < 4.5]
        assert texts and not dim, dim[:5]
        phone.screenshot(path=str(test_output / f"gameover-amritsar-{table_kind}-phone-dark.png"))
    finally:
        dark.close()
    asked: list[str] = []

    def answer(dialog: Any) -> None:
        asked.append(dialog.type)
        dialog.accept()

    table.on("dialog", answer)
    table.click("#new-game")
    table.wait_for_selector("#start-form")
    assert asked == ["confirm"], asked


#: The plot of a made-up game (two seats tied on 18, two tied on 2, at the plot's foot),
#: drawn by game_over.js on a served page: each last-point label's box and the round labels'.
TIED_PLOT = """async () => {
  const go = await import('/static/js/game_over.js');
  const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href: '/static/game_over.css' });
  await new Promise((done) => { link.onload = done; document.head.append(link); });
  const seats = ['Ana', 'Ben', 'Cy', 'Dee'].map((name, index) => ({ index, name, colour: ['black', 'white', 'brown', 'grey'][index] }));
  const finals = [18, 18, 2, 2];
  const view = {
    seats,
    scores: finals.map((total, seat) => ({ seat, total, winner: seat === 1, lines: [] })),
    game_over: {
      game: 'imhotep',
      outcome: { order: [1, 0, 2, 3] },
      history: [0, 1, 2].map((round) => ({ round: round + 1, final: round === 2, points: finals.map((f) => (f * round) / 2) })),
    },
  };
  const panel = go.plotPanel(view);
  document.body.append(panel);  // beside the page's own (its redraws leave it alone)
  const box = (el) => { const r = el.getBoundingClientRect(); return { text: el.textContent, top: r.top, bottom: r.bottom, left: r.left, right: r.right }; };
  return {
    labels: [...panel.querySelectorAll('text.go-end-label')].map(box),
    axis: [...panel.querySelectorAll('text.go-axis')].filter((t) => t.getAttribute('text-anchor') === 'middle').map(box),
  };
}"""


@pytest.mark.parametrize("viewport", [PHONE, TABLE])
def test_tied_players_last_point_labels_are_apart(
    viewport: dict[str, int],
    tmp_path: Path,
    live_server: Any,
    open_page: Opener,
    test_output: Path,
) -> None:
    """Two players on the same total end their lines on one point: their labels ("B 18",
    "A 18") stand apart, none over another nor over the round labels under the plot."""
    session = new_game("imhotep", 2, tmp_path / "g.sqlite")
    base = live_server(create_app(session))
    page = open_page(f"{base}/table?lang=en#pin={PIN}", viewport)
    found = page.evaluate(TIED_PLOT)
    labels = sorted(found["labels"], key=lambda b: b["top"])
    assert [b["text"] for b in labels] == ["B 18", "A 18", "C 2", "D 2"], labels
    for upper, lower in itertools.pairwise(labels):
        assert lower["top"] >= upper["bottom"], (upper, lower)  # no two overlap
    axis_top = min(b["top"] for b in found["axis"])
    assert labels[-1]["bottom"] <= axis_top, (labels[-1], found["axis"])
    page.locator("#score-plot").screenshot(
        path=str(test_output / f"gameover-tied-labels-{viewport['width']}.png")
    )
