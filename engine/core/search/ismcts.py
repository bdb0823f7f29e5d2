"""Information-set Monte Carlo tree search over the ``Rules`` protocol, for any game.

What it is for: a player as strong as the time it is given, for every game,
without game code (``engine.core.search.players`` wraps it as a bot; the
review after a game, ``engine.core.review``, asks it what each answer was
worth). It is single-observer ISMCTS (Cowling, Powley and Whitehouse 2012):

- each iteration draws a full state the searching seat cannot tell from the
  real one (``determinize``: the other seats' secrets redrawn), so the search
  never reads a secret;
- one tree of the decisions made since the root, keyed by the actions taken
  (chance outcomes are sampled, not branched: an "open loop" tree); at a node
  only the children legal in this iteration's draw compete, by UCB1 with
  their availability count (how often they were legal when the node was
  reached), so an answer that exists in few draws is not favoured;
- a new node is added per iteration, then the game is played on by
  ``rollout`` (uniformly random answers, a few greedy ones) for at most
  ``depth`` decisions, and judged by ``evaluate``: each seat's points (the
  score sheet's provisional total, which counts end-of-game items as they
  stand) against the best other seat's, squashed to 0..1 (a win by
  ``scale`` points or more is near 1), the winner's flag breaking ties at
  the end. Each seat's reward is backed up to the decisions it made.

A decision with one legal answer is not searched. Deterministic for a given
``rng`` (every draw comes from it; time limits are a ceiling only when
``seconds`` is given, and then the result depends on the machine's speed).
Pure: no I/O.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import Any

from engine.core.game import Decision, Rules
from engine.core.search.determinize import determinize

#: UCB1's exploration constant for rewards in 0..1
EXPLORATION = 0.7
#: points of lead that count as nearly a sure win in the evaluation
SCALE = 8.0


@dataclass(slots=True)
class Node:
    """Statistics of one answer reached by a line of answers from the root."""

    visits: int = 0
    reward: float = 0.0  # sum of the rewards of the seat that chose this answer
    available: int = 0  # iterations in which this answer was legal at its parent
    children: dict[Hashable, Node] = field(default_factory=dict)


@dataclass(frozen=True)
class Settings:
    """How hard the search works: iterations, a rollout's depth, optional CPU seconds."""

    iterations: int = 200
    depth: int = 24
    seconds: float | None = None
    scale: float = SCALE
    exploration: float = EXPLORATION
    #: chance of a greedy (best-evaluated) answer at a rollout step instead of a random one
    greedy: float = 0.0


@dataclass(frozen=True)
class Estimate:
    """One root answer as the search saw it: visits and mean reward (0..1) for the seat."""

    action: Hashable
    visits: int
    value: float


def sigmoid_lead(lead: float, scale: float) -> float:
    """A lead in points as a reward in 0..1 (0.5 level, near 1 at ``2 * scale`` ahead)."""
    return 0.5 + 0.5 * math.tanh(lead / scale)


def evaluate(rules: Rules, state: Any, scale: float = SCALE) -> list[float]:
    """Each seat's reward in 0..1 at ``state``: its points against the best other seat's."""
    sheets = sorted(rules.score(state), key=lambda sheet: sheet.seat)
    over = rules.decision(state).is_over
    points = [float(sheet.total if over else sheet.provisional_total) for sheet in sheets]
    rewards = []
    for seat, mine in enumerate(points):
        best_other = max((p for s, p in enumerate(points) if s != seat), default=0.0)
        reward = sigmoid_lead(mine - best_other, scale)
        if over and sheets[seat].winner:  # a tie broken by the rulebook: the winner's edge
            reward = min(1.0, reward + 0.05)
        rewards.append(reward)
    return rewards


def advance_chance(rules: Rules, state: Any, rng: random.Random) -> Any:
    """``state`` after every pending draw of chance, each drawn with the table's odds."""
    return _advance(rules, state, rng)[0]


def _advance(rules: Rules, state: Any, rng: random.Random) -> tuple[Any, Decision]:
    """``advance_chance`` and the decision then pending (asked once)."""
    decision = rules.decision(state)
    while decision.is_chance and not decision.is_over:
        state, _ = rules.apply(state, rules.random_chance(state, rng), check=False)
        decision = rules.decision(state)
    return state, decision


