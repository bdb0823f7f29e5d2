"""What one player may see: the state with everyone else's secrets removed.

``view(state, seat)`` is the state as that player may know it: their own
objectives (in hand and face down on their board) with ids, everyone else's
only as a count until the game ends, when the objectives played on the boards
are revealed (rulebook: End of Game, Objectives). ``view(state, None)`` is the
public table view, for a spectator or the table screen. The solo Maharajah's
objective is face up and public. Nothing else in a state is secret: the
board, the storehouses, coins and resources are all on the table.
"""

from __future__ import annotations

from typing import Any

from engine.amritsar.serialize import to_dict
from engine.amritsar.state import GameState

HIDDEN = "hidden"


def view(state: GameState, seat: int | None) -> dict[str, Any]:
    data = to_dict(state)
    for player in data["seats"]:
        if player["seat"] == seat:
            continue
        player["objective_hand"] = [HIDDEN] * len(player["objective_hand"])
        if not state.finished:
            player["objectives"] = [None if o is None else HIDDEN for o in player["objectives"]]
    data["viewer"] = seat
    return data


def secrets_of(state: GameState, seat: int) -> set[str]:
    """Ids only ``seat`` may know (for tests and the server's leak checks)."""
    p = state.players[seat]
    catalog = state.catalog
    hidden = {catalog.objectives[o].id for o in p.objective_hand if o >= 0}
    if not state.finished:
        hidden |= {catalog.objectives[o].id for o in p.objectives if o >= 0}
    return hidden
