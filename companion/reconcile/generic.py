"""What a settled camera observation means for a game served through its ``Rules``.

What it is for: Amritsar has its own reconciler (``reconciler.py``); every
other game reads its table through ``vision.games`` (a ``GameReader`` gives
the game's ``Observation``, ``None`` where unsure) and lands here. Given the
rules, the game's state and what the table shows, ``reconcile`` says one of:

- ``unchanged``: the table agrees with the game on everything it saw;
- ``moves``: the legal action sequence the table shows (``generic_search``),
  public draws it shows included;
- ``ambiguous``: more than one sequence fits; the sequences agree up to
  ``actions`` and then differ: ``asker`` (a seat, or ``None`` for the table
  screen) chooses among ``candidates``, the only answers that fit the table;
  a draw done in the open by one player (``entered_at_table``: a die rolled)
  is asked of that player;
- ``illegal``: a refused physical move fits (``engine.core.physical``, the
  game's optional ``physical_moves``, each a table no legal sequence makes)
  and no legal sequence does (pieces the camera did not read can let both
  fit: the legal one wins): the rule it breaks and how to put it right, in
  English and Spanish;
- ``unexplained``: nothing fits; ``differences`` names the pieces that differ
  (the game's ``table_differences`` words, EN and ES).

A field or item the camera did not read (``None``) never counts as evidence,
for or against anything. Pure: no clock, log or session here.
"""

from __future__ import annotations

import json
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any, Literal

from companion.reconcile.generic_search import BUDGET, DEPTH, Match, search
from engine.core.game import Rules
from engine.core.observation import Observation
from engine.core.physical import ChecksTable, PhysicalMove, differing_items, distance
from engine.core.seats import CHANCE

Kind = Literal["unchanged", "moves", "ambiguous", "illegal", "unexplained"]


@dataclass(frozen=True)
class Verdict:
    """What the table shows, as the session acts on it."""

    kind: Kind
    #: moves: the whole sequence; ambiguous: the part every fitting sequence shares
    actions: tuple[Hashable, ...] = ()
    #: ambiguous: the answers that fit the table, for ``asker`` to choose from
    candidates: tuple[Hashable, ...] = ()
    #: ambiguous: the seat that chooses (``None``: the table screen, for a draw
    #: the companion deals; a die's roller for a roll)
    asker: int | None = None
    #: illegal: the refused move the table shows
    move: PhysicalMove | None = None
    #: unexplained: what differs, one (English, Spanish) phrase each
    differences: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    #: positions the search looked at (for benches and logs)
    looked_at: int = 0


def reconcile(
    rules: Rules, state: Any, seen: Observation, *, depth: int = DEPTH, budget: int = BUDGET
) -> Verdict:
    """The verdict on ``seen`` (a settled observation) for the game at ``state``."""
    if distance(seen, rules.observe(state)) == 0:
        return Verdict("unchanged", looked_at=1)
    # A refused move fits a table only as far as the camera read it: with a
    # piece unread (a sled, a hand of cards, a boat's slot) a legal sequence
    # may show the same (a boat sailed with the card that adds its last stone
    # and docked at the market, emptied). The search decides: a legal sequence
    # that explains the table wins; only when none does is the move illegal.
    result = search(rules, state, seen, depth=depth, budget=budget)
    if result.matches:
        return _from_matches(rules, state, result.matches, result.looked_at)
    if isinstance(rules, ChecksTable):
        for move in rules.physical_moves(state):
            if distance(seen, move.seen) == 0:
                return Verdict("illegal", move=move, looked_at=result.looked_at)
    return Verdict(
        "unexplained",
        differences=tuple(describe_differences(rules, state, seen)),
        looked_at=result.looked_at,
    )


def _from_matches(rules: Rules, state: Any, matches: list[Match], looked: int) -> Verdict:
    distinct: dict[str, Match] = {}
    for match in matches:
        key = json.dumps(rules.to_dict(match.state), sort_keys=True, default=str)
        distinct.setdefault(key, match)
    found = list(distinct.values())
    if len(found) == 1:
        return Verdict("moves", actions=found[0].actions, looked_at=looked)
    # Every fitting sequence, not only one per outcome: two answers that end
    # the same (a good named differently) are both offered, so the player's
    # own words are among them.
    shared: list[Hashable] = []
    for step in zip(*(m.actions for m in matches), strict=False):
        if any(a != step[0] for a in step):
            break
        shared.append(step[0])
    probe = state
    for action in shared:
        probe, _ = rules.apply(probe, action, check=False)
    at = len(shared)
    candidates = tuple(dict.fromkeys(m.actions[at] for m in matches if len(m.actions) > at))
    decision = rules.decision(probe)
    asker = None if decision.player == CHANCE or decision.player < 0 else decision.player
    entered_at_table = getattr(rules, "entered_at_table", None)
    if asker is None and decision.is_chance and entered_at_table is not None:
        # Done in the open by one player (a die rolled): that player's phone says it.
        roller = entered_at_table(probe)
        asker = roller if isinstance(roller, int) and roller >= 0 else None
    return Verdict(
        "ambiguous", actions=tuple(shared), candidates=candidates, asker=asker, looked_at=looked
    )


def describe_differences(rules: Rules, state: Any, seen: Observation) -> list[tuple[str, str]]:
    """What differs between the game and the table, in the game's words when it
    has them (``table_differences``), else by field name."""
    if isinstance(rules, ChecksTable):
        words = rules.table_differences(state, seen)
        if words:
            return words
    expected = rules.observe(state)
    return [
        (name.replace("_", " "), name.replace("_", " "))
        for name, value in seen.field_values().items()
        if differing_items(value, getattr(expected, name))
    ]


def differences_text(
    differences: tuple[tuple[str, str], ...] | list[tuple[str, str]],
) -> tuple[str, str]:
    """The differences as one English and one Spanish sentence part."""
    shown = list(differences)[:6]
    more = len(differences) - len(shown)
    en = "; ".join(d[0] for d in shown) + (f"; and {more} more" if more > 0 else "")
    es = "; ".join(d[1] for d in shown) + (f"; y {more} más" if more > 0 else "")
    return en, es
