"""The hub offers each view the moment it is made, the spectators' first.

After a change the hub renders one view per seat and one for every spectator;
a spectator's view does not wait for the players' views to be made, and each
phone still gets only its own seat's view, newest last.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from companion.server import create_app
from companion.server.hub import Hub
from tests.server.games import new_table
from tests.server.test_live import join, move, next_view


def test_a_spectator_gets_its_view_while_a_players_view_is_still_being_made(
    live_server: Callable[[Any], str],
) -> None:
    session = new_table()
    app = create_app(session)
    hub: Hub = app.state.hub
    base = live_server(app)
    made = hub.payloads.view_json
    held = threading.Event()
    release = threading.Event()
    hold_from = [10**9]  # no view held until the change below

    def view_json(seat: int | None) -> str:
        if seat == 0 and session.state_id >= hold_from[0]:
            held.set()
            assert release.wait(10), "the test never released seat 0's view"
        return made(seat)

    hub.payloads.view_json = view_json  # type: ignore[method-assign]
    with ExitStack() as stack:
        ana = join(stack, base, session.seats[0].token)
        spectator = join(stack, base, None)
        for ws in (ana, spectator):
            next_view(ws, session.state_id)
        hold_from[0] = session.state_id + 1
        try:
            state_id = move(session)
            assert held.wait(10)
            # Seat 0's view is held in the worker thread: the spectator's came first.
            seen = next_view(spectator, state_id)
            assert seen["seat"] is None and seen["state_id"] == state_id
        finally:
            release.set()
        mine = next_view(ana, state_id)
    assert mine["seat"] == 0 and mine["state_id"] == state_id
