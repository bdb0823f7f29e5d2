"""``RULES``: the object implementing ``engine.core.game.Rules`` for Rajas of the Ganges.

Thin: each method hands over to the module that does the work (``play``,
``scoring``, ``view``, ``serialize``, ``describe``) with this game's catalog.

Example:
    >>> rules = RajasRules()
    >>> state = rules.new_game(3, seed=4)
    >>> rules.decision(state).kind
    'PLACE'
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from typing import Any, ClassVar

from engine.core.answers import AnswerParts
from engine.core.game import Decision, Event, Filter
from engine.core.observation import Observation
from engine.core.physical import PhysicalMove
from engine.core.position_text import PositionsWithCatalog
from engine.core.reasons import Reason
from engine.core.scoring import ScoreSheet, TieBreak
from engine.rajas import physical, play, position, scoring, serialize
from engine.rajas.actions import Action, format_action, parse_action
from engine.rajas.answers import answer_parts
from engine.rajas.catalog import Catalog, default_catalog
from engine.rajas.describe import describe, describe_option
from engine.rajas.state import CHANCE_PHASES, FIRST, ROLL, State
from engine.rajas.view import RajasObservation, observe, view


class RajasRules(PositionsWithCatalog):
    name = "rajas"
    #: the game-over screen's words (``engine.core.game.EndWords``)
    tie_break = TieBreak(
        "fame",
        "Fin de la partida (missing from the source text)",
        "more fame (assumed: the rulebook gives no tie-break)",
        "más fama (supuesto: el reglamento no da desempate)",
    )
    notation = position  # its position notation (``PositionsWithCatalog``)
    title_en = "Rajas of the Ganges"
    title_es = "Rajas of the Ganges"
    min_players = 2
    max_players = 4
    solo = False
    option_words: ClassVar[dict[str, tuple[str, str]]] = {}  # the basic game has no house rules
    player_colours = scoring.COLOURS  # engine.core.game.TableWords

    def __init__(self, catalog: Catalog | None = None):
        self.catalog = catalog or default_catalog()

    def new_game(
        self, players: int, *, seed: int | None = None, options: Iterable[str] = ()
    ) -> State:
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise ValueError(f"Rajas of the Ganges is for 2 to 4 players, not {players!r}")
        chosen = tuple(sorted(set(options)))
        for option in chosen:
            if option not in play.OPTIONS:
                raise ValueError(f"unknown option {option!r} (the basic game has none)")
        state = play.new_state(self.catalog, players, chosen)
        if seed is not None:
            rng = random.Random(seed)
            while state.phase in CHANCE_PHASES:
                action = play.random_chance(self.catalog, state, rng)
                state, _ = play.apply(self.catalog, state, action, False)
        return state

    def option_names(self) -> tuple[str, ...]:
        return play.OPTIONS

    def decision(self, state: State) -> Decision:
        return play.decision(self.catalog, state)

    def legal_actions(self, state: State, only: Filter | None = None) -> list[Hashable]:
        return play.legal_actions(self.catalog, state, only)

    def why_illegal(self, state: State, action: Hashable) -> Reason | None:
        return play.why_illegal(self.catalog, state, action)

    def apply(
        self, state: State, action: Hashable, *, check: bool = True
    ) -> tuple[State, list[Event]]:
        return play.apply(self.catalog, state, action, check)

    def random_chance(self, state: State, rng: random.Random) -> Hashable:
        return play.random_chance(self.catalog, state, rng)

    def privacy(self, state: State, action: Hashable) -> tuple[int | None, bool]:
        return play.privacy(state, action)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """Nothing is secret in the basic game (``view``): the state itself
        (``engine.core.search.determinize``)."""
        return state

    def entered_at_table(self, state: State) -> int | None:
        """The seat whose phone enters this public chance outcome because it happens
        openly at the table, or ``None`` when the companion may deal it.

        A die is rolled by the player who gained it, in the open (rulebook: "lo
        tira inmediatamente"): only that roll counts, so the companion never
        invents one. A tie for start player is settled by a question ("who ate
        Indian food last?"), answered at the table by one of the tied players.
        A tile turned up on a stack is a public draw like any other game's.
        """
        if state.phase == ROLL:
            return state.actor
        if state.phase == FIRST:
            first = play.legal_actions(self.catalog, state)[0]
            return first.a if isinstance(first, Action) else None
        return None

    def score(self, state: State) -> list[ScoreSheet]:
        return scoring.score(self.catalog, state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        d = self.decision(state)
        decision = {"kind": d.kind, "player": d.player, "en": d.prompt_en, "es": d.prompt_es}
        return view(self.catalog, state, seat, decision)

    def observe(self, state: State) -> RajasObservation:
        return observe(self.catalog, state)

    # -- the table checked by a camera (``engine.core.physical.ChecksTable``) ----
    def physical_moves(self, state: State) -> list[PhysicalMove]:
        """Refused changes players could make to the table now (``physical.py``)."""
        return physical.physical_moves(self.catalog, state)

    def table_differences(self, state: State, seen: Observation) -> list[tuple[str, str]]:
        """What differs between the game and the table ``seen``, in words (EN, ES)."""
        return physical.table_differences(self.catalog, state, seen)

    def format_action(self, action: Hashable) -> str:
        if not isinstance(action, Action):
            raise ValueError(f"not a Rajas action: {action!r}")
        return format_action(self.catalog, action)

    def parse_action(self, text: str) -> Action:
        return parse_action(self.catalog, text)

    def describe_action(self, state: State, action: Hashable, language: str = "en") -> str:
        if not isinstance(action, Action):
            raise ValueError(f"not a Rajas action: {action!r}")
        return describe(self.catalog, state, action, language)

    def describe_option(self, state: State, action: Hashable, language: str = "en") -> str:
        if not isinstance(action, Action):
            raise ValueError(f"not a Rajas action: {action!r}")
        return describe_option(self.catalog, state, action, language)

    def answer_parts(self, state: State, action: Hashable) -> AnswerParts | None:
        """The taps that reach ``action`` on a phone (``engine.rajas.answers``)."""
        return answer_parts(self.catalog, action) if isinstance(action, Action) else None

    def to_dict(self, state: State) -> dict[str, Any]:
        return serialize.to_dict(state)

    def from_dict(self, data: Any) -> State:
        return serialize.from_dict(self.catalog, data)
