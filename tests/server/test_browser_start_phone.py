"""The start page on a 390x844 phone in Chromium, in English and Spanish.

One column, the page scrolling: every visible element's box inside the
390 px width, nothing cut off sideways by a box too narrow for it (the
games' names whole), the start button fully on the screen once scrolled to
and at least 44 px tall, every control at least 44 px with 4.5:1 contrast.
Measured with four players, and with the PIN kept from the page's link (the
field replaced by a note and a button). Screenshots (whole pages) go to
test-output/start-390-*.png.
"""

from __future__ import annotations

from itertools import pairwise
from pathlib import Path
from typing import Any

from companion.games.amritsar.session import TableSession
from companion.server.app import create_app
from companion.server.start import StartApp, StartChoice, TableSwitch
from tests.server.pages import PHONE, Opener
from tests.server.test_browser_table import MEASURE_JS

PIN = "135790"
MIN_TAP_PX = 44.0
MIN_CONTRAST = 4.5

#: Every visible element of the page: sticking out of the screen sideways, or
#: a box whose content is wider than it and hidden (clipped) or spilling out.
OVERFLOW_JS = """() => {
  const width = document.documentElement.clientWidth;
  const out = [];
  for (const e of document.querySelectorAll('#app *')) {
    if (!e.getClientRects().length) continue;
    const style = getComputedStyle(e);
    if (style.visibility === 'hidden') continue;
    const r = e.getBoundingClientRect();
    const name = `${e.tagName.toLowerCase()}${e.id ? '#' + e.id : ''}.${e.className}`;
    if (r.right > width + 0.5 || r.left < -0.5) out.push(`${name} [${r.left}, ${r.right}]`);
    else if (e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0 && !['SELECT', 'INPUT'].includes(e.tagName))
      out.push(`${name} holds ${e.scrollWidth} px in ${e.clientWidth}`);
  }
  return {out, page: document.documentElement.scrollWidth, width};
}"""


def _switch(games: Path) -> TableSwitch:
    def starter(choice: StartChoice) -> TableSession:  # never called: nothing is started
        raise AssertionError(f"started {choice}")

    games.mkdir(parents=True, exist_ok=True)
    return TableSwitch(StartApp(pin=PIN, games=games, starter=starter), create_app)


def _fits(page: Any, where: str) -> None:
    found = page.evaluate(OVERFLOW_JS)
    assert found["width"] == PHONE["width"]
    assert found["page"] <= PHONE["width"], (
        f"{where}: the page scrolls sideways ({found['page']} px)"
    )
    assert not found["out"], f"{where}: cut off or off the screen: {found['out']}"
    # One column: the form's parts one under the other, each the page's width.
    parts = [page.locator(s).bounding_box() for s in ("#start-new", "#start-rules", ".start-side")]
    assert all(parts), where
    lines = {(round(p["x"]), round(p["width"])) for p in parts if p}
    assert len(lines) == 1, f"{where}: not one column of one width: {parts}"
    for upper, lower in pairwise(parts):
        assert upper and lower and upper["y"] + upper["height"] <= lower["y"] + 0.5, where
    # The games' names whole, on the screen.
    for label in page.locator("#start-game label.choice").all():
        box = label.bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"]
    # The start button: on the screen once scrolled to, tall enough, its words whole.
    button = page.locator("#start-button")
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert box is not None, where
    assert box["height"] >= MIN_TAP_PX and box["x"] >= 0 and box["y"] >= 0, (where, box)
    assert box["x"] + box["width"] <= PHONE["width"] and box["y"] + box["height"] <= PHONE["height"]
    targets = page.evaluate(MEASURE_JS, "button, select, input[type=text], input[type=password]")
    targets += page.evaluate(MEASURE_JS, "label.choice")
    tiny = [t for t in targets if t["height"] < MIN_TAP_PX or t["width"] < MIN_TAP_PX]
    assert len(targets) > 15 and not tiny, f"{where}: tap targets under {MIN_TAP_PX} px: {tiny}"
    texts = page.evaluate(MEASURE_JS, "button, label, legend, h1, h2, .hint, select, input")
    dim = [t for t in texts if t["ratio"] < MIN_CONTRAST]
    assert not dim, f"{where}: under {MIN_CONTRAST}:1 contrast: {dim}"


def test_the_start_page_is_one_column_on_a_phone(
    tmp_path: Path, open_page: Opener, live_server: Any, test_output: Path
) -> None:
    base = live_server(_switch(tmp_path / "games"))
    titles = {
        "en": ["Amritsar: The Golden Temple", "Imhotep: Builder of Egypt", "Ceylon"],
        "es": ["Amritsar: El Templo Dorado", "Imhotep: El constructor de Egipto", "Ceylon"],
    }
    for lang in ("en", "es"):
        page = open_page(f"{base}/table?lang={lang}", PHONE, lang=lang)
        page.wait_for_selector("#start-form")
        games = page.inner_text("#start-game")
        missing = [t for t in titles[lang] if t not in games]
        assert not missing, f"{lang}: game names not whole: {missing} in {games!r}"
        _fits(page, f"{lang} 2 players")
        page.click("[data-count='4']")
        assert page.locator(".player-row").count() == 4
        _fits(page, f"{lang} 4 players")
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(test_output / f"start-390-{lang}.png"), full_page=True)
        # Another game's own colours and rules, measured again.
        page.check("input[name='game'][value='imhotep']")
        _fits(page, f"{lang} imhotep")
        page.screenshot(path=str(test_output / f"start-390-imhotep-{lang}.png"), full_page=True)


def test_the_start_page_with_a_kept_pin_fits_a_phone(
    tmp_path: Path, open_page: Opener, live_server: Any, test_output: Path
) -> None:
    base = live_server(_switch(tmp_path / "games"))
    for lang in ("en", "es"):
        page = open_page(f"{base}/table?lang={lang}#pin={PIN}", PHONE, lang=lang)
        page.wait_for_selector("#pin-kept")
        assert page.locator("#start-pin").count() == 0
        _fits(page, f"{lang} PIN kept")
        page.locator("#start-go").scroll_into_view_if_needed()
        page.screenshot(path=str(test_output / f"start-390-pin-kept-{lang}.png"))
        page.click("#pin-other")  # back to the field, empty, focused
        assert page.locator("#start-pin").input_value() == ""
        assert page.evaluate("() => document.activeElement.id") == "start-pin"
        _fits(page, f"{lang} PIN field")
