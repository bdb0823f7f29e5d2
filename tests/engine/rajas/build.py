"""Positions for the Rajas tests: a seeded game at its first worker, then set by hand.

``position`` starts a game whose setup draws come from a seed; the helpers set a
player's dice, money, fame or province the way a test needs and keep the
state's derived totals (dice held per colour) right.
"""

from __future__ import annotations

from typing import Any

from engine.rajas import RULES
from engine.rajas.actions import die_code
from engine.rajas.state import State

CAT = RULES.catalog


def position(players: int = 4, seed: int = 1) -> State:
    state = RULES.new_game(players, seed=seed)
    assert RULES.decision(state).kind == "PLACE"
    return state


def set_player(state: State, seat: int, *, dice: list[str] | None = None, **fields: Any) -> State:
    """A copy of ``state`` with seat's fields changed (``dice`` as words like "b3")."""
    state = state.clone()
    player = state.mut(seat)
    for name, value in fields.items():
        assert hasattr(player, name), name
        setattr(player, name, value)
    if dice is not None:
        player.dice = [0] * 24
        for word in dice:
            player.dice[die_code(word)] += 1
    state.__post_init__()  # dice held per colour
    return state


def to_move(state: State, seat: int) -> State:
    """The same position with ``seat`` to place a worker."""
    state = state.clone()
    state.turn = state.actor = seat
    return state


def play(state: State, *texts: str) -> State:
    """Apply actions written in the notation, checked."""
    for text in texts:
        state, _ = RULES.apply(state, RULES.parse_action(text))
    return state


def reason(state: State, text: str) -> str | None:
    found = RULES.why_illegal(state, RULES.parse_action(text))
    return None if found is None else found.code


def tile_on_top(state: State, tile_id: str) -> State:
    """A copy with ``tile_id`` on top of its own stack (taken out of wherever it was)."""
    state = state.clone()
    tile = CAT.tile_index(tile_id)
    spec = CAT.tiles[tile]
    stack = spec.colour * 3 + spec.stack
    state.stacks = [[t for t in s if t != tile] for s in state.stacks]
    old = state.top[stack]
    state.top = [t if t != tile else -1 for t in state.top]
    if old >= 0 and old != tile:
        state.stacks[stack].append(old)
    state.top[stack] = tile
    return state


def put_tile(state: State, seat: int, tile_id: str, cell: str, turns: int = 0) -> State:
    """A copy with a tile already in seat's province (taken out of the stacks)."""
    tile = CAT.tile_index(tile_id)
    state = state.clone()
    state.stacks = [[t for t in s if t != tile] for s in state.stacks]
    state.top = [t if t != tile else -1 for t in state.top]
    player = state.mut(seat)
    player.province[CAT.cell_index(cell)] = tile * 4 + turns
    return state
