"""Imhotep's sticker sheets, printable true size (A4 or Letter PDF).

Two sheets, as for Amritsar (:mod:`vision.sheets`, whose page layout they
reuse): ``pieces`` holds a sticker for every card (market and round cards),
both ends of every boat; ``mat`` holds what is printed on or stuck to the
play mat: its corners (with where they go), the edge guards, the free-space
markers of every card space, the site boards' side markers (one per face) and
the sled markers.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

from ...rig import marker_bits
from ...sheets import Sticker, _flow
from .layout import LAYOUT
from .plan import PLAN

PIECES = ("round-card", "card", "boat")


def _bits() -> dict[int, NDArray[np.uint8]]:
    return {marker_id: marker_bits(marker_id) for marker_id in PLAN.ids}


def piece_stickers() -> list[Sticker]:
    out = []
    for e in PLAN.entries:
        if e.kind in PIECES:
            for _ in range(e.copies):
                out.append(
                    Sticker(
                        e.marker_id, e.side_mm, f"{e.kind} {e.name} {e.side_mm:g}mm #{e.marker_id}"
                    )
                )
    return out


def mat_stickers() -> list[Sticker]:
    out = []
    for name, (x, y) in LAYOUT.corners.items():
        e = PLAN.entry("corner", name)
        out.append(Sticker(e.marker_id, e.side_mm, f"corner {name}: centre at x={x:g} y={y:g} mm"))
    for e in PLAN.entries:
        if e.kind not in PIECES and e.kind != "corner":
            for _ in range(e.copies):
                out.append(Sticker(e.marker_id, e.side_mm, f"{e.kind} {e.name} #{e.marker_id}"))
    return out


def sheets(paper: str = "a4") -> dict[str, bytes]:
    """``{"pieces.pdf": ..., "board.pdf": ...}`` for Imhotep on ``paper``."""
    bits = _bits()
    return {
        "pieces.pdf": _flow(
            piece_stickers(),
            bits,
            "Imhotep companion: card and boat stickers / pegatinas de cartas y barcos",
            paper,
        ),
        "board.pdf": _flow(
            mat_stickers(),
            bits,
            "Imhotep companion: play mat markers / marcadores del tapete",
            paper,
        ),
    }
