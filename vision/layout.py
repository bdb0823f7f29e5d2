"""The board layout: every zone the rules care about, as polygons in board mm.

Board coordinates: millimetres, origin at the board's north-west corner, x
towards the east, y towards the south (as the board lies in front of a player
on the south side). The camera's job is to turn a marker into a point in these
coordinates; this module then says which zone holds the point.

The default layout (:func:`default_layout`) is an assumed geometry of a 640 mm
square board, built from one district's plan turned four times (the districts
are the same shape, clockwise). ``hardware/layout.json`` is that default written
out; an owner measures their own board, edits a copy and passes it with
``--layout``. :func:`load_layout` checks that every zone is there and names
what is missing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import Any

import numpy as np
from numpy.typing import NDArray

from engine.amritsar import (
    MAHARAJAH_SPACE_NAMES,
    PLAYER_COLOURS,
    SECTION_CAPACITY,
    SECTION_NAMES,
    District,
    Resource,
    sections_of,
)

Point = tuple[float, float]


class ZoneKind(StrEnum):
    SECTION = "section"
    PATH = "path"
    MAHARAJAH = "maharajah"
    MAHARAJAH_WORKER = "maharajah-worker"
    DONATION = "donation"
    MARKET_SPACE = "market-space"
    DISTRICT_SLOT = "district-slot"
    TEMPLE = "temple"
    BRIDGE = "bridge"
    STOREHOUSES = "storehouses"
    COIN_SPOT = "coin-spot"
    MARKET_CELL = "market-cell"


#: Zones that hold pieces (looked up by position). Coin spots and market cells
#: are printed markers that a piece covers; they are read by their anchors.
OCCUPANT_KINDS: tuple[ZoneKind, ...] = (
    ZoneKind.SECTION,
    ZoneKind.PATH,
    ZoneKind.MAHARAJAH,
    ZoneKind.MAHARAJAH_WORKER,
    ZoneKind.DONATION,
    ZoneKind.MARKET_SPACE,
    ZoneKind.DISTRICT_SLOT,
    ZoneKind.TEMPLE,
    ZoneKind.BRIDGE,
    ZoneKind.STOREHOUSES,
)

DISTRICT_SLOT_NAMES: tuple[str, ...] = ("left", "centre", "right")
TEMPLE_SLOT_NAMES: tuple[str, ...] = ("active", "lower", "middle")
DECADES: tuple[str, ...] = ("I", "II", "III")
MARKET_ROWS = 5
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4)


def donation_level_sizes(players: int) -> tuple[int, ...]:
    """Spaces per level, bottom (1) to top (4): n, n-1, n-2, n-3 with n = players + 2.

    Solo uses the 2-player tiles.
    """
    n = max(players, 2) + 2
    return (n, n - 1, n - 2, n - 3)


def donation_space_name(district: District, level: int, index: int) -> str:
    """``N:1:0``: district letter, level 1-4 (bottom up), index from the left (0-based)."""
    return f"{district.letter}:{level}:{index}"


def donation_space_names(players: int) -> tuple[str, ...]:
    return tuple(
        donation_space_name(d, level, i)
        for d in District
        for level, size in enumerate(donation_level_sizes(players), start=1)
        for i in range(size)
    )


def market_cell_name(resource: Resource, row: int) -> str:
    """``marble:1``: resource and row, row 1 at the top."""
    return f"{resource.name.lower()}:{row}"


@dataclass(frozen=True)
class Zone:
    """One zone: a polygon in board mm, with anchor points where pieces go.

    ``anchors``: a section's slot centres in slot order; a printed marker's
    centre (coin spot, market cell); the points where the synthetic renderer
    puts pieces elsewhere. ``players``: for donation spaces, the player counts
    whose tiles have this space here (empty means every count).
    """

    kind: ZoneKind
    name: str
    polygon: tuple[Point, ...]
    anchors: tuple[Point, ...] = ()
    players: tuple[int, ...] = ()

    @property
    def key(self) -> str:
        return f"{self.kind.value}:{self.name}"

    @property
    def centre(self) -> Point:
        xs, ys = zip(*self.polygon, strict=True)
        return (sum(xs) / len(xs), sum(ys) / len(ys))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "kind": self.kind.value,
            "name": self.name,
            "polygon": [list(p) for p in self.polygon],
        }
        if self.anchors:
            out["anchors"] = [list(p) for p in self.anchors]
        if self.players:
            out["players"] = list(self.players)
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any], where: str) -> Zone:
        try:
            kind = ZoneKind(data["kind"])
            polygon = tuple(_point(p) for p in data["polygon"])
            anchors = tuple(_point(p) for p in data.get("anchors", ()))
            players = tuple(int(n) for n in data.get("players", ()))
            name = str(data["name"])
        except KeyError as exc:
            raise ValueError(f"{where}: missing field {exc}") from exc
        except (TypeError, ValueError) as exc:
            raise ValueError(f"{where}: {exc}") from exc
        if len(polygon) < 3:
            raise ValueError(f"{where}: a polygon needs at least 3 points")
        return cls(kind, name, polygon, anchors, players)


def _point(p: Any) -> Point:
    x, y = p
    return (float(x), float(y))


@dataclass(frozen=True)
class Layout:
    """All zones of a board, the corner markers' centres, and the area the camera sees."""

    board_mm: tuple[float, float]
    extent_mm: tuple[float, float, float, float]
    corners: dict[str, Point]
    zones: tuple[Zone, ...]
    name: str = "default"
    _index: dict[str, Zone] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        self._index.update({z.key + _players_suffix(z): z for z in self.zones})

    def zone(self, kind: ZoneKind, name: str, players: int | None = None) -> Zone:
        if kind is ZoneKind.DONATION:
            if players is None:
                raise ValueError("donation spaces need the player count")
            players = max(players, 2)
            for z in self.zones:
                if z.kind is kind and z.name == name and players in z.players:
                    return z
            raise KeyError(f"no donation space {name} for {players} players")
        return self._index[f"{kind.value}:{name}"]

    def of_kind(self, kind: ZoneKind, players: int | None = None) -> tuple[Zone, ...]:
        return tuple(
            z
            for z in self.zones
            if z.kind is kind and (not z.players or players is None or max(players, 2) in z.players)
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "units": "mm; origin at the board's north-west corner, x east, y south",
            "board_mm": list(self.board_mm),
            "extent_mm": list(self.extent_mm),
            "corners": {k: list(v) for k, v in self.corners.items()},
            "zones": [z.to_dict() for z in self.zones],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1) + "\n"

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Layout:
        try:
            board = data["board_mm"]
            extent = data["extent_mm"]
            corners = {str(k): _point(v) for k, v in data["corners"].items()}
            raw_zones = data["zones"]
        except KeyError as exc:
            raise ValueError(f"layout: missing field {exc}") from exc
        zones = tuple(Zone.from_dict(z, f"layout zone #{i}") for i, z in enumerate(raw_zones))
        layout = cls(
            board_mm=(float(board[0]), float(board[1])),
            extent_mm=(float(extent[0]), float(extent[1]), float(extent[2]), float(extent[3])),
            corners=corners,
            zones=zones,
            name=str(data.get("name", "custom")),
        )
        problems = validate_layout(layout)
        if problems:
            raise ValueError("layout is incomplete: " + "; ".join(problems))
        return layout


