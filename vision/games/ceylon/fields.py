"""The observation's fields from placed markers, each from positive evidence only.

- ``levels``: a hex's level spot (printed level 0, a large tile's cell,
  a small tile) seen, exactly one; else ``None``.
- ``large_tiles``: a tile's four cells (its own id, and the small tile on
  one of them) all read in one district whose every level spot is read; a
  tile nowhere on the map is read as ``0`` only when every hex's level spot
  is read.
- ``plantations``: the free spot seen and no leaf: ``(-1, 0)``; the leaf
  markers of one colour on the token: ``(seat, 1)`` or, side by side,
  ``(seat, 2)``. With doubled plantations possible (start tiles), a single
  leaf off the token's middle may have a partner the camera missed: ``None``.
- ``pawns``: a pawn's marker in a hex or on its home spot (``-1``).
- ``train``, ``advisors``: the piece's marker in its space, or the space's
  own printed marker (``-1``).
- ``card`` and ``rotation``: the top card's marker in the discard space,
  turned with its top edge (its first action's end) to the active side
  (south) or away from it; the empty space's marker: ``-1, -1``.

- ``hired``: a seat's disc seen on an advisor's track sets its bit; a bit is
  read as clear only when every space of that track is read (a disc or the
  space's printed marker).
- ``tech_tops``: per tech track space, the seat whose disc tops its stack (a
  disc's marker there, whatever the stack's height: ``zones.TECH_HEIGHTS``),
  or ``-1`` when the space's printed spot is seen and no disc. ``None`` for a
  space with both, with discs of two colours, with a disc that may be on it
  or a neighbour, with a colour not in the game, or topped by a colour seen
  topping another space too or unsure elsewhere (a colour has one disc on the
  track: one of the two is out of place).

Left to the phone and the log (``None``): ``tech`` (the stacking order on a shared
space is a number no piece shows: only its top is read, ``tech_tops``), and
the personal boards (``rupees``, ``cubes``, ``tokens``, ``companies``: outside
the board's camera view).
"""

from __future__ import annotations

import math

from engine.ceylon.catalog import load_catalog
from engine.ceylon.view import CeylonObservation

from . import layout as L
from . import plan as P
from .zones import SMALL, Placed

_CAT = load_catalog()
N_HEXES = len(L.LAYOUT.hexes)
#: a single leaf this near the plantation spot is alone on its token
SINGLE_MM = 3.5
#: an up vector within this of the board's north-south axis reads a rotation
ROTATION_DEG = 30.0


def _one(values: list[int]) -> int | None:
    return values[0] if values and all(v == values[0] for v in values) else None


def _levels(placed: Placed) -> tuple[list[int | None], list[int | None]]:
    """Per hex: the level, and the surface it shows (``zones.SURFACE``; None: unknown).
    Its level spot and its free spot, when both are seen, must agree."""
    ids: list[int | None] = [None] * N_HEXES
    for hx, found in placed.levels.items():
        if found and len(found) <= 2 and len(set(found)) == 1:
            ids[hx] = found[0]
    levels: list[int | None] = [
        None if i is None else (0 if i == 0 else 2 if i == SMALL else 1) for i in ids
    ]
    return levels, ids


def _large(ids: list[int | None]) -> tuple[int, ...] | None:
    if any(i is None for i in ids):
        known = [
            d
            for d in range(len(_CAT.districts))
            if all(ids[h] is not None for h in range(N_HEXES) if L.LAYOUT.districts[h] == d)
        ]
    else:
        known = list(range(len(_CAT.districts)))
    out: list[int | None] = []
    for tile in range(len(P.LARGE_IDS)):
        mid = 1 + tile
        cells = [h for h in range(N_HEXES) if ids[h] == mid]
        if not cells:
            out.append(0 if len(known) == len(_CAT.districts) else None)
            continue
        districts = {L.LAYOUT.districts[h] for h in cells}
        if len(districts) != 1 or next(iter(districts)) not in known:
            out.append(None)
            continue
        d = districts.pop()
        mates = {ids[h] for h in range(N_HEXES) if L.LAYOUT.districts[h] == d} - {0, SMALL, mid}
        smalls = [h for h in range(N_HEXES) if L.LAYOUT.districts[h] == d and ids[h] == SMALL]
        if mates or len(smalls) > 1 or len(cells) + len(smalls) != 4:
            out.append(None)
            continue
        mask = 0
        for h in cells + smalls:
            mask |= 1 << h
        out.append(mask)
    if all(v is None for v in out):
        return None
    return tuple(out)  # type: ignore[arg-type]


