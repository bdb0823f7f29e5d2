"""Where a new game's random draws come from: public draws may repeat, secret ones never.

A game's setup draws come in two kinds. Public draws (the face-up temple and
bridge tiles, district tiles, starting workers, revealed storehouses, the
starting player) end up on the table for everyone to see. Secret draws (each
player's objectives, the Maharajah's objective) must stay unknown to everyone
but their owner.

If both came from one seeded generator, the public draws would reveal the
seed (a seed below 2^31 is searched in minutes on a laptop), and the seed
every hand. So a ``Dealer`` draws the secret ones from the operating system
(``secrets.SystemRandom``), never from a stream a public draw comes from. A
seed, when given, only makes the public layout repeatable (for a demo, or to
lay out the same table twice). Resuming and replaying need no seed at all:
the log's ``game`` row records every outcome drawn.

Fully seeded games (``Game.new(seed=...)``) stay for tests and the
simulated demo, where nothing is secret from anyone.
"""

from __future__ import annotations

import random
import secrets

from engine.amritsar import CHANCE_KINDS, Game, GameState, Pending, random_chance

#: Draws whose outcome is private: dealt from the operating system only.
SECRET_DRAWS = frozenset({Pending.CHANCE_OBJECTIVE, Pending.CHANCE_MAHARAJAH_OBJECTIVE})


class Dealer:
    """Makes a game's pending chance draws; secret ones always from the OS."""

    def __init__(self, public_seed: int | None = None) -> None:
        self.public: random.Random = (
            random.Random(public_seed) if public_seed is not None else secrets.SystemRandom()
        )
        self.secret: random.Random = secrets.SystemRandom()

    def rng_for(self, state: GameState) -> random.Random:
        """The generator for the draw ``state`` waits on."""
        return self.secret if Pending(state.pending[-1].kind) in SECRET_DRAWS else self.public

    def deal(self, game: Game) -> None:
        """Make every pending chance draw, each as a step of ``game``'s record."""
        while game.state.pending and game.state.pending[-1].kind in CHANCE_KINDS:
            game.play(random_chance(game.state, self.rng_for(game.state)))
