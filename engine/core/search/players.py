"""Automated players for every game, by name: random, greedy and the search levels.

What it is for: the benches (``bench/bots.py``), the demos and a companion
seat ask for a player by name and get a ``Bot`` (``engine.core.game.Bot``:
``choose(rules, state, rng)``) that answers the pending decision of the seat
whose turn it is, reading only what that seat may see:

- ``random``: any legal answer, uniformly;
- ``greedy``: the answer whose position right after is best for it by the
  search's evaluation (its points against the best other seat's), judged on
  a determinized state (``determinize``) so that it reads no secret either;
  a one-decision look-ahead, the baseline the search is measured against;
- ``easy``, ``normal``, ``strong``: the information-set search
  (``engine.core.search.ismcts``) with more iterations per level (``LEVELS``);
  ``strong10`` gives it ten times ``strong``'s, to check that it improves with time.

Each bot is deterministic for the ``rng`` it is given.
"""

from __future__ import annotations

import random
import time
from collections.abc import Hashable
from dataclasses import replace
from typing import Any

from engine.core.game import Bot, Rules
from engine.core.search.determinize import determinize
from engine.core.search.ismcts import Estimate, Settings, advance_chance, greedy_answer, search

#: search settings per level (iterations per decision; see bench/RESULTS.md for the strength)
LEVELS: dict[str, Settings] = {
    "easy": Settings(iterations=25, depth=12),
    "normal": Settings(iterations=100, depth=20),
    "strong": Settings(iterations=300, depth=24),
}
LEVELS["strong10"] = replace(LEVELS["strong"], iterations=10 * LEVELS["strong"].iterations)

#: every name ``make_bot`` knows, weakest first
BOT_NAMES = ("random", "greedy", "easy", "normal", "strong", "strong10")


def _seat(rules: Rules, state: Any) -> int:
    decision = rules.decision(state)
    if decision.is_over or decision.is_chance or decision.player < 0:
        raise ValueError(f"no seat decides now ({decision.kind}): a bot answers a seat's decision")
    return decision.player


class RandomBot:
    """Any legal answer, uniformly."""

    def choose(self, rules: Rules, state: Any, rng: random.Random) -> Hashable:
        _seat(rules, state)
        return rng.choice(rules.legal_actions(state))


class GreedyBot:
    """The answer that looks best one decision ahead, on a determinized state."""

    def __init__(self, scale: float = Settings().scale) -> None:
        self.scale = scale

    def choose(self, rules: Rules, state: Any, rng: random.Random) -> Hashable:
        seat = _seat(rules, state)
        actions = rules.legal_actions(state)
        if len(actions) == 1:
            return actions[0]
        sample = determinize(rules, state, seat, rng)
        return greedy_answer(rules, sample, seat, actions, rng, self.scale)


class SearchBot:
    """Information-set MCTS with ``settings`` (``LEVELS``)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings

    def estimates(self, rules: Rules, state: Any, rng: random.Random) -> list[Estimate]:
        """Every legal answer with its visits and mean reward, the choice first."""
        return search(rules, state, _seat(rules, state), self.settings, rng)

    def choose(self, rules: Rules, state: Any, rng: random.Random) -> Hashable:
        return self.estimates(rules, state, rng)[0].action


def make_bot(name: str) -> Bot:
    """The player named ``name`` (``BOT_NAMES``); ``ValueError`` lists the names."""
    if name == "random":
        return RandomBot()
    if name == "greedy":
        return GreedyBot()
    if name in LEVELS:
        return SearchBot(LEVELS[name])
    raise ValueError(f"no player {name!r}; players: {', '.join(BOT_NAMES)}")


def play_game(
    rules: Rules,
    bots: list[Bot],
    seed: int,
    *,
    options: tuple[str, ...] = (),
    on_decision: Any = None,
) -> Any:
    """A whole game: seat ``i`` played by ``bots[i]``, every draw and choice from
    ``seed``. ``on_decision(state, seat, action, seconds)`` is called per seat's
    decision (for timing). The final state."""
    rng = random.Random(seed)
    state = rules.new_game(len(bots), seed=rng.randrange(2**31), options=options)
    bot_rngs = [random.Random(rng.randrange(2**31)) for _ in bots]
    while True:
        state = advance_chance(rules, state, rng)
        decision = rules.decision(state)
        if decision.is_over:
            return state
        if decision.player < 0:  # an automated opponent of the rules themselves
            action = rules.legal_actions(state)[0]
        else:
            start = time.process_time()
            action = bots[decision.player].choose(rules, state, bot_rngs[decision.player])
            if on_decision is not None:
                on_decision(state, decision.player, action, time.process_time() - start)
        state, _ = rules.apply(state, action, check=False)
