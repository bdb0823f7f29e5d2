"""The actions of the active worker's district (rulebook: Phase 2, actions).

The worker may perform the main action of one of the district's 3 tiles and,
if its colour matches the tile's colour, that tile's secondary action too, in
either order, completing one before the other. If the player's elephant is in
the same district it may be activated once: the main action of any tile there
(the same one too) or the action of one of the player's mahout tiles, only
before or after the tile's actions, never between them: activating the
elephant after only one half of the tile ends the tile. Nothing is compulsory.
The white-worker storehouses let white stand for their colour and vice versa.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.amritsar.actions import SLOT_NAMES, Act, Action
from engine.amritsar.board import District, WorkerColour
from engine.amritsar.decisions import Pending
from engine.amritsar.effects import Effect, describe_effect
from engine.amritsar.options import has_option
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.core import (
    CHECKS,
    Event,
    Events,
    applies,
    check,
    decision,
    pop,
    prepares,
    push_effect,
    white_as,
)
from engine.amritsar.rules.effects_run import can_do, mahout_reason, why_cannot
from engine.amritsar.rules.market import exchange_candidates
from engine.amritsar.state import NONE, Frame, GameState

MAIN_DONE = 1
SECONDARY_DONE = 2
TILE_CLOSED = 4


def colour_matches(s: GameState, seat: int, worker: int, tile_colour: int) -> bool:
    if worker == tile_colour:
        return True
    white = WorkerColour.WHITE
    if white in (worker, tile_colour):
        other = tile_colour if worker == white else worker
        return other in white_as(s, s.players[seat])
    return False


def _tile(s: GameState, slot: int) -> int:
    return s.district_tiles[s.active_district][slot]


@decision(
    Pending.ACTIONS,
    [
        Act.MAIN,
        Act.SECONDARY,
        Act.ELEPHANT_MAIN,
        Act.ELEPHANT_MAHOUT,
        Act.END_ACTIONS,
        Act.EXCHANGE,
    ],
)
def _menu_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    # Actions that cannot pass their checks are left out (the checks still
    # decide, and still explain a refusal to ``why_illegal``): once a tile is
    # chosen, the other tiles and the half already done; mahout spaces with no tile.
    done = s.tile_done
    if not done & TILE_CLOSED:
        chosen = s.tile_slot
        if 0 <= chosen < 3:
            if not done & MAIN_DONE:
                yield _TILE_HALVES[2 * chosen]
            if not done & SECONDARY_DONE:
                yield _TILE_HALVES[2 * chosen + 1]
        else:
            yield from _TILE_HALVES
    p = s.players[top.player]
    if not s.elephant_used and p.elephant == s.active_district:
        yield from _ELEPHANT_MAINS
        mahouts = p.mahouts
        for colour in range(4):
            if mahouts[colour] >= 0:
                yield _ELEPHANT_MAHOUTS[colour]
    yield from exchange_candidates(s, top.player)
    yield _END


# The menu's actions, made once (actions are immutable values).
_TILE_HALVES = tuple(Action(kind, slot) for slot in range(3) for kind in (Act.MAIN, Act.SECONDARY))
_ELEPHANT_MAINS = tuple(Action(Act.ELEPHANT_MAIN, slot) for slot in range(3))
_ELEPHANT_MAHOUTS = tuple(Action(Act.ELEPHANT_MAHOUT, colour) for colour in WorkerColour)
_END = Action(Act.END_ACTIONS)


def _tile_reason(s: GameState, top: Frame, action: Action, half: int) -> Reason | None:
    slot = action.a
    if not 0 <= slot < 3:
        return Reason("choice_out_of_range")
    tile = s.catalog.district_tiles[_tile(s, slot)]
    if s.tile_done & TILE_CLOSED:
        return Reason("tile_closed")
    if s.tile_slot not in (NONE, slot) or s.tile_done & half:
        chosen = s.catalog.district_tiles[_tile(s, s.tile_slot)].id
        return Reason("tile_chosen", {"tile": chosen})
    if half == SECONDARY_DONE and not colour_matches(s, top.player, s.active_colour, tile.colour):
        worker = s.active_colour
        return Reason(
            "secondary_colour",
            lambda: {
                "tile": tile.id,
                "colour": tile.colour.name.lower(),
                "colour_es": tile.colour.es,
                "worker": WorkerColour(worker).name.lower(),
                "worker_es": WorkerColour(worker).es,
            },
        )
    effect = tile.main if half == MAIN_DONE else tile.secondary
    if not can_do(s, top.player, effect):
        return _nothing_to_do(s, top.player, tile.id, effect, main=half == MAIN_DONE)
    return None


def _nothing_to_do(s: GameState, seat: int, tile_id: str, effect: Effect, *, main: bool) -> Reason:
    def words() -> dict[str, Any]:
        why, why_es = why_cannot(s, seat, effect)
        word, word_es = ("main", "principal") if main else ("secondary", "secundaria")
        return {
            "what": f"The {word} action of {tile_id} ({describe_effect(effect)})",
            "what_es": f"La acción {word_es} de {tile_id} ({describe_effect(effect, 'es')})",
            "why": why,
            "why_es": why_es,
        }

    return Reason("nothing_to_do", words)


def _elephant_reason(s: GameState, top: Frame) -> Reason | None:
    p = s.players[top.player]
    if s.elephant_used:
        return Reason("elephant_used")
    if p.elephant != s.active_district:
        district = District(s.active_district)
        return Reason(
            "elephant_not_here",
            lambda: {"district": district.in_text, "district_es": district.es},
        )
    return None


@check(Act.MAIN)
def _check_main(s: GameState, top: Frame, action: Action) -> Reason | None:
    return _tile_reason(s, top, action, MAIN_DONE)


@check(Act.SECONDARY)
def _check_secondary(s: GameState, top: Frame, action: Action) -> Reason | None:
    return _tile_reason(s, top, action, SECONDARY_DONE)


@check(Act.ELEPHANT_MAIN)
def _check_elephant_main(s: GameState, top: Frame, action: Action) -> Reason | None:
    if not 0 <= action.a < 3:
        return Reason("choice_out_of_range")
    reason = _elephant_reason(s, top)
    if reason is not None:
        return reason
    tile = s.catalog.district_tiles[_tile(s, action.a)]
    if not can_do(s, top.player, tile.main):
        return _nothing_to_do(s, top.player, tile.id, tile.main, main=True)
    return None


@check(Act.ELEPHANT_MAHOUT)
def _check_elephant_mahout(s: GameState, top: Frame, action: Action) -> Reason | None:
    return _elephant_reason(s, top) or mahout_reason(s, top.player, action.a, 0)


@check(Act.END_ACTIONS)
def _check_end(s: GameState, top: Frame, action: Action) -> Reason | None:
    """Nothing is compulsory, unless the house rule ``main_action_required``
    asks for a main action of a tile whenever one is possible."""
    if has_option(s, "main_action_required") and not s.tile_done & MAIN_DONE:
        for slot in range(3):
            if _tile_reason(s, top, Action(Act.MAIN, slot), MAIN_DONE) is None:
                return Reason("main_action_required")
    return None


def _do_tile_half(s: GameState, top: Frame, action: Action, half: int, events: Events) -> None:
    slot = action.a
    tile = s.catalog.district_tiles[_tile(s, slot)]
    s.tile_slot = slot
    s.tile_done |= half
    other = SECONDARY_DONE if half == MAIN_DONE else MAIN_DONE
    if s.tile_done & other or not colour_matches(s, top.player, s.active_colour, tile.colour):
        s.tile_done |= TILE_CLOSED
    word = "main" if half == MAIN_DONE else "secondary"
    events.append(Event("tile_action", top.player, 0, word, tile.id))
    effect = tile.main if half == MAIN_DONE else tile.secondary
    push_effect(s, top.player, effect, ("tile", f"{tile.id} {word}"))


@applies(Act.MAIN)
def _apply_main(s: GameState, top: Frame, action: Action, events: Events) -> None:
    _do_tile_half(s, top, action, MAIN_DONE, events)


@applies(Act.SECONDARY)
def _apply_secondary(s: GameState, top: Frame, action: Action, events: Events) -> None:
    _do_tile_half(s, top, action, SECONDARY_DONE, events)


def _activate_elephant(s: GameState) -> None:
    s.elephant_used = True
    if s.tile_slot != NONE:
        s.tile_done |= TILE_CLOSED  # never between the two halves of a tile


@applies(Act.ELEPHANT_MAIN)
def _apply_elephant_main(s: GameState, top: Frame, action: Action, events: Events) -> None:
    _activate_elephant(s)
    tile = s.catalog.district_tiles[_tile(s, action.a)]
    events.append(Event("elephant_action", top.player, 0, "main", tile.id))
    push_effect(s, top.player, tile.main, ("tile", f"{tile.id} main"))


@applies(Act.ELEPHANT_MAHOUT)
def _apply_elephant_mahout(s: GameState, top: Frame, action: Action, events: Events) -> None:
    _activate_elephant(s)
    tile = s.catalog.mahout_tiles[s.players[top.player].mahouts[action.a]]
    events.append(Event("elephant_action", top.player, 0, "mahout", tile.id))
    push_effect(s, top.player, tile.action, ("mahout", tile.id))


@applies(Act.END_ACTIONS)
def _apply_end(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)


@prepares(Pending.ACTIONS)
def _close_when_nothing_left(s: GameState, top: Frame, events: Events) -> bool:
    """End the action phase by itself when the only thing left is to end it."""
    for candidate in _menu_candidates(s, top):
        if (
            candidate.kind is not Act.END_ACTIONS
            and CHECKS[candidate.kind](s, top, candidate) is None
        ):
            return False
    pop(s)
    return True


__all__ = ["SLOT_NAMES", "colour_matches"]
