"""How a demo's simulated players choose (``companion demo --simulated``).

What it is for (issue 38): a demo or bench that counts what a person at the
table meets (phone answers, the camera's reconciliation, the Maharajah's
score against a player) should be played the way a good player plays. So
``companion demo`` and the phone-answer benches play their simulated seats
with ``strong``, the companion's own search (``engine.core.search``), unless
told otherwise. The older players stay available:

- ``casual``: the demos' players before the search: a one-move look-ahead
  with a quarter of answers at random (Imhotep, Ceylon, Rajas), Amritsar's
  ``GreedyPlayer`` (best of a few random completions of a turn). Fast: the
  tests' demos use it;
- ``random``, ``greedy``, ``easy``, ``normal``, ``strong``: the search
  module's players by name (``engine.core.search.players``).

Every search player reads only what its seat may see (it draws the hidden
rest, ``determinize``), so a simulated player learns no secret from the
companion's state.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Sequence
from typing import Any

from engine.core.game import Bot, Rules

#: the names ``--simulated`` takes, weakest first ("casual": the older players)
SIMULATED: tuple[str, ...] = ("casual", "random", "greedy", "easy", "normal", "strong")
#: what ``companion demo`` and the phone-answer benches play with
DEMO_SIMULATED = "strong"
#: what a caller that names none gets: the older, fast players (tests)
CASUAL = "casual"


def simulated_bot(name: str) -> Bot | None:
    """The search module's player named ``name``, or ``None`` for ``casual``
    (the caller's own older player); ``ValueError`` names the choices."""
    if name not in SIMULATED:
        raise ValueError(f"no simulated player {name!r}; choose one of {', '.join(SIMULATED)}")
    if name == CASUAL:
        return None
    # Here, not at the top: every command's parser reads SIMULATED, and
    # `companion run` need not load the search.
    from engine.core.search.players import make_bot

    return make_bot(name)


class BotPolicy:
    """A demo policy ``(state, actions, rng) -> action`` (Amritsar's simulated
    table asks one) answered by ``bot`` through the game's ``rules``."""

    def __init__(self, rules: Rules, bot: Bot) -> None:
        self.rules = rules
        self.bot = bot

    def __call__(self, state: Any, actions: Sequence[Hashable], rng: random.Random) -> Hashable:
        if len(actions) == 1:
            return actions[0]
        action = self.bot.choose(self.rules, state, rng)
        if action not in actions:  # the table offers fewer answers than the rules
            return rng.choice(list(actions))
        return action