def _players_suffix(zone: Zone) -> str:
    return "@" + ",".join(map(str, zone.players)) if zone.players else ""


def required_zone_names() -> dict[ZoneKind, tuple[str, ...]]:
    """What every layout must hold (donation spaces are checked per player count)."""
    return {
        ZoneKind.SECTION: SECTION_NAMES,
        ZoneKind.PATH: tuple(d.letter for d in District),
        ZoneKind.MAHARAJAH: MAHARAJAH_SPACE_NAMES,
        ZoneKind.MAHARAJAH_WORKER: MAHARAJAH_SPACE_NAMES,
        ZoneKind.MARKET_SPACE: PLAYER_COLOURS,
        ZoneKind.DISTRICT_SLOT: tuple(
            f"{d.letter}:{s}" for d in District for s in DISTRICT_SLOT_NAMES
        ),
        ZoneKind.TEMPLE: TEMPLE_SLOT_NAMES,
        ZoneKind.BRIDGE: DECADES,
        ZoneKind.STOREHOUSES: ("display",),
        ZoneKind.COIN_SPOT: SECTION_NAMES,
        ZoneKind.MARKET_CELL: tuple(
            market_cell_name(r, row) for r in Resource for row in range(1, MARKET_ROWS + 1)
        ),
    }


def validate_layout(layout: Layout) -> list[str]:
    """Every problem with a layout, in words: missing zones, anchors, corners."""
    problems: list[str] = []
    for kind, names in required_zone_names().items():
        have = {z.name for z in layout.of_kind(kind)}
        missing = [n for n in names if n not in have]
        if missing:
            problems.append(f"{kind.value} zones missing: {', '.join(missing)}")
    for players in PLAYER_COUNTS:
        have = {z.name for z in layout.of_kind(ZoneKind.DONATION, players)}
        missing = [n for n in donation_space_names(players) if n not in have]
        if missing:
            problems.append(f"donation spaces for {players} players missing: {', '.join(missing)}")
    for z in layout.of_kind(ZoneKind.SECTION):
        if len(z.anchors) != SECTION_CAPACITY:
            problems.append(f"section {z.name} needs {SECTION_CAPACITY} slot anchors")
    for kind in (ZoneKind.COIN_SPOT, ZoneKind.MARKET_CELL):
        problems += [f"{z.key} needs one anchor" for z in layout.of_kind(kind) if not z.anchors]
    missing_corners = [c for c in ("NW", "NE", "SE", "SW") if c not in layout.corners]
    if missing_corners:
        problems.append(f"corner markers missing: {', '.join(missing_corners)}")
    return problems


