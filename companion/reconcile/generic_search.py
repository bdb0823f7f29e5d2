"""Which legal action sequences turn the game into what the table shows, for any game.

What it is for: the camera reports a settled observation (``None`` where it
could not read); the game is in some state. This search walks the rules'
legal actions from that state and keeps the sequences after which the game's
observation agrees with every leaf the camera did see
(``engine.core.physical.distance`` is 0).

How far it looks:

- every sequence of up to ``depth`` player decisions (default 2: two people
  can move before the picture settles), whatever they change;
- past that, only actions that bring the game closer to the table (fewer
  differing leaves), up to ``extra`` more, so a chain the table shows all at
  once (a boat unloaded at the market and every card picked) is still found;
- public chance (a card turned face up, a die rolled in the open) costs no
  depth: only the outcomes that bring the game closest to the table are
  followed, and only if they bring it closer (a draw the camera cannot see
  is left for a phone or the table screen);
- never a secret draw (``Decision.secret_for``): that comes from the drawer's
  phone, never from the table.

Bounded: at most about ``budget`` positions are made (every action applied
counts, kept or not; the layer under way is finished); the result says when
the budget ran out.
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from engine.core.game import Rules
from engine.core.observation import Observation
from engine.core.physical import distance

#: Player decisions searched exhaustively.
DEPTH = 2
#: Further player decisions allowed when each brings the game closer to the table.
EXTRA = 8
#: Positions made (actions applied), at most, per search.
BUDGET = 4_000


@dataclass(frozen=True)
class Match:
    """A legal sequence after which the game shows what the table shows."""

    actions: tuple[Hashable, ...]
    state: Any


@dataclass
class SearchResult:
    matches: list[Match]
    looked_at: int
    exhausted: bool  # the budget ran out before the search was done


@dataclass(frozen=True)
class _Node:
    state: Any
    actions: tuple[Hashable, ...]
    moves: int  # player decisions in ``actions``
    gap: int  # leaves differing from the table


def search(
    rules: Rules,
    state: Any,
    seen: Observation,
    *,
    depth: int = DEPTH,
    extra: int = EXTRA,
    budget: int = BUDGET,
) -> SearchResult:
    """The shortest legal sequences from ``state`` that match ``seen`` (none if
    ``state`` already matches: nothing to explain)."""
    start = _Node(state, (), 0, distance(seen, rules.observe(state)))
    if start.gap == 0:
        return SearchResult([], 1, False)
    layer = [start]
    looked = 1
    while layer:
        matches: list[Match] = []
        following: list[_Node] = []
        for node in layer:
            children, tried = _children(rules, node, seen, depth, extra)
            looked += tried
            for child in children:
                if child.gap == 0:
                    matches.append(Match(child.actions, child.state))
                else:
                    following.append(child)
            if looked >= budget:
                return SearchResult(matches, looked, True)
        if matches:
            return SearchResult(matches, looked, False)
        layer = following
    return SearchResult([], looked, False)


def _children(
    rules: Rules, node: _Node, seen: Observation, depth: int, extra: int
) -> tuple[list[_Node], int]:
    """The nodes worth following from ``node``, and how many positions were tried."""
    decision = rules.decision(node.state)
    if decision.is_over:
        return [], 0
    if decision.is_chance:
        if decision.secret_for is not None:
            return [], 0  # a secret draw: the drawer's phone says it
        outcomes = []
        for outcome in rules.legal_actions(node.state):
            after, _ = rules.apply(node.state, outcome, check=False)
            outcomes.append(
                _Node(
                    after,
                    (*node.actions, outcome),
                    node.moves,
                    distance(seen, rules.observe(after)),
                )
            )
        if not outcomes:
            return [], 0
        best = min(child.gap for child in outcomes)
        if best >= node.gap:
            return [], len(outcomes)  # the table does not show this draw (yet)
        return [child for child in outcomes if child.gap == best], len(outcomes)
    if node.moves >= depth + extra:
        return [], 0
    children = []
    actions = rules.legal_actions(node.state)
    for action in actions:
        after, _ = rules.apply(node.state, action, check=False)
        gap = distance(seen, rules.observe(after))
        if node.moves < depth or gap < node.gap:
            children.append(_Node(after, (*node.actions, action), node.moves + 1, gap))
    return children, len(actions)
