"""Read the kit as a player gets it: hardware/[<game>/]markers.csv and layout.json.

Only these files (and the printed sticker sizes in them) describe the table; nothing
here comes from the camera pipeline.
"""

from __future__ import annotations

import csv
import json
import math
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

import numpy as np

from .model import Point, Polygon

HARDWARE = Path(__file__).resolve().parents[2] / "hardware"


@dataclass(frozen=True)
class MarkerRow:
    """One line of a markers.csv."""

    marker_id: int
    kind: str
    component: str
    side_mm: float
    height_mm: float
    copies: int


def game_dir(game: str) -> Path:
    return HARDWARE if game == "amritsar" else HARDWARE / game


@lru_cache(maxsize=8)
def layout(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((game_dir(game) / "layout.json").read_text())
    return data


@lru_cache(maxsize=8)
def markers(game: str) -> tuple[MarkerRow, ...]:
    rows: list[MarkerRow] = []
    with (game_dir(game) / "markers.csv").open(newline="") as fh:
        for row in csv.DictReader(fh):
            ident = row.get("marker_id") or row.get("id") or ""
            component = row.get("component") or row.get("name") or ""
            face = row.get("face") or ""
            rows.append(
                MarkerRow(
                    marker_id=int(ident),
                    kind=row["kind"],
                    component=f"{component}:{face}" if face else component,
                    side_mm=float(row["side_mm"]),
                    height_mm=float(row.get("height_mm") or 0.0),
                    copies=int(row["copies"]),
                )
            )
    return tuple(rows)


def by_kind(game: str, kind: str) -> list[MarkerRow]:
    found = [r for r in markers(game) if r.kind == kind]
    if not found:
        raise KeyError(f"{game}: markers.csv has no kind {kind!r}")
    return found


def one(game: str, kind: str, component: str | None = None) -> MarkerRow:
    for r in markers(game):
        if r.kind == kind and (component is None or r.component == component):
            return r
    raise KeyError(f"{game}: markers.csv has no {kind} {component}")


def rect(x0: float, y0: float, x1: float, y1: float) -> Polygon:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def square(cx: float, cy: float, side: float) -> Polygon:
    h = side / 2
    return rect(cx - h, cy - h, cx + h, cy + h)


def circle(cx: float, cy: float, r: float, n: int = 24) -> Polygon:
    return tuple(
        (cx + r * math.cos(2 * math.pi * i / n), cy + r * math.sin(2 * math.pi * i / n))
        for i in range(n)
    )


def inside(poly: Polygon, p: Point) -> bool:
    """Point in polygon (even-odd), board mm."""
    x, y = p
    hit = False
    n = len(poly)
    for i in range(n):
        x0, y0 = poly[i]
        x1, y1 = poly[(i + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def centroid(poly: Polygon) -> Point:
    a = np.asarray(poly, dtype=np.float64)
    return float(a[:, 0].mean()), float(a[:, 1].mean())
