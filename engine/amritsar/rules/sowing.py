"""Phase 2: moving workers, mancala style (rulebook: Phase 2. Move workers).

Pick a section with workers, take them all and leave one in each following
section clockwise, choosing each worker's colour; full sections (4 workers)
are passed over. The last worker may skip further sections instead, leaving
1 coin in each one it skips (free with the skipping storehouse). Coins in the
origin section and in the destination section go to the player. The last
worker placed is the active worker; a group of 4 taken triggers the
group-of-four bridge tiles.
"""

from __future__ import annotations

from collections.abc import Iterable

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import (
    SECTION_COUNT,
    SECTION_NAMES,
    SECTIONS_PER_DISTRICT,
    WorkerColour,
    colour_word,
)
from engine.amritsar.catalog import Perk, Requirement
from engine.amritsar.decisions import Pending
from engine.amritsar.options import has_option
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.bridge import bridge_trigger
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    decision,
    gain_coins,
    has_perk,
    pop,
    replace_top,
)
from engine.amritsar.rules.market import any_time_exchange
from engine.amritsar.state import Frame, GameState


def next_open_section(s: GameState, after: int) -> int:
    """The next section clockwise after ``after`` that is not full."""
    capacity = s.catalog.rules.section_capacity
    for step in range(1, SECTION_COUNT + 1):
        section = (after + step) % SECTION_COUNT
        if len(s.sections[section]) < capacity:
            return section
    raise AssertionError("every section is full")  # cannot happen: the origin is empty


def _collect_coins(s: GameState, seat: int, section: int, events: Events) -> None:
    coins = s.section_coins[section]
    if coins:
        counts = list(s.section_coins)
        counts[section] = 0
        s.section_coins = tuple(counts)
        gain_coins(s, seat, coins, events)
        events.append(Event("coins_collected", seat, coins, "", SECTION_NAMES[section]))


@decision(Pending.SOW_ORIGIN, [Act.SOW, Act.EXCHANGE])
def _origin_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    yield from _SOWS
    yield from any_time_exchange(s, top)


_SOWS = tuple(Action(Act.SOW, section) for section in range(SECTION_COUNT))
_PLACES = tuple(Action(Act.PLACE, colour) for colour in range(4))
_SKIP = Action(Act.SKIP)


@check(Act.SOW)
def _check_sow(s: GameState, top: Frame, action: Action) -> Reason | None:
    if not 0 <= action.a < SECTION_COUNT:
        return Reason("choice_out_of_range")
    if not s.sections[action.a]:
        return Reason("sow_empty_section", {"section": SECTION_NAMES[action.a]})
    return None


@applies(Act.SOW)
def _apply_sow(s: GameState, top: Frame, action: Action, events: Events) -> None:
    origin = action.a
    s.hand = s.sections[origin]
    sections = list(s.sections)
    sections[origin] = ()
    s.sections = tuple(sections)
    events.append(Event("sow", top.player, len(s.hand), "", SECTION_NAMES[origin]))
    replace_top(s, Frame(Pending.SOW_PLACE, top.player, a=next_open_section(s, origin), b=origin))
    _collect_coins(s, top.player, origin, events)
    if len(s.hand) == s.catalog.rules.section_capacity:
        bridge_trigger(s, top.player, Requirement.GROUP_OF_FOUR, events)


@decision(Pending.SOW_PLACE, [Act.PLACE, Act.SKIP, Act.EXCHANGE])
def _place_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    for colour in sorted(set(s.hand)):
        yield _PLACES[colour] if 0 <= colour < 4 else Action(Act.PLACE, colour)
    yield _SKIP
    yield from any_time_exchange(s, top)


@check(Act.PLACE)
def _check_place(s: GameState, top: Frame, action: Action) -> Reason | None:
    if action.a not in s.hand:
        name = WorkerColour(action.a).name.lower() if 0 <= action.a < 4 else str(action.a)
        spanish = WorkerColour(action.a).es if 0 <= action.a < 4 else name
        return Reason("not_carrying_colour", {"colour": name, "colour_es": spanish})
    return None


@check(Act.SKIP)
def _check_skip(s: GameState, top: Frame, action: Action) -> Reason | None:
    if len(s.hand) != 1:
        return Reason("skip_only_last")
    if top.n >= SECTION_COUNT - 1:
        return Reason("choice_out_of_range")
    if has_option(s, "skip_no_wrap") and next_open_section(s, top.a) == top.b:
        return Reason("skip_into_origin", {"section": SECTION_NAMES[top.b]})
    if s.players[top.player].coins < 1 and not _skip_is_free(s, top):
        return Reason("skip_needs_coin")
    return None


def _skip_is_free(s: GameState, top: Frame) -> bool:
    """The free-skip storehouse: every skip, or only the first (house rule)."""
    if not has_perk(s, s.players[top.player], Perk.FREE_SKIP):
        return False
    return top.n == 0 or not has_option(s, "free_skip_once")


@applies(Act.PLACE)
def _apply_place(s: GameState, top: Frame, action: Action, events: Events) -> None:
    target = top.a
    hand = list(s.hand)
    hand.remove(action.a)
    s.hand = tuple(hand)
    sections = list(s.sections)
    sections[target] = (*sections[target], action.a)
    s.sections = tuple(sections)
    events.append(Event("place", top.player, 1, colour_word(action.a), SECTION_NAMES[target]))
    if s.hand:
        after = next_open_section(s, target)
        replace_top(
            s, Frame(top.kind, top.player, top.steps, after, top.b, top.n, top.src, top.flags)
        )
        return
    pop(s)
    s.active_colour = action.a
    s.active_district = target // SECTIONS_PER_DISTRICT  # int(section_district(target))
    _collect_coins(s, top.player, target, events)


@applies(Act.SKIP)
def _apply_skip(s: GameState, top: Frame, action: Action, events: Events) -> None:
    target = top.a
    if not _skip_is_free(s, top):
        gain_coins(s, top.player, -1, events)
        coins = list(s.section_coins)
        coins[target] += 1
        s.section_coins = tuple(coins)
    events.append(Event("skip", top.player, 1, "", SECTION_NAMES[target]))
    after = next_open_section(s, target)
    replace_top(
        s, Frame(top.kind, top.player, top.steps, after, top.b, top.n + 1, top.src, top.flags)
    )
