"""``CEYLON``: the object implementing ``engine.core.game.Rules`` for Ceylon.

Thin: each method hands over to the module that does the work (``play``,
``scoring``, ``view``, ``serialize``, ``describe``) with this game's catalog.

Example:
    >>> import random
    >>> rules = CeylonRules()
    >>> state = rules.new_game(3, seed=4)
    >>> rules.decision(state).kind
    'ELEVATE'
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from typing import Any, ClassVar

from engine.ceylon import physical, play, position, scoring, serialize
from engine.ceylon.actions import Action, format_action, parse_action
from engine.ceylon.answers import answer_parts
from engine.ceylon.catalog import Catalog, default_catalog
from engine.ceylon.describe import describe, describe_option
from engine.ceylon.determinize import determinize
from engine.ceylon.flow import OPTION_WORDS, OPTIONS
from engine.ceylon.hands import UNKNOWN_HANDS
from engine.ceylon.state import CHANCE_PHASES, COLOURS, State
from engine.ceylon.view import CeylonObservation, observe, view
from engine.core.answers import AnswerParts
from engine.core.game import Decision, Event, Filter
from engine.core.observation import Observation
from engine.core.physical import PhysicalMove
from engine.core.position_text import PositionsWithCatalog
from engine.core.reasons import Reason
from engine.core.scoring import ScoreSheet, TieBreak


class CeylonRules(PositionsWithCatalog):
    name = "ceylon"
    #: the game-over screen's words (``engine.core.game.EndWords``)
    tie_break = TieBreak(
        "tech",
        "Fin de la partida y puntuación",
        "further along the technology track (higher in the stack on a shared space)",
        "más adelantado en el marcador de tecnología (o con su contador más arriba)",
    )
    category_words: ClassVar[dict[str, tuple[str, str]]] = {
        "district": ("Plantation majorities", "Mayorías de plantaciones"),
        "companies": ("Contracts of different companies", "Contratos de compañías distintas"),
        "markers": ("Leaf markers not placed", "Marcadores de hoja sin colocar"),
    }
    notation = position  # its position notation (``PositionsWithCatalog``)
    title_en = "Ceylon"
    title_es = "Ceylon"
    min_players = 2
    max_players = 4
    solo = False
    option_words = OPTION_WORDS
    player_colours = COLOURS  # engine.core.game.TableWords
    table_options = (UNKNOWN_HANDS,)  # at a table, a drawn card is never entered
    #: house rules a seat the companion plays cannot play with (``TableWords``)
    companion_excludes: ClassVar[dict[str, tuple[str, str]]] = {
        UNKNOWN_HANDS: (
            "a seat the companion plays must know its own cards, so the hands are entered "
            "(dealt by the companion) in a game with one",
            "un puesto que juega el compañero tiene que conocer sus cartas, así que en una "
            "partida con él las manos se anotan (las reparte el compañero)",
        )
    }

    def __init__(self, catalog: Catalog | None = None):
        self.catalog = catalog or default_catalog()

    def new_game(
        self, players: int, *, seed: int | None = None, options: Iterable[str] = ()
    ) -> State:
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise ValueError(f"Ceylon is for 2 to 4 players, not {players!r}")
        chosen = tuple(sorted(set(options)))
        for option in chosen:
            if option not in OPTIONS:
                raise ValueError(f"unknown option {option!r} (known: {', '.join(OPTIONS)})")
        state = play.new_state(self.catalog, players, chosen)
        if seed is not None:
            rng = random.Random(seed)
            while state.phase in CHANCE_PHASES:
                state, _ = play.apply(
                    self.catalog, state, play.random_chance(self.catalog, state, rng), False
                )
        return state

    def option_names(self) -> tuple[str, ...]:
        return OPTIONS

    def decision(self, state: State) -> Decision:
        return play.decision(self.catalog, state)

    def round_number(self, state: State) -> int:
        """The round being played (``engine.core.game.CountsRounds``): every player
        plays one card a round ("La partida se juega por rondas"), counted from 1."""
        return state.turn // state.n + 1

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

    def draw_choices(self, state: State) -> list[Hashable]:
        """A secret draw's answers on the drawer's phone: nothing they could not rule
        out themselves (``play.draw_choices``), so the list gives no other hand away."""
        return list(play.draw_choices(self.catalog, state))

    def privacy(self, state: State, action: Hashable) -> tuple[int | None, bool]:
        return play.privacy(state, action)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The other hands and the pile redrawn for ``seat`` (``engine.core.search.determinize``)."""
        return determinize(state, seat, rng)

    def score(self, state: State) -> list[ScoreSheet]:
        return scoring.score(self.catalog, state)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        d = self.decision(state)
        decision = {"kind": d.kind, "player": d.player, "en": d.prompt_en, "es": d.prompt_es}
        return view(self.catalog, state, seat, decision)

    def observe(self, state: State) -> CeylonObservation:
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
            raise ValueError(f"not a Ceylon action: {action!r}")
        return format_action(self.catalog, action)

    def parse_action(self, text: str) -> Action:
        return parse_action(self.catalog, text)

    def describe_action(self, state: State, action: Hashable, language: str = "en") -> str:
        if not isinstance(action, Action):
            raise ValueError(f"not a Ceylon action: {action!r}")
        return describe(self.catalog, state, action, language)

    def describe_option(self, state: State, action: Hashable, language: str = "en") -> str:
        if not isinstance(action, Action):
            raise ValueError(f"not a Ceylon action: {action!r}")
        return describe_option(self.catalog, state, action, language)

    def answer_parts(self, state: State, action: Hashable) -> AnswerParts | None:
        """The taps that reach ``action`` on a phone (``engine.ceylon.answers``)."""
        return answer_parts(self.catalog, state, action) if isinstance(action, Action) else None

    def to_dict(self, state: State) -> dict[str, Any]:
        return serialize.to_dict(state)

    def from_dict(self, data: Any) -> State:
        return serialize.from_dict(self.catalog, data)
