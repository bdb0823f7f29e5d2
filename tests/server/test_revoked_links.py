"""A revoked phone link is cut off at once (issue 36), over real WebSockets.

The table gives a seat a new code (``POST /api/table/seats/{i}`` with
``new_link``), or leaves the game for the start page (a new game): every open
socket of the old token is closed at that moment with a code the phone
explains (``link_revoked`` 4403, ``game_left`` 4410), and nothing the seat may
see (its hidden objectives or hand) arrives on it after. Both session paths:
Amritsar's ``TableSession`` and a generic ``RulesSession`` (Imhotep).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from companion.server import create_app
from companion.server.hub import GAME_LEFT_CLOSE, REVOKED_CLOSE
from companion.server.start import StartApp, TableSwitch
from companion.table_session import TableBase
from engine.amritsar import Reason
from tests.server.games import PIN, new_table
from tests.server.generic_games import new_game
from tests.server.pages import PHONE, Opener, wait_state
from tests.server.test_live import join, next_view, ws_url
from tests.support.web import serve


def _post(base: str, path: str, body: Any, pin: str = PIN) -> tuple[int, Any]:
    request = urllib.request.Request(
        base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Table-Pin": pin},
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _change(session: TableBase) -> int:
    """A change every phone is sent a view of (an alert raised)."""
    session.raise_alert(Reason("game_over"), "Nothing to fix.", "Nada que arreglar.")
    return session.state_id


def _closed_with(ws: ClientConnection, close: int, code: str, timeout: float = 5.0) -> list[Any]:
    """Read until the socket closes; the messages read before the error, and check that
    the last message is the error ``code`` (both languages) and the close is ``close``."""
    seen: list[Any] = []
    deadline = time.monotonic() + timeout
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            seen.append(json.loads(ws.recv(timeout=max(0.01, deadline - time.monotonic()))))
    assert closed.value.rcvd is not None and closed.value.rcvd.code == close
    assert seen, "the socket closed without saying why"
    error = seen[-1]
    assert error["type"] == "error" and error["code"] == code, error
    assert error["en"] and error["es"] and error["en"] != error["es"]
    return seen[:-1]


def _revoke_and_check(session: TableBase, base: str, seat: int) -> None:
    old = session.seats[seat].token
    with ExitStack() as stack:
        mine = [join(stack, base, old) for _ in range(2)]  # a phone and a second tab
        other = join(stack, base, session.seats[0].token)
        for ws in [*mine, other]:
            next_view(ws, session.state_id)
        status, link = _post(base, f"/api/table/seats/{seat}", {"new_link": True})
        assert status == 200 and link["url"] and old not in link["url"]
        revoked_at = session.state_id
        for ws in mine:
            views = _closed_with(ws, REVOKED_CLOSE, "link_revoked")
            # Nothing of the state the new code made (or any later one) reached the old link.
            assert all(m["view"]["state_id"] < revoked_at for m in views if m["type"] == "view")
        # The table goes on: the seat that kept its link is still served ...
        state_id = _change(session)
        assert next_view(other, state_id)["state_id"] == state_id
        # ... and the old link opens nothing again (the REST answer too).
        refused = stack.enter_context(connect(ws_url(base), open_timeout=5))
        refused.send(json.dumps({"type": "hello", "token": old}))
        assert json.loads(refused.recv(timeout=5))["code"] == "bad_token"


def test_a_new_code_closes_every_socket_of_the_old_link_at_once_amritsar(
    live_server: Callable[[Any], str],
) -> None:
    session = new_table()
    base = live_server(create_app(session))
    _revoke_and_check(session, base, 1)


def test_a_new_code_closes_every_socket_of_the_old_link_at_once_generic(
    live_server: Callable[[Any], str], tmp_path: Path
) -> None:
    session = new_game("imhotep", 3, tmp_path / "imhotep.sqlite")
    base = live_server(create_app(session))
    _revoke_and_check(session, base, 1)


def test_a_revoked_socket_gets_nothing_more_across_many_changes(
    live_server: Callable[[Any], str],
) -> None:
    """The issue's attack: 20 updates after the new code; the old socket got all 20."""
    session = new_table()
    app = create_app(session)
    base = live_server(app)
    with ExitStack() as stack:
        ws = join(stack, base, session.seats[1].token)
        next_view(ws, session.state_id)
        session.new_token(1)  # any path that replaces the token (here the session's own)
        for _ in range(20):
            _change(session)
        _closed_with(ws, REVOKED_CLOSE, "link_revoked")
        # the hub forgets the socket once its close is done (a moment after the phone sees it)
        deadline = time.monotonic() + 10
        while any(c.seat == 1 for c in app.state.hub.clients) and time.monotonic() < deadline:
            time.sleep(0.02)
        assert all(c.seat != 1 for c in app.state.hub.clients)


def test_leaving_the_game_for_a_new_one_closes_the_players_sockets(
    live_server: Callable[[Any], str], tmp_path: Path
) -> None:
    """``New game`` (PIN, once the game is over): the old game's links are dead."""
    games = tmp_path / "games"
    games.mkdir()
    session = new_game("imhotep", 2, games / "first.sqlite")

    def starter(choice: Any) -> Any:
        raise AssertionError("no game is started here")

    start = StartApp(pin=PIN, games=games, starter=starter)
    switch = TableSwitch(start, lambda s: create_app(s), first=session)
    base = live_server(switch)
    with ExitStack() as stack:
        player = join(stack, base, session.seats[0].token)
        spectator = join(stack, base, None)
        for ws in (player, spectator):
            next_view(ws, session.state_id)
        assert _post(base, "/api/table/end", {"state_id": session.state_id})[0] == 200
        assert _post(base, "/api/table/new-game", {})[0] == 200
        _closed_with(player, GAME_LEFT_CLOSE, "game_left")
        # A spectator is told to reconnect (to the next game or the start page).
        _closed_with(spectator, 1012, "game_left")


#: What the phone page says (static/js/i18n.js, link_revoked), by its first words.
SAYS = {"en": "The table gave this seat a new code", "es": "La mesa ha dado un código nuevo"}


@pytest.mark.parametrize("game", ["amritsar", "imhotep"])
def test_the_phone_says_its_link_was_revoked_in_its_language_and_stops(
    live_server: Callable[[Any], str], open_page: Opener, tmp_path: Path, game: str
) -> None:
    for lang in ("en", "es"):
        session: TableBase = (
            new_table() if game == "amritsar" else new_game(game, 2, tmp_path / f"{lang}.sqlite")
        )
        app = create_app(session)
        base = live_server(app)
        hub = app.state.hub
        page = open_page(
            f"{base}/play?lang={lang}#token={session.seats[1].token}", PHONE, lang=lang
        )
        wait_state(page, session.state_id)
        session.new_token(1)
        page.get_by_text(SAYS[lang]).first.wait_for(timeout=5000)
        # The page does not reconnect with its dead link: no client for seat 1 comes back.
        time.sleep(1.0)
        assert all(c.seat != 1 for c in hub.clients)


def test_a_server_restart_is_not_the_end_of_the_links() -> None:
    """Stopping the server (a restart: the game resumes with the same links) closes the
    sockets with 1012 and no ``game_left``: the phones reconnect."""
    session = new_table()
    with ExitStack() as stack:
        with serve(create_app(session)) as base:
            ws = join(stack, base, session.seats[0].token)
            next_view(ws, session.state_id)
        seen: list[Any] = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                seen.append(json.loads(ws.recv(timeout=5)))
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1012
        assert all(m.get("code") != "game_left" for m in seen)
