"""The real cards simulated players hold when the game keeps their hands unknown.

Why: with Ceylon's ``unknown_hands`` the companion counts the cards in each
hand but never learns their faces, so its legal plays are every face a hand
may hold. A real player holds real cards and plays one of them; the
simulated players do the same from here, outside the engine: a real deck
shuffled from the demo's seed, a card off its top each time the game counts
one more card in a hand, and the card played taken out of the hand that
played it. ``fits`` is what a simulated phone asks before it plays a card.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from typing import Any

from engine.ceylon.actions import Action
from engine.ceylon.hands import unknown
from engine.ceylon.state import State

#: the house choices a simulated game plays with, as a table would by default
DEMO_OPTIONS: dict[str, tuple[str, ...]] = {"ceylon": ("unknown_hands",)}


def demo_options(game: str) -> list[str]:
    """The options a demo of ``game`` is started with."""
    return list(DEMO_OPTIONS.get(game, ()))


class RealHands:
    """Each seat's real cards (faces), and the real draw pile, for one game."""

    def __init__(self, faces: list[int], players: int, rng: random.Random) -> None:
        self.pile = faces[:]
        rng.shuffle(self.pile)
        self.hands: list[list[int]] = [[] for _ in range(players)]

    def sync(self, state: State) -> None:
        """Draw real cards for every card the game counted into a hand since last time."""
        for seat, player in enumerate(state.players):
            hand = self.hands[seat]
            if len(hand) > player.unknown and state.card in hand:
                hand.remove(state.card)  # a card played that ``played`` was not told of
            while len(hand) < player.unknown and self.pile:
                hand.append(self.pile.pop())

    def fits(self, state: State, seat: int, action: Hashable) -> bool:
        """Whether ``seat`` can really make ``action``: a card played must be in its hand."""
        if not isinstance(action, Action) or action.kind != "play":
            return True
        self.sync(state)
        return action.a in self.hands[seat]

    def played(self, seat: int, action: Hashable) -> None:
        """``seat`` made ``action``: a card played leaves its real hand."""
        if isinstance(action, Action) and action.kind == "play" and action.a in self.hands[seat]:
            self.hands[seat].remove(action.a)


def real_hands_for(rules: Any, state: Any, seed: int) -> RealHands | None:
    """Real hands for a game that keeps its hands unknown (Ceylon's option), else ``None``."""
    if not isinstance(state, State) or not unknown(state):
        return None
    faces = [f for f, face in enumerate(rules.catalog.faces) for _ in range(face.count)]
    hands = RealHands(faces, state.n, random.Random(seed * 53 + 11))
    hands.sync(state)
    return hands
