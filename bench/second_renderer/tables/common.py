"""Helpers shared by the game generators: colours, hand placement, ornaments, sloppiness."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from ..hardware import MarkerRow, circle, inside
from ..model import Art, Piece, Polygon, Rgb, Sticker, Table


def lin(r: int, g: int, b: int) -> Rgb:
    """sRGB 0..255 -> linear-light albedo."""

    def one(c: int) -> float:
        v = c / 255.0
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return (one(r), one(g), one(b))


# Piece body colours as plastic/wood would reflect them (sRGB picked from real components' look).
COLOURS: dict[str, Rgb] = {
    "yellow": lin(236, 190, 30),
    "blue": lin(28, 52, 130),
    "darkblue": lin(22, 36, 96),
    "white": lin(232, 230, 222),
    "green": lin(40, 130, 60),
    "red": lin(190, 36, 30),
    "purple": lin(110, 50, 140),
    "grey": lin(128, 128, 130),
    "pink": lin(232, 120, 170),
    "orange": lin(236, 122, 24),
    "black": lin(30, 30, 32),
    "brown": lin(120, 72, 36),
    "gold": lin(214, 168, 60),
    "copper": lin(184, 100, 50),
    "marble": lin(224, 222, 214),
    "wood": lin(196, 150, 100),
    "card": lin(238, 232, 214),
    "tile": lin(214, 196, 160),
}


def natural(
    rng: np.random.Generator, x: float, y: float, pos_mm: float = 1.0, yaw: float = 6.0
) -> tuple[float, float, float]:
    """Where a careful player puts a piece meant for (x, y): within a millimetre, a few degrees."""
    return (
        x + float(rng.normal(0, pos_mm)),
        y + float(rng.normal(0, pos_mm)),
        float(rng.normal(0, yaw)),
    )


def sticker(rng: np.random.Generator, row: MarkerRow, careful: float = 1.0) -> Sticker:
    """A sticker stuck by hand: a fraction of a millimetre off, a couple of degrees turned."""
    return Sticker(
        marker_id=row.marker_id,
        kind=row.kind,
        component=row.component,
        side_mm=row.side_mm,
        dx=float(rng.normal(0, 0.3 * careful)),
        dy=float(rng.normal(0, 0.3 * careful)),
        angle_deg=float(rng.normal(0, 2.0 * careful)),
    )


def ornaments(
    rng: np.random.Generator,
    area: Polygon,
    keep_out: list[Polygon],
    n: int,
    colour: tuple[int, int, int],
) -> list[Art]:
    """Printed decoration: curly strokes and small filled glyphs, never over a zone."""
    xs = [p[0] for p in area]
    ys = [p[1] for p in area]
    out: list[Art] = []
    tries = 0
    while len(out) < n and tries < n * 20:
        tries += 1
        cx = float(rng.uniform(min(xs), max(xs)))
        cy = float(rng.uniform(min(ys), max(ys)))
        r = float(rng.uniform(3, 9))
        if not inside(area, (cx, cy)) or any(_near(z, cx, cy, r + 3) for z in keep_out):
            continue
        if rng.random() < 0.5:
            # a curl: spiral polyline
            turns = float(rng.uniform(0.8, 2.0))
            a0 = float(rng.uniform(0, 2 * math.pi))
            pts = tuple(
                (
                    cx + r * (1 - t / 40) * math.cos(a0 + turns * 2 * math.pi * t / 40),
                    cy + r * (1 - t / 40) * math.sin(a0 + turns * 2 * math.pi * t / 40),
                )
                for t in range(40)
            )
            out.append(
                Art(pts, colour, fill=False, width_mm=float(rng.uniform(0.4, 1.1)), closed=False)
            )
        else:
            # a petal / diamond glyph
            k = int(rng.integers(4, 7))
            a0 = float(rng.uniform(0, 2 * math.pi))
            pts = tuple(
                (
                    cx + (r if i % 2 == 0 else r * 0.45) * math.cos(a0 + math.pi * i / k),
                    cy + (r if i % 2 == 0 else r * 0.45) * math.sin(a0 + math.pi * i / k),
                )
                for i in range(2 * k)
            )
            out.append(Art(pts, colour, fill=True))
    return out


def _near(poly: Polygon, x: float, y: float, margin: float) -> bool:
    xs = [p[0] for p in poly]
    ys = [p[1] for p in poly]
    return min(xs) - margin <= x <= max(xs) + margin and min(ys) - margin <= y <= max(ys) + margin


def glyph_row(
    x: float,
    y: float,
    length: float,
    height: float,
    rng: np.random.Generator,
    colour: tuple[int, int, int],
) -> list[Art]:
    """A line of printed lettering (rules reminders on the board): short dark strokes."""
    out: list[Art] = []
    cx = x
    while cx < x + length:
        w = float(rng.uniform(0.4, 0.9)) * height
        kind = int(rng.integers(0, 3))
        if kind == 0:
            pts: Polygon = ((cx, y + height), (cx + w / 2, y), (cx + w, y + height))
        elif kind == 1:
            pts = ((cx, y), (cx, y + height), (cx + w, y + height))
        else:
            pts = circle(cx + w / 2, y + height / 2, w / 2, 8)
        out.append(Art(pts, colour, fill=False, width_mm=0.35, closed=kind == 2))
        cx += w + height * 0.25
        if rng.random() < 0.15:
            cx += height * 0.6
    return out


MISPRINTS = ("ink-fade", "scuff", "offset-print", "trimmed", "smudge")


def sloppify(table: Table, rng: np.random.Generator) -> Table:
    """Pieces off their spots (still inside their zone), turned; stickers askew and misprinted."""
    pieces = list(table.pieces)
    out: list[Piece] = []
    for i, p in enumerate(pieces):
        poly = table.zones.get(p.zone) if p.zone else None
        r = max(p.size) / 2
        moved = p
        # stacked pieces and boat parts move with what carries them: only their stickers slip
        fixed = p.base > 0 or p.label.startswith("part:")
        for scale in () if fixed else (1.0, 0.6, 0.3, 0.0):
            ang = float(rng.uniform(0, 2 * math.pi))
            dist = float(rng.uniform(2.0, 7.0)) * scale
            nx, ny = p.x + dist * math.cos(ang), p.y + dist * math.sin(ang)
            if poly is not None and not inside(poly, (nx, ny)):
                continue
            clash = any(
                q.base == p.base and math.hypot(q.x - nx, q.y - ny) < 0.92 * (r + max(q.size) / 2)
                for q in out + pieces[i + 1 :]
                if q.base == p.base
            )
            if clash and scale > 0:
                continue
            turn = 35.0 if max(p.size) <= 30 else 8.0  # a tile in its slot turns less than a token
            moved = replace(
                p, x=nx, y=ny, yaw_deg=p.yaw_deg + float(rng.uniform(-turn, turn)) * scale
            )
            break
        if moved.sticker is not None:
            s = moved.sticker
            mis = str(rng.choice(MISPRINTS)) if rng.random() < 0.18 else None
            moved = replace(
                moved,
                sticker=replace(
                    s,
                    dx=s.dx + float(rng.normal(0, 0.9)),
                    dy=s.dy + float(rng.normal(0, 0.9)),
                    angle_deg=s.angle_deg + float(rng.normal(0, 7.0)),
                    misprint=mis,
                ),
            )
        out.append(moved)
    return replace_pieces(table, out)


def replace_pieces(table: Table, pieces: list[Piece]) -> Table:
    return Table(
        game=table.game,
        players=table.players,
        extent=table.extent,
        paper=table.paper,
        boards=table.boards,
        art=table.art,
        printed=table.printed,
        pieces=pieces,
        zones=table.zones,
        notes=dict(table.notes),
    )