def load_layout(path: str | Path | None = None) -> Layout:
    """The layout in ``path`` (JSON as written by :meth:`Layout.to_json`), or the default."""
    if path is None:
        return default_layout()
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise ValueError(f"cannot read layout {path}: {exc.strerror}") from exc
    except json.JSONDecodeError as exc:
        raise ValueError(f"layout {path} is not valid JSON: {exc}") from exc
    return Layout.from_dict(data)


# ---------------------------------------------------------------------------
# The default geometry (assumed; see docs/vision.md for the drawing).

BOARD_MM = 640.0
_C = BOARD_MM / 2


def _rect(x0: float, y0: float, x1: float, y1: float) -> tuple[Point, ...]:
    return ((x0, y0), (x1, y0), (x1, y1), (x0, y1))


def _circle(cx: float, cy: float, r: float, n: int = 12) -> tuple[Point, ...]:
    return tuple(
        (cx + r * math.cos(2 * math.pi * k / n), cy + r * math.sin(2 * math.pi * k / n))
        for k in range(n)
    )


def _turn(points: Iterable[Point], quarter_turns: int) -> tuple[Point, ...]:
    """Turn centre-relative points clockwise (on the board as seen from above) and shift
    them to board coordinates."""
    out = []
    for x, y in points:
        for _ in range(quarter_turns % 4):
            x, y = -y, x
        out.append((round(x + _C, 3), round(y + _C, 3)))
    return tuple(out)


def _district_zones(district: District) -> list[Zone]:
    """One district's zones, drawn for North (centre-relative) and turned into place."""
    k = district.value

    def z(kind: ZoneKind, name: str, poly: Sequence[Point], anchors: Sequence[Point] = ()) -> Zone:
        return Zone(kind, name, _turn(poly, k), _turn(anchors, k))

    zones: list[Zone] = []
    first, second = sections_of(district)
    for section, x0 in ((first, -165.0), (second, 30.0)):
        name = SECTION_NAMES[section]
        slots = [(x0 + 15 + 20 * i, -195.0) for i in range(SECTION_CAPACITY)]
        spot = (x0 + 103.0, -195.0)
        zones.append(z(ZoneKind.SECTION, name, _rect(x0, -215, x0 + 120, -175), slots))
        zones.append(z(ZoneKind.COIN_SPOT, name, _circle(*spot, 9), [spot]))
    for slot, cx in zip(DISTRICT_SLOT_NAMES, (-70.0, 0.0, 70.0), strict=True):
        zones.append(
            z(
                ZoneKind.DISTRICT_SLOT,
                f"{district.letter}:{slot}",
                _rect(cx - 25, -272, cx + 25, -222),
            )
        )
    zones.append(
        z(
            ZoneKind.PATH,
            district.letter,
            _rect(-130, -165, 130, -130),
            [(-60, -147.5), (0, -147.5), (60, -147.5), (-30, -147.5)],
        )
    )
    space = MAHARAJAH_SPACE_NAMES[k]
    zones.append(z(ZoneKind.MAHARAJAH, space, _rect(130, -165, 165, -130), [(147.5, -147.5)]))
    zones.append(z(ZoneKind.MAHARAJAH_WORKER, space, _circle(182, -182, 11), [(182, -182)]))
    for players in PLAYER_COUNTS:
        for level, size in enumerate(donation_level_sizes(players), start=1):
            y = -66.0 - 17.0 * (level - 1)
            for i in range(size):
                x = (i - (size - 1) / 2) * 19.0
                zones.append(
                    Zone(
                        ZoneKind.DONATION,
                        donation_space_name(district, level, i),
                        _turn(_circle(x, y, 8), k),
                        _turn([(x, y)], k),
                        (players,),
                    )
                )
    return zones


