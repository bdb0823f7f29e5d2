"""Ceylon's sticker sheets: true-size PDFs from the plan (:mod:`.plan`).

Two files, as for Amritsar (:mod:`vision.sheets`, whose page flow, cut lines
and 100 mm check bar they reuse): ``ceylon-pieces.pdf`` with one sticker per
component copy (pawns, leaf markers, discs, elevation tiles' cells,
contracts, advisor tiles, one per action card) and ``ceylon-board.pdf`` with
the board's own markers (corners, every hex's level-0 and plantation spot,
the empty wagon, advisor, track and discard spots). Print at 100 %.
"""

from __future__ import annotations

from vision.rig import marker_bits
from vision.sheets import Sticker, _flow

from . import plan as P

BOARD_KINDS = frozenset(
    {"board-corner", "level-0-spot", "wagon-spot", "advisor-spot", "disc-spot", "discard-spot"}
)


def _label(entry: P.Entry, k: int) -> str:
    return f"{entry.kind} {entry.component} #{k + 1} ({entry.side_mm:g} mm)"


def stickers(board: bool) -> list[Sticker]:
    """Every sticker of the board (``board``) or of the components."""
    out: list[Sticker] = []
    for e in P.ENTRIES:
        on_board = e.kind in BOARD_KINDS or e.marker_id == P.FREE_IDS[0]
        if on_board != board:
            continue
        out.extend(Sticker(e.marker_id, e.side_mm, _label(e, k)) for k in range(e.copies))
    return out


def sheets(paper: str = "a4") -> dict[str, bytes]:
    """File name -> PDF of Ceylon's stickers on ``paper`` (``a4`` or ``letter``)."""
    bits = {e.marker_id: marker_bits(e.marker_id) for e in P.ENTRIES}
    return {
        "ceylon-pieces.pdf": _flow(
            stickers(False), bits, "Ceylon: piece stickers / pegatinas de las piezas", paper
        ),
        "ceylon-board.pdf": _flow(
            stickers(True), bits, "Ceylon: board spots / casillas del tablero", paper
        ),
    }
