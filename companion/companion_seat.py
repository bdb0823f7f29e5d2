"""Seats the companion plays: an opponent for any game, as moves a person carries out.

What it is for: a player alone (or a group one short) plays Imhotep, Ceylon or
Rajas of the Ganges against the companion. A seat chosen on the start page as
"the companion" has no phone: its answers are taken as soon as its decision is
pending (``RulesSession.companion_seats``) by a search player
(``engine.core.search.players``) that reads only what that seat may see (the
rules' ``determinize``: every other seat's secret redrawn before it thinks),
and are shown on the table screen as moves for someone at the table to carry
out. Its own secret draws are dealt by the companion from the operating
system's randomness and shown to nobody until the rules reveal them.

Each answer is written to the step's log row like any other, so a restart
replays the same game without thinking again; the bot itself draws its
samples from the OS too (nothing a player sees could predict its choice).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Hashable
from typing import Any

from engine.core.game import Rules

#: The levels a start page offers, weakest first, with their words.
LEVELS: dict[str, tuple[str, str]] = {
    "easy": ("easy", "fácil"),
    "normal": ("normal", "normal"),
    "strong": ("strong", "fuerte"),
}
DEFAULT_LEVEL = "normal"


def can_play(rules: Rules) -> bool:
    """Whether the companion can play a seat of this game without reading secrets."""
    from engine.core.search.determinize import Determinizes

    return isinstance(rules, Determinizes)


def chooser(rules: Rules, level: str) -> Callable[[Any], Hashable]:
    """The function that answers for a companion seat at ``level`` (``ValueError``
    names the levels; ``TypeError`` a game it cannot play fairly)."""
    from engine.core.search.players import make_bot

    if level not in LEVELS:
        raise ValueError(f"no companion level {level!r}; levels: {', '.join(LEVELS)}")
    if not can_play(rules):
        raise TypeError(f"the companion cannot play {rules.title_en} without reading secrets")
    bot = make_bot(level)
    rng = secrets.SystemRandom()

    def choose(state: Any) -> Hashable:
        return bot.choose(rules, state, rng)

    return choose
