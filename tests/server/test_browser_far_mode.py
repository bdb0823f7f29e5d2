"""Far mode on the table screen in Chromium: read from 1.5 m.

The top bar's "Large print" toggle shows the question, whose turn it is, the
scores and the alerts at 32 px or more (about 16 arcminutes at 1.5 m; the
ordinary 16-18 px is half that), measured as computed font sizes on the
generic table screen (Imhotep) and Amritsar's, in English and Spanish. The
choice is remembered across a reload (localStorage) and undone by the same
toggle. Every measured element stays on the 1280x800 screen, unclipped.
Screenshots go to test-output/table-far-*.png.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.games import new_table_session
from companion.server.app import create_app
from engine.amritsar import Reason
from engine.imhotep.physical import CHECKS
from tests.server.games import new_table
from tests.server.pages import Opener, wait_state
from tests.server.test_browser_table import MEASURE_JS

SCREEN = {"width": 1280, "height": 800}
FAR_PX = 32.0

#: Per selector: the smallest computed font size of its visible elements;
#: whether any of them leaves the screen sideways or is clipped; and whether
#: all of them are on the first screen, unscrolled (inside the viewport and
#: inside every scrolling box around them).
SIZES_JS = """(selectors) => {
  const seen = (e) => {
    const r = e.getBoundingClientRect();
    if (r.top < -0.5 || r.bottom > window.innerHeight + 0.5) return false;
    for (let a = e.parentElement; a; a = a.parentElement) {
      const o = getComputedStyle(a).overflowY;
      if (o === "visible") continue;
      const b = a.getBoundingClientRect();
      if (r.top < b.top - 0.5 || r.bottom > b.bottom + 0.5) return false;
    }
    return true;
  };
  return selectors.map((s) => {
    const found = [...document.querySelectorAll(s)].filter((e) => e.getClientRects().length);
    if (!found.length) return null;
    return {
      px: Math.min(...found.map((e) => parseFloat(getComputedStyle(e).fontSize))),
      off: found.some((e) => e.getBoundingClientRect().right > window.innerWidth + 0.5
        || e.getBoundingClientRect().left < -0.5 || e.scrollWidth > e.clientWidth + 1),
      seen: found.every(seen),
    };
  });
}"""

GENERIC = [
    "#decision h2",  # whose turn
    "#decision .g-prompt",  # the question
    ".g-sheet .g-name",
    ".g-sheet .g-total",
    "#alerts h2",
    "#alerts p",
]
AMRITSAR = [
    "#decision h2",
    "#decision .g-prompt",
    ".p-scores-bar .score .name",
    ".p-scores-bar .score-total",
    "#alerts h2",
    "#alerts p",
]


def _sizes(page: Any, selectors: list[str]) -> dict[str, dict[str, Any]]:
    found = page.evaluate(SIZES_JS, selectors)
    missing = [s for s, f in zip(selectors, found, strict=True) if f is None]
    assert not missing, f"not on the screen: {missing}"
    return dict(zip(selectors, found, strict=True))


def _far(page: Any) -> bool:
    pressed = page.get_attribute("#far-toggle", "aria-pressed") == "true"
    marked = "far" in (page.get_attribute("body", "class") or "").split()
    assert pressed == marked
    return pressed


def _check_far_mode(
    page: Any, selectors: list[str], where: str, shots: Path, state_id: int
) -> None:
    wait_state(page, state_id)
    assert not _far(page)
    near = _sizes(page, selectors)
    small = [s for s, f in near.items() if f["px"] < FAR_PX]
    assert small, f"{where}: the ordinary screen is already large print: {near}"
    box = page.locator("#far-toggle").bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44
    page.click("#far-toggle")
    assert _far(page)
    far = _sizes(page, selectors)
    under = {s: f["px"] for s, f in far.items() if f["px"] < FAR_PX}
    assert not under, f"{where}: under {FAR_PX} px in far mode: {under}"
    off = [s for s, f in far.items() if f["off"]]
    assert not off, f"{where}: off the screen or clipped in far mode: {off}"
    below = [s for s, f in far.items() if not f["seen"]]
    assert not below, f"{where}: not on the first screen in far mode: {below}"
    # Still 4.5:1, the pressed toggle (white on dark gold) too.
    texts = page.evaluate(MEASURE_JS, ", ".join([*selectors, "#far-toggle"]))
    dim = [t for t in texts if t["ratio"] < 4.5]
    assert len(texts) >= len(selectors) and not dim, f"{where}: under 4.5:1: {dim}"
    # Remembered: a reload (the screen restarted) keeps far mode.
    page.reload()
    wait_state(page, state_id)
    assert _far(page)
    assert all(f["px"] >= FAR_PX for f in _sizes(page, selectors).values())


def test_far_mode_on_the_generic_table_screen(
    open_page: Opener, live_server: Any, test_output: Path
) -> None:
    # Four players: the most score lines the screen must hold.
    session = new_table_session("imhotep", ["Ana", "Ben", "Cy", "Dee"], seed=5, pin="4821")
    reason = CHECKS.reason("sled_over", player="Ana", player_es="Ana", count=6, cap=5)
    session.raise_alert(reason, "Take a stone off Ana's sled.", "Quita una piedra del trineo.")
    base = live_server(create_app(session))
    for lang in ("en", "es"):
        page = open_page(f"{base}/table?lang={lang}", SCREEN, lang=lang)
        word = "Letra grande" if lang == "es" else "Large print"
        assert page.locator("#far-toggle").inner_text() == word
        _check_far_mode(page, GENERIC, f"imhotep {lang}", test_output, session.state_id)
        page.screenshot(path=str(test_output / f"table-far-imhotep-{lang}.png"))
        # The same toggle puts the ordinary sizes back, and that is remembered too.
        page.click("#far-toggle")
        assert not _far(page)
        assert _sizes(page, ["#decision h2"])["#decision h2"]["px"] < FAR_PX
        page.reload()
        wait_state(page, session.state_id)
        assert not _far(page)


def test_far_mode_on_amritsar_s_table_screen(
    open_page: Opener, live_server: Any, test_output: Path
) -> None:
    session = new_table(("Ana", "Ben", "Cy", "Dee"))  # four: the most score lines
    reason = Reason(
        "elephant_cost",
        {"district": "West", "district_es": "Oeste", "steps": 3, "coins": 2, "have": 1},
    )
    session.raise_alert(
        reason, "Put the pieces as the board shows", "Pon las piezas como indica el tablero"
    )
    base = live_server(create_app(session))
    for lang in ("en", "es"):
        page = open_page(f"{base}/table?lang={lang}", SCREEN, lang=lang)
        _check_far_mode(page, AMRITSAR, f"amritsar {lang}", test_output, session.state_id)
        page.screenshot(path=str(test_output / f"table-far-amritsar-{lang}.png"))
        page.click("#far-toggle")
        assert not _far(page)
