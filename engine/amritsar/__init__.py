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
"""

from engine.amritsar.actions import Act, Action, ElephantMode, format_action, parse_action
from engine.amritsar.catalog import Catalog, CatalogError, default_catalog, load_catalog
from engine.amritsar.decisions import Decision, Pending
from engine.amritsar.game import ActionFilter, apply, decision, legal_actions, new_game, why_illegal
from engine.amritsar.observe import Observation, observe
from engine.amritsar.reasons import IllegalActionError, Reason
from engine.amritsar.record import Entry, Game, UndoError
from engine.amritsar.rules.core import Event
from engine.amritsar.rules.scoring import ScoreLine, ScoreSheet, score, score_sheet, winners
from engine.amritsar.serialize import StateError, from_dict, from_json, status, to_dict, to_json
from engine.amritsar.solo import (
    Instruction,
    MaharajahTurn,
    TraceLine,
    maharajah_report,
    maharajah_turn,
    play_maharajah_turn,
    turn_from_events,
)
from engine.amritsar.state import CHANCE, MAHARAJAH, MAHARAJAH_SEAT, NOBODY, GameState
from engine.amritsar.view import view

__all__ = [
    "CHANCE",
    "MAHARAJAH",
    "MAHARAJAH_SEAT",
    "NOBODY",
    "Act",
    "Action",
    "ActionFilter",
    "Catalog",
    "CatalogError",
    "Decision",
    "ElephantMode",
    "Entry",
    "Event",
    "Game",
    "GameState",
    "IllegalActionError",
    "Instruction",
    "MaharajahTurn",
    "Observation",
    "Pending",
    "Reason",
    "ScoreLine",
    "ScoreSheet",
    "StateError",
    "TraceLine",
    "UndoError",
    "apply",
    "decision",
    "default_catalog",
    "format_action",
    "from_dict",
    "from_json",
    "legal_actions",
    "load_catalog",
    "maharajah_report",
    "maharajah_turn",
    "new_game",
    "observe",
    "parse_action",
    "play_maharajah_turn",
    "score",
    "score_sheet",
    "status",
    "to_dict",
    "to_json",
    "turn_from_events",
    "view",
    "why_illegal",
    "winners",
]
