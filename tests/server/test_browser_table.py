"""The table screen during play: the Maharajah's real card and the table's checklist."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.reconcile.reconciler import Reconciler
from companion.reconcile.seen import Seen
from companion.server import create_app
from companion.session import TableSession
from engine.amritsar import legal_actions, observe
from tests.server.pages import TABLET, Opener, wait_state


def test_his_real_card_is_shown_and_ticked_as_the_camera_sees_his_moves(
    live_server: Callable[[Any], str],
    open_page: Opener,
    test_output: Path,
) -> None:
    session = TableSession.new(["Ana"], solo=True, seed=12, pin="2468")
    reconciler = Reconciler(session)
    base = live_server(create_app(session))
    table_before = Seen.of(observe(session.state))
    reconciler.on_seen(table_before)
    while session.maharajah_turn is None:  # Ana's moves, entered on her phone
        session.apply_actions([legal_actions(session.state)[0]], "phone")
        if session.maharajah_turn is None:
            table_before = Seen.of(observe(session.state))
            reconciler.on_seen(table_before)
    turn = session.maharajah_turn
    page = open_page(f"{base}/table?lang=en", TABLET)
    wait_state(page, session.state_id)
    card = page.locator("#maharajah")
    assert turn.all_instructions[0].en in card.inner_text()
    assert turn.trace[0].en in card.inner_text()
    assert card.locator("li.todo").count() == len(turn.all_instructions)
    checklist = page.locator("#checklist")
    assert "Maharajah" in checklist.inner_text()
    page.screenshot(path=str(test_output / "web-table-maharajah-real-tablet.png"), full_page=True)
    # A person carries out his turn; the camera sees the table as the game says.
    reconciler.on_seen(Seen.of(observe(session.state)))
    wait_state(page, session.state_id)
    checked = sum(1 for i in turn.all_instructions if i.observed)
    assert checked and card.locator("li.done").count() == checked
    page.wait_for_selector("#checklist", state="detached")
