"""Amritsar as a core ``Rules`` object, registered as ``"amritsar"``.

What it is for: the rest of the product can serve any game through
``engine.core.registry.get_rules(name)``; this module adapts Amritsar's own
functions (``engine.amritsar``) to that protocol without changing them.

Amritsar's own API stays the richer one (house rules with ``solo``/``hard``
keywords, the Maharajah's reports, the ``Pending`` enum); this object maps
onto it: one player is the solo game, and the option ``"hard"`` is the
Maharajah's hard level (rulebook: Solo Mode). The pending decision's ``kind``
is the ``Pending`` name (``"SOW_ORIGIN"``).

Example:
    >>> from engine.core.registry import get_rules
    >>> rules = get_rules("amritsar")
    >>> state = rules.new_game(2, seed=7)
    >>> rules.decision(state).kind
    'SETUP_OBJECTIVE'
    >>> rules.format_action(rules.parse_action("sow N1"))
    'sow N1'
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from typing import Any

from engine.amritsar import game
from engine.amritsar.actions import Act, Action, format_action, parse_action
from engine.amritsar.decisions import Pending
from engine.amritsar.describe import describe_action, describe_done
from engine.amritsar.determinize import determinize
from engine.amritsar.observe import Observation, observe
from engine.amritsar.options import OPTIONS
from engine.amritsar.rules.core import Event
from engine.amritsar.rules.scoring import score
from engine.amritsar.serialize import from_dict, to_dict
from engine.amritsar.state import UNNAMED, GameState
from engine.amritsar.view import view
from engine.core.game import Decision, Filter
from engine.core.reasons import Reason
from engine.core.registry import register
from engine.core.scoring import Period, ScoreSheet, TieBreak

#: The option that sets the solo Maharajah to his hard level.
HARD = "hard"


def _state(state: Any) -> GameState:
    if not isinstance(state, GameState):
        raise TypeError(f"not an Amritsar state: {type(state).__name__}")
    return state


def _action(action: Hashable) -> Action:
    if not isinstance(action, Action):
        raise TypeError(f"not an Amritsar action: {action!r}")
    return action


def privacy(state: GameState, action: Action) -> tuple[int | None, bool]:
    """(seat whose secret ``action`` holds, whether it reveals something new).

    A dealt objective is its receiver's secret; a chosen first objective or an
    objective played face down is the chooser's; every chance draw reveals.
    An objective nobody has named (house rule ``objectives_at_end``) holds no
    secret: the table sees an objective go face down, nothing more.
    """
    top = state.pending[-1]
    if action.kind is Act.CHANCE:
        return secret_for(state), True
    if action.kind in (Act.SETUP_OBJECTIVE, Act.UPGRADE_OBJECTIVE) and action.a != UNNAMED:
        return top.player, False
    return None, False


#: the core decisions made so far, by (top frame's kind, player, secret_for) (``decision``)
_DECISIONS: dict[tuple[int, int, int | None], Decision] = {}


def secret_for(state: GameState) -> int | None:
    """The seat a pending secret draw is for: the receiver of a dealt objective."""
    if state.pending and state.pending[-1].kind == Pending.CHANCE_OBJECTIVE:
        return state.pending[-1].a
    return None


class AmritsarRules:
    """*Amritsar: The Golden Temple*, 1-4 players (1: solo against the Maharajah)."""

    name = "amritsar"
    #: the game-over screen's words (``engine.core.game.EndWords``)
    tie_break = TieBreak(
        "donations",
        "Fin de partida",
        "more donations made to the Golden Temple",
        "más donaciones realizadas al Templo Dorado",
    )
    period = Period(lambda state: int(state.decade), "Decade", "Década")  # 3 decades
    point_words = (("PP", "PP"), ("PP", "PP"))  # prestige points, as both rulebooks print them
    title_en = "Amritsar: The Golden Temple"
    title_es = "Amritsar: El Templo Dorado"
    min_players = 1
    max_players = 4
    solo = True

    def new_game(
        self, players: int, *, seed: int | None = None, options: Iterable[str] = ()
    ) -> GameState:
        chosen = set(options)
        hard = HARD in chosen
        chosen.discard(HARD)
        if hard and players != 1:
            raise ValueError(f"option {HARD!r} is the solo Maharajah's level: one player only")
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Amritsar is for 1-4 players, not {players}")
        return game.new_game(players, solo=players == 1, hard=hard, seed=seed, options=chosen)

    def option_names(self) -> tuple[str, ...]:
        return (*OPTIONS, HARD)

    def decision(self, state: Any) -> Decision:
        state = _state(state)
        # A decision depends only on the top frame's kind, player and (a dealt
        # objective) receiver: each one made once, as a search asks ~10^5 a move.
        top = state.pending[-1] if state.pending else None
        key = (-1, 0, 0) if top is None else (top.kind, top.player, secret_for(state))
        found = _DECISIONS.get(key)
        if found is None:
            d = game.decision(state)
            found = Decision(
                d.kind.name,
                d.player,
                d.prompt_en,
                d.prompt_es,
                is_chance=d.is_chance,
                is_over=d.kind is Pending.GAME_OVER,
                secret_for=secret_for(state),
            )
            if len(_DECISIONS) < 4096:
                _DECISIONS[key] = found
        return found

    def legal_actions(self, state: Any, only: Filter | None = None) -> list[Hashable]:
        pruning = None
        if only is not None:
            kinds = None
            if only.kinds is not None:
                kinds = {k if isinstance(k, Act) else Act[str(k)] for k in only.kinds}
            pruning = game.ActionFilter(kinds, only.first)
        return list(game.legal_actions(_state(state), pruning))

    def why_illegal(self, state: Any, action: Hashable) -> Reason | None:
        return game.why_illegal(_state(state), _action(action))

    def apply(
        self, state: Any, action: Hashable, *, check: bool = True
    ) -> tuple[GameState, list[Event]]:
        return game.apply(_state(state), _action(action), check=check)

    def random_chance(self, state: Any, rng: random.Random) -> Hashable:
        return game.random_chance(_state(state), rng)

    def privacy(self, state: Any, action: Hashable) -> tuple[int | None, bool]:
        return privacy(_state(state), _action(action))

    def determinize(self, state: Any, seat: int, rng: random.Random) -> GameState:
        """The others' objectives redrawn for ``seat`` (``engine.core.search.determinize``)."""
        return determinize(_state(state), seat, rng)

    def score(self, state: Any) -> list[ScoreSheet]:
        return list(score(_state(state)))

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return view(_state(state), seat)

    def observe(self, state: Any) -> Observation:
        return observe(_state(state))

    def format_action(self, action: Hashable) -> str:
        return format_action(_action(action))

    def parse_action(self, text: str) -> Hashable:
        return parse_action(text)

    def describe_action(self, state: Any, action: Hashable, language: str = "en") -> str:
        return describe_action(_state(state), _action(action), language)

    def describe_done(self, state: Any, action: Hashable, language: str = "en") -> str:
        """The log's line: what was done, in the past tense."""
        return describe_done(_state(state), _action(action), language)

    def to_dict(self, state: Any) -> dict[str, Any]:
        return to_dict(_state(state))

    def from_dict(self, data: Any) -> GameState:
        return from_dict(data)

    # -- the position notation (``engine.core.game.WritesPositions``) ------------------
    def write_position(self, state: Any) -> str:
        from engine.amritsar.position import format_position

        return format_position(_state(state))

    def read_position(self, text: str) -> GameState:
        from engine.amritsar.position import parse_position

        return parse_position(text)

    def position_problems(self, text: str, language: str = "en") -> list[str]:
        from engine.amritsar.position import position_problems

        return position_problems(text, language)


RULES = register(AmritsarRules())
