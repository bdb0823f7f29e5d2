"""Where everything of Imhotep lies on the table, in mm (an ASSUMED play mat).

The rulebook gives no sizes, so the camera table assumes a printed play mat
(860 x 600 mm, x east, y south, origin at its north-west corner) on which the
five site boards, the harbour, the round card, the market cards and each
seat's sled and cards lie at fixed places; ``hardware/imhotep/layout.json`` is
this module's numbers (a test keeps them in step). Three bands:

- north: the five site boards (market, pyramid, temple, burial chamber,
  obelisks), each with its side marker (A or B printed on each face) and its
  dock just south of it;
- middle: four harbour berths, the round card, the four market card spaces;
- south: four seat mats (seat 0 west), each a sled of five stone spaces
  between two sled markers and eight card spaces (4 x 2).

Guard markers run along the mat's edge every 50 mm: an arm reaching over the
table always crosses the edge and hides one, so the reader knows a hand is in.

Boats lie bow east. A boat of ``n`` slots is ``44 + 19 n`` mm long, with its
id sticker at both ends (bow and stern) and slot 1 (unloaded first) nearest
the bow.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from engine.imhotep.state import SITE_NAMES

Point = tuple[float, float]

BOARD_MM = (860.0, 600.0)
#: what the camera must see: the mat
EXTENT_MM = (0.0, 0.0, 860.0, 600.0)
STONE_MM = 16.0  # a stone cube's side (and height)
HULL_MM = 4.0  # a boat's thickness: its stickers and slots lie this high
BOAT_WIDTH_MM = 30.0
SLOT_PITCH_MM = 19.0
BOAT_END_MM = 22.0  # each end of a boat, holding its sticker
CARD_MM = (44.0, 66.0)
BURIAL_ROWS = 3
BURIAL_COLUMNS = 10
BURIAL_PITCH_MM = 22.0
SLED_SLOTS = 5
SLED_PITCH_MM = 19.0
CARD_SLOTS = 8  # per seat: 4 x 2
SEATS = 4
PYRAMID_PITCH_MM = 20.0  # level 1 spaces (3 x 3); level 2 rests across four of them
PYRAMID_SLOTS = 14  # 3 x 3 + 2 x 2 + 1 (the catalog's pyramid_a values)
BESIDE_SLOTS = 8  # printed spaces beside the pyramid for the stones past the 14th
TEMPLE_COLUMNS = 5
TEMPLE_PITCH_MM = 26.0  # 10 mm between columns: a taller neighbour hides less


def boat_length(size: int) -> float:
    return 2 * BOAT_END_MM + SLOT_PITCH_MM * size


def boat_slot_offsets(size: int) -> list[float]:
    """Each slot's distance (mm) from the boat's centre along it, bow (east) first."""
    half = boat_length(size) / 2
    return [half - BOAT_END_MM - SLOT_PITCH_MM / 2 - SLOT_PITCH_MM * j for j in range(size)]


def boat_marker_offsets(size: int) -> tuple[float, float]:
    """The bow and stern stickers' distance from the boat's centre along it."""
    half = boat_length(size) / 2
    return (half - BOAT_END_MM / 2, -half + BOAT_END_MM / 2)


@dataclass(frozen=True)
class Site:
    name: str
    box: tuple[float, float, float, float]  # x0, y0, x1, y1
    dock: Point  # where a docked boat's centre lies
    side_markers: tuple[Point, ...]


@dataclass(frozen=True)
class Seat:
    sled_markers: tuple[Point, Point]
    sled_slots: tuple[Point, ...]
    card_slots: tuple[Point, ...]
    box: tuple[float, float, float, float]


@dataclass(frozen=True)
class Layout:
    board_mm: tuple[float, float] = BOARD_MM
    extent_mm: tuple[float, float, float, float] = EXTENT_MM
    corners: dict[str, Point] = field(default_factory=dict)
    guards: tuple[Point, ...] = ()
    sites: dict[str, Site] = field(default_factory=dict)
    berths: tuple[Point, ...] = ()
    round_card: Point = (0.0, 0.0)
    market: tuple[Point, ...] = ()
    seats: tuple[Seat, ...] = ()
    burial_cells: tuple[Point, ...] = ()  # in placement order: column by column, top down
    #: side A pyramid: (x, y, level) of each of the 14 slots in placement order
    #: (3 x 3, 2 x 2, 1), then the printed spaces beside it (level 0)
    pyramid_slots: tuple[tuple[float, float, int], ...] = ()
    #: side A temple: each column's printed space, left to right (a level is
    #: as many columns as the player count's width, from the left)
    temple_columns: tuple[Point, ...] = ()
    #: side A obelisks: one printed space per stone colour (COLOURS' order)
    obelisk_spots: tuple[Point, ...] = ()
    #: per stacked site: points of light print (no stone ever stands there)
    stack_print: dict[str, tuple[Point, ...]] = field(default_factory=dict)
    #: per stacked site: the light print's rectangle (x0, y0, x1, y1)
    stack_box: dict[str, tuple[float, float, float, float]] = field(default_factory=dict)

    def places(self) -> dict[str, Point]:
        """Every place a boat may lie: ``harbour`` berths and the sites' docks."""
        out = {f"harbour-{k}": p for k, p in enumerate(self.berths)}
        out.update({name: s.dock for name, s in self.sites.items()})
        return out

    def to_json(self) -> str:
        data = {
            "assumed": "the rulebook gives no sizes: a printed play mat, mm, x east, y south",
            "board_mm": self.board_mm,
            "stone_mm": STONE_MM,
            "boat": {
                "width_mm": BOAT_WIDTH_MM,
                "slot_pitch_mm": SLOT_PITCH_MM,
                "end_mm": BOAT_END_MM,
                "hull_mm": HULL_MM,
            },
            "card_mm": CARD_MM,
            "corners": self.corners,
            "guards": self.guards,
            "sites": {
                n: {"box": s.box, "dock": s.dock, "side_markers": s.side_markers}
                for n, s in self.sites.items()
            },
            "harbour_berths": self.berths,
            "round_card": self.round_card,
            "market": self.market,
            "burial_cells": self.burial_cells,
            "pyramid_slots": self.pyramid_slots,
            "temple_columns": self.temple_columns,
            "obelisk_spots": self.obelisk_spots,
            "stack_print": self.stack_print,
            "stack_box": self.stack_box,
            "seats": [
                {
                    "box": s.box,
                    "sled_markers": s.sled_markers,
                    "sled_slots": s.sled_slots,
                    "card_slots": s.card_slots,
                }
                for s in self.seats
            ],
        }
        return json.dumps(data, indent=1) + "\n"


