"""What a seat may know of a Ceylon position, and what the camera can check.

Hands are secret (rulebook: Preparación J, "la mano de cartas se mantiene
siempre oculta"): a view shows a seat its own hand and only the number of
cards of the others. The draw pile's composition is left out of every view
too: with the cards played it would give the hands away. Everything else
(personal boards, the map, the train) is public.

``observe`` is the part the table shows: pawns, plantations and their leaf
colours, elevation, the train, advisors and the discs on them, the card just
played with its rotation, and the tech track as seen from above (``tech_tops``:
on each space, the colour of the disc lying on top; a disc that advances is
put on top, so every advance shows). The personal boards (rupees, tea cubes,
tech tokens, companies) and the tech track's stacking order are public but no
camera above the main board reads them: they are ``DERIVED`` (reasons in
``WHY_DERIVED``), filled in from the record and never a camera value
(``as_seen`` blanks them).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from engine.ceylon.catalog import CUBES, MAIN, Catalog
from engine.ceylon.hands import held, pile, unknown
from engine.ceylon.state import COLOURS, DEAL, DRAW, HARVEST, START_TILE, State
from engine.core.observation import Observation

#: field -> why no camera reading of the table gives it (the record derives it)
WHY_DERIVED: dict[str, str] = {
    "rupees": "coins lie on the personal boards, off the main board and in piles of four values",
    "cubes": "tea cubes lie on the personal boards, off the main board, piled in the storehouse",
    "tokens": "tech tokens lie on the personal boards, off the main board",
    "companies": "contracts lie on the personal boards, off the main board, one company stacked",
    "tech": "discs sharing a tech space hide each other; the stacking order is shown by no piece",
}


@dataclass(frozen=True)
class CeylonObservation(Observation):
    """One value per thing on the table; ``None`` where a snapshot did not see it."""

    DERIVED: ClassVar[frozenset[str]] = frozenset(WHY_DERIVED)

    pawns: tuple[int, ...] | None = None  # hex per seat (-1 not placed)
    plantations: tuple[tuple[int, int], ...] | None = None  # per hex: (seat or -1, leaf markers)
    levels: tuple[int, ...] | None = None  # per hex: 0, 1, 2
    large_tiles: tuple[int, ...] | None = (
        None  # per large tile: hexes covered (bit mask, 0 off map)
    )
    train: tuple[int, ...] | None = None  # per wagon: contract index, -1 empty
    advisors: tuple[int, ...] | None = None  # per district: advisor index, -1 none
    hired: tuple[int, ...] | None = None  # per seat: districts whose advisor it hired (bit mask)
    card: int | None = None  # face of the card on top of the discard pile (-1 none yet)
    rotation: int | None = None  # main action it is turned to for the active player (MAIN index)
    tech: tuple[tuple[int, int], ...] | None = None  # per seat: (space, stacking order)
    rupees: tuple[int, ...] | None = None
    cubes: tuple[tuple[int, int, int], ...] | None = None
    tokens: tuple[int, ...] | None = None
    companies: tuple[tuple[int, ...], ...] | None = None
    #: per space of the tech track: the seat whose disc lies on top (-1 no disc)
    tech_tops: tuple[int, ...] | None = None


def observe(cat: Catalog, state: State) -> CeylonObservation:
    return CeylonObservation(
        pawns=tuple(p.pawn for p in state.players),
        plantations=tuple(
            (owner, 0 if owner < 0 else (2 if state.double >> h & 1 else 1))
            for h, owner in enumerate(state.owner)
        ),
        levels=tuple(state.level),
        large_tiles=tuple(state.large),
        train=tuple(state.train),
        advisors=tuple(state.advisors),
        hired=tuple(p.hired for p in state.players),
        card=state.card,
        rotation=state.side,
        tech=tuple((p.tech, p.tech_order) for p in state.players),
        rupees=tuple(p.rupees for p in state.players),
        cubes=tuple((p.cubes[0], p.cubes[1], p.cubes[2]) for p in state.players),
        tokens=tuple(p.tokens for p in state.players),
        companies=tuple(tuple(p.companies) for p in state.players),
        tech_tops=tech_tops(cat, state),
    )


def tech_tops(cat: Catalog, state: State) -> tuple[int, ...]:
    """Per space of the tech track, the seat whose disc lies on top (the highest
    stacking number there), -1 where no disc lies: what a camera above sees."""
    last = int(cat.value("tech_track_last"))
    tops = [-1] * (last + 1)
    for seat, player in enumerate(state.players):
        space = min(max(player.tech, 0), last)
        top = tops[space]
        if top < 0 or state.players[top].tech_order < player.tech_order:
            tops[space] = seat
    return tuple(tops)


def view(cat: Catalog, state: State, seat: int | None, decision: dict[str, Any]) -> dict[str, Any]:
    hexes = cat.hexes
    seats = []
    for index, player in enumerate(state.players):
        entry: dict[str, Any] = {
            "seat": index,
            "colour": COLOURS[index],
            "pawn": hexes[player.pawn].id if player.pawn >= 0 else None,
            "rupees": player.rupees,
            "cubes": dict(zip(CUBES, player.cubes, strict=True)),
            "tech": player.tech,
            "tech_order": player.tech_order,
            "tokens": player.tokens,
            "markers_left": int(cat.value("markers")) - player.markers,
            "companies": {str(c + 1): n for c, n in enumerate(player.companies) if n},
            "contracts": [cat.contracts[c].id for c in player.contracts],
            "points": player.score_points(),
            "hired": [
                cat.districts[d].id for d in range(len(cat.districts)) if player.hired >> d & 1
            ],
            "start_tile": player.start_tile or None,
            "start_used": player.start_used,
            "district_bonus": player.bonus,
            "hand_count": held(player),
        }
        if seat == index and not unknown(state):  # an unknown hand: its count only
            entry["hand"] = [cat.faces[f].id for f in player.hand]
        seats.append(entry)
    result: dict[str, Any] = {
        "game": "ceylon",
        "viewer": seat,
        "options": list(state.options),
        "decision": decision,
        "first": state.first,
        "active": state.active,
        "turn": state.turn,
        "ending": state.ending,
        "districts": [d.id for i, d in enumerate(cat.districts) if state.in_play >> i & 1],
        "levels": {
            hexes[h].id: lv for h, lv in enumerate(state.level) if state.hexes_in_play >> h & 1
        },
        "plantations": {
            hexes[h].id: {"seat": owner, "markers": 2 if state.double >> h & 1 else 1}
            for h, owner in enumerate(state.owner)
            if owner >= 0
        },
        "advisors": {
            cat.districts[d].id: cat.advisors[a][0] for d, a in enumerate(state.advisors) if a >= 0
        },
        "train": [cat.contracts[c].id if c >= 0 else None for c in state.train],
        "contracts_left": bin(state.contract_pile).count("1"),
        "deck_left": pile(state),
        "discards": state.discards,
        "card": (
            {"face": cat.faces[state.card].id, "active_action": MAIN[state.side]}
            if state.card >= 0
            else None
        ),
        "bonus_stack": list(state.bonus_stack),
        "seats": seats,
    }
    if state.phase in (DEAL, DRAW, START_TILE):
        result["draw_for"] = state.actor  # whose phone supplies (or receives) the draw
    if state.phase == HARVEST:
        result["harvest"] = {
            "reach": [hexes[h].id for h in range(len(hexes)) if state.harvest_reach >> h & 1],
            "taken": state.harvest_count,
        }
    return result
