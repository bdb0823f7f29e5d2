"""Ceylon (Ludonova, 2-4 players): the rules engine, registered as ``"ceylon"``.

Importing this package registers ``CEYLON`` with ``engine.core.registry``;
``get_rules("ceylon")`` returns it. Rulebook: ``../shared/rules/ceylon-reglamento-es.txt``;
coverage: ``docs/ceylon-rules-coverage.md``; icon-only values and their
provenance: ``engine/ceylon/data/*.toml`` (``python -m engine.ceylon.catalog``).
"""

from engine.ceylon.actions import Action
from engine.ceylon.rules_object import CeylonRules
from engine.ceylon.state import State
from engine.ceylon.view import CeylonObservation
from engine.core.registry import register

CEYLON = CeylonRules()
register(CEYLON)

__all__ = ["CEYLON", "Action", "CeylonObservation", "CeylonRules", "State"]
