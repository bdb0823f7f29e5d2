"""Turns, following, rounds (rulebook: Game Turn, Follow, End of Round).

A turn is pushed as frames: phase 1 (elephant), sowing, the action menu,
phase 3 (elephant again, once unlocked) and ``END_TURN``. Closing the turn
offers the other players, clockwise, to follow the active worker's colour with
their mahout tile on that colour's space; the active player earns 1 PP per
follower. After the last player of a round the Maharajah token moves one space
clockwise; in 2-player and solo games the players, starting player first, may
follow the worker beside its new space (nobody earns PP for that). When the
token is back on its start space the decade ends.

In solo games the Maharajah plays the second seat of each round.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import colour_word
from engine.amritsar.decisions import Pending
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    decision,
    gain_pp,
    pop,
    prepares,
    push,
    push_effect,
    replace_top,
    runs,
)
from engine.amritsar.rules.effects_run import FOLLOWING, mahout_reason
from engine.amritsar.state import MAHARAJAH, MAHARAJAH_SEAT, NONE, Frame, GameState

_FOLLOW = Pending.FOLLOW  # a module constant: read on every turn's end

#: END_TURN stages (frame ``b``).
TURN_OVER = 0
FOLLOWS_DONE = 1
ROUND_FOLLOWS_DONE = 2


def seat_of_turn(s: GameState, turn: int) -> int:
    return (s.starting_player + turn) % s.player_count


def reset_turn(s: GameState) -> None:
    """Clear what a turn in progress keeps (workers in hand, tile, trades...)."""
    s.hand = ()
    s.active_colour = NONE
    s.active_district = NONE
    s.tile_slot = NONE
    s.tile_done = 0
    s.elephant_used = False
    s.bought = (0,) * len(s.players)
    s.sold = (0,) * len(s.players)
    s.exchange_used = False
    s.followers = 0


def start_turn(s: GameState) -> None:
    """Push the frames of the turn of the seat whose turn it is."""
    seat = seat_of_turn(s, s.turn_in_round)
    s.current = seat
    reset_turn(s)
    if s.maharajah is not None and seat == MAHARAJAH_SEAT:
        push(s, Frame(Pending.END_TURN, MAHARAJAH, b=FOLLOWS_DONE))
        push(s, Frame(Pending.MAHARAJAH_TURN, MAHARAJAH))
        return
    # The turn's frames, last first (one stack rebuild for the five pushes).
    s.pending = (
        *s.pending,
        Frame(Pending.END_TURN, seat, b=TURN_OVER),
        Frame(Pending.ELEPHANT, seat, a=3),
        Frame(Pending.ACTIONS, seat),
        Frame(Pending.SOW_ORIGIN, seat),
        Frame(Pending.ELEPHANT, seat, a=1),
    )


@runs(Pending.END_TURN)
def _run_end_turn(s: GameState, top: Frame, events: Events) -> None:
    if top.b == TURN_OVER:
        replace_top(
            s,
            Frame(top.kind, top.player, top.steps, top.a, FOLLOWS_DONE, top.n, top.src, top.flags),
        )
        events.append(Event("turn_end", top.player, 0, colour_word(s.active_colour)))
        humans = len(s.players)
        colour = s.active_colour
        # Clockwise from the next player; pushed in reverse so the first resolves first.
        s.pending = (
            *s.pending,
            *(
                Frame(_FOLLOW, (top.player + offset) % humans, (), colour, 0)
                for offset in range(humans - 1, 0, -1)
            ),
        )
        return
    if top.b == FOLLOWS_DONE:
        pop(s)
        if top.player != MAHARAJAH:
            s.last_active_colour = s.active_colour
        if s.followers:
            events.append(Event("followed", top.player, s.followers))
        s.turn_in_round += 1
        if s.turn_in_round < s.player_count:
            start_turn(s)
        else:
            _end_round(s, events)
        return
    pop(s)  # ROUND_FOLLOWS_DONE
    if s.maharajah_space == s.catalog.rules.maharajah_start_space:
        push(s, Frame(Pending.DECADE_END, NONE))
        return
    s.round += 1
    s.turn_in_round = 0
    start_turn(s)


def _end_round(s: GameState, events: Events) -> None:
    s.maharajah_space = (s.maharajah_space + 1) % 4
    events.append(Event("maharajah_token", -1, 1, "", str(s.maharajah_space)))
    push(s, Frame(Pending.END_TURN, NONE, b=ROUND_FOLLOWS_DONE))
    if s.maharajah_workers:
        colour = s.maharajah_workers[s.maharajah_space]
        humans = len(s.players)
        order = [(s.starting_player + k) % s.player_count for k in range(s.player_count)]
        for seat in reversed([seat for seat in order if seat < humans]):
            push(s, Frame(Pending.FOLLOW, seat, a=colour, b=1))


@decision(Pending.FOLLOW, [Act.FOLLOW, Act.PASS])
def _follow_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return _FOLLOW_OR_PASS


_FOLLOW_OR_PASS = (Action(Act.FOLLOW), Action(Act.PASS))


@check(Act.FOLLOW)
def _check_follow(s: GameState, top: Frame, action: Action) -> Reason | None:
    return mahout_reason(s, top.player, top.a, FOLLOWING)


@check(Act.PASS)
def _check_pass(s: GameState, top: Frame, action: Action) -> Reason | None:
    return None


@prepares(Pending.FOLLOW)
def _skip_impossible_follow(s: GameState, top: Frame, events: Events) -> bool:
    """Only players who can perform their tile are asked (rulebook example).

    A follow is the follower's own action: "you cannot buy and sell the same
    type of resource" binds the player who trades, so the follower is judged
    with no trades of theirs (in 2-player games the last player of a round may
    follow the token's worker right after trading on their own turn).
    """
    if s.bought[top.player] or s.sold[top.player]:
        s.bought = _with_bits(s.bought, top.player, 0)
        s.sold = _with_bits(s.sold, top.player, 0)
    if top.a < 0 or mahout_reason(s, top.player, top.a, FOLLOWING) is not None:
        pop(s)
        return True
    return False


@applies(Act.FOLLOW)
def _apply_follow(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    seat = top.player
    tile = s.catalog.mahout_tiles[s.players[seat].mahouts[top.a]]
    # A follow is the follower's own market action: it starts with no trades of
    # theirs (the rule binds the player who trades, within one action's turn).
    s.bought = _with_bits(s.bought, seat, 0)
    s.sold = _with_bits(s.sold, seat, 0)
    events.append(Event("follow", seat, 0, tile.id, "maharajah" if top.b else ""))
    if top.b == 0:
        s.followers += 1
        follow_pp = s.catalog.rules.follow_pp
        from engine.amritsar.board import PLAYER_COLOURS

        gain_pp(s, s.current, follow_pp, ("follow", PLAYER_COLOURS[seat]), events)
    push_effect(s, seat, tile.action, ("mahout", tile.id), FOLLOWING)


def _with_bits(bits: tuple[int, ...], seat: int, value: int) -> tuple[int, ...]:
    return (*bits[:seat], value, *bits[seat + 1 :])


@applies(Act.PASS)
def _apply_pass(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
