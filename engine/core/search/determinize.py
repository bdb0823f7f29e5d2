"""Drawing a whole state a seat cannot tell from the real one: the optional ``determinize``.

What it is for: a player who searches ahead (``engine.core.search``) must not
read what it cannot see (another seat's hand, the order of a pile). It asks
the game for a *determinization*: a full state that shows the seat exactly
what the real one shows, with every secret redrawn at random among the values
the seat cannot rule out. A search over many such draws plays from what the
seat knows, never from the secrets themselves.

A game implements ``Determinizes`` (one method on its ``Rules`` object). The
contract, checked per game by ``tests/engine/test_determinize.py``:

- what the seat sees is kept: ``view(draw, seat) == view(state, seat)`` and
  every field outside the game's named secrets is equal;
- the secrets vary over exactly the consistent set: the unseen cards are
  shuffled among the hidden places with their sizes kept, each arrangement as
  likely as the table's shuffle makes it;
- the draw depends on ``rng`` and on what the seat sees only, never on the
  secrets' values (the secrets are pooled and sorted before the shuffle), so a
  seeded search makes the same choice whatever the other seats hold.

A game with nothing hidden returns the state itself (Rajas).
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

from engine.core.game import Rules


@runtime_checkable
class Determinizes(Protocol):
    """The optional part of ``Rules`` a search player needs."""

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A full state ``seat`` cannot tell from ``state``, its secrets drawn with ``rng``."""
        ...


def determinize(rules: Rules, state: Any, seat: int, rng: random.Random) -> Any:
    """``rules.determinize`` when the game has it; a game without it cannot be
    searched fairly, so ``TypeError`` names it."""
    if not isinstance(rules, Determinizes):
        raise TypeError(
            f"{rules.name} has no determinize(state, seat, rng): a search player "
            "would read secrets it cannot see"
        )
    return rules.determinize(state, seat, rng)


def deal_counts(cards: list[int], sizes: list[int], kinds: int) -> list[list[int]]:
    """``cards`` (kinds, already shuffled) dealt in order into piles of ``sizes``,
    as counts per kind. ``sum(sizes)`` must equal ``len(cards)`` (``ValueError`` else)."""
    if sum(sizes) != len(cards):
        raise ValueError(f"{len(cards)} unseen cards cannot fill places holding {sum(sizes)}")
    piles: list[list[int]] = []
    start = 0
    for size in sizes:
        counts = [0] * kinds
        for card in cards[start : start + size]:
            counts[card] += 1
        piles.append(counts)
        start += size
    return piles


def shuffled(pool: list[int], rng: random.Random) -> list[int]:
    """``pool`` sorted then shuffled with ``rng``: the same draw for the same multiset,
    whatever order the secrets were in."""
    cards = sorted(pool)
    rng.shuffle(cards)
    return cards


def expand(counts: list[int] | tuple[int, ...]) -> list[int]:
    """Counts per kind as a list of kinds (``[2, 0, 1]`` -> ``[0, 0, 2]``)."""
    return [kind for kind, n in enumerate(counts) for _ in range(n)]
