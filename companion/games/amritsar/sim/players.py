"""Stand-in players for simulations: random, and a simple greedy planner.

Used by the demo (Ana), the end-to-end tests and the solo strength benchmark.
``GreedyPlayer`` plans each run of its own decisions (a turn, a follow, a
setup choice) as the best of a few random completions, judged by ``worth``:
PP as the score sheet stands now, the majorities it would win if the decade
ended now, and rough values for coins, resources, counters on its elephant
and knowledge steps, less the PP an unpaid tax would cost. It is a baseline
to measure the Maharajah against and to make a demo look like play, not a
strong player.
"""

from __future__ import annotations

import random

from engine.amritsar import (
    Action,
    GameState,
    apply,
    competing_seats,
    counters_in,
    legal_actions,
    score_sheet,
    tax_due,
)

RESOURCE_WORTH = (0.4, 0.6, 0.8)
COUNTER_WORTH = 0.3
COIN_WORTH = 0.3
STEP_WORTH = 0.5
#: Random completions of a run of decisions the greedy player compares.
SAMPLES = 24


def random_player(state: GameState, actions: list[Action], rng: random.Random) -> Action:
    return rng.choice(actions)


def worth(state: GameState, seat: int) -> float:
    """The greedy player's estimate of a position for ``seat``."""
    p = state.players[seat]
    value = float(score_sheet(state, seat).provisional_total)
    if state.finished:
        return value
    temple = state.catalog.temple_tiles[state.temple[state.decade - 1]]
    for district in range(4):
        mine = counters_in(state, seat, district)
        rivals = [
            counters_in(state, other, district) for other in competing_seats(state) if other != seat
        ]
        if mine and mine >= max(rivals, default=0):
            value += temple.pp[district]  # the majority if the decade ended now
    value += COUNTER_WORTH * p.on_elephant
    value += sum(n * w for n, w in zip(p.resources, RESOURCE_WORTH, strict=True))
    value += COIN_WORTH * p.coins + STEP_WORTH * sum(p.tracks)
    short = max(0, tax_due(state, p) - p.coins)
    return value - short * state.catalog.rules.tax_penalty[state.decade - 1]


class GreedyPlayer:
    """Best of ``samples`` random completions of each run of its own decisions."""

    def __init__(self, seat: int = 0, samples: int = SAMPLES) -> None:
        self.seat = seat
        self.samples = samples
        self.plan: list[Action] = []

    def __call__(self, state: GameState, actions: list[Action], rng: random.Random) -> Action:
        if not self.plan or self.plan[0] not in actions:
            self.plan = self._best_line(state, rng)
        if not self.plan or self.plan[0] not in actions:
            return rng.choice(actions)
        return self.plan.pop(0)

    def _mine(self, state: GameState) -> bool:
        return not state.finished and bool(state.pending) and state.pending[-1].player == self.seat

    def _best_line(self, state: GameState, rng: random.Random) -> list[Action]:
        best: list[Action] = []
        best_value = float("-inf")
        for _ in range(self.samples):
            line: list[Action] = []
            s = state
            while self._mine(s):
                action = rng.choice(legal_actions(s))
                line.append(action)
                s, _ = apply(s, action, check=False)
            value = worth(s, self.seat)
            if value > best_value:
                best, best_value = line, value
        return best
