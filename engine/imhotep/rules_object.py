"""``ImhotepRules``: Imhotep behind the core ``Rules`` protocol.

This is the one object the rest of the product talks to (it is registered as
"imhotep"). It adds to the state machine of ``play`` what callers need:
checked application with the rule broken, chance draws, privacy, score
sheets, views, the camera observation, notation and persistence.

Options (``new_game(options=...)``): "pharaohs-wrath" (the variant), and the
B side of a site, site by site: "market-b", "pyramid-b", "temple-b",
"burial-b", "obelisk-b" (or "all-b"). Each player chooses a colour
(rulebook: Preparación de la partida): "colours=white,grey" gives the seats'
colours in turn order (default: black, white, brown, grey). House rules
(``engine.imhotep.house``): the other reading where the text leaves a point
open ("market-pick-compulsory", "market-stone-back-at-once",
"pyramid-bonus-compulsory", "burial-b-fourth-point").
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
from engine.core.reasons import IllegalActionError, Reason
from engine.core.scoring import ScoreSheet, TieBreak
from engine.core.seats import CHANCE
from engine.imhotep import actions as notation
from engine.imhotep import physical, position
from engine.imhotep.actions import Action
from engine.imhotep.answers import answer_parts
from engine.imhotep.catalog import Catalog, default_catalog
from engine.imhotep.describe import describe, describe_option
from engine.imhotep.determinize import determinize
from engine.imhotep.draws import draw_choices
from engine.imhotep.house import HOUSE_RULES
from engine.imhotep.observe import ImhotepObservation, observe, view
from engine.imhotep.play import apply_unchecked, legal, new_state, pending
from engine.imhotep.reasons import TABLE, choice_fields, diagnose
from engine.imhotep.scoring import score_sheets
from engine.imhotep.serialize import from_dict, to_dict
from engine.imhotep.state import COLOURS, SITE_NAMES, State

SIDE_OPTIONS = tuple(f"{site}-b" for site in SITE_NAMES)
OPTIONS = ("pharaohs-wrath", *SIDE_OPTIONS, "all-b", *HOUSE_RULES)

_SITE_WORDS = {  # "side B of ..." / "cara B ..."
    "market": ("the market", "del mercado"),
    "pyramid": ("the pyramids", "de las pirámides"),
    "temple": ("the temple", "del templo"),
    "burial": ("the burial chamber", "de la cámara funeraria"),
    "obelisk": ("the obelisks", "de los obeliscos"),
}

#: Each option in a player's words (English, Spanish), for the start page.
OPTION_WORDS = {
    "pharaohs-wrath": (
        "The Pharaoh's Wrath: -5 points at the end for a player without a stone on each of "
        "the four construction sites.",
        "La ira del faraón: -5 puntos al final a quien no tenga al menos una piedra en cada "
        "uno de los cuatro emplazamientos de construcción.",
    ),
    **{
        f"{site}-b": (f"Side B of {en}.", f"Cara B {es}.") for site, (en, es) in _SITE_WORDS.items()
    },
    "all-b": ("Side B of every site.", "Cara B de todos los emplazamientos."),
    **{name: (rule.en, rule.es) for name, rule in HOUSE_RULES.items()},
}

#: Each house rule's reading without it and the rulebook's words that leave it open:
#: (default EN, default ES, text EN, text ES), for the start page (``TableWords``).
OPTION_TEXTS = {
    name: (rule.default_en, rule.default_es, rule.text, rule.text_es)
    for name, rule in HOUSE_RULES.items()
}

_PROMPTS = {
    "TURN": ("Take stones, place a stone, sail a boat or play a blue card",
             "Obtén piedras, embarca una piedra, envía un barco o juega una carta azul"),
    "FIRST_PLAYER": ("Draw who starts", "Sortead quién empieza"),
    "ROUND_CARD": ("Reveal the next round card", "Revelad la siguiente carta de ronda"),
    "MARKET_CARD": ("Draw a market card", "Robad una carta de mercado"),
    "FACE_DOWN_CARD": ("Turn a face-down market card over onto the discard pile",
                       "Dad la vuelta a una carta boca abajo del mercado y dejadla en la pila de descarte"),
    "PYRAMID_BONUS": ("Take the pyramid's bonus, or not", "Coge la bonificación de la pirámide, o no"),
    "MARKET_PICK": ("Pick a market card for your stone", "Elige una carta de mercado por tu piedra"),
    "KEEP_CARD": ("Keep one of the two cards", "Quédate una de las dos cartas"),
    "UNLOAD_ORDER": ("Choose the next stone to unload", "Elige la siguiente piedra a descargar"),
    "PYRAMID": ("Choose the pyramid for your stone", "Elige la pirámide para tu piedra"),
    "BONUS_PLACE": ("Place a sled stone on a boat, or not", "Embarca una piedra de tu plataforma, o no"),
    "TEMPLE_BONUS": ("1 point or 2 stones", "1 punto o 2 piedras"),
    "GAME_OVER": ("The game is over", "La partida ha terminado"),
}  # fmt: skip


def _colours(options: set[str], players: int) -> tuple[int, ...]:
    """Seat colours from a "colours=white,grey" option (seats in turn order); default in order."""
    given = [o for o in options if isinstance(o, str) and o.startswith("colours=")]
    if not given:
        return tuple(range(players))
    names = given[0].removeprefix("colours=").split(",")
    if (
        len(given) > 1
        or len(names) != players
        or len(set(names)) != players
        or not set(names) <= set(COLOURS)
    ):
        raise ValueError(
            f"option colours=: {players} different colours from {', '.join(COLOURS)}, one per seat in turn order"
        )
    return tuple(COLOURS.index(name) for name in names)


#: the decisions made so far, by (kind, player, secret_for, over) (``ImhotepRules.decision``)
_DECISIONS: dict[tuple[str, int, int | None, bool], Decision] = {}


class ImhotepRules(PositionsWithCatalog):
    """Imhotep: Builder of Egypt, 2-4 players."""

    notation = position  # its position notation (``PositionsWithCatalog``)

    name = "imhotep"
    #: the game-over screen's words (``engine.core.game.EndWords``)
    tie_break = TieBreak(
        "sled",
        "Final de la partida",
        "more stones on the supply sled",
        "más piedras en la plataforma de suministro",
    )
    category_words: ClassVar[dict[str, tuple[str, str]]] = {
        "pyramid": ("Pyramid", "Pirámide"),
        "temple": ("Temple", "Templo"),
        "burial": ("Burial chamber", "Cámara funeraria"),
        "obelisk": ("Obelisks", "Obeliscos"),
        "ornament": ("Decoration cards", "Cartas de ornamentación"),
        "unused_card": ("Blue cards not used", "Cartas azules sin usar"),
        "statue": ("Statues", "Estatuas"),
        "wrath": ("Pharaoh's Wrath", "La ira del faraón"),
    }
    title_en = "Imhotep: Builder of Egypt"
    title_es = "Imhotep: El constructor de Egipto"
    min_players = 2
    max_players = 4
    solo = False
    option_words = OPTION_WORDS
    option_texts = OPTION_TEXTS  # engine.core.game.TableWords
    player_colours = COLOURS  # engine.core.game.TableWords

    def __init__(self, catalog: Catalog | None = None):
        self.catalog = catalog or default_catalog()

    # -- a new game ---------------------------------------------------------------
    def option_names(self) -> tuple[str, ...]:
        return OPTIONS

    def new_game(
        self, players: int, *, seed: int | None = None, options: Iterable[str] = ()
    ) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise ValueError(f"Imhotep is for 2 to 4 players, not {players!r}")
        chosen = set(options)
        colours = _colours(chosen, players)
        chosen = {o for o in chosen if not o.startswith("colours=")}
        unknown = sorted(chosen - set(OPTIONS))
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(unknown)}; known: {', '.join(OPTIONS)}")
        sides = "".join(
            "B" if f"{site}-b" in chosen or "all-b" in chosen else "A" for site in SITE_NAMES
        )
        house = tuple(sorted(chosen & set(HOUSE_RULES)))
        state = new_state(players, sides, "pharaohs-wrath" in chosen, self.catalog, colours, house)
        if seed is not None:  # the setup draws, up to the first turn
            rng = random.Random(seed)
            while pending(state).player == CHANCE:
                state, _ = apply_unchecked(state, self._draw(state, rng), self.catalog)
        return state

    # -- playing ---------------------------------------------------------------------
    def decision(self, state: State) -> Decision:
        p = pending(state)
        task = state.queue[0] if state.queue and p.player == CHANCE else None
        secret = task.seat if task is not None and task.kind == "pair" else None  # see ``privacy``
        # made once per (kind, player, secret): a search asks ~10^5 decisions a move
        key = (p.kind, p.player, secret, state.over)
        found = _DECISIONS.get(key)
        if found is None:
            en, es = _PROMPTS[p.kind]
            found = Decision(
                p.kind,
                p.player,
                en,
                es,
                is_chance=p.player == CHANCE,
                is_over=state.over,
                secret_for=secret,
            )
            if len(_DECISIONS) < 4096:
                _DECISIONS[key] = found
        return found

    def legal_actions(self, state: State, only: Filter | None = None) -> list[Hashable]:
        actions = legal(state, self.catalog)
        if only is not None:
            if only.kinds is not None:
                actions = [a for a in actions if a.kind in only.kinds]
            if only.first is not None:
                actions = [a for a in actions if a.args and a.args[0] in only.first]
        return list(actions)

    def _canonical(self, action: Hashable) -> Action | None:
        if not isinstance(action, Action) or not isinstance(action.args, tuple):
            return None
        if not all(isinstance(a, int) for a in action.args):
            return None
        if (
            action.kind == "play-chisel"
            and len(action.args) == 4
            and action.args[2:] < action.args[:2]
        ):
            return Action(action.kind, action.args[2:] + action.args[:2])
        return action

    def why_illegal(self, state: State, action: Hashable) -> Reason | None:
        canonical = self._canonical(action)
        choices = legal(state, self.catalog)
        if canonical is not None and canonical in choices:
            return None
        kind = pending(state).kind
        # the choices as the buttons word them in each language, never the action codes
        more = ["…"] if len(choices) > 8 else []
        listed = {
            lang: [describe_option(state, a, self.catalog, lang) for a in choices[:8]] + more
            for lang in ("en", "es")
        }
        if canonical is None:
            return TABLE.reason("not_choice", **choice_fields(listed))
        try:
            return diagnose(state, canonical, kind, self.catalog, listed)
        except (IndexError, KeyError):  # arguments that name nothing in the game
            return TABLE.reason("not_choice", **choice_fields(listed))

    def apply(
        self, state: State, action: Hashable, *, check: bool = True
    ) -> tuple[State, list[Event]]:
        if check:
            reason = self.why_illegal(state, action)
            if reason is not None:
                raise IllegalActionError(action, reason)
            canonical = self._canonical(action)
            assert canonical is not None
            return apply_unchecked(state, canonical, self.catalog)
        assert isinstance(action, Action)
        return apply_unchecked(state, action, self.catalog)

    def random_chance(self, state: State, rng: random.Random) -> Hashable:
        return self._draw(state, rng)

    def draw_choices(self, state: State) -> list[Hashable]:
        """A face-down card named on its picker's phone: every kind they cannot rule
        out (``engine.imhotep.draws``), so the list gives no other player's card away."""
        return list(draw_choices(state, self.catalog))

    def _draw(self, state: State, rng: random.Random) -> Action:
        options = legal(state, self.catalog)
        if not options:
            raise ValueError("no chance decision is pending")
        if options[0].kind == "card":  # a card drawn from the deck: weighted by copies
            weights = [state.deck[a.args[0]] for a in options]
            return rng.choices(options, weights=weights)[0]
        return rng.choice(options)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """The unseen market cards redrawn for ``seat`` (``engine.core.search.determinize``)."""
        return determinize(state, seat, rng)

    def privacy(self, state: State, action: Hashable) -> tuple[int | None, bool]:
        task = state.queue[0] if state.queue else None
        if task is None or not isinstance(action, Action):
            return None, False
        if task.kind == "pair":  # a face-down market card only its picker sees
            return task.seat, True
        if task.kind == "keep":  # which of the pair was discarded stays secret
            return task.seat, False
        return None, task.kind in ("first", "round", "reveal", "draw", "down")

    # -- what players and the table see --------------------------------------------------
    def score(self, state: State) -> list[ScoreSheet]:
        return score_sheets(state, self.catalog)

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return view(state, seat, self.catalog)

    def observe(self, state: State) -> ImhotepObservation:
        return observe(state, self.catalog)

    # -- the table checked by a camera (``engine.core.physical.ChecksTable``) ----
    def physical_moves(self, state: State) -> list[PhysicalMove]:
        """Refused changes players could make to the table now (``physical.py``)."""
        return physical.physical_moves(state, self.catalog)

    def table_differences(self, state: State, seen: Observation) -> list[tuple[str, str]]:
        """What differs between the game and the table ``seen``, in words (EN, ES)."""
        return physical.table_differences(state, self.catalog, seen)

    # -- text and persistence --------------------------------------------------------------
    def format_action(self, action: Hashable) -> str:
        if not isinstance(action, Action):
            raise TypeError(f"not an Imhotep action: {action!r}")
        return notation.format_action(action, self.catalog)

    def parse_action(self, text: str) -> Action:
        return notation.parse_action(text, self.catalog)

    def describe_action(self, state: State, action: Hashable, language: str = "en") -> str:
        if not isinstance(action, Action):
            raise TypeError(f"not an Imhotep action: {action!r}")
        return describe(state, action, self.catalog, language)

    def describe_option(self, state: State, action: Hashable, language: str = "en") -> str:
        if not isinstance(action, Action):
            raise TypeError(f"not an Imhotep action: {action!r}")
        return describe_option(state, action, self.catalog, language)

    def answer_parts(self, state: State, action: Hashable) -> AnswerParts | None:
        """The taps that reach ``action`` on a phone (``engine.imhotep.answers``)."""
        return answer_parts(action) if isinstance(action, Action) else None

    def to_dict(self, state: State) -> dict[str, Any]:
        return to_dict(state)

    def from_dict(self, data: Any) -> State:
        return from_dict(data, self.catalog)
