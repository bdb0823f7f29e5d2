"""The engine's public surface: the rest of the product calls only this.

Playing:
    >>> from engine.amritsar import new_game, legal_actions, apply, decision
    >>> state = new_game(3, seed=11)          # setup draws made at random
    >>> decision(state).kind.name             # the starting player's first objective
    'SETUP_OBJECTIVE'
    >>> state, events = apply(state, legal_actions(state)[0])

Rule checks:
    >>> from engine.amritsar import parse_action, why_illegal
    >>> why_illegal(state, parse_action("sow N1")).code
    'wrong_decision'

Scoring, views, persistence:
    >>> sheets = score(state)                  # itemised PP per seat
    >>> public = view(state, None)             # no player's secrets
    >>> from_json(to_json(state)) == state
    True

Solo: ``maharajah_turn(state)`` is the Maharajah's coming turn (trace,
instructions in English and Spanish, the moves as data) without applying it;
``play_maharajah_turn`` applies it; ``turn_from_events`` reads it back;
``maharajah_report(events, after)`` also gives his moves that another action
set off (an end of decade or of the game after the human's decision).

Reconciliation: ``observe(state)`` is what camera and sensors can check;
``legal_actions(state, ActionFilter(...))`` prunes the search. ``Game`` keeps
the record with undo and a redacted copy per player.

For the table (reconciliation, instructions, the phones' words): the board's
names and geometry (``District``, ``SECTION_NAMES``, ``sections_of``,
``donation_tile``...), the
decision kinds (``Pending``, ``CHANCE_KINDS``, ``HIDDEN_DECISIONS``), texts
(``describe_action``, ``describe_effect``...), position notation, and the
rule helpers the companion shows (``tax_due``, ``objective_value``,
``storehouse_capacity``, the objectives' ``Requirement``). The companion imports only
from here; the modules behind these names may move.

As a core ``Rules`` object (any game, by name): ``engine.amritsar.rules_object``
registers ``"amritsar"`` with ``engine.core.registry``.
"""

from engine.amritsar.actions import Act, Action, ElephantMode, format_action, parse_action
from engine.amritsar.board import (
    MAHARAJAH_SPACE_NAMES,
    PLAYER_COLOURS,
    SECTION_CAPACITY,
    SECTION_COUNT,
    SECTION_NAMES,
    District,
    Resource,
    WorkerColour,
    sections_of,
)
from engine.amritsar.catalog import (
    Catalog,
    CatalogError,
    Requirement,
    default_catalog,
    load_catalog,
)
from engine.amritsar.catalog_report import build_parser as catalog_parser
from engine.amritsar.catalog_report import run as print_catalog
from engine.amritsar.decisions import CHANCE_KINDS, Decision, Pending
from engine.amritsar.describe import (
    COLOURS,
    DISTRICTS,
    DISTRICTS_IN_TEXT,
    HIDDEN_DECISIONS,
    describe_action,
    describe_done,
    describe_effect,
    describe_objective,
    describe_storehouse,
    mahout_words,
    order_prompt,
    resource_words,
    spanish,
    storehouse_words,
)
from engine.amritsar.effects import Effect, Op
from engine.amritsar.game import (
    ActionFilter,
    apply,
    decision,
    legal_actions,
    new_game,
    random_chance,
    why_illegal,
)
from engine.amritsar.observe import Observation, observe
from engine.amritsar.options import OPTIONS
from engine.amritsar.position import (
    PositionError,
    at_turn,
    format_position,
    parse_position,
    position_problems,
)
from engine.amritsar.reasons import IllegalActionError, Reason
from engine.amritsar.record import Entry, Game, UndoError
from engine.amritsar.rules.core import Event
from engine.amritsar.rules.core import capacity as storehouse_capacity
from engine.amritsar.rules.decade import tax_due
from engine.amritsar.rules.donation import space_index as donation_space
from engine.amritsar.rules.donation import tile_for as donation_tile
from engine.amritsar.rules.scoring import (
    ScoreLine,
    ScoreSheet,
    counters_in,
    objective_value,
    score,
    score_sheet,
    winners,
)
from engine.amritsar.rules.scoring import seats as competing_seats
from engine.amritsar.sections import section_words
from engine.amritsar.serialize import StateError, from_dict, from_json, status, to_dict, to_json
from engine.amritsar.solo import (
    MAHARAJAH_ACTION,
    Instruction,
    MaharajahTurn,
    TraceLine,
    is_maharajah_turn,
    maharajah_report,
    maharajah_turn,
    play_maharajah_turn,
    turn_from_events,
)
from engine.amritsar.state import (
    CHANCE,
    MAHARAJAH,
    MAHARAJAH_SEAT,
    NOBODY,
    NONE,
    UNNAMED,
    GameState,
)
from engine.amritsar.view import view

__all__ = [
    "CHANCE",
    "CHANCE_KINDS",
    "COLOURS",
    "DISTRICTS",
    "DISTRICTS_IN_TEXT",
    "HIDDEN_DECISIONS",
    "MAHARAJAH",
    "MAHARAJAH_ACTION",
    "MAHARAJAH_SEAT",
    "MAHARAJAH_SPACE_NAMES",
    "NOBODY",
    "NONE",
    "OPTIONS",
    "PLAYER_COLOURS",
    "SECTION_CAPACITY",
    "SECTION_COUNT",
    "SECTION_NAMES",
    "UNNAMED",
    "Act",
    "Action",
    "ActionFilter",
    "Catalog",
    "CatalogError",
    "Decision",
    "District",
    "Effect",
    "ElephantMode",
    "Entry",
    "Event",
    "Game",
    "GameState",
    "IllegalActionError",
    "Instruction",
    "MaharajahTurn",
    "Observation",
    "Op",
    "Pending",
    "PositionError",
    "Reason",
    "Requirement",
    "Resource",
    "ScoreLine",
    "ScoreSheet",
    "StateError",
    "TraceLine",
    "UndoError",
    "WorkerColour",
    "apply",
    "at_turn",
    "catalog_parser",
    "competing_seats",
    "counters_in",
    "decision",
    "default_catalog",
    "describe_action",
    "describe_done",
    "describe_effect",
    "describe_objective",
    "describe_storehouse",
    "donation_space",
    "donation_tile",
    "format_action",
    "format_position",
    "from_dict",
    "from_json",
    "is_maharajah_turn",
    "legal_actions",
    "load_catalog",
    "maharajah_report",
    "maharajah_turn",
    "mahout_words",
    "new_game",
    "objective_value",
    "observe",
    "order_prompt",
    "parse_action",
    "parse_position",
    "play_maharajah_turn",
    "position_problems",
    "print_catalog",
    "random_chance",
    "resource_words",
    "score",
    "score_sheet",
    "section_words",
    "sections_of",
    "spanish",
    "status",
    "storehouse_capacity",
    "storehouse_words",
    "tax_due",
    "to_dict",
    "to_json",
    "turn_from_events",
    "view",
    "why_illegal",
    "winners",
]