def _plantation(placed: Placed, hx: int, doubles: bool) -> tuple[int, int] | None:
    leaves = placed.leaves.get(hx, [])
    free = placed.free.get(hx, 0)
    if not leaves:
        return (-1, 0) if free == 1 else None
    if free:
        return None
    seats = {s for s, _ in leaves}
    if len(seats) != 1:
        return None
    seat = seats.pop()
    if len(leaves) == 1:
        (dx, dy) = leaves[0][1]
        if doubles and math.hypot(dx, dy) > SINGLE_MM:
            return None
        return (seat, 1)
    if len(leaves) == 2 and doubles:
        (ax, ay), (bx, by) = leaves[0][1], leaves[1][1]
        if 10.0 <= math.hypot(ax - bx, ay - by) <= 20.0:
            return (seat, 2)
    return None


def _rotation(card: int, up: tuple[float, float]) -> int | None:
    """The main action towards the active side (south) of the discard space."""
    angle = math.degrees(math.atan2(up[0], up[1]))  # 0: the top edge points south
    face = _CAT.faces[card]
    if abs(angle) <= ROTATION_DEG:
        return face.first
    if abs(abs(angle) - 180) <= ROTATION_DEG:
        return face.second
    return None


def _discard(placed: Placed) -> tuple[int | None, int | None]:
    found = placed.discard
    if not found:
        return None, None
    faces = {f for f, _ in found}
    if len(faces) != 1:
        return None, None
    face = faces.pop()
    if face < 0:
        return (-1, -1) if len(found) == 1 else (None, None)
    rotations = {_rotation(face, up) for _, up in found}
    if len(rotations) != 1:
        return face, None
    return face, rotations.pop()


def _hired(placed: Placed, seat: int) -> int | None:
    mask = 0
    for district, spaces in enumerate(L.HIRE_SPACES):
        seen = [_one(placed.hire.get((district, k), [])) for k in range(len(spaces))]
        if seat in seen:
            mask |= 1 << district
        elif any(v is None for v in seen):
            return None
    return mask


def _tech_tops(placed: Placed, players: int | None) -> tuple[int, ...] | None:
    unsure_spaces = {space for space, _ in placed.tech_unsure}
    unsure_seats = {seat for _, seat in placed.tech_unsure}
    tops: list[int | None] = []
    for space in range(len(L.TECH_SPACES)):
        top = None if space in unsure_spaces else _one(placed.tech.get(space, []))
        stray = top is not None and players is not None and top >= players
        if stray or top in unsure_seats:  # not this game's colour, or maybe elsewhere
            top = None
        tops.append(top)
    for seat in {t for t in tops if t is not None and t >= 0}:
        where = [i for i, t in enumerate(tops) if t == seat]
        if len(where) > 1:
            for i in where:
                tops[i] = None
    return _tuple(tops)


def _tuple(values: list[int | None]) -> tuple[int, ...] | None:
    if all(v is None for v in values):
        return None
    return tuple(values)  # type: ignore[arg-type]


def read_fields(placed: Placed, players: int | None, doubles: bool) -> CeylonObservation:
    levels, ids = _levels(placed)
    plantations = [_plantation(placed, hx, doubles) for hx in range(N_HEXES)]
    pawns = None
    if players is not None:
        pawns = _tuple([_one(placed.pawns.get(s, [])) for s in range(players)])
    hired = None
    if players is not None:
        hired = _tuple([_hired(placed, seat) for seat in range(players)])
    card, rotation = _discard(placed)
    return CeylonObservation(
        pawns=pawns,
        plantations=_tuple(plantations),  # type: ignore[arg-type]
        levels=_tuple(levels),
        large_tiles=_large(ids),
        train=_tuple([_one(placed.wagons.get(w, [])) for w in range(len(L.WAGONS))]),
        hired=hired,
        advisors=_tuple([_one(placed.advisors.get(a, [])) for a in range(len(L.ADVISORS))]),
        card=card,
        rotation=rotation,
        tech_tops=_tech_tops(placed, players),
    )
