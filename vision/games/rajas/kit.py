"""The physical kit of the Rajas table: sticker sheets, marker plan CSV, layout JSON.

``companion markers sheets|plan|layout --game rajas`` calls these three
functions (any game's ``vision.games.<game>.kit`` may offer the same).
``hardware/rajas/markers.csv`` and ``hardware/rajas/layout.json`` are their
output, kept in step by a test.

Sheets (true size, A4 or Letter, :mod:`vision.sheets`' drawing): ``pieces.pdf``
with one sticker per copy for the workers, fame/money markers and boats, the
elephant and the 64 province tiles; ``board.pdf`` with what is stuck on the
boards themselves: the main board's corners, the spots of the action spaces
and of the quarry display, the province boards' corner stickers and cell
spots, and the out-of-play stickers (cover tiles and the two-player side).
"""

from __future__ import annotations

import json

from ...rig import marker_bits
from ...sheets import Sticker, _flow
from .layout import as_json
from .plan import rajas_plan

BOARD_KINDS = ("board-corner", "province-corner", "spot", "out-of-play")


def _stickers(board: bool) -> list[Sticker]:
    out = []
    for e in rajas_plan().entries:
        if (e.kind in BOARD_KINDS) == board:
            out += [Sticker(e.marker_id, e.side_mm, f"{e.label} {e.side_mm:g} mm")] * e.copies
    return out


def sheets(paper: str = "a4") -> dict[str, bytes]:
    """File name -> PDF bytes."""
    bits = {e.marker_id: marker_bits(e.marker_id) for e in rajas_plan().entries}
    return {
        "pieces.pdf": _flow(_stickers(False), bits, "Rajas of the Ganges: pieces", paper),
        "board.pdf": _flow(_stickers(True), bits, "Rajas of the Ganges: boards", paper),
    }


def plan_csv() -> str:
    return rajas_plan().to_csv()


def layout_json() -> str:
    return json.dumps(as_json(), indent=1) + "\n"
