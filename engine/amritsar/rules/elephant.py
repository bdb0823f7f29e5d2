"""Phases 1 and 3: moving your elephant (rulebook: Phase I, Phase 3).

Optional, clockwise only, to the district of your choice: the first step is
free and each further step costs a coin; passing over the Maharajah token
costs 1, 2 or 3 PP by decade (not with the storehouse that removes the
penalty). On a player's first turn the elephant is placed on any path instead.
The unlocked movement token offers one free placement anywhere without
penalty; the teleport storehouse does the same once and then flips to a plain
4-space storehouse. Phase 3 happens only once the movement token is unlocked.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.amritsar.actions import Act, Action, ElephantMode
from engine.amritsar.board import DECADE_NUMERALS, District, maharajah_spaces_crossed
from engine.amritsar.catalog import Perk
from engine.amritsar.decisions import Pending
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    decision,
    gain_coins,
    gain_pp,
    has_perk,
    pop,
    prepares,
)
from engine.amritsar.rules.market import any_time_exchange
from engine.amritsar.state import Frame, GameState, PlayerState


def move_cost(s: GameState, p: PlayerState, district: int) -> tuple[int, int, bool]:
    """Steps, coins and whether the move passes over the Maharajah token."""
    start = District(p.elephant)
    steps = (district - p.elephant) % 4
    coins = max(0, steps - 1) * s.catalog.rules.elephant_extra_step_cost
    passes = s.maharajah_space in maharajah_spaces_crossed(start, steps)
    return steps, coins, passes


def _teleport_slot(s: GameState, p: PlayerState) -> int:
    storehouses = s.catalog.storehouses
    for slot, (index, flipped) in enumerate(zip(p.storehouses, p.storehouse_flipped, strict=True)):
        if index >= 0 and not flipped and storehouses[index].permanent is Perk.TELEPORT:
            return slot
    return -1


@decision(Pending.ELEPHANT, [Act.ELEPHANT, Act.STAY, Act.EXCHANGE])
def _elephant_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    p = s.players[top.player]
    here = p.elephant
    if here < 0:  # the first placement: anywhere
        yield from _MOVES[ElephantMode.NORMAL]
    else:
        # Moves to where the elephant stands are left out (the check refuses them).
        yield _STAY
        yield from _MOVES_FROM[ElephantMode.NORMAL][here]
        if p.movement == PlayerState.UNLOCKED:
            yield from _MOVES_FROM[ElephantMode.TOKEN][here]
        if _teleport_slot(s, p) >= 0:
            yield from _MOVES_FROM[ElephantMode.TELEPORT][here]
    yield from any_time_exchange(s, top)


# The moves, made once per mode (actions are immutable values).
_STAY = Action(Act.STAY)
_MOVES = {mode: tuple(Action(Act.ELEPHANT, d, mode) for d in District) for mode in ElephantMode}
#: mode -> district the elephant stands in -> the moves to the other districts.
_MOVES_FROM = {
    mode: tuple(tuple(a for a in moves if a.a != here) for here in District)
    for mode, moves in _MOVES.items()
}


@check(Act.STAY)
def _check_stay(s: GameState, top: Frame, action: Action) -> Reason | None:
    if s.players[top.player].elephant < 0:
        return Reason("elephant_first_turn")
    return None


@check(Act.ELEPHANT)
def _check_elephant(s: GameState, top: Frame, action: Action) -> Reason | None:
    p = s.players[top.player]
    if not 0 <= action.a < 4 or action.b not in (0, 1, 2):
        return Reason("choice_out_of_range")

    def names() -> dict[str, Any]:
        district = District(action.a)
        return {"district": district.in_text, "district_es": district.es}

    if p.elephant < 0:
        return None if action.b == ElephantMode.NORMAL else Reason("elephant_first_turn")
    if action.a == p.elephant:
        return Reason("elephant_already_there", names)
    if action.b == ElephantMode.TOKEN:
        return None if p.movement == PlayerState.UNLOCKED else Reason("elephant_token_unavailable")
    if action.b == ElephantMode.TELEPORT:
        return None if _teleport_slot(s, p) >= 0 else Reason("elephant_teleport_unavailable")
    # move_cost's steps and coins, without the Maharajah token's crossing
    steps = (action.a - p.elephant) % 4
    coins = max(0, steps - 1) * s.catalog.rules.elephant_extra_step_cost
    if coins > p.coins:
        have = p.coins
        return Reason(
            "elephant_cost", lambda: {**names(), "steps": steps, "coins": coins, "have": have}
        )
    return None


@applies(Act.STAY)
def _apply_stay(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)


@applies(Act.ELEPHANT)
def _apply_elephant(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    seat = top.player
    p = s.own(seat)
    origin = p.elephant
    if origin >= 0 and action.b == ElephantMode.NORMAL:
        _, coins, passes = move_cost(s, p, action.a)
        gain_coins(s, seat, -coins, events)
        if passes and not has_perk(s, p, Perk.NO_MAHARAJAH_PENALTY):
            penalty = s.catalog.rules.maharajah_penalty[s.decade - 1]
            gain_pp(
                s,
                seat,
                -penalty,
                ("elephant_penalty", f"decade {DECADE_NUMERALS[s.decade - 1]}"),
                events,
            )
    elif action.b == ElephantMode.TOKEN:
        p.movement = PlayerState.SPENT
    elif action.b == ElephantMode.TELEPORT:
        flipped = list(p.storehouse_flipped)
        flipped[_teleport_slot(s, p)] = True
        p.storehouse_flipped = tuple(flipped)
    p.elephant = action.a
    events.append(
        Event(
            "elephant",
            seat,
            0,
            District(origin).letter if origin >= 0 else "",
            District(action.a).letter,
        )
    )


@prepares(Pending.ELEPHANT)
def _skip_locked_phase_3(s: GameState, top: Frame, events: Events) -> bool:
    if top.a == 3 and s.players[top.player].movement == PlayerState.LOCKED:
        pop(s)
        return True
    return False
