"""What no Ceylon game can reach, refused naming the field (``from_dict`` and the notation).

``serialize.from_dict`` checks each field's type and range and that cards
and leaf markers are counted; this module checks how the fields fit
together, the way play keeps them: every hex's level follows from the
elevation tiles on it (a large tile lifts 4 hexes of one district to level
1, a small one a hex of a large one to level 2), the tiles placed are the
box's and lie where a tile can lie, and the tech track's stacking order
(each player's ``tech_order``) was handed out by its counter (``tech
stack``), each number once, and the starting placements' order is every seat
once. A position that passes plays on like any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from engine.ceylon.catalog import Catalog
    from engine.ceylon.state import State


def check(cat: Catalog, state: State) -> None:
    """``ValueError`` naming the field of the first thing no game could reach."""
    for problem in problems(cat, state):
        raise ValueError(problem)


def problems(cat: Catalog, state: State) -> list[str]:
    """Every inconsistency between fields, each naming its field."""
    return _elevation(cat, state) + _tech(state) + _order(state)


def _order(state: State) -> list[str]:
    """A turn order that can be: the starting placements' order is every seat once
    (or not drawn yet), and the teapot's holder places first."""
    seats = list(range(len(state.players)))
    if state.start_order and sorted(state.start_order) != seats:
        return ["start_order: every player once"]
    if state.start_order and state.first != state.start_order[0]:
        return ["first: the starting player places first (start_order)"]
    return []


def _elevation(cat: Catalog, state: State) -> list[str]:
    found: list[str] = []
    covered = 0
    for tile, mask in enumerate(state.large):
        if not mask:
            continue
        name = cat.large_tiles[tile].id
        if tile == state.left_out:
            found.append(f"large[{tile}]: {name} went back to the box, yet lies on the map")
        districts = {cat.hexes[h].district for h in range(len(cat.hexes)) if mask >> h & 1}
        if len(districts) != 1 or mask not in cat.placements(tile, districts.pop()):
            found.append(f"large[{tile}]: {name} does not cover hexes a tile can cover")
        if mask & covered:
            found.append(f"large[{tile}]: {name} overlaps another large tile")
        if mask & ~state.hexes_in_play:
            found.append(f"large[{tile}]: {name} lies on hexes not in play")
        covered |= mask
    if state.small & ~covered:
        found.append("small: a small elevation tile lies only on a large one")
    if bin(state.small).count("1") > cat.small_tiles:
        found.append(f"small: the box holds {cat.small_tiles} small elevation tiles")
    for h, level in enumerate(state.level):
        lifted = (covered >> h & 1) + (state.small >> h & 1)
        if level != lifted:
            found.append(
                f"level[{h}]: level {level}, but the elevation tiles on the hex make it {lifted}"
            )
    return found


def _tech(state: State) -> list[str]:
    orders = [p.tech_order for p in state.players]
    if state.tech_counter == 0:
        if any(orders):
            return ["tech_order: a stacking number before the tech track's counter gave any"]
        return []
    found = []
    for seat, order in enumerate(orders):
        if order >= state.tech_counter:
            found.append(
                f"players[{seat}].tech_order: {order}, but the counter (tech_counter) has "
                f"given only up to {state.tech_counter - 1}"
            )
    if len(set(orders)) != len(orders):
        found.append("players[].tech_order: two players with the same stacking number")
    return found
