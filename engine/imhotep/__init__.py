"""Imhotep: Builder of Egypt, as a game of the companion (registered as "imhotep").

The package follows the rulebook (``../shared/rules/imhotep-reglamento-es.txt``):
``catalog`` and ``data/`` hold every number with its provenance, ``state`` the
table, ``actions`` the moves and their notation, ``play`` the rules as a state
machine, ``sites`` placement and site scoring, ``scoring`` the score sheets,
``reasons`` refusals with their rule, ``observe`` what the camera can check and
the phones' views, ``describe`` moves in words, ``serialize`` saved games, and
``rules_object`` the core ``Rules`` built from them.
What it may import: the standard library and ``engine.core`` only.
"""

from engine.core.registry import register
from engine.imhotep.rules_object import ImhotepRules

RULES = register(ImhotepRules())

__all__ = ["RULES", "ImhotepRules"]
