"""Positions for Ceylon tests: a seeded setup played to the first turn, then edited.

``opened`` resolves every setup decision with its first legal answer, so the
board is the same on every run. ``table`` clears the map and hands the test a
known position: plantations, pawns, money and cards exactly as written.
"""

from __future__ import annotations

import random
from typing import Any

from engine.ceylon import CEYLON
from engine.ceylon.actions import Action
from engine.ceylon.state import CHANCE_PHASES, PLAY, State

R = CEYLON
CAT = R.catalog


def H(name: str) -> int:
    """Hex index by name ("K3")."""
    return CAT.hex_index(name)


def face(name: str) -> int:
    return next(i for i, f in enumerate(CAT.faces) if f.id == name)


def district(name: str) -> int:
    return next(i for i, d in enumerate(CAT.districts) if d.id == name)


def advisor(ability: str) -> int:
    return next(i for i, (_, a) in enumerate(CAT.advisors) if a == ability)


def edit(state: State) -> State:
    """A copy whose every part may be changed freely (no board shared with ``state``)."""
    state = state.clone()
    for index in range(state.n):
        state.mut(index)
    return state


def opened(n: int = 4, seed: int = 1, options: tuple[str, ...] = ()) -> State:
    """A seeded game at the first player's first card."""
    state = R.new_game(n, seed=seed, options=options)
    rng = random.Random(seed)
    while state.phase != PLAY:
        if state.phase in CHANCE_PHASES:
            action = R.random_chance(state, rng)
        else:
            action = R.legal_actions(state)[0]
        state, _ = R.apply(state, action)
    return state


def table(n: int = 4, **changes: Any) -> State:
    """A first turn with an empty map (no elevation unless given), no pawns placed
    beyond ``pawns``, each seat holding one plant/harvest card and two hire/tech."""
    state = edit(opened(n))
    state.owner = [-1] * len(CAT.hexes)
    state.level = [0] * len(CAT.hexes)
    state.double = 0
    held = [face("plant/harvest"), face("hire/tech"), face("hire/tech")]
    total = [f.count for f in CAT.faces]
    for p in state.players:
        p.hand = sorted(held)
        p.markers = 0
        p.pawn = H("D1")
    for f in held:
        total[f] -= n
    state.deck = total
    state.discards = 0
    for key, value in changes.items():
        setattr(state, key, value)
    return state


def seat(state: State, index: int, **changes: Any) -> State:
    """A copy with seat ``index``'s board changed (pawn and plantations by hex name)."""
    state = edit(state)
    player = state.players[index]
    for key, value in changes.items():
        if key == "pawn":
            player.pawn = H(value)
        elif key == "plantations":
            for name in value:
                state.owner[H(name)] = index
            player.markers = sum(1 for o in state.owner if o == index)
        else:
            setattr(player, key, value)
    return state


def levels(state: State, **by_hex: int) -> State:
    state = edit(state)
    for name, level in by_hex.items():
        state.level[H(name)] = level
    return state


def play(state: State, *texts: str) -> State:
    """Apply actions written in notation, each checked."""
    for text in texts:
        state, _ = R.apply(state, R.parse_action(text))
    return state


def code(state: State, text: str) -> str | None:
    reason = R.why_illegal(state, R.parse_action(text))
    return None if reason is None else reason.code


def kinds(state: State) -> set[str]:
    return {a.kind for a in R.legal_actions(state) if isinstance(a, Action)}
