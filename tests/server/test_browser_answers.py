"""Answers picked on the picture, in real headless Chromium: short screens, places tapped.

Imhotep, Ceylon and Rajas of the Ganges are played along a seeded game; at a
sample of decisions the deciding seat's phone (390x844) and a big screen
(1280x800), in English and in Spanish, walk the menu to one answer: every
screen has at most eight buttons, every button and every place offered on the
drawing is at least 44 px, the last answer of a screen (button or place) ends
within 1.5 screens of a phone (1266 px from the top of the page), and the
answer reached (a place tapped on the drawing where it has one) is the one the
session applies. Screenshots go to test-output/answers-<game>-*.png.
Between samples the four pages wait on a blank page (each is loaded again at
the next sample): left open, they redrew the game's every move (Rajas 23.8
CPU s, blank 18.1; bench/RESULTS.md "... (H4)").
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.games import new_table_session
from companion.rules_session import RulesSession
from companion.server import create_app
from companion.server.answer_menu import MOST, pictured_kinds
from companion.server.payload_generic import GenericPayloads
from tests.server.games import PIN
from tests.server.pages import PHONE, Opener, wait_state

BIG = {"width": 1280, "height": 800}
#: The last answer of a screen ends within this many px of the page's top.
TALLEST = 1.5 * 844
SAMPLES = 5
#: Places outlined in their own shape (hexes) on the screens checked so far.
OUTLINED: set[str] = set()
#: The words of answers tapped on the drawing that were shown before being sent.
ASKED: list[str] = []
#: Words of the menus' English that a Spanish screen must not show.
ENGLISH = {
    "Back", "Tap", "Slot", "Boat", "Tile", "Giving", "For", "Turned", "Move", "Plant", "Hire",
    "Take", "Place", "Sail", "Play", "Use", "With", "More…", "Second", "stone", "the", "and",
}  # fmt: skip

SCREEN = """
() => {
  const list = document.getElementById('answers');
  if (!list) return null;
  const boxes = [];
  const buttons = [...list.querySelectorAll('button')];
  for (const b of buttons) boxes.push(['button', (b.innerText || '').trim().slice(0, 30), b.getBoundingClientRect()]);
  const picks = [...document.querySelectorAll('#drawing .g-pickable')];
  for (const p of picks) {
    const hit = p.querySelector(':scope > .g-hit')
      || (p.nextElementSibling && p.nextElementSibling.classList.contains('g-hit') ? p.nextElementSibling : null);
    boxes.push(['place', p.getAttribute('data-place'), (hit || p).getBoundingClientRect(), p.hasAttribute('data-pick-only')]);
  }
  const small = boxes.filter(([, , r]) => r.width < 44 || r.height < 44)
    .map(([k, t, r]) => `${k} ${t} ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
  // the last answer: a button, or a place offered on the drawing only (one with a button too
  // is reached by its button)
  const last = boxes.filter(([kind, , , only]) => kind === 'button' || only);
  const bottom = Math.max(0, ...last.map(([, , r]) => r.bottom + window.scrollY));
  // a place drawn as a polygon (a hex) is outlined in its own shape, not a box over its neighbours
  const shapes = picks.filter((p) => p.querySelector(':scope > polygon')).map((p) => {
    const hit = p.querySelector(':scope > .g-hit');
    return [p.getAttribute('data-place'), hit ? hit.tagName : null,
            hit && hit.points ? hit.points.numberOfItems : 0,
            p.querySelector(':scope > polygon').getAttribute('points') === (hit && hit.getAttribute('points'))];
  });
  return {buttons: buttons.length, places: picks.map((p) => p.getAttribute('data-place')),
          small, bottom, shapes, text: list.innerText, width: document.documentElement.scrollWidth};
}
"""


def advance(session: RulesSession, rng: random.Random, moves: int) -> None:
    """Seeded random legal moves (chance drawn with the table's odds), as the camera reports."""
    rules = session.rules
    for _ in range(moves):
        d = rules.decision(session.state)
        if d.is_over:
            return
        actions = rules.legal_actions(session.state)
        action = rules.random_chance(session.state, rng) if d.is_chance else rng.choice(actions)
        assert session.apply_actions([action], "camera").ok


def decisions(session: RulesSession, seed: int) -> Iterator[tuple[int, dict[str, Any]]]:
    """Decisions a phone answers along the game (the folded ones first), with its seat and view."""
    rng = random.Random(seed)
    payloads = GenericPayloads(session)
    kinds: dict[str, int] = {}
    for _ in range(400):
        d = session.rules.decision(session.state)
        if d.is_over:
            return
        seat = session.seat_view(None)["decision"]["seat"]
        if seat is not None and not d.is_chance:
            view = payloads.view(seat)
            folded = view["menu"] is not None and len(view["options"]) > MOST
            if folded and kinds.get(d.kind, 0) < 3:
                kinds[d.kind] = kinds.get(d.kind, 0) + 1
                yield seat, view
        advance(session, rng, 1 + rng.randrange(4))


def path_to(menu: dict[str, Any], rng: random.Random) -> list[dict[str, Any]]:
    """A random way down the menu to one answer: the items tapped."""
    node, path = menu, []
    while True:
        item = rng.choice(node["items"])
        path.append(item)
        if "action" in item:
            return path
        node = item


def tap(page: Any, item: dict[str, Any], index: int, *, on_drawing: bool) -> str:
    """Tap ``item`` (the ``index``-th of its screen): on the drawing when it is a place there."""
    place = item["place"]
    if place and (on_drawing or not item["button"]):
        target = page.locator(f'#drawing .g-pickable[data-place="{place}"]')
        if target.count():
            target.first.click()
            if item.get("ask"):
                # its whole words (Ceylon's move and its rupees) come first, one button sends
                send = page.locator(f'#answers button[data-action="{item["action"]}"]')
                send.wait_for()
                shown = send.inner_text().strip()
                assert shown in (item["full"]["en"], item["full"]["es"]), shown
                assert page.locator("#answers button").count() == 2  # and Back
                ASKED.append(shown)
                send.click()
            return "drawing"
        assert item["button"], f"{place} is neither on the drawing nor a button"
    if "action" in item:
        page.locator(f'#answers button[data-action="{item["action"]}"]').click()
    else:
        page.locator(f'#answers button[data-menu="{index}"]').click()
    return "button"


def check_screen(page: Any, where: str, pictured: frozenset[str]) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(SCREEN)
    assert found is not None, f"{where}: no answers shown"
    assert found["buttons"] <= MOST, f"{where}: {found['buttons']} buttons: {found['text']}"
    assert not found["small"], f"{where}: tap targets under 44 px: {found['small']}"
    assert found["bottom"] <= TALLEST, f"{where}: the last answer ends at {found['bottom']:.0f} px"
    assert found["width"] <= page.viewport_size["width"], f"{where}: scrolls sideways"
    if where.endswith(" es") or " es " in where:
        words = set(found["text"].replace("›", " ").replace("‹", " ").split()) & ENGLISH
        assert not words, f"{where}: English on a Spanish screen: {words}"
    for place in found["places"]:
        assert place.split(":")[0] in pictured, f"{where}: {place} armed but not pictured"
    for place, tag, corners, same in found["shapes"]:
        assert (tag, corners, same) == ("polygon", 6, True), f"{where}: {place} outlined as {tag}"
    OUTLINED.update(place for place, *_ in found["shapes"])
    return found


def walk(
    page: Any,
    session: RulesSession,
    menu: dict[str, Any],
    path: list[dict[str, Any]],
    where: str,
    *,
    send: bool,
    shots: Path | None,
    drawing: bool,
    seen: list[tuple[float, int]],
) -> list[str]:
    """Tap down ``path``, checking every screen; the last tap sends the answer if ``send``.
    A place is tapped on the drawing if ``drawing`` or if it has no button; each screen's
    last answer's bottom and button count go to ``seen``."""
    pictured = pictured_kinds(session.game_name)
    node: dict[str, Any] = menu
    how: list[str] = []
    for depth, item in enumerate(path):
        if shots is not None:
            page.screenshot(path=str(shots.with_name(f"{shots.stem}-{depth}.png")), full_page=True)
        found = check_screen(page, f"{where} screen {depth}", pictured)
        seen.append((found["bottom"], found["buttons"]))
        if "action" in item and not send:
            return how
        index = node["items"].index(item)
        how.append(tap(page, item, index, on_drawing=drawing))
        if "action" not in item:
            page.locator(f'#answers[data-depth="{depth + 1}"]').wait_for()
            assert found is not None
            node = item
    return how


@pytest.mark.parametrize(
    ("game", "players", "seed"), [("imhotep", 3, 5), ("ceylon", 3, 4), ("rajas", 2, 11)]
)
def test_answers_are_short_screens_and_places_are_picked_on_the_drawing(
    game: str,
    players: int,
    seed: int,
    live_server: Callable[[Any], str],
    open_page: Opener,
    test_output: Path,
) -> None:
    session = new_table_session(game, ["Ana", "Ben", "Cy", "Dee"][:players], seed=seed, pin=PIN)
    assert isinstance(session, RulesSession)
    base = live_server(create_app(session))
    rng = random.Random(seed)
    sizes = [("phone", PHONE, "en"), ("phone", PHONE, "es"), ("big", BIG, "en"), ("big", BIG, "es")]
    pages = {
        (name, lang): open_page(f"{base}/watch?lang={lang}", size, lang=lang)
        for name, size, lang in sizes
    }
    OUTLINED.clear()
    ASKED.clear()
    sampled = 0
    by_drawing = 0
    record: list[str] = []
    seen: list[tuple[float, int]] = []
    for seat, view in decisions(session, seed):
        menu = view["menu"]
        path = path_to(menu, rng)
        token = session.seats[seat].token
        # each sample sends its answer from another page, the last one walked
        first = (sampled + 1) % len(sizes)
        for turn, (name, _size, lang) in enumerate(sizes[first:] + sizes[:first]):
            page = pages[(name, lang)]
            page.goto(f"{base}/play?lang={lang}&n={session.state_id}-{turn}#token={token}")
            wait_state(page, session.state_id)
            page.locator("#answers").wait_for()
            send = turn == len(sizes) - 1
            shots = (
                test_output / f"answers-{game}-{sampled}-{name}-{lang}"
                if sampled < 2 or send
                else None
            )
            before = len(session.game.entries)
            state_id = session.state_id
            how = walk(
                page,
                session,
                menu,
                path,
                f"{game} {view['decision']['kind']} {name} {lang}",
                send=send,
                shots=shots,
                drawing=sampled % 2 == 0,
                seen=seen,
            )
            if send:
                wait_state(page, state_id + 1)
                entry = session.game.entries[before]
                assert session.rules.format_action(entry.action) == path[-1]["action"]
                by_drawing += how.count("drawing")
                record.append(
                    f"{view['decision']['kind']}: {len(view['options'])} answers; "
                    f"{path[-1]['action']!r} in {len(path)} taps ({', '.join(how)}) on {name} {lang}"
                )
                page.screenshot(
                    path=str(test_output / f"answers-{game}-{sampled}-sent-{name}-{lang}.png")
                )
                break
        sampled += 1
        if sampled >= SAMPLES:
            break
        # Each page is loaded again at the next sample: none redraws the moves on the way.
        for page in pages.values():
            page.goto("about:blank")
    record.append(
        f"{len(seen)} screens: last answer at most {max(b for b, _ in seen):.0f} px down, "
        f"at most {max(n for _, n in seen)} buttons"
    )
    (test_output / f"answers-{game}.txt").write_text("\n".join(record) + "\n")
    assert sampled >= 2, f"{game}: too few folded decisions"
    assert by_drawing >= 1, f"{game}: no answer was picked on the drawing"
    if game == "ceylon":
        assert any(p.startswith("hex:") for p in OUTLINED), "no hex was offered on the drawing"
