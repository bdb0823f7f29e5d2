"""Rajas of the Ganges (HUCH!, 2-4 players), as a game of the companion (registered as "rajas").

The package follows the Spanish text (``../shared/rules/rajas-of-the-ganges-reglas-es.txt``,
incomplete: it stops in the middle of the palace) and the gathered facts for
the rest (``../shared/rules/rajas-of-the-ganges-missing-rules.md``): ``catalog``
and ``data/`` hold every number with its provenance (rulebook, published or
assumed), ``state`` the table, ``actions`` the moves and their notation,
``play`` the rules as a state machine, ``province`` roads and markets,
``scoring`` the race of the two markers, ``reasons`` refusals with their rule,
``view`` what the camera can check and the phones' views, ``describe`` moves
in words, ``serialize`` saved games, and ``rules_object`` the core ``Rules``.
Coverage: ``docs/rajas-rules-coverage.md``.
What it may import: the standard library and ``engine.core`` only.
"""

from engine.core.registry import register
from engine.rajas.actions import Action
from engine.rajas.rules_object import RajasRules
from engine.rajas.state import State
from engine.rajas.view import RajasObservation

RULES = RajasRules()
register(RULES)

__all__ = ["RULES", "Action", "RajasObservation", "RajasRules", "State"]
