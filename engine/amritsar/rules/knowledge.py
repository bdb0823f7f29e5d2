"""Knowledge tracks: moving a counter up and the benefit of the space reached.

Each track has positions 0 (start) to the top; reaching a position gives its
immediate benefit at once (end-of-decade and end-of-game benefits are read by
``engine.amritsar.rules.decade``). A counter already on the top pays the track's
overflow benefit for each step it would move. Rulebook: Knowledge tracks.
"""

from __future__ import annotations

from engine.amritsar.effects import Track
from engine.amritsar.rules.core import Event, Events, push_effect
from engine.amritsar.state import GameState


def advance_track(s: GameState, seat: int, track: int, events: Events) -> None:
    p = s.players[seat]
    catalog_track = s.catalog.board.tracks[track]
    position = p.tracks[track]
    name = Track(track).name.lower()
    if position >= len(catalog_track.steps):
        events.append(Event("track_overflow", seat, 1, name))
        push_effect(s, seat, catalog_track.overflow, ("knowledge", f"{name} overflow"))
        return
    positions = list(p.tracks)
    positions[track] = position + 1
    s.own(seat).tracks = (positions[0], positions[1], positions[2])
    events.append(Event("track", seat, 1, name, str(position + 1)))
    push_effect(
        s, seat, catalog_track.steps[position].immediate, ("knowledge", f"{name} {position + 1}")
    )
