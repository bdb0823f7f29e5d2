"""Bridge tiles: a benefit each time the active decade's requirement is met.

Only the tile of the decade in play counts, unless the player has the
storehouse that makes every face-up tile count (the current decade's and the
later ones). Rulebook: The Bridge, The Bridge Tiles.
"""

from __future__ import annotations

from engine.amritsar.catalog import Perk, Requirement
from engine.amritsar.rules.core import Events, has_perk, push_effect
from engine.amritsar.state import GameState


def bridge_trigger(s: GameState, seat: int, requirement: Requirement, events: Events) -> None:
    """Pay the benefit of every counting bridge tile whose requirement this meets."""
    if s.maharajah is not None and seat >= len(s.players):
        return
    p = s.players[seat]
    tiles = s.catalog.bridge_tiles
    first = s.decade - 1
    last = len(s.bridge) if has_perk(s, p, Perk.ALL_BRIDGES) else s.decade
    for slot in range(first, last):
        tile = tiles[s.bridge[slot]]
        if tile.requirement is requirement:
            push_effect(s, seat, tile.benefit, ("bridge", tile.id))
