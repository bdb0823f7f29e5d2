"""The table screen's Sensor board panel binds the table's board (issue 36), in Chromium.

Boards heard on the broker while the table follows none wait; the unlocked table
screen (Amritsar's and the generic one) lists them and follows the one chosen,
in English and Spanish.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.board_binding import BoardBinding
from companion.server import create_app
from companion.table_session import TableBase
from tests.server.games import PIN, new_table
from tests.server.generic_games import new_game
from tests.server.pages import Opener, wait_state

TABLE = {"width": 1280, "height": 800}
WORDS = {
    "en": ("Follow table-1", "This table follows the sensor board table-1."),
    "es": ("Seguir a table-1", "Esta mesa sigue a la placa de sensores table-1."),
}


@pytest.mark.parametrize("game", ["amritsar", "imhotep"])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_table_screen_follows_the_board_chosen_with_the_pin(
    live_server: Callable[[Any], str], open_page: Opener, tmp_path: Path, game: str, lang: str
) -> None:
    session: TableBase = (
        new_table() if game == "amritsar" else new_game(game, 2, tmp_path / "g.sqlite")
    )
    session.pin = PIN
    binding = BoardBinding()
    for board in ("table-1", "table-2"):
        binding.heard(board)
    base = live_server(create_app(session))
    page = open_page(f"{base}/table?lang={lang}#pin={PIN}", TABLE, lang=lang)
    wait_state(page, session.state_id)
    follow, follows = WORDS[lang]
    button = page.get_by_role("button", name=follow)
    button.wait_for(timeout=10000)
    assert binding.bound is None  # shown, not followed, until someone at the table says so
    button.click()
    page.get_by_text(follows).first.wait_for(timeout=5000)
    assert binding.bound == "table-1"
    assert page.locator('[data-board="table-2"]').count() == 0
