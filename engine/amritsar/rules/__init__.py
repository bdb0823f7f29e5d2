"""The rules of a turn, one module per rule area, wired together by ``core``.

``core`` holds the dispatch tables and the loop that carries out bookkeeping
frames until a real decision is pending. Each area module registers, for the
decisions it owns, the candidate actions and their checks, and for each action
kind how it changes the state. Importing this package registers them all.
"""

from engine.amritsar.rules import (  # noqa: F401  (imported to register their rules)
    actions_menu,
    decade,
    donation,
    effects_run,
    elephant,
    knowledge,
    maharajah,
    market,
    objectives_at_end,
    setup,
    sowing,
    turn,
    upgrades,
)
