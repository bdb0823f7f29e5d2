"""What no Imhotep game can reach, refused naming the field (``from_dict`` and the notation).

``serialize.from_dict`` checks each field's type and range and that stones
and cards are conserved; this module checks how the fields fit together, the
way play keeps them: the side-B market's face-down cards, the market's size,
the side-B obelisk's single stones (a third makes a tower), the points the
pyramids and the obelisk towers have given (they follow from the stones on
them), boats only during a round, and a starting player once the game has
begun. A position that passes plays on like any other.
"""

from __future__ import annotations

from engine.imhotep.catalog import Catalog
from engine.imhotep.sites import pyramid_a_points, pyramid_b_slot, tower_points
from engine.imhotep.state import (
    LIVE_OBELISK,
    LIVE_PYRAMID,
    MARKET,
    OBELISK,
    PYRAMID,
    State,
)


def check(state: State, catalog: Catalog) -> None:
    """``ValueError`` naming the field of the first thing no game could reach."""
    for problem in problems(state, catalog):
        raise ValueError(problem)


def problems(state: State, catalog: Catalog) -> list[str]:
    """Every inconsistency between fields, each naming its field."""
    found: list[str] = []
    side_b_market = state.sides[MARKET] == "B"
    face_down = int(catalog.value("market_b_face_down"))
    face_up = int(catalog.value("market_b_face_up" if side_b_market else "market_a_face_up"))
    looking = bool(state.queue) and state.queue[0].kind in ("pair", "keep")
    if not side_b_market and (state.hidden or state.pair):
        found.append("field 'hidden': face-down market cards only on side B of the market")
    if state.hidden > face_down:
        found.append(f"field 'hidden': at most {face_down} face-down market cards")
    if state.hidden and len(state.pair) > state.hidden:
        found.append("field 'pair': more face-down cards named than lie on the market")
    if not state.hidden and state.pair and not looking:
        found.append("field 'pair': named face-down cards with nobody looking at them")
    if state.unnamed() > sum(state.deck) or state.unnamed() < 0:
        found.append("field 'deck': fewer unseen cards than face-down cards not named")
    if state.market and len(state.market) != face_up:
        found.append(f"field 'market': {face_up} spaces on this side of the market")
    between = any(t.kind in ("reveal", "round", "cleanup", "down") for t in state.queue)
    if bool(state.boats) != bool(state.market) and state.round and not state.over and not between:
        found.append("field 'market': the market is laid out while the round's boats are")
    if state.round and state.first_player < 0:
        found.append("field 'first_player': drawn before the first round")
    if state.sides[OBELISK] == "B":
        height = int(catalog.value("obelisk_b_tower_height"))
        for seat, singles in enumerate(state.obelisk):
            if singles >= height:
                found.append(
                    f"field 'obelisk[{seat}]': {singles} single stones; {height} make a tower"
                )
    found += _live_points(state, catalog)
    return found


def _live_points(state: State, catalog: Catalog) -> list[str]:
    """The pyramid's and the B obelisk towers' points follow from their stones."""
    pyramid = [0] * state.players
    if state.sides[PYRAMID] == "A":
        for index, owner in enumerate(state.pyramid[0]):
            pyramid[owner] += pyramid_a_points(index, catalog)
    else:
        for p, stones in enumerate(state.pyramid[:3]):
            for index, owner in enumerate(stones):
                slot = pyramid_b_slot(p, index, catalog)
                pyramid[owner] += slot.points if slot is not None else 0
        beside = int(catalog.value("pyramid_b_extra_points"))
        for owner in state.pyramid[3] if len(state.pyramid) > 3 else ():
            pyramid[owner] += beside
    towers = [0] * state.players
    for index, owner in enumerate(state.towers):
        towers[owner] += tower_points(index, catalog)
    found = []
    for seat in range(state.players):
        if state.points[seat][LIVE_PYRAMID] != pyramid[seat]:
            found.append(
                f"field 'points[{seat}]': {state.points[seat][LIVE_PYRAMID]} pyramid points, "
                f"but its stones on the pyramids give {pyramid[seat]}"
            )
        if state.points[seat][LIVE_OBELISK] != towers[seat]:
            found.append(
                f"field 'points[{seat}]': {state.points[seat][LIVE_OBELISK]} obelisk points, "
                f"but its towers give {towers[seat]}"
            )
    return found
