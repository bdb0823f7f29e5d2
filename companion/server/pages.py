"""The pages' HTML: one shell (``static/page.html``) whose head links every stylesheet
its page draws with, in the order of the cascade.

Why: a sheet a script added when it first drew came too late. A phone's first view
of the board was drawn unstyled for a moment (a CI run measured a Rajas board before
its sheet applied: its pictures wider than their box). Sheets linked in the head
hold back both the first paint and the page's module script, so nothing is drawn
before they apply, and no script adds one later.

The order is the one the pages had once every sheet had loaded: ``app.css`` and
``game_over.css`` (every page), ``generic.css`` and ``parts.css`` (the game pages),
the game's drawing sheet (``static/<game>_drawing.css``, beside its
``static/js/<game>_drawing.js``; a game without one has none), then the page's own
(``far.css`` on the table screen, ``picking.css`` where answers are picked on the
picture). A drawing sheet before ``generic.css`` shrank Amritsar's board labels under
12 px. The start page (``start.py``) gets none of the game pages' sheets: with
``generic.css`` it grew taller than a phone's screen. Nothing here names a game.
"""

from __future__ import annotations

import re
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"

#: The sheets of every game page, after the shell's own (``app.css``, ``game_over.css``).
GAME_SHEETS = ("generic.css", "parts.css")

#: A game page's script -> its own sheets, last in the cascade.
PAGE_SHEETS: dict[str, tuple[str, ...]] = {
    "generic_play": ("picking.css",),
    "generic_table": ("far.css", "picking.css"),
    "generic_watch": (),
}

_NAME = re.compile(r"[a-z][a-z0-9_]*")


def drawing_sheets(game: str) -> tuple[str, ...]:
    """``game``'s drawing sheet (``<game>_drawing.css``), or none when it has none."""
    if not _NAME.fullmatch(game):
        raise ValueError(f"a game's name is lower-case letters, digits and _, not {game!r}")
    name = f"{game}_drawing.css"
    return (name,) if (STATIC / name).is_file() else ()


def page_shell(page: str, sheets: tuple[str, ...] = ()) -> str:
    """The shell running ``static/js/<page>.js``, linking ``sheets`` after its own."""
    links = "".join(f'<link rel="stylesheet" href="/static/{name}">\n' for name in sheets)
    shell = (STATIC / "page.html").read_text(encoding="utf-8")
    return shell.replace("{sheets}", links).replace("{page}", page)


def game_page(page: str, game: str) -> str:
    """A game page (``generic_play``, ``generic_table``, ``generic_watch``) for ``game``."""
    return page_shell(page, GAME_SHEETS + drawing_sheets(game) + PAGE_SHEETS[page])
