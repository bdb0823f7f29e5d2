"""Carrying out effects step by step, and the small choices inside them.

An effect (``engine.amritsar.effects``) runs from an ``EFFECT`` frame one step at a
time. Steps that need no choice change the state at once; the others become
the pending decision (which resource, which alternative, which mahout tile,
which knowledge track, what to discard). A step that cannot do anything (an
upgrade nobody can pay for, a donation with no counter) is passed over, and
``can_do`` tells the menus whether an action would do anything at all.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.amritsar.actions import DISCARD_COIN, Act, Action
from engine.amritsar.board import Resource, WorkerColour
from engine.amritsar.catalog import Perk
from engine.amritsar.decisions import Pending
from engine.amritsar.effects import ANY_TRACK, Effect, Op, Step, Track, describe_effect
from engine.amritsar.options import has_option
from engine.amritsar.reasons import Reason
from engine.amritsar.rules import donation, market, upgrades
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    counter_from_market_space,
    decision,
    gain_coins,
    gain_pp,
    gain_resource,
    has_perk,
    pop,
    push,
    push_effect,
    replace_top,
    runs,
)
from engine.amritsar.rules.knowledge import advance_track
from engine.amritsar.state import Frame, GameState, PlayerState

#: Frame flag: the effect is performed to follow another player.
FOLLOWING = 1


#: Steps that may do nothing, depending on the position (the others always do something).
_CONDITIONAL = frozenset({Op.MARKET, Op.UPGRADE, Op.DONATE, Op.MAHOUT, Op.CHOICE})
# The same members as module constants (an enum member read costs more, here on a hot path).
_MARKET, _UPGRADE, _DONATE, _MAHOUT = Op.MARKET, Op.UPGRADE, Op.DONATE, Op.MAHOUT


def can_do(s: GameState, seat: int, effect: Effect, flags: int = 0) -> bool:
    """Would this effect do anything for the player now?"""
    for step in effect:  # noqa: SIM110 (a loop: any() over a generator is slower here)
        if step.op not in _CONDITIONAL or _step_can_do(s, seat, step, flags):
            return True
    return False


def _step_can_do(s: GameState, seat: int, step: Step, flags: int) -> bool:
    op = step.op
    if op not in _CONDITIONAL:
        return True
    if op is _MARKET:
        if flags & FOLLOWING and has_option(s, "follow_market_without_trade"):
            return True
        return market.can_trade(s, seat)
    if op is _UPGRADE:
        return upgrades.can_upgrade(s, seat, step.arg, free=bool(step.n))
    if op is _DONATE:
        return donation.can_donate(s, seat)
    if op is _MAHOUT:
        return any(
            can_do(s, seat, tile, flags) for tile in placed_mahout_actions(s, s.players[seat])
        )
    if op is Op.CHOICE:
        return any(can_do(s, seat, alt, flags) for alt in step.alts)
    return True


def placed_mahout_actions(s: GameState, p: PlayerState) -> Iterable[Effect]:
    tiles = s.catalog.mahout_tiles
    return (tiles[i].action for i in p.mahouts if i >= 0)


@runs(Pending.EFFECT)
def _run_effect(s: GameState, top: Frame, events: Events) -> None:
    step, rest = top.steps[0], top.steps[1:]
    if rest:
        replace_top(s, Frame(top.kind, top.player, rest, top.a, top.b, top.n, top.src, top.flags))
    else:
        pop(s)
    perform_step(s, top.player, step, top.src, top.flags, events)


def perform_step(
    s: GameState, seat: int, step: Step, src: tuple[str, str], flags: int, events: Events
) -> None:
    op = step.op
    if op is Op.COIN:
        gain_coins(s, seat, step.n, events)
    elif op is Op.RESOURCE:
        gain_resource(s, seat, step.arg, step.n, events)
    elif op is Op.PP:
        gain_pp(s, seat, step.n, src, events)
    elif op is Op.COUNTER:
        for _ in range(step.n):
            counter_from_market_space(s, seat, src, events)
    elif op is Op.UNLOCK_MOVEMENT:
        if s.players[seat].movement == PlayerState.LOCKED:
            s.own(seat).movement = PlayerState.UNLOCKED
            events.append(Event("movement_unlocked", seat))
    elif op is Op.ANY:
        push(s, Frame(Pending.CHOOSE_RESOURCE, seat, n=step.n, src=src))
    elif op is Op.CHOICE:
        push(s, Frame(Pending.CHOOSE_ALTERNATIVE, seat, (step,), src=src, flags=flags))
    elif op is Op.MARKET:
        push(s, Frame(Pending.MARKET, seat, src=src, flags=flags))
    elif op is Op.MAHOUT:
        if _step_can_do(s, seat, step, flags):
            push(s, Frame(Pending.CHOOSE_MAHOUT, seat, src=src, flags=flags))
    elif op is Op.UPGRADE:
        if upgrades.can_upgrade(s, seat, step.arg, free=bool(step.n)):
            push(s, Frame(Pending.UPGRADE, seat, a=step.arg, b=step.n, src=src))
    elif op is Op.DONATE:
        if donation.can_donate(s, seat):
            push(s, Frame(Pending.DONATE, seat, src=src))
    elif op is Op.TRACK:
        if step.arg == ANY_TRACK or has_perk(s, s.players[seat], Perk.TRACK_SUBSTITUTE):
            push(s, Frame(Pending.CHOOSE_TRACK, seat, a=step.arg, n=step.n, src=src))
        else:
            for _ in range(step.n):
                advance_track(s, seat, step.arg, events)
    elif op is Op.TWO_STEPS:
        push(s, Frame(Pending.TWO_STEPS, seat, src=src))
    else:  # pragma: no cover - every Op is handled above
        raise AssertionError(f"unhandled effect step {step}")


# -- resource of your choice -------------------------------------------------


@decision(Pending.CHOOSE_RESOURCE, [Act.GAIN])
def _resource_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.GAIN, r) for r in Resource)


@check(Act.GAIN)
def _check_gain(s: GameState, top: Frame, action: Action) -> Reason | None:
    return None if 0 <= action.a < 3 else Reason("choice_out_of_range")


@applies(Act.GAIN)
def _apply_gain(s: GameState, top: Frame, action: Action, events: Events) -> None:
    if top.n > 1:
        replace_top(
            s, Frame(top.kind, top.player, top.steps, top.a, top.b, top.n - 1, top.src, top.flags)
        )
    else:
        pop(s)
    gain_resource(s, top.player, action.a, 1, events)


# -- one of two alternatives --------------------------------------------------


@decision(Pending.CHOOSE_ALTERNATIVE, [Act.ALTERNATIVE])
def _alternative_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.ALTERNATIVE, i) for i in range(len(top.steps[0].alts)))


@check(Act.ALTERNATIVE)
def _check_alternative(s: GameState, top: Frame, action: Action) -> Reason | None:
    alts = top.steps[0].alts
    if not 0 <= action.a < len(alts):
        return Reason("choice_out_of_range")
    if not can_do(s, top.player, alts[action.a], top.flags):
        alternative = alts[action.a]

        def words() -> dict[str, Any]:
            why, why_es = why_cannot(s, top.player, alternative)
            return {
                "what": describe_effect(alternative).capitalize(),
                "what_es": describe_effect(alternative, "es").capitalize(),
                "why": why,
                "why_es": why_es,
            }

        return Reason("nothing_to_do", words)
    return None


@applies(Act.ALTERNATIVE)
def _apply_alternative(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    push_effect(s, top.player, top.steps[0].alts[action.a], top.src, top.flags)


# -- which mahout tile -------------------------------------------------------


@decision(Pending.CHOOSE_MAHOUT, [Act.MAHOUT])
def _mahout_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    p = s.players[top.player]
    return (Action(Act.MAHOUT, colour) for colour in WorkerColour if p.mahouts[colour] >= 0)


def mahout_reason(s: GameState, seat: int, colour: int, flags: int) -> Reason | None:
    """Why the player cannot perform their mahout tile on this colour space."""
    p = s.players[seat]
    if not 0 <= colour < 4:
        return Reason("choice_out_of_range")
    if p.mahouts[colour] < 0:
        return Reason(
            "no_mahout_there",
            lambda: {
                "colour": WorkerColour(colour).name.lower(),
                "colour_es": WorkerColour(colour).es,
            },
        )
    tile = s.catalog.mahout_tiles[p.mahouts[colour]]
    if not can_do(s, seat, tile.action, flags):

        def words() -> dict[str, Any]:
            space = WorkerColour(colour)
            why, why_es = why_cannot(s, seat, tile.action)
            return {
                "colour": space.name.lower(),
                "colour_es": space.es,
                "what": f"Your {space.name.lower()} mahout tile ({describe_effect(tile.action)})",
                "what_es": f"Tu loseta de mahout {space.es} ({describe_effect(tile.action, 'es')})",
                "why": why,
                "why_es": why_es,
            }

        return Reason("follow_cannot" if flags & FOLLOWING else "nothing_to_do", words)
    return None


def why_cannot(s: GameState, seat: int, effect: Effect) -> tuple[str, str]:
    """A short clause, in English and Spanish, for why an effect would do nothing."""
    ops = {step.op for step in effect}
    if Op.DONATE in ops:
        return donation.why_no_donation(s, seat)
    if Op.UPGRADE in ops:
        return (
            "no upgrade you can place and pay for",
            "no hay mejora que puedas colocar y pagar",
        )
    if Op.MARKET in ops:
        return ("nothing you can buy or sell", "no puedes comprar ni vender nada")
    return ("nothing it can do", "no puede hacer nada")


@check(Act.MAHOUT)
def _check_mahout(s: GameState, top: Frame, action: Action) -> Reason | None:
    return mahout_reason(s, top.player, action.a, top.flags)


@applies(Act.MAHOUT)
def _apply_mahout(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    tile = s.catalog.mahout_tiles[s.players[top.player].mahouts[action.a]]
    events.append(Event("mahout", top.player, 0, tile.id))
    push_effect(s, top.player, tile.action, ("mahout", tile.id), top.flags)


# -- which knowledge track ---------------------------------------------------


@decision(Pending.CHOOSE_TRACK, [Act.TRACK])
def _track_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.TRACK, t) for t in Track)


@check(Act.TRACK)
def _check_track(s: GameState, top: Frame, action: Action) -> Reason | None:
    if not 0 <= action.a < 3:
        return Reason("choice_out_of_range")
    named = top.a
    substitute = has_perk(s, s.players[top.player], Perk.TRACK_SUBSTITUTE)
    if named != ANY_TRACK and action.a != named and not substitute:
        track = Track(named)
        return Reason("track_not_allowed", {"track": track.name.lower(), "track_es": track.es})
    return None


@applies(Act.TRACK)
def _apply_track(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    for _ in range(max(top.n, 1)):
        advance_track(s, top.player, action.a, events)


@decision(Pending.TWO_STEPS, [Act.TWO_STEPS])
def _two_steps_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.TWO_STEPS, a, b) for a in Track for b in Track if a <= b)


@check(Act.TWO_STEPS)
def _check_two_steps(s: GameState, top: Frame, action: Action) -> Reason | None:
    if not (0 <= action.a <= action.b < 3):
        return Reason("two_steps_form")
    return None


@applies(Act.TWO_STEPS)
def _apply_two_steps(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    advance_track(s, top.player, action.a, events)
    advance_track(s, top.player, action.b, events)


# -- storehouses full: discard -----------------------------------------------


@decision(Pending.DISCARD, [Act.DISCARD])
def _discard_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.DISCARD, kind) for kind in (0, 1, 2, DISCARD_COIN))


@check(Act.DISCARD)
def _check_discard(s: GameState, top: Frame, action: Action) -> Reason | None:
    p = s.players[top.player]
    if action.a == DISCARD_COIN:
        return (
            None if p.coins > 0 else Reason("discard_none", {"what": "coin", "what_es": "monedas"})
        )
    if not 0 <= action.a < 3:
        return Reason("choice_out_of_range")
    if p.resources[action.a] <= 0:
        resource = Resource(action.a)
        return Reason("discard_none", {"what": resource.name.lower(), "what_es": resource.es})
    return None


@applies(Act.DISCARD)
def _apply_discard(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    if action.a == DISCARD_COIN:
        gain_coins(s, top.player, -1, events)
    else:
        gain_resource(s, top.player, action.a, -1, events)
    events.append(
        Event(
            "discard",
            top.player,
            1,
            "coin" if action.a == DISCARD_COIN else Resource(action.a).name.lower(),
        )
    )
