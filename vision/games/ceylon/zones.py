"""Every marker found, put where Ceylon's plan allows it, or refused.

A marker is placed by its centre on the board (the registration's plane
point, moved back by parallax for the height its component stands at) and
checked against its size on the board: a marker whose printed size does not
match its kind (a sticker missing and something else showing, a misprint,
a look-alike in the board's print) is refused, as is one lying where the
plan never puts its kind. Nothing is placed where the registration's own
check says the fit is poor.

A disc on the tech track tops a stack of one to four discs, a height the
camera cannot tell: it is placed on a space only when the foot under it is
near that same space at every height the stack may have (``TECH_HEIGHTS``);
otherwise every space it may top is unsure (``Placed.tech_unsure``), never
guessed.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass, field

import numpy as np

from vision.detect import Detection
from vision.geometry import ground_to_foot
from vision.register import Registration

from . import layout as L
from . import plan as P

Point = tuple[float, float]

#: a marker's size on the board may differ from its plan size by this factor
SIZE_TOLERANCE = (0.78, 1.28)
SPOT_MM = 9.0  # a printed or tile spot is within this of its place
PIECE_MM = 16.0  # a contract, advisor tile or card within this of its space
HOME_MM = 12.0
LEAF_MM = 20.0  # leaf markers lie on the token, around the plantation spot
#: a disc topping a tech track space is this high (one disc up to one of each colour)
TECH_HEIGHTS = tuple(P.DISC_MM * n for n in range(1, P.SEATS + 1))
TECH_MM = 12.0  # a stack's top within this of its space (spaces are 34 mm apart)

#: the surface a level or free spot is printed on: 0 the board, 1 + i large tile i,
#: SMALL a small tile
SMALL = len(P.LARGE_IDS) + 1
SURFACE = {
    P.LEVEL0_ID: 0,
    P.SMALL_ID: SMALL,
    **{mid: 1 + i for i, mid in enumerate(P.LARGE_IDS)},
    **{mid: i for i, mid in enumerate(P.FREE_IDS)},
}
_FREE_HEIGHT = {
    P.FREE_IDS[0]: 0.0,
    P.FREE_IDS[-1]: P.SMALL_MM,
    **dict.fromkeys(P.FREE_IDS[1:-1], P.LARGE_MM),
}
#: where on its piece a plan's kind sits above the board (mm), for parallax
_HEIGHT = {
    "large-elevation": P.LARGE_MM,
    "small-elevation": P.SMALL_MM,
    "leaf-marker": 2.0 + P.TOKEN_MM + 1.0,
    "pawn": P.PAWN_MM + 2.0,
    "contract": 0.5,
    "advisor": 2.0,
    "disc": P.DISC_MM,
    "action-card": 0.8,
}


@dataclass
class Placed:
    """Markers by the zone they are in (lists: a zone may hold several)."""

    #: hex -> surfaces seen at its level and free spots (see SURFACE)
    levels: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    free: dict[int, int] = field(default_factory=lambda: defaultdict(int))  # hex -> count
    leaves: dict[int, list[tuple[int, Point]]] = field(
        default_factory=lambda: defaultdict(list)
    )  # hex -> (seat, offset from the spot)
    pawns: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))  # seat -> hex/-1
    wagons: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    advisors: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    #: (district, space) -> seat whose disc is there, or -1 for the printed free space
    hire: dict[tuple[int, int], list[int]] = field(default_factory=lambda: defaultdict(list))
    discard: list[tuple[int, Point]] = field(default_factory=list)  # (face or -1, up vector)
    #: tech track space -> seat whose disc tops it, or -1 for the printed free space
    tech: dict[int, list[int]] = field(default_factory=lambda: defaultdict(list))
    #: (space, seat): a seat's disc that may top the space (at some stack height
    #: it is near another space, or none)
    tech_unsure: set[tuple[int, int]] = field(default_factory=set)


def _near(p: Point, spots: Sequence[Point], within: float) -> int | None:
    best, index = within, None
    for i, (x, y) in enumerate(spots):
        d = math.hypot(p[0] - x, p[1] - y)
        if d <= best:
            best, index = d, i
    return index


def _spots(offset: Point) -> list[Point]:
    return [(x + offset[0], y + offset[1]) for x, y in L.LAYOUT.hexes]


_LEVEL_SPOTS = _spots(L.LEVEL)
_PLANT_SPOTS = _spots(L.PLANT)


def place(
    found: Sequence[Detection], reg: Registration, corner_ids: Collection[int]
) -> tuple[Placed, list[str]]:
    """``found`` (corners undistorted) placed in zones; and what was refused, in words."""
    out = Placed()
    refused: list[str] = []
    cam = reg.camera
    for d in found:
        if d.marker_id in corner_ids:
            continue
        entry = P.BY_ID.get(d.marker_id)
        if entry is None:
            continue
        height = _FREE_HEIGHT.get(d.marker_id, _HEIGHT.get(entry.kind, 0.0))
        corners = reg.to_board(d.corners.astype(np.float64))
        plane = corners.mean(axis=0)
        at = ground_to_foot(float(plane[0]), float(plane[1]), cam, height)
        scale = (cam[2] - height) / cam[2] if cam[2] > height else 1.0
        side = float(np.mean(np.linalg.norm(corners - np.roll(corners, -1, axis=0), axis=1)))
        ratio = side * scale / entry.side_mm
        what = f"{entry.kind} {entry.component} (marker {d.marker_id})"
        if not SIZE_TOLERANCE[0] <= ratio <= SIZE_TOLERANCE[1]:
            refused.append(f"{what}: {ratio:.2f} times its printed size, not trusted")
            continue
        if reg.fit is not None and not reg.fit.ok_at(at[0], at[1]):
            continue
        up = (corners[0] + corners[1]) / 2 - plane
        if _put(out, d.marker_id, entry.kind, at, (float(up[0]), float(up[1]))):
            continue
        if entry.kind == "disc":
            feet = [ground_to_foot(float(plane[0]), float(plane[1]), cam, h) for h in TECH_HEIGHTS]
            if _tech_disc(out, P.DISC_IDS.index(d.marker_id), feet):
                continue
        refused.append(f"{what} at ({at[0]:.0f}, {at[1]:.0f}) mm: the plan never puts it there")
    return out, refused


def _put(out: Placed, mid: int, kind: str, at: Point, up: Point) -> bool:
    """Put one marker in its zone; False when no zone of its kind is there."""
    if kind == "plantation-spot":
        hx = _near(at, _PLANT_SPOTS, SPOT_MM)
        if hx is not None:
            out.free[hx] += 1
            out.levels[hx].append(SURFACE[mid])
        return hx is not None
    if mid in SURFACE:
        hx = _near(at, _LEVEL_SPOTS, SPOT_MM)
        if hx is not None:
            out.levels[hx].append(SURFACE[mid])
        return hx is not None
    if kind == "leaf-marker":
        hx = _near(at, _PLANT_SPOTS, LEAF_MM)
        if hx is not None:
            sx, sy = _PLANT_SPOTS[hx]
            out.leaves[hx].append((P.LEAF_IDS.index(mid), (at[0] - sx, at[1] - sy)))
        return hx is not None
    if kind == "pawn":
        seat = P.PAWN_IDS.index(mid)
        if math.dist(at, L.HOMES[seat]) <= HOME_MM:
            out.pawns[seat].append(-1)
            return True
        hx = L.LAYOUT.hex_at(at)
        if hx is not None:
            out.pawns[seat].append(hx)
        return hx is not None
    if kind in ("contract", "wagon-spot"):
        wagon = _near(at, L.WAGONS, PIECE_MM if kind == "contract" else SPOT_MM)
        if wagon is not None:
            out.wagons[wagon].append(P.CONTRACT_IDS.index(mid) if kind == "contract" else -1)
        return wagon is not None
    if kind in ("advisor", "advisor-spot"):
        space = _near(at, L.ADVISORS, PIECE_MM if kind == "advisor" else SPOT_MM)
        if space is not None:
            out.advisors[space].append(P.ADVISOR_IDS.index(mid) if kind == "advisor" else -1)
        return space is not None
    if kind in ("disc", "disc-spot"):
        for district, spaces in enumerate(L.HIRE_SPACES):
            space = _near(at, spaces, SPOT_MM)
            if space is not None:
                seat = P.DISC_IDS.index(mid) if kind == "disc" else -1
                out.hire[(district, space)].append(seat)
                return True
        if kind == "disc-spot":  # a tech track space's printed spot (a disc: _tech_disc)
            space = _near(at, L.TECH_SPACES, SPOT_MM)
            if space is not None:
                out.tech[space].append(-1)
            return space is not None
        return False
    if kind in ("action-card", "discard-spot"):
        if math.dist(at, L.DISCARD) > (PIECE_MM if kind == "action-card" else SPOT_MM):
            return False
        out.discard.append((P.FACE_IDS.index(mid) if kind == "action-card" else -1, up))
        return True
    return False


def _tech_disc(out: Placed, seat: int, feet: Sequence[Point]) -> bool:
    """A disc near the tech track, its foot at each stack height it may have:
    on one space at every height, it tops that space; near a space at some
    heights only, each such space is unsure. False when near none."""
    near = [_near(foot, L.TECH_SPACES, TECH_MM) for foot in feet]
    first = near[0]
    if first is not None and all(n == first for n in near):
        out.tech[first].append(seat)
        return True
    unsure = {(n, seat) for n in near if n is not None}
    out.tech_unsure |= unsure
    return bool(unsure)