def default_layout() -> Layout:
    """The assumed layout of the main board (640 mm square) and the display beside it."""
    zones: list[Zone] = []
    for district in District:
        zones += _district_zones(district)
    zones.append(Zone(ZoneKind.TEMPLE, "active", _rect(270, 270, 370, 370), ((320, 320),)))
    zones.append(Zone(ZoneKind.TEMPLE, "lower", _rect(517, 37, 563, 83), ((540, 60),)))
    zones.append(Zone(ZoneKind.TEMPLE, "middle", _rect(517, 87, 563, 133), ((540, 110),)))
    for decade, d in zip(DECADES, (118.0, 96.0, 74.0), strict=True):
        cx, cy = _C - d, _C + d
        zones.append(
            Zone(ZoneKind.BRIDGE, decade, _rect(cx - 10, cy - 10, cx + 10, cy + 10), ((cx, cy),))
        )
    for r, resource in enumerate(Resource):
        for row in range(1, MARKET_ROWS + 1):
            cx, cy = 50.0 + 18 * r, 22.0 + 18 * (row - 1)
            zones.append(
                Zone(
                    ZoneKind.MARKET_CELL,
                    market_cell_name(resource, row),
                    _rect(cx - 8, cy - 8, cx + 8, cy + 8),
                    ((cx, cy),),
                )
            )
    for i, colour in enumerate(PLAYER_COLOURS):
        # Along the west edge, outside the West district's strip.
        x0, y0 = 2.0, 150.0 + 70 * i
        anchors = tuple((x0 + 10 + 19 * (j % 2), y0 + 11 + 19 * (j // 2)) for j in range(6))
        zones.append(Zone(ZoneKind.MARKET_SPACE, colour, _rect(x0, y0, x0 + 40, y0 + 60), anchors))
    display_anchors = tuple((680.0 + 62 * (j % 2), 90.0 + 42 * (j // 2)) for j in range(12))
    zones.append(Zone(ZoneKind.STOREHOUSES, "display", _rect(650, 60, 780, 580), display_anchors))
    corners = {"NW": (16.0, 16.0), "NE": (624.0, 16.0), "SE": (624.0, 624.0), "SW": (16.0, 624.0)}
    return Layout(
        board_mm=(BOARD_MM, BOARD_MM),
        extent_mm=(-10.0, -10.0, 790.0, 650.0),
        corners=corners,
        zones=tuple(zones),
    )


class ZoneIndex:
    """Point -> occupant zone, by a label raster at ``px_per_mm`` (built once)."""

    def __init__(self, layout: Layout, players: int, px_per_mm: float = 1.0) -> None:
        import cv2

        x0, y0, x1, y1 = layout.extent_mm
        self.origin = (x0, y0)
        self.scale = px_per_mm
        w, h = math.ceil((x1 - x0) * px_per_mm), math.ceil((y1 - y0) * px_per_mm)
        self.labels: NDArray[np.int16] = np.full((h, w), -1, dtype=np.int16)
        self.zones: list[Zone] = []
        for kind in OCCUPANT_KINDS:
            for zone in layout.of_kind(kind, players):
                poly = np.array(
                    [
                        ((x - x0) * px_per_mm * 16, (y - y0) * px_per_mm * 16)
                        for x, y in zone.polygon
                    ],
                    dtype=np.int32,
                )
                cv2.fillPoly(self.labels, [poly], len(self.zones), shift=4)
                self.zones.append(zone)

    def lookup(self, x: float, y: float) -> Zone | None:
        col = int((x - self.origin[0]) * self.scale)
        row = int((y - self.origin[1]) * self.scale)
        if 0 <= row < self.labels.shape[0] and 0 <= col < self.labels.shape[1]:
            label = int(self.labels[row, col])
            return self.zones[label] if label >= 0 else None
        return None
