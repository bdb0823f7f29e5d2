"""Camera tables of the games other than Amritsar, one subpackage per game.

Amritsar's camera stack lives in ``vision/`` itself (its plan, layout,
pipeline and renderers came first). Every other game reads its table through
the small interface in :mod:`vision.games.base`: a ``GameTable`` renders a
game's :class:`engine.core.observation.Observation` as a camera frame (for
the demo, tests and benches) and makes ``GameReader`` objects that turn
frames back into an observation, ``None`` in every field the camera could not
read with confidence. Reconciliation (``companion/reconcile/generic.py``)
never sees pixels, only those observations.

:data:`TABLES` maps a game's registered name to the factory of its table; a
game missing here is served by phone only (manual mode).
"""

from __future__ import annotations

from collections.abc import Callable

from .base import GameReader, GameTable

#: game name -> factory of its camera table (filled by each game's subpackage)
TABLES: dict[str, Callable[[], GameTable]] = {}


def table_for(game: str) -> GameTable | None:
    """The camera table of ``game``, or ``None`` if it is served by phone only."""
    factory = TABLES.get(game)
    return factory() if factory is not None else None


__all__ = ["TABLES", "GameReader", "GameTable", "table_for"]

# Each game's table registers itself in TABLES (one line per game).
from . import ceylon as _ceylon  # noqa: E402, F401
from . import imhotep as _imhotep  # noqa: E402, F401
from . import rajas as _rajas  # noqa: E402, F401
