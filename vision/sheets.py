"""Printable sticker sheets (PDF, A4, true size) from the marker plan.

Two sheets:

- :func:`component_sheets`: one sticker per marker copy (16 per colour of
  donation counters), each with a dashed cut line one marker cell outside the
  black square (the white quiet zone the detector needs) and the component's
  name and marker side in mm under it;
- :func:`board_sheet`: the board's own markers: the four corner markers with
  where to stick them, the eight coin spots and fifteen market cells.

The PDF is written directly (vector squares and the standard Helvetica font,
no dependency); sizes are exact in PDF points. Every page carries a 100 mm
check bar: print at 100 % ("actual size"), never "fit to page".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from numpy.typing import NDArray

from .detect import plan_dictionary
from .layout import Layout, ZoneKind, default_layout
from .plan import DEFAULT_PLAN, DICTIONARY_NAME, Kind, MarkerEntry, MarkerPlan

PT_PER_MM = 72 / 25.4
A4_MM = (210.0, 297.0)
MARGIN_MM = 12.0
GAP_MM = 3.0
LABEL_MM = 4.5
HEADER_MM = 22.0


@dataclass(frozen=True)
class Sticker:
    marker_id: int
    side_mm: float
    label: str


def _bits(plan: MarkerPlan) -> dict[int, NDArray[np.uint8]]:
    dictionary = plan_dictionary(plan)
    out: dict[int, NDArray[np.uint8]] = {}
    for k, marker_id in enumerate(sorted(plan.ids)):
        bits = cv2.aruco.Dictionary.getBitsFromByteList(dictionary.bytesList[k : k + 1], 4)
        out[marker_id] = np.asarray(bits, dtype=np.uint8)
    return out


class _Pdf:
    """Just enough PDF: pages of filled rectangles, dashed rectangles and text."""

    def __init__(self) -> None:
        self.pages: list[list[str]] = []

    def page(self) -> list[str]:
        self.pages.append([])
        return self.pages[-1]

    def render(self) -> bytes:
        w, h = (v * PT_PER_MM for v in A4_MM)
        objects: list[bytes] = [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"",  # pages, filled below
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
        ]
        kids = []
        for ops in self.pages:
            stream = "\n".join(ops).encode("cp1252")
            objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
            content = len(objects)
            objects.append(
                (
                    f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 {w:.2f} {h:.2f}] "
                    f"/Resources << /Font << /F1 3 0 R >> >> /Contents {content} 0 R >>"
                ).encode()
            )
            kids.append(f"{len(objects)} 0 R")
        objects[1] = f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(kids)} >>".encode()
        out = bytearray(b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n")
        offsets = []
        for n, body in enumerate(objects, start=1):
            offsets.append(len(out))
            out += b"%d 0 obj\n" % n + body + b"\nendobj\n"
        xref = len(out)
        out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
        for off in offsets:
            out += b"%010d 00000 n \n" % off
        out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (
            len(objects) + 1,
            xref,
        )
        return bytes(out)


def _y(mm_from_top: float) -> float:
    return (A4_MM[1] - mm_from_top) * PT_PER_MM


def _rect(ops: list[str], x: float, top: float, w: float, h: float, grey: float) -> None:
    ops.append(
        f"{grey:.2f} g {x * PT_PER_MM:.3f} {_y(top + h):.3f} "
        f"{w * PT_PER_MM:.3f} {h * PT_PER_MM:.3f} re f"
    )


def _dashed(ops: list[str], x: float, top: float, w: float, h: float) -> None:
    ops.append(
        f"0.6 G 0.3 w [2 2] 0 d {x * PT_PER_MM:.3f} {_y(top + h):.3f} "
        f"{w * PT_PER_MM:.3f} {h * PT_PER_MM:.3f} re S [] 0 d"
    )


def _text(ops: list[str], x: float, top: float, size_pt: float, text: str) -> None:
    safe = text.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    ops.append(f"0 g BT /F1 {size_pt:.1f} Tf {x * PT_PER_MM:.3f} {_y(top):.3f} Td ({safe}) Tj ET")


def _marker(ops: list[str], bits: NDArray[np.uint8], x: float, top: float, side: float) -> None:
    """The black square with its white cells (bit 1 = white), top-left at (x, top)."""
    cell = side / 6
    _rect(ops, x, top, side, side, 0.0)
    for r in range(4):
        for c in range(4):
            if bits[r, c]:
                _rect(ops, x + (c + 1) * cell, top + (r + 1) * cell, cell, cell, 1.0)


def _header(ops: list[str], title: str, page: int) -> None:
    _text(ops, MARGIN_MM, MARGIN_MM + 3, 10, f"{title} - page {page}")
    _text(
        ops,
        MARGIN_MM,
        MARGIN_MM + 8,
        7,
        f"ArUco {DICTIONARY_NAME}. Print at 100 % / actual size. "
        "Imprimir al 100 % / tamano real. The bar below must measure 100 mm.",
    )
    _rect(ops, MARGIN_MM, MARGIN_MM + 11, 100.0, 1.5, 0.0)
    for k in range(11):
        _rect(ops, MARGIN_MM + 10 * k - 0.15, MARGIN_MM + 10, 0.3, 3.5, 0.0)
    _text(ops, MARGIN_MM + 102, MARGIN_MM + 13, 7, "100 mm")


def _flow(stickers: Sequence[Sticker], bits: dict[int, NDArray[np.uint8]], title: str) -> bytes:
    pdf = _Pdf()
    page_no = 0
    ops: list[str] = []
    x = y = row_h = 0.0
    usable_w = A4_MM[0] - 2 * MARGIN_MM
    bottom = A4_MM[1] - MARGIN_MM

    def new_page() -> None:
        nonlocal ops, page_no, x, y, row_h
        page_no += 1
        ops = pdf.page()
        _header(ops, title, page_no)
        x, y, row_h = 0.0, MARGIN_MM + HEADER_MM, 0.0

    new_page()
    for s in stickers:
        quiet = s.side_mm / 6
        outer = s.side_mm + 2 * quiet
        cell_w = max(outer, len(s.label) * 1.1) + GAP_MM
        cell_h = outer + LABEL_MM + GAP_MM
        if x + cell_w > usable_w:
            x, y, row_h = 0.0, y + row_h, 0.0
        if y + cell_h > bottom:
            new_page()
        left = MARGIN_MM + x
        _dashed(ops, left, y, outer, outer)
        _marker(ops, bits[s.marker_id], left + quiet, y + quiet, s.side_mm)
        _text(ops, left, y + outer + 3.0, 5.5, s.label)
        x += cell_w
        row_h = max(row_h, cell_h)
    return pdf.render()


def component_stickers(plan: MarkerPlan = DEFAULT_PLAN) -> list[Sticker]:
    """Every sticker for the pieces and tiles (not the board's own markers)."""
    board = (Kind.CORNER, Kind.COIN_SPOT, Kind.MARKET_CELL)
    out = []
    for e in plan.entries:
        if e.kind in board:
            continue
        for _ in range(e.copies):
            out.append(
                Sticker(e.marker_id, e.side_mm, f"{_short(e)} {e.side_mm:g}mm #{e.marker_id}")
            )
    return out


def _short(e: MarkerEntry) -> str:
    face = f" {e.face}" if e.face else ""
    names = {Kind.COUNTER: "counter", Kind.DISTRICT_TILE: "district", Kind.TEMPLE_TILE: "temple"}
    return f"{names.get(e.kind, e.kind.value)} {e.component}{face}"


def board_stickers(plan: MarkerPlan = DEFAULT_PLAN, layout: Layout | None = None) -> list[Sticker]:
    """The corner markers (with where they go) and the printed spots of the board."""
    layout = layout or default_layout()
    out = []
    for name, (cx, cy) in layout.corners.items():
        e = plan.find(Kind.CORNER, name)
        out.append(
            Sticker(
                e.marker_id,
                e.side_mm,
                f"corner {name}: centre at x={cx:g} y={cy:g} mm, top to north",
            )
        )
    spot = plan.find(Kind.COIN_SPOT, "coin-spot")
    for z in layout.of_kind(ZoneKind.COIN_SPOT):
        out.append(Sticker(spot.marker_id, spot.side_mm, f"coin spot {z.name}"))
    cell = plan.find(Kind.MARKET_CELL, "market-cell")
    for z in layout.of_kind(ZoneKind.MARKET_CELL):
        out.append(Sticker(cell.marker_id, cell.side_mm, f"market {z.name}"))
    return out


def component_sheets(plan: MarkerPlan = DEFAULT_PLAN) -> bytes:
    """The PDF of every piece's and tile's sticker."""
    return _flow(
        component_stickers(plan), _bits(plan), "Amritsar companion: piece stickers / pegatinas"
    )


def board_sheet(plan: MarkerPlan = DEFAULT_PLAN, layout: Layout | None = None) -> bytes:
    """The PDF of the board's corner markers and printed spots."""
    return _flow(
        board_stickers(plan, layout),
        _bits(plan),
        "Amritsar companion: board corners and spots / esquinas y casillas",
    )


def labels(stickers: Iterable[Sticker]) -> list[str]:
    return [s.label for s in stickers]
