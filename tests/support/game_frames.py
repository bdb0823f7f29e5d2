"""A game's start as its camera table shows it, and a still frame of an image:
what the readers' notice tests (tests/vision/games) render and feed."""

from __future__ import annotations

import random

import numpy as np

from engine.core.registry import get_rules
from vision.sources import Frame


def start_seen(game: str, players: int) -> object:
    """``game``'s table for ``players`` after the set-up's draws (seed 3), as
    the camera sees it (``rules.observe(state).as_seen()``)."""
    rules = get_rules(game)
    state = rules.new_game(players, seed=3)
    rng = random.Random(3)
    while rules.decision(state).is_chance:  # the set-up's draws
        state, _ = rules.apply(state, rules.random_chance(state, rng), check=False)
    return rules.observe(state).as_seen()


def frame_of(image: np.ndarray, n: int) -> Frame:
    """``image`` as the ``n``-th frame of a camera at 10 frames a second."""
    return Frame(image=np.ascontiguousarray(image), number=n, time=n / 10)
