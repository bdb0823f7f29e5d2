"""The machinery shared by every rule area.

Dispatch: for each pending decision kind, ``CANDIDATES`` lists the actions
that might answer it; for each action kind, ``CHECKS`` returns a ``Reason``
when the action is illegal in the position (``None`` when legal) and ``APPLY``
changes a copied state. ``RUN`` carries out bookkeeping frames (the rest of an
effect, closing a turn, the end of a decade) and ``PREPARE`` lets a decision
skip itself when it has become pointless (nothing to follow, no movement
token). Legal actions are exactly the candidates whose check passes, so the
generator and the refusal messages cannot disagree.

Mutators: every change of coins, resources, PP and donation counters goes
through the helpers here, so PP always land in the player's ledger with their
source (the score sheet), and events describe what happened.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import resource_word
from engine.amritsar.catalog import Perk
from engine.amritsar.decisions import INTERNAL, Pending
from engine.amritsar.effects import Effect
from engine.amritsar.reasons import Reason
from engine.amritsar.state import MAHARAJAH_SEAT, Frame, GameState, PlayerState
from engine.core.game import Event as Event

Events = list[Event]
Candidates = Callable[[GameState, Frame], Iterable[Action]]
Check = Callable[[GameState, Frame, Action], Reason | None]
Apply = Callable[[GameState, Frame, Action, Events], None]
Run = Callable[[GameState, Frame, Events], None]
Prepare = Callable[[GameState, Frame, Events], bool]

# Keyed by Pending values; frames carry them as plain ints, which hash and
# compare equal, so lookups need no conversion.
CANDIDATES: dict[int, Candidates] = {}
ANSWERS: dict[int, frozenset[Act]] = {}
CHECKS: dict[Act, Check] = {}
APPLY: dict[Act, Apply] = {}
RUN: dict[int, Run] = {}
PREPARE: dict[int, Prepare] = {}


def decision(kind: Pending, answers: Iterable[Act]) -> Callable[[Candidates], Candidates]:
    """Register the candidate generator for a decision kind and the acts that answer it."""

    def register(function: Candidates) -> Candidates:
        CANDIDATES[kind] = function
        ANSWERS[kind] = frozenset(answers)
        return function

    return register


def check(kind: Act) -> Callable[[Check], Check]:
    def register(function: Check) -> Check:
        CHECKS[kind] = function
        return function

    return register


def applies(kind: Act) -> Callable[[Apply], Apply]:
    def register(function: Apply) -> Apply:
        APPLY[kind] = function
        return function

    return register


def runs(kind: Pending) -> Callable[[Run], Run]:
    def register(function: Run) -> Run:
        RUN[kind] = function
        return function

    return register


def prepares(kind: Pending) -> Callable[[Prepare], Prepare]:
    def register(function: Prepare) -> Prepare:
        PREPARE[kind] = function
        return function

    return register


# --------------------------------------------------------------------------
# The pending stack


def push(s: GameState, frame: Frame) -> None:
    s.pending = (*s.pending, frame)


def pop(s: GameState) -> Frame:
    frame = s.pending[-1]
    s.pending = s.pending[:-1]
    return frame


def replace_top(s: GameState, frame: Frame) -> None:
    s.pending = (*s.pending[:-1], frame)


def push_effect(
    s: GameState, seat: int, effect: Effect, src: tuple[str, str], flags: int = 0
) -> None:
    """Schedule an effect for a player; it runs before whatever was pending."""
    if effect:
        push(s, Frame(Pending.EFFECT, seat, effect, src=src, flags=flags))


_DISCARD = Pending.DISCARD  # read once per decision: a module constant is cheaper


def advance(s: GameState, events: Events) -> None:
    """Carry out bookkeeping frames until a real decision (or the end) is pending."""
    while s.pending:
        top = s.pending[-1]
        kind = top.kind  # an int; the tables are keyed by Pending, which compares equal
        if kind in INTERNAL:
            RUN[kind](s, top, events)
            continue
        if kind != _DISCARD and push_discard_if_overflowing(s):
            continue
        prepare = PREPARE.get(kind)
        if prepare is not None and prepare(s, top, events):
            continue
        return


def push_discard_if_overflowing(s: GameState) -> bool:
    """Push a discard decision for the first player holding more than fits.

    ``advance`` calls it before every decision; bookkeeping that reads what a
    player holds (the final scoring) calls it first too.
    """
    base = s.catalog.board.starting_storehouse_capacity
    for p in s.players:
        held = p.coins + p.resources[0] + p.resources[1] + p.resources[2]
        # The starting storehouse alone often suffices: skip summing the others.
        if held > base and held > capacity(s, p):
            push(s, Frame(Pending.DISCARD, p.seat))
            return True
    return False


# --------------------------------------------------------------------------
# Reading the state


def capacity(s: GameState, p: PlayerState) -> int:
    """Spaces in a player's storehouses (rulebook: The Storehouses)."""
    catalog = s.catalog
    total = catalog.board.starting_storehouse_capacity
    for index, flipped in zip(p.storehouses, p.storehouse_flipped, strict=True):
        if index >= 0:
            total += (
                catalog.board.starting_storehouse_capacity
                if flipped
                else catalog.storehouses[index].capacity
            )
    return total


