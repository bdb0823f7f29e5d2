"""A game read by the camera, on the generic pages in real headless Chromium.

Imhotep with camera observations (the observation-level fake camera): a
refused move on the table shows on the table screen and on the phones as
the rule broken and how to put it right, in English and in Spanish, and goes
once the table is put right; a table that fits several moves puts the
question on the deciding phone with only the answers that fit. Screenshots
go to test-output/ for a person to look at.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.games import new_table_session
from companion.rules_session import WHICH_EN, WHICH_ES, RulesSession
from companion.server import create_app
from companion.sim.fake_camera import FakeCamera
from tests.server.games import PIN
from tests.server.pages import PHONE, Opener, wait_state
from tests.server.test_browser_generic import TABLE, measure


def to_a_turn_with_a_refused_move(session: RulesSession, camera: FakeCamera) -> None:
    """Play through the camera until a refused move is within reach at a turn."""
    rules = session.rules
    rng = random.Random(3)
    for _ in range(300):
        state = session.state
        d = rules.decision(state)
        if d.kind == "TURN" and len(session.steps) > 6 and rules.physical_moves(state):
            return
        action = (
            rules.random_chance(state, rng)
            if d.is_chance
            else rng.choice(rules.legal_actions(state))
        )
        before = session.state_id
        session.on_observation(
            camera.look(rules.observe(rules.apply(state, action, check=False)[0]))
        )
        if session.state_id == before:
            seat = session.seat_view(None)["decision"]["seat"]
            assert session.answer(seat, rules.format_action(action), session.state_id).ok
    raise AssertionError("no refused move came within reach")


def test_a_refused_move_and_a_question_from_the_table_on_the_screens(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = new_table_session("imhotep", ["Ana", "Ben"], seed=5, pin=PIN)
    assert isinstance(session, RulesSession)
    session.use_camera()
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0)
    to_a_turn_with_a_refused_move(session, camera)
    base = live_server(create_app(session))
    state = session.state
    move = rules.physical_moves(state)[0]
    session.on_observation(camera.look(move.seen))
    seat = state.current
    for lang, reason, fix, section in (
        ("en", move.reason.en, move.fix.en, move.reason.rule_en),
        ("es", move.reason.es, move.fix.es, move.reason.rule_es),
    ):
        table = open_page(f"{base}/table?lang={lang}", TABLE, lang=lang)
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[seat].token}", PHONE, lang=lang
        )
        for page, where in ((table, "table"), (phone, "phone")):
            wait_state(page, session.state_id)
            alert = page.locator("#alerts")
            alert.wait_for()
            text = alert.inner_text()
            assert reason in text and fix in text and section in text, (where, text)
        measure(table, f"camera alert table {lang}", phone=False)
        hint = {"en": "The camera reads the table", "es": "La cámara lee la mesa"}[lang]
        assert hint in table.locator("body").inner_text()
        table.screenshot(path=str(test_output / f"generic-imhotep-camera-alert-table-{lang}.png"))
        phone.screenshot(path=str(test_output / f"generic-imhotep-camera-alert-phone-{lang}.png"))
    session.on_observation(camera.look(rules.observe(state)))  # put right
    wait_state(table, session.state_id)
    assert table.locator("#alerts").count() == 0

    # A stone placed where the camera could not see the boats: which slot?
    place = next(
        a for a in rules.legal_actions(state) if rules.format_action(a).startswith("place")
    )
    after, _ = rules.apply(state, place, check=False)
    session.on_observation(replace(camera.look(rules.observe(after)), boats=None))
    view = session.seat_view(seat)
    assert view["decision"]["en"] == WHICH_EN
    for lang, prompt in (("en", WHICH_EN), ("es", WHICH_ES)):
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[seat].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        phone.locator("#decision", has_text=prompt).wait_for()
        assert phone.locator("button.g-option").count() == len(view["options"])
        measure(phone, f"camera question phone {lang}", phone=True)
        phone.screenshot(path=str(test_output / f"generic-imhotep-camera-question-{lang}.png"))
    before = session.state_id
    option = next(o for o in view["options"] if o["action"] == rules.format_action(place))
    phone.locator("button.g-option", has_text=option["es"]).first.click()
    wait_state(phone, before + 1)
    assert rules.to_dict(session.state) == rules.to_dict(after)