def greedy_answer(
    rules: Rules, state: Any, seat: int, actions: list[Hashable], rng: random.Random, scale: float
) -> Hashable:
    """The answer whose state right after is judged best for ``seat`` (ties: ``rng``)."""
    best: list[Hashable] = []
    top = -1.0
    for action in actions:
        after, _ = rules.apply(state, action, check=False)
        value = evaluate(rules, after, scale)[seat]
        if value > top + 1e-12:
            top, best = value, [action]
        elif abs(value - top) <= 1e-12:
            best.append(action)
    return best[0] if len(best) == 1 else rng.choice(best)


def rollout(rules: Rules, state: Any, settings: Settings, rng: random.Random) -> list[float]:
    """Play on from ``state`` for at most ``settings.depth`` decisions; the rewards then."""
    for _ in range(settings.depth):
        state, decision = _advance(rules, state, rng)
        if decision.is_over:
            break
        actions = rules.legal_actions(state)
        if settings.greedy and len(actions) > 1 and rng.random() < settings.greedy:
            action = greedy_answer(rules, state, decision.player, actions, rng, settings.scale)
        else:
            action = actions[0] if len(actions) == 1 else rng.choice(actions)
        state, _ = rules.apply(state, action, check=False)
    return evaluate(rules, advance_chance(rules, state, rng), settings.scale)


def _select(node: Node, actions: list[Hashable], exploration: float) -> Hashable:
    best: Hashable = actions[0]
    top = -math.inf
    for action in actions:
        child = node.children[action]
        score = child.reward / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > top:
            top, best = score, action
    return best


def search(
    rules: Rules, state: Any, seat: int, settings: Settings, rng: random.Random
) -> list[Estimate]:
    """Every legal answer of ``seat`` at ``state`` with its visits and mean reward,
    most visited first (the first is the search's choice). ``state`` is the real
    one: only the seat's own legal answers and what ``determinize`` keeps are read."""
    root_actions = rules.legal_actions(state)
    if not root_actions:
        raise ValueError("no decision is pending: the game is over")
    root = Node()
    if len(root_actions) > 1:
        deadline = None if settings.seconds is None else time.process_time() + settings.seconds
        for iteration in range(settings.iterations):
            if deadline is not None and iteration and time.process_time() > deadline:
                break
            _iterate(rules, determinize(rules, state, seat, rng), root, settings, rng)
    estimates = [
        Estimate(a, root.children[a].visits, root.children[a].reward / root.children[a].visits)
        if a in root.children and root.children[a].visits
        else Estimate(a, 0, 0.0)
        for a in root_actions
    ]
    order = sorted(
        range(len(estimates)), key=lambda i: (-estimates[i].visits, -estimates[i].value, i)
    )
    return [estimates[i] for i in order]


def _iterate(rules: Rules, state: Any, root: Node, settings: Settings, rng: random.Random) -> None:
    node = root
    path: list[tuple[Node, int]] = []
    rewards: list[float] | None = None
    while True:
        state, decision = _advance(rules, state, rng)
        if decision.is_over:
            rewards = evaluate(rules, state, settings.scale)
            break
        actions = rules.legal_actions(state)
        if len(actions) == 1 and node is not root:  # forced: no branching, same node
            state, _ = rules.apply(state, actions[0], check=False)
            continue
        untried = [a for a in actions if a not in node.children]
        for action in actions:
            if action in node.children:
                node.children[action].available += 1
        if untried:
            action = untried[0] if len(untried) == 1 else rng.choice(untried)
            child = Node(available=1)
            node.children[action] = child
            path.append((child, decision.player))
            state, _ = rules.apply(state, action, check=False)
            rewards = rollout(rules, state, settings, rng)
            break
        action = _select(node, actions, settings.exploration)
        node = node.children[action]
        path.append((node, decision.player))
        state, _ = rules.apply(state, action, check=False)
    for child, player in path:
        child.visits += 1
        child.reward += rewards[player] if 0 <= player < len(rewards) else 0.5
