"""What a game's board drawing already shows, so the page folds those words away.

What it is for: the generic page used to repeat every area of the board as
worded panels below the drawing (``board.panels``, ``board.players``), which
made Rajas's table screen thousands of pixels tall. With a drawing, the panels
and rows named here go into one closed "The board in words" section (screen
readers still reach it); only what the drawing does not show stays open.

``drawn(game)`` is sent as ``board.drawn``: ``panels`` are the keys of the
panels the drawing shows whole; ``rows`` are the keys of the rows of the
general panel (``game``) and of each player's board that it shows (whose
turn it is counts as shown: the question above says it). Each game's drawing
module declares its own (``SHOWN``, in ``companion.games.<game>.drawing``),
read off its drawer: a key missing there only stays open, never hidden.
"""

from __future__ import annotations

from typing import NamedTuple


class Drawn(NamedTuple):
    """The panel keys and row keys a game's drawing shows."""

    panels: frozenset[str]
    rows: frozenset[str]


def drawn(game: str) -> dict[str, list[str]] | None:
    """``board.drawn`` for ``game``: what its drawing shows (None: fold nothing)."""
    from companion.server.drawings import drawing_module

    found: Drawn | None = getattr(drawing_module(game), "SHOWN", None)
    if found is None:
        return None
    return {"panels": sorted(found.panels), "rows": sorted(found.rows)}
