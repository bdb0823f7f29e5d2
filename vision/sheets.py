"""Printable sticker sheets (PDF, A4 or Letter, true size) from the marker plan.

Two sheets:

- :func:`component_sheets`: one sticker per marker copy (16 per colour of
  donation counters), each with a dashed cut line one marker cell outside the
  black square (the white quiet zone the detector needs) and the component's
  name and marker side in mm under it;
- :func:`board_sheet`: the board's own markers: the four corner markers with
  where to stick them, the eight coin spots and fifteen market cells.

The PDF is made with fpdf2 (vector squares, the standard Helvetica font with
its Latin-1 text, so Spanish labels keep their ñ); sizes are exact in
millimetres. The document asks viewers not to scale it when printing
(``/PrintScaling /None``), and every page carries a 100 mm check bar: print
at 100 % ("actual size"), never "fit to page".
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import cv2
import numpy as np
from fpdf import FPDF
from fpdf.prefs import ViewerPreferences
from numpy.typing import NDArray

from .detect import plan_dictionary
from .layout import Layout, ZoneKind, default_layout
from .plan import DEFAULT_PLAN, DICTIONARY_NAME, Kind, MarkerEntry, MarkerPlan

PT_PER_MM = 72 / 25.4
A4_MM = (210.0, 297.0)
LETTER_MM = (215.9, 279.4)
#: Paper sizes offered, (width, height) in mm.
PAPERS = {"a4": A4_MM, "letter": LETTER_MM}
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
    """Pages of filled rectangles, dashed rectangles and text, in mm from the top left."""

    def __init__(self, paper: str) -> None:
        if paper not in PAPERS:
            raise ValueError(f"paper {paper!r}: choose one of {', '.join(PAPERS)}")
        self.size = PAPERS[paper]
        self.doc = FPDF(unit="mm", format=self.size)
        self.doc.set_auto_page_break(False)
        self.doc.set_margin(0)
        self.doc.viewer_preferences = ViewerPreferences(print_scaling="None")
        self.doc.set_creator("Amritsar table companion")

    def page(self) -> None:
        self.doc.add_page()

    def rect(self, x: float, top: float, w: float, h: float, grey: float) -> None:
        level = round(grey * 255)
        self.doc.set_fill_color(level, level, level)
        self.doc.rect(x, top, w, h, style="F")

    def dashed(self, x: float, top: float, w: float, h: float) -> None:
        self.doc.set_draw_color(153, 153, 153)
        self.doc.set_line_width(0.3 / PT_PER_MM)
        self.doc.set_dash_pattern(dash=2 / PT_PER_MM, gap=2 / PT_PER_MM)
        self.doc.rect(x, top, w, h, style="D")
        self.doc.set_dash_pattern()

    def text(self, x: float, top: float, size_pt: float, text: str) -> None:
        self.doc.set_font("Helvetica", size=size_pt)
        self.doc.set_text_color(0, 0, 0)
        self.doc.text(x, top, text)

    def render(self) -> bytes:
        return bytes(self.doc.output())


def _marker(pdf: _Pdf, bits: NDArray[np.uint8], x: float, top: float, side: float) -> None:
    """The black square with its white cells (bit 1 = white), top-left at (x, top)."""
    cell = side / 6
    pdf.rect(x, top, side, side, 0.0)
    for r in range(4):
        for c in range(4):
            if bits[r, c]:
                pdf.rect(x + (c + 1) * cell, top + (r + 1) * cell, cell, cell, 1.0)


def _header(pdf: _Pdf, title: str, page: int) -> None:
    pdf.text(MARGIN_MM, MARGIN_MM + 3, 10, f"{title} - page {page} / página {page}")
    pdf.text(
        MARGIN_MM,
        MARGIN_MM + 8,
        7,
        f"ArUco {DICTIONARY_NAME}. Print at 100 % / actual size; the bar must measure 100 mm. "
        "Imprimir al 100 % / tamaño real; la barra debe medir 100 mm.",
    )
    pdf.rect(MARGIN_MM, MARGIN_MM + 11, 100.0, 1.5, 0.0)
    for k in range(11):
        pdf.rect(MARGIN_MM + 10 * k - 0.15, MARGIN_MM + 10, 0.3, 3.5, 0.0)
    pdf.text(MARGIN_MM + 102, MARGIN_MM + 13, 7, "100 mm")


def _flow(
    stickers: Sequence[Sticker], bits: dict[int, NDArray[np.uint8]], title: str, paper: str
) -> bytes:
    pdf = _Pdf(paper)
    page_no = 0
    x = y = row_h = 0.0
    usable_w = pdf.size[0] - 2 * MARGIN_MM
    bottom = pdf.size[1] - MARGIN_MM

    def new_page() -> None:
        nonlocal page_no, x, y, row_h
        page_no += 1
        pdf.page()
        _header(pdf, title, page_no)
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
        pdf.dashed(left, y, outer, outer)
        _marker(pdf, bits[s.marker_id], left + quiet, y + quiet, s.side_mm)
        pdf.text(left, y + outer + 3.0, 5.5, s.label)
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


def component_sheets(plan: MarkerPlan = DEFAULT_PLAN, paper: str = "a4") -> bytes:
    """The PDF of every piece's and tile's sticker, on ``paper`` (``a4`` or ``letter``)."""
    return _flow(
        component_stickers(plan),
        _bits(plan),
        "Amritsar companion: piece stickers / pegatinas de las piezas",
        paper,
    )


def board_sheet(
    plan: MarkerPlan = DEFAULT_PLAN, layout: Layout | None = None, paper: str = "a4"
) -> bytes:
    """The PDF of the board's corner markers and printed spots."""
    return _flow(
        board_stickers(plan, layout),
        _bits(plan),
        "Amritsar companion: board corners and spots / esquinas y casillas del tablero",
        paper,
    )


def labels(stickers: Iterable[Sticker]) -> list[str]:
    return [s.label for s in stickers]
