"""What no Rajas of the Ganges game can reach, refused naming the field (``from_dict``, notation).

``serialize.from_dict`` checks each field's type and range, that no province
tile lies in two places and that no colour has more dice than the box; this
module checks the rest of what play keeps: every province tile of the box is
somewhere (a stack, a stack's top, a province, or bought and waiting), each
province has its one residence, a Kali statue holds no more dice than it
can, and a player's workers on the action spaces are the ones the player
has placed this round, never more than the player has, and the seat whose
turn it is to place has a worker left. A position that passes plays on like
any other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.rajas.state import PLACE, RESIDENCE

if TYPE_CHECKING:
    from engine.rajas.catalog import Catalog
    from engine.rajas.state import State


def check(cat: Catalog, state: State) -> None:
    """``ValueError`` naming the field of the first thing no game could reach."""
    for problem in problems(cat, state):
        raise ValueError(problem)


def problems(cat: Catalog, state: State) -> list[str]:
    """Every inconsistency between fields, each naming its field."""
    found: list[str] = []
    seen = {t for stack in state.stacks for t in stack} | {t for t in state.top if t >= 0}
    seen |= {v >> 2 for p in state.players for v in p.province if v >= 0}
    if state.tile >= 0:
        seen.add(state.tile)
    missing = sorted(set(range(len(cat.tiles))) - seen)
    if missing:
        found.append(f"stacks: province tile(s) {missing} are nowhere (the box holds them all)")
    if state.phase == PLACE:  # a turn order that can be: the seat placing has a worker
        if state.actor != state.turn:
            found.append(f"actor: seat {state.actor} decides, but it is seat {state.turn}'s turn")
        elif state.players[state.turn].placed >= state.players[state.turn].workers:
            found.append(f"turn: seat {state.turn} has no worker left to place")
    for i, player in enumerate(state.players):
        where = f"players[{i}]"
        if player.province.count(RESIDENCE) != 1:
            found.append(f"{where}.province: one residence, not {player.province.count(RESIDENCE)}")
        if player.dice_count() > cat.kali_capacity:
            found.append(
                f"{where}.dice: {player.dice_count()} dice, the Kali statue holds {cat.kali_capacity}"
            )
        on_spaces = sum(1 for seat in state.spaces if seat == i)
        if on_spaces != player.placed:
            found.append(f"{where}.placed: {player.placed}, but {on_spaces} workers on the spaces")
        if player.placed > player.workers:
            found.append(f"{where}.placed: more workers placed than the {player.workers} it has")
    return found