def has_perk(s: GameState, p: PlayerState, perk: Perk) -> bool:
    return perk in perks(s, p)


#: Entries the perk cache may hold before it starts again (a long-lived server).
_PERKS_CACHE_SIZE = 4096


def perks(s: GameState, p: PlayerState) -> tuple[Perk, ...]:
    """The permanent perks of the player's storehouses (flipped ones give none).

    A tuple, not a set: ``Perk`` is a plain ``Enum`` whose hash is Python code,
    while ``in`` over a few members compares identities."""
    key = (p.storehouses, p.storehouse_flipped)
    cache = s.catalog.perks_cache
    found = cache.get(key)
    if found is None:
        storehouses = s.catalog.storehouses
        found = tuple(
            perk
            for index, flipped in zip(p.storehouses, p.storehouse_flipped, strict=True)
            if index >= 0 and not flipped and (perk := storehouses[index].permanent) is not None
        )
        if len(cache) >= _PERKS_CACHE_SIZE:
            cache.clear()
        cache[key] = found
    return found


def white_as(s: GameState, p: PlayerState) -> tuple[int, ...]:
    """Colours a white worker may stand for (white-worker storehouses)."""
    storehouses = s.catalog.storehouses
    return tuple(
        int(storehouses[i].colour)  # type: ignore[arg-type]
        for i, flipped in zip(p.storehouses, p.storehouse_flipped, strict=True)
        if i >= 0 and not flipped and storehouses[i].permanent is Perk.WHITE_AS
    )


# --------------------------------------------------------------------------
# Changing the state (always through these, so ledger and events stay true)


def gain_pp(s: GameState, seat: int, amount: int, src: tuple[str, str], events: Events) -> None:
    """Add (or, negative, take) PP, recording the source in the ledger."""
    if amount == 0:
        return
    entry = (src[0], src[1], amount)
    if s.maharajah is not None and seat == MAHARAJAH_SEAT:
        m = s.maharajah
        m.pp += amount
        m.ledger = (*m.ledger, entry)
    else:
        p = s.own(seat)
        p.pp += amount
        p.ledger = (*p.ledger, entry)
    events.append(Event("pp", seat, amount, src[0], src[1]))


def gain_coins(s: GameState, seat: int, amount: int, events: Events) -> None:
    if amount:
        s.own(seat).coins += amount
        events.append(Event("coins", seat, amount))


def gain_resource(s: GameState, seat: int, resource: int, amount: int, events: Events) -> None:
    if amount:
        p = s.own(seat)
        counts = list(p.resources)
        counts[resource] += amount
        p.resources = (counts[0], counts[1], counts[2])
        events.append(Event("resource", seat, amount, resource_word(resource)))


def counter_from_market_space(
    s: GameState, seat: int, src: tuple[str, str], events: Events
) -> None:
    """A donation counter from the player's market space to their elephant.

    With none left on the market space the player earns 1 PP instead; with 6
    already on the elephant the counter stays where it is (rulebook: Economy).
    """
    p = s.players[seat]
    if p.market_space <= 0:
        gain_pp(s, seat, 1, ("no_counter", src[1]), events)
        return
    if p.on_elephant >= s.catalog.rules.elephant_capacity:
        events.append(Event("counter_stays", seat, 0, "elephant full"))
        return
    p = s.own(seat)
    p.market_space -= 1
    p.on_elephant += 1
    events.append(Event("counter", seat, 1, "market space", "elephant"))


def counter_from_board(s: GameState, seat: int, events: Events) -> None:
    """The counter uncovered by an upgrade: to the elephant, or the market space when full."""
    p = s.own(seat)
    if p.on_elephant >= s.catalog.rules.elephant_capacity:
        p.market_space += 1
        events.append(Event("counter", seat, 1, "board", "market space"))
    else:
        p.on_elephant += 1
        events.append(Event("counter", seat, 1, "board", "elephant"))


def can_pay(p: PlayerState, cost: tuple[int, int, int]) -> bool:
    r = p.resources
    return r[0] >= cost[0] and r[1] >= cost[1] and r[2] >= cost[2]


def pay(s: GameState, seat: int, cost: tuple[int, int, int], events: Events) -> None:
    p = s.own(seat)
    r = p.resources
    p.resources = (r[0] - cost[0], r[1] - cost[1], r[2] - cost[2])
    for resource, amount in enumerate(cost):
        if amount:
            events.append(Event("resource", seat, -amount, resource_word(resource)))
