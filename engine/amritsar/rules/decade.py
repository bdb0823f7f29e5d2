"""The end of a decade and the end of the game (rulebook: End of Decade, End of Game).

In order: donations (each district's majority earns the active temple tile's
PP; all tied players earn it), tax (pay what the tax counter says less the
discounts; each coin not paid costs 1, 2 or 3 PP by decade; the solo
Maharajah pays none), income (every end-of-decade benefit reached on the
knowledge tracks), bridge (the decade's tile flips) and temple (the next tile
becomes active). After the third decade: knowledge end spaces, then
objectives, then the winner.
"""

from __future__ import annotations

from engine.amritsar.board import DECADE_NUMERALS, District
from engine.amritsar.catalog import DecadeBenefit, Perk
from engine.amritsar.decisions import Pending
from engine.amritsar.effects import Op, Step, Track
from engine.amritsar.rules.core import (
    Event,
    Events,
    gain_coins,
    gain_pp,
    has_perk,
    pop,
    push,
    push_discard_if_overflowing,
    push_effect,
    replace_top,
    runs,
)
from engine.amritsar.rules.objectives_at_end import reveal_frames
from engine.amritsar.rules.scoring import final_scoring
from engine.amritsar.rules.turn import start_turn
from engine.amritsar.state import NONE, Frame, GameState, PlayerState

MAJORITIES_AND_TAX = 0
AFTER_INCOME = 1


def district_counts(s: GameState, district: int) -> dict[int, int]:
    counts: dict[int, int] = {}
    for owner in s.donations[district]:
        if owner != NONE:
            counts[owner] = counts.get(owner, 0) + 1
    return counts


def tax_due(s: GameState, p: PlayerState) -> int:
    """Coins owed at the end of the decade after every discount."""
    coins = s.catalog.board.tax_coins
    due = coins[min(p.tax, len(coins) - 1)]
    for track in s.catalog.board.tracks:
        for step in track.steps[: p.tracks[track.track]]:
            if step.decade is DecadeBenefit.TAX_DISCOUNT:
                due -= 1
    if has_perk(s, p, Perk.TAX_DISCOUNT):
        due -= 1
    return max(0, due)


def _score_majorities(s: GameState, events: Events) -> None:
    temple = s.catalog.temple_tiles[s.temple[s.decade - 1]]
    for district in District:
        counts = district_counts(s, district)
        if not counts:
            continue
        best = max(counts.values())
        for seat, count in sorted(counts.items()):
            if count == best:
                where = f"decade {DECADE_NUMERALS[s.decade - 1]}, {district.title} ({temple.id})"
                gain_pp(s, seat, temple.pp[district], ("majority", where), events)


def _pay_tax(s: GameState, events: Events) -> None:
    penalty = s.catalog.rules.tax_penalty[s.decade - 1]
    for p in s.players:
        due = tax_due(s, p)
        paid = min(due, p.coins)
        gain_coins(s, p.seat, -paid, events)
        events.append(Event("tax", p.seat, paid, str(due)))
        if due > paid:
            where = f"decade {DECADE_NUMERALS[s.decade - 1]}: {due - paid} coin{'' if due - paid == 1 else 's'} unpaid"
            gain_pp(s, p.seat, -(due - paid) * penalty, ("tax_penalty", where), events)


def _push_income(s: GameState) -> None:
    order = [(s.starting_player + k) % s.player_count for k in range(s.player_count)]
    for seat in reversed([seat for seat in order if seat < len(s.players)]):
        p = s.players[seat]
        for track in reversed(s.catalog.board.tracks):
            reached = p.tracks[track.track]
            for position in range(reached, 0, -1):
                benefit = track.steps[position - 1].decade
                name = f"{Track(track.track).name.lower()} {position}"
                src = ("income", f"decade {DECADE_NUMERALS[s.decade - 1]}: {name}")
                if benefit is DecadeBenefit.COUNTER:
                    push_effect(s, seat, (Step(Op.COUNTER, 1),), src)
                elif benefit is DecadeBenefit.ANY:
                    push_effect(s, seat, (Step(Op.ANY, 1),), src)
                elif benefit is DecadeBenefit.COIN_PP:
                    push_effect(s, seat, (Step(Op.COIN, 1), Step(Op.PP, 1)), src)


@runs(Pending.DECADE_END)
def _run_decade_end(s: GameState, top: Frame, events: Events) -> None:
    if top.a == MAJORITIES_AND_TAX:
        events.append(Event("decade_end", -1, s.decade))
        _score_majorities(s, events)
        _pay_tax(s, events)
        replace_top(
            s,
            Frame(top.kind, top.player, top.steps, AFTER_INCOME, top.b, top.n, top.src, top.flags),
        )
        _push_income(s)
        return
    # Income may not fit the storehouses: discard before anything reads them.
    if push_discard_if_overflowing(s):
        return
    pop(s)
    events.append(
        Event("bridge_flipped", -1, s.decade, s.catalog.bridge_tiles[s.bridge[s.decade - 1]].id)
    )
    if s.decade < s.catalog.rules.decades:
        s.decade += 1
        s.round = 1
        s.turn_in_round = 0
        events.append(
            Event("temple", -1, s.decade, s.catalog.temple_tiles[s.temple[s.decade - 1]].id)
        )
        start_turn(s)
        return
    reveals = reveal_frames(s)
    if reveals:  # house rule objectives_at_end: the objectives played named first
        push(s, Frame(Pending.FINAL_SCORING, NONE))
        for frame in reversed(reveals):
            push(s, frame)
        return
    _end_game(s, events)


@runs(Pending.FINAL_SCORING)
def _run_final_scoring(s: GameState, top: Frame, events: Events) -> None:
    pop(s)
    _end_game(s, events)


def _end_game(s: GameState, events: Events) -> None:
    """Score the game and close it (End of Game)."""
    final_scoring(s, events)
    s.finished = True
    s.current = NONE
    push(s, Frame(Pending.GAME_OVER, NONE))
    events.append(Event("game_end"))
