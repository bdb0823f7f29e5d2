"""The page shell links the game's own drawing stylesheet, so a phone's first view of
the board is drawn styled (a drawing that added its sheet itself showed a board wider
than its box until the sheet arrived)."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from companion.games import new_table_session
from companion.server.app import create_app, page_shell

#: generic.css and parts.css are added by the game's page script (the start page on
#: /table is drawn without them); tests wait for them (``pages.wait_state``).
SHARED = {"/static/app.css", "/static/game_over.css"}


@pytest.mark.parametrize(
    ("game", "own"),
    [
        ("rajas", {"/static/rajas.css"}),
        ("amritsar", {"/static/amritsar_drawing.css"}),
        ("imhotep", set()),
    ],
)
def test_every_page_links_the_shared_and_the_games_stylesheets(game: str, own: set[str]) -> None:
    session = new_table_session(game, ["Ana", "Ben"], seed=2)
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        for route in ("/play", "/table", "/watch"):
            page = client.get(route)
            assert page.status_code == 200
            linked = set(re.findall(r'<link rel="stylesheet" href="([^"]+)">', page.text))
            assert linked == SHARED | own, route
            assert "{" not in page.text.split("<body")[0], route  # no placeholder left
            for href in linked:  # each one is served
                assert client.get(href).status_code == 200, href


def test_the_start_page_links_no_game_sheet_and_leaves_no_placeholder() -> None:
    shell = page_shell("start", None)
    linked = set(re.findall(r'<link rel="stylesheet" href="([^"]+)">', shell))
    assert linked == SHARED
    assert "{" not in shell.split("<body")[0] and 'src="/static/js/start.js"' in shell
