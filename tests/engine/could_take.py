"""What a pending decision could take, legal or not, for tests that ask about refusals.

The engine's candidate generators leave out actions their checks refuse anyway
(issue 35: a tile's other halves once one is chosen, mahout spaces with no
tile, donation spaces taken or out of reach, elephant moves to where it stands). Tests that ask ``why_illegal``
about every action a player could try use ``could_take``: the candidates with
those actions back, in the order the generators listed them before.
"""

from __future__ import annotations

from engine.amritsar.actions import Act, Action, ElephantMode
from engine.amritsar.board import District, WorkerColour
from engine.amritsar.catalog import Perk
from engine.amritsar.decisions import Pending
from engine.amritsar.rules.actions_menu import TILE_CLOSED
from engine.amritsar.rules.core import CANDIDATES
from engine.amritsar.rules.donation import open_spaces
from engine.amritsar.rules.market import any_time_exchange, exchange_candidates
from engine.amritsar.state import GameState, PlayerState


def could_take(state: GameState) -> list[Action]:
    top = state.pending[-1]
    if top.kind == Pending.ACTIONS:
        actions: list[Action] = []
        if not state.tile_done & TILE_CLOSED:
            for slot in range(3):
                actions += [Action(Act.MAIN, slot), Action(Act.SECONDARY, slot)]
        here = state.players[top.player].elephant == state.active_district
        if not state.elephant_used and here:
            actions += [Action(Act.ELEPHANT_MAIN, slot) for slot in range(3)]
            actions += [Action(Act.ELEPHANT_MAHOUT, colour) for colour in WorkerColour]
        actions += exchange_candidates(state, top.player)
        actions.append(Action(Act.END_ACTIONS))
        return actions
    if top.kind == Pending.ELEPHANT:
        p = state.players[top.player]
        modes = [ElephantMode.NORMAL]
        if p.elephant >= 0 and p.movement == PlayerState.UNLOCKED:
            modes.append(ElephantMode.TOKEN)
        if p.elephant >= 0 and any(
            h >= 0 and not f and state.catalog.storehouses[h].permanent is Perk.TELEPORT
            for h, f in zip(p.storehouses, p.storehouse_flipped, strict=True)
        ):
            modes.append(ElephantMode.TELEPORT)
        stay = [Action(Act.STAY)] if p.elephant >= 0 else []
        moves = [Action(Act.ELEPHANT, d, mode) for mode in modes for d in District]
        return [*stay, *moves, *any_time_exchange(state, top)]
    if top.kind == Pending.DONATE:
        elephant = state.players[top.player].elephant
        if elephant < 0:
            return []
        return [Action(Act.DONATE, level, i) for level, i in open_spaces(state, elephant)]
    return list(CANDIDATES[Pending(top.kind)](state, top))
