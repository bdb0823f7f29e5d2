"""Chance helpers every game's ``random_chance`` can use.

What it is for: a draw of chance (a shuffled deck, a card dealt, a die) is a
decision whose legal outcomes the rules list; a game drawing one itself must
draw it uniformly among the legal ones, and a real table's secret draws must
come from the operating system, never from a seeded stream a player could
reproduce (``docs/security.md``).

``first_legal`` draws uniformly without checking every outcome: the first
legal outcome of a random permutation is uniform among the legal ones, the
same distribution as choosing from the full legal list, at the cost of only
the checks made until one passes (Amritsar's setup has ~50 draws, some with
costly checks).

Example:
    >>> import random
    >>> first_legal(range(10), lambda n: n % 2 == 1, random.Random(3)) % 2
    1
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Iterable
from typing import TypeVar

T = TypeVar("T")


def secret_rng() -> random.Random:
    """Randomness from the operating system: for draws no one may predict."""
    return secrets.SystemRandom()


def first_legal(outcomes: Iterable[T], is_legal: Callable[[T], bool], rng: random.Random) -> T:
    """An outcome drawn uniformly among those ``is_legal`` accepts.

    ``ValueError`` when none is legal."""
    left = list(outcomes)
    while left:
        outcome = left.pop(rng.randrange(len(left)))
        if is_legal(outcome):
            return outcome
    raise ValueError("no legal outcome can be drawn")
