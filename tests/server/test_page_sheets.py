"""The page shell links every sheet a page draws with, in the cascade's order, and the
start page none of the game pages' (``companion/server/pages.py``).

A sheet a script added when it first drew came too late (a phone's first view of a
Rajas board was drawn wider than its box); a drawing sheet linked before
``generic.css`` shrank Amritsar's labels; ``generic.css`` on the start page made it
taller than a phone's screen.
"""

from __future__ import annotations

import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from companion.games import new_table_session
from companion.server.app import create_app
from companion.server.pages import STATIC, drawing_sheets, page_shell
from companion.server.start import StartApp, StartChoice

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's notice about httpx
    from fastapi.testclient import TestClient

LINK = re.compile(r'<link rel="stylesheet" href="/static/([^"]+)">')
SHELL = ["app.css", "game_over.css"]
GAME = ["generic.css", "parts.css"]
OWN = {"/play": ["picking.css"], "/table": ["far.css", "picking.css"], "/watch": []}


@pytest.mark.parametrize(
    ("game", "drawing"),
    [
        ("amritsar", ["amritsar_drawing.css"]),
        ("rajas", ["rajas_drawing.css"]),
        ("imhotep", []),
        ("ceylon", []),
    ],
)
def test_every_game_page_links_its_sheets_in_the_cascades_order(
    game: str, drawing: list[str]
) -> None:
    session = new_table_session(game, ["Ana", "Ben"], seed=2)
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        for route, own in OWN.items():
            page = client.get(route)
            assert page.status_code == 200, route
            assert LINK.findall(page.text) == SHELL + GAME + drawing + own, route
            assert "{" not in page.text, route  # no placeholder left in the shell
            for name in LINK.findall(page.text):
                assert client.get(f"/static/{name}").status_code == 200, name


def test_a_drawing_sheet_is_the_one_beside_the_drawing_script() -> None:
    for sheet in STATIC.glob("*_drawing.css"):
        game = sheet.name.removesuffix("_drawing.css")
        assert (STATIC / "js" / f"{game}_drawing.js").is_file(), sheet.name
        assert drawing_sheets(game) == (sheet.name,)
    assert drawing_sheets("imhotep") == ()
    with pytest.raises(ValueError, match="lower-case letters"):
        drawing_sheets("../app")


def refuse(choice: StartChoice) -> Any:
    raise AssertionError("no game is started here")


def test_the_start_page_links_none_of_the_game_pages_sheets(tmp_path: Path) -> None:
    assert LINK.findall(page_shell("start")) == SHELL
    spec = StartApp(pin="4821", games=tmp_path, starter=refuse, hosts=["testserver"])
    with TestClient(spec.build()) as client:
        for route in ("/", "/table", "/play", "/watch"):
            page = client.get(route)
            assert LINK.findall(page.text) == SHELL, route
            assert "{" not in page.text, route
