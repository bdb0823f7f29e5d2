"""A camera notice does not hold a phone's question back (real headless Chromium).

Amritsar asks every decision with ``wait_for_table``: while the table disagrees
with the game the mover's phone says "Put the table right first" and shows no
answers. A camera notice is about the camera (here the real refusal to read
through an uncalibrated wide lens, from a real frame through the real pipeline
and runner): the table still agrees with the game and the phones carry it, so
the mover's phone keeps its answers and can answer; the alert panel heads the
notice "The camera" / "La cámara", not "Put the table right". A wrong move
raised beside it still blocks, under its own heading. Screenshots:
test-output/phone-camera-notice-*.png.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import TableSession
from companion.server import create_app
from engine.amritsar import Pending, Reason
from tests.server.games import PIN, human_prompt, play_until
from tests.server.pages import PHONE, Opener, wait_state
from tests.server.test_browser_phone import check_controls, shoot
from vision.harsh import harsh_scene
from vision.pipeline import Pipeline

WORDS = {
    "en": ("The camera", "Put the table right", "Put the table right first", "answer here"),
    "es": ("La cámara", "Corrige la mesa", "Primero corrige la mesa", "responde aquí"),
}


def _headings(page: Any) -> list[str]:
    return [" ".join(t.split()) for t in page.locator("#alerts h2").all_inner_texts()]


def test_a_camera_notice_leaves_the_phone_its_answers_and_has_its_own_heading(
    live_server: Callable[[Any], str], open_page: Opener, test_output: Path
) -> None:
    session = TableSession.new(["Ana"], seed=7, solo=True, pin=PIN)
    play_until(session, human_prompt(frozenset({Pending.SOW_ORIGIN})))
    runner = TableRunner(session, Reconciler(session), pipeline=Pipeline(1))
    [frame] = harsh_scene(50000, "wide-lens").frames(1)
    runner._look(frame)
    [notice] = session.alerts
    assert notice.code == "camera_notice" and "companion calibrate" in notice.en
    base = live_server(create_app(session))
    for lang in ("en", "es"):
        camera, table, first, here = WORDS[lang]
        words, other = (notice.en, notice.es)[:: 1 if lang == "en" else -1]
        phone = open_page(
            f"{base}/play?lang={lang}#token={session.seats[0].token}", PHONE, lang=lang
        )
        wait_state(phone, session.state_id)
        phone.wait_for_selector('#alerts article[data-code="camera_notice"]')
        assert _headings(phone) == [camera]
        text = " ".join(phone.locator("#alerts").inner_text().split())
        assert words in text and other not in text, text
        assert table not in text, text
        # Amritsar's reason names the section "Camera": the heading says it already.
        assert phone.locator('#alerts article[data-code="camera_notice"] .g-rule').count() == 0
        # The question keeps its answers, open: a move the camera would see when it
        # reads (``camera_sees``) cannot be seen now, so "no tap needed" is not said.
        assert phone.locator("#decision.waiting-fix").count() == 0
        assert first not in phone.locator("body").inner_text()
        assert phone.locator("#camera-note").count() == 0
        assert phone.locator("#decision .enter-here").count() == 0
        assert here in phone.locator("#camera-down").inner_text()
        answers = phone.locator("#decision #answers button")
        assert answers.count() > 0 and answers.first.is_visible()
        check_controls(phone, f"camera notice ({lang})")
        shoot(phone, test_output, f"camera-notice-{lang}")
        # A wrong move beside it: the question waits, each alert under its heading.
        wrong = session.raise_alert(
            Reason(
                "elephant_cost",
                {"district": "West", "district_es": "Oeste", "steps": 3, "coins": 2, "have": 1},
            ),
            "Move the purple elephant back to North.",
            "Devuelve el elefante morado al Norte.",
            seat=0,
        )
        wait_state(phone, session.state_id)
        phone.wait_for_selector("#decision.waiting-fix")
        assert _headings(phone) == [table, camera]
        assert phone.locator("#answers button").count() == 0
        assert first in phone.locator("#decision").inner_text()
        shoot(phone, test_output, f"camera-notice-and-wrong-move-{lang}")
        session.withdraw_alert(wrong.id)
        wait_state(phone, session.state_id)
        phone.wait_for_selector("#decision #answers button")
        phone.close()
    # The notice gone (the lens calibrated): "no tap needed" again, the answers folded.
    phone = open_page(f"{base}/play?lang=en#token={session.seats[0].token}", PHONE, lang="en")
    wait_state(phone, session.state_id)
    session.withdraw_alert(notice.id)
    wait_state(phone, session.state_id)
    phone.wait_for_selector("#camera-note")
    assert phone.locator("#alerts").count() == 0 and phone.locator("#camera-down").count() == 0
    assert phone.locator("#decision .enter-here #answers button").count() > 0
    # The camera refuses again: with the notice up the mover answers on the phone, and
    # the game moves on.
    TableRunner(session, Reconciler(session), pipeline=Pipeline(1))._look(frame)
    wait_state(phone, session.state_id)
    phone.wait_for_selector("#camera-down")
    entries = len(session.game.entries)
    for _ in range(4):  # an answer with a follow-up opens its screen; its answers send
        button = phone.locator("#answers button[data-action], #answers button[data-menu]").first
        button.click()
        deadline = time.monotonic() + 2
        while len(session.game.entries) == entries and time.monotonic() < deadline:
            time.sleep(0.02)
        if len(session.game.entries) > entries:
            break
    assert len(session.game.entries) > entries, "the phone's answer did not reach the game"
    assert [a.code for a in session.alerts] == ["camera_notice"]
