"""What the camera and the sensors can see of a state.

``observe(state)`` projects a state onto the main board as a person looking
down on it sees it: workers in each section in slot order, coins on sections,
each elephant's district, the Maharajah token and the workers beside its
spaces, every counter on the donation tiles, the counters waiting on each
market space, how full each market column is, and the tiles in place.
Personal boards are not part of it: what happens there is told to the
companion by the players' phones.

Reconciliation searches for actions whose observation matches what was seen,
so ``Observation`` is a frozen, hashable value, and ``differences`` lists
field by field where two observations disagree (fields the snapshot could not
see are passed as ``None`` and match anything).
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.amritsar.state import GameState
from engine.core.observation import Observation as CoreObservation


@dataclass(frozen=True)
class Observation(CoreObservation):
    """Amritsar's main board as the camera and sensors see it (``differences``,
    ``matches`` and ``field_values`` come from the core ``Observation``)."""

    sections: tuple[tuple[int, ...], ...] | None
    section_coins: tuple[int, ...] | None
    elephants: tuple[int, ...] | None  # per seat (the Maharajah last in solo), -1 off the board
    maharajah_space: int | None
    maharajah_workers: tuple[int, ...] | None
    donations: tuple[tuple[int, ...], ...] | None
    market_spaces: tuple[int, ...] | None  # counters on each player's market space
    market: tuple[int, int, int] | None
    district_tiles: tuple[tuple[int, ...], ...] | None
    temple_active: int | None
    bridge_face_up: tuple[int, ...] | None  # bridge tiles still face up
    revealed_storehouses: frozenset[int] | None


def observe(state: GameState) -> Observation:
    elephants = tuple(p.elephant for p in state.players)
    if state.maharajah is not None:
        elephants = (*elephants, state.maharajah.elephant)
    decade_slot = state.decade - 1 if not state.finished else len(state.bridge)
    return Observation(
        sections=state.sections,
        section_coins=state.section_coins,
        elephants=elephants,
        maharajah_space=state.maharajah_space,
        maharajah_workers=state.maharajah_workers,
        donations=state.donations,
        market_spaces=tuple(p.market_space for p in state.players),
        market=state.market,
        district_tiles=state.district_tiles,
        temple_active=state.temple[state.decade - 1] if state.temple else None,
        bridge_face_up=tuple(state.bridge[decade_slot:]),
        revealed_storehouses=frozenset(state.revealed_storehouses),
    )
