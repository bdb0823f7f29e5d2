"""What must hold across every applied action, for the random-play tests.

``check_step(before, action, after, events)`` compares two consecutive states
and the events between them: workers, donation counters, coins, resources
and PP are conserved as the rules say (every change is one the events
account for), the board only fills where it should, storehouses hold what
fits, and the engine's own ``status`` finds nothing wrong.
"""

from __future__ import annotations

from collections import Counter

from engine.amritsar.actions import Action
from engine.amritsar.board import Resource
from engine.amritsar.catalog import Perk
from engine.amritsar.decisions import Pending
from engine.amritsar.rules.core import Event, capacity, has_perk
from engine.amritsar.serialize import status
from engine.amritsar.state import NONE, GameState

RESOURCE_NAMES = [r.name.lower() for r in Resource]


def check_step(before: GameState, action: Action, after: GameState, events: list[Event]) -> None:
    where = f"{before!r} --{action}-->"
    assert status(after) == [], (where, status(after))

    # Workers: the 12 in the sections (and in hand) never leave the board.
    def workers(s: GameState) -> Counter[int]:
        return Counter([w for sec in s.sections for w in sec] + list(s.hand))

    assert workers(before) == workers(after) or before.pending[-1].kind == Pending.CHANCE_WORKER
    assert before.maharajah_workers == after.maharajah_workers or action.kind == 0
    # Each seat: coins, resources and PP change exactly as the events say.
    for b, a in zip(before.players, after.players, strict=True):
        mine = [e for e in events if e.player == b.seat]
        assert a.coins - b.coins == sum(e.amount for e in mine if e.kind == "coins"), where
        for r, name in enumerate(RESOURCE_NAMES):
            said = sum(e.amount for e in mine if e.kind == "resource" and e.what == name)
            assert a.resources[r] - b.resources[r] == said, where
        assert a.pp - b.pp == sum(e.amount for e in mine if e.kind == "pp"), where
        assert a.coins >= 0 and min(a.resources) >= 0
        # Counters only move: board -> elephant/market space -> elephant -> tiles.
        placed = a.donation_counters_placed - b.donation_counters_placed
        assert placed == sum(1 for e in mine if e.kind == "donation"), where
        # Upgrades are never taken back.
        for old, new in zip(
            (*b.mahouts, *b.objectives, *b.storehouses),
            (*a.mahouts, *a.objectives, *a.storehouses),
            strict=True,
        ):
            assert old in (NONE, new), where
        # What a player holds fits their storehouses whenever they decide anything
        # other than what to discard.
        if after.pending and after.pending[-1].kind != Pending.DISCARD:
            assert a.coins + sum(a.resources) <= capacity(after, a), where
    # Coins on sections: a paid skip leaves one, arriving or leaving takes them all.
    collected = sum(e.amount for e in events if e.kind == "coins_collected")
    skips_paid = sum(
        1
        for e in events
        if e.kind == "skip" and not has_perk(before, before.players[e.player], Perk.FREE_SKIP)
    )
    assert sum(after.section_coins) - sum(before.section_coins) == skips_paid - collected, where
    # The market: each column moves by the trades made on it.
    for r, name in enumerate(RESOURCE_NAMES):
        bought = sum(
            1 for e in events if e.kind == "buy" and e.what == name and e.where == "market"
        )
        sold = sum(1 for e in events if e.kind == "sell" and e.what == name and e.where == "market")
        assert after.market[r] - before.market[r] == sold - bought, where
    # Donation spaces only fill, one per donation.
    filled = sum(
        1
        for old_row, new_row in zip(before.donations, after.donations, strict=True)
        for old, new in zip(old_row, new_row, strict=True)
        if old != new
    )
    for old_row, new_row in zip(before.donations, after.donations, strict=True):
        for old, new in zip(old_row, new_row, strict=True):
            assert old in (NONE, new), where
    assert filled == sum(1 for e in events if e.kind == "donation"), where
    # Time only moves forward.
    assert (after.decade, after.round) >= (before.decade, before.round), where