def _build() -> Layout:
    w, h = BOARD_MM
    corners = {
        "NW": (22.0, 22.0),
        "NE": (w - 22, 22.0),
        "SE": (w - 22, h - 22),
        "SW": (22.0, h - 22),
    }
    guards = [(float(x), y) for y in (22.0, h - 22) for x in range(70, 771, 50)]
    guards += [(x, float(y)) for x in (22.0, w - 22) for y in range(75, 526, 50)]
    boxes = {
        "market": (40.0, 45.0, 150.0, 165.0),
        "pyramid": (158.0, 45.0, 298.0, 165.0),
        "temple": (306.0, 45.0, 446.0, 165.0),
        "burial": (454.0, 45.0, 676.0, 165.0),
        "obelisk": (684.0, 45.0, 818.0, 165.0),
    }
    sites = {}
    for name in SITE_NAMES:
        x0, y0, x1, _ = boxes[name]
        marks: tuple[Point, ...] = ((x0 + 14, y0 + 16),)
        if name == "burial":
            marks = ((x0 + 14, y0 + 16), (x1 - 14, y0 + 16))
        sites[name] = Site(name, boxes[name], ((x0 + x1) / 2, 195.0), marks)
    bx0 = boxes["burial"][0] + (boxes["burial"][2] - boxes["burial"][0]) / 2
    bx0 -= BURIAL_PITCH_MM * (BURIAL_COLUMNS - 1) / 2
    cells = tuple(
        (bx0 + BURIAL_PITCH_MM * c, 102.0 + BURIAL_PITCH_MM * r)
        for c in range(BURIAL_COLUMNS)
        for r in range(BURIAL_ROWS)
    )
    seats = []
    for s in range(SEATS):
        # cards lie 2 mm apart and a card's width (and a sloppy placement's
        # 10 mm) clear of the west and east edge guards, which a card must not
        # cover (a covered guard reads as a hand)
        x0 = 40.0 + 196 * s
        sled = tuple((x0 + 36 + SLED_PITCH_MM * j, 366.0) for j in range(SLED_SLOTS))
        cards = tuple((x0 + 28 + 46 * c, 424.0 + 72 * r) for r in range(2) for c in range(4))
        seats.append(
            Seat(((x0 + 14, 366.0), (x0 + 142, 366.0)), sled, cards, (x0, 350.0, x0 + 196, 535.0))
        )
    px, py = boxes["pyramid"][0] + 40, boxes["pyramid"][1] + 45
    pitch = PYRAMID_PITCH_MM
    pyramid = [(px + pitch * (k // 3), py + pitch * (k % 3), 0) for k in range(9)]
    pyramid += [
        (px + pitch / 2 + pitch * c, py + pitch / 2 + pitch * r, 1) for c in (0, 1) for r in (0, 1)
    ]
    pyramid += [(px + pitch, py + pitch, 2)]
    pyramid += [
        (px + 68 + 20 * (k // 4), py - 12 + pitch * (k % 4), 0) for k in range(BESIDE_SLOTS)
    ]
    tx = boxes["temple"][0] + 18
    temple = tuple((tx + TEMPLE_PITCH_MM * k, 105.0) for k in range(TEMPLE_COLUMNS))
    # towers grow tall: their spaces far apart (one hides little of another)
    # and as far west as the board allows (a tall tower's top leans outwards
    # in the frame and must not screen the east edge guards)
    ox, oy = boxes["obelisk"][0] + 28, boxes["obelisk"][1] + 47
    obelisks = tuple((ox + 60 * (k % 2), oy + 54 * (k // 2)) for k in range(4))
    stack_box = {
        "pyramid": (184.0, 58.0, 298.0, 160.0),
        "temple": (308.0, 78.0, 444.0, 132.0),
        "obelisk": (704.0, 74.0, 800.0, 163.0),
    }
    stack_print = {
        "pyramid": tuple(
            [(188.0, 84.0 + 13 * k) for k in range(5)]
            + [(252.0, 84.0 + 13 * k) for k in range(5)]
            + [(198.0 + 22 * k, y) for k in range(5) for y in (66.0, 152.0)]
        ),
        "temple": tuple(
            (tx - 13 + TEMPLE_PITCH_MM * k, 105.0 + d)
            for k in range(TEMPLE_COLUMNS + 1)
            for d in (-20.0, 20.0)
        ),
        "obelisk": tuple(
            [(ox + 30, oy + d) for d in (-8.0, 27.0, 62.0)]
            + [(ox + 60 * k, oy + 27) for k in range(2)]
            + [(ox + 30 * k, oy + 66) for k in range(3)]
            + [(ox + 76, oy + 27 * k) for k in range(3)]
        ),
    }
    return Layout(
        corners=corners,
        guards=tuple(guards),
        sites=sites,
        berths=((102.0, 282.0), (223.0, 282.0), (344.0, 282.0), (465.0, 282.0)),
        round_card=(560.0, 282.0),
        market=((616.0, 282.0), (664.0, 282.0), (712.0, 282.0), (760.0, 282.0)),
        seats=tuple(seats),
        burial_cells=cells,
        pyramid_slots=tuple((float(x), float(y), lv) for x, y, lv in pyramid),
        temple_columns=temple,
        obelisk_spots=obelisks,
        stack_print=stack_print,
        stack_box=stack_box,
    )


LAYOUT = _build()
