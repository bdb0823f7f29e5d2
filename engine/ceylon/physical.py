"""Ceylon at the table: a refused move a camera can catch, and table differences in words.

The optional ``ChecksTable`` hook of ``engine.core.physical``. The check a
camera can make on the map: a pawn moved further than its player can pay
("Moverse": the first step is free, each further one costs one rupee more,
n(n-1)/2 in all; the rupees lie on the personal board, public). The table
then shows the pawn on the far hex with the rupees unpaid; the fix is to
move it back. ``table_differences`` names the pieces that differ.
"""

from __future__ import annotations

from dataclasses import replace

from engine.ceylon.actions import Action
from engine.ceylon.catalog import Catalog
from engine.ceylon.moves import distances
from engine.ceylon.play import decision, why_illegal
from engine.ceylon.state import COLOURS, COLOURS_ES, State
from engine.ceylon.view import CeylonObservation, observe
from engine.core.observation import Observation
from engine.core.physical import PhysicalMove, differing_items
from engine.core.reasons import ReasonTable
from engine.core.seats import seat_colour

CHECKS = ReasonTable(
    "ceylon",
    {
        "move_rupees": (
            "Acciones alternativas: Mover",
            "{player}'s pawn went {steps} steps to {hex}, which costs {need} rupees; {player} has {have}.",
            "El peón de {player_es} avanzó {steps} pasos hasta {hex}, lo que cuesta {need} rupias; {player_es} tiene {have}.",
        ),
        "fix_move": (
            "Acciones alternativas: Mover",
            "Move {player}'s pawn back to {hex}: moving {steps} steps costs {need} rupees.",
            "Devuelve el peón de {player_es} a {hex}: moverse {steps} pasos cuesta {need} rupias.",
        ),
    },
)


def _name(seat: int, language: str) -> str:
    return seat_colour(seat, COLOURS, COLOURS_ES, language)


def physical_moves(cat: Catalog, state: State) -> list[PhysicalMove]:
    """The pawns the deciding player could move without the rupees to pay."""
    d = decision(cat, state)
    if d.is_over or d.is_chance or d.kind != "ACT":
        return []
    seat = d.player
    pawn = state.players[seat].pawn
    if pawn < 0:
        return []
    seen = observe(cat, state)
    assert seen.pawns is not None
    moves: list[PhysicalMove] = []
    for target in range(len(cat.hexes)):
        action = Action("move", target)
        reason = why_illegal(cat, state, action)
        if reason is None or reason.code != "rupees":
            continue
        pawns = list(seen.pawns)
        pawns[seat] = target
        need = int(reason.fields.get("need", 0))
        steps = distances(cat, state.hexes_in_play)[pawn][target]
        who = {"player": _name(seat, "en"), "player_es": _name(seat, "es")}
        said = dict(steps=steps, need=need, **who)
        have = state.players[seat].rupees
        reason = CHECKS.reason("move_rupees", hex=cat.hexes[target].id, have=have, **said)
        fix = CHECKS.reason("fix_move", hex=cat.hexes[pawn].id, **said)
        moves.append(PhysicalMove(replace(seen, pawns=tuple(pawns)), reason, fix, seat, action))
    return moves


_FIELDS: dict[str, tuple[str, str]] = {
    "card": ("the card just played", "la carta recién jugada"),
    "rotation": ("which way the played card is turned", "hacia dónde está girada la carta jugada"),
}
_PER_SEAT: dict[str, tuple[str, str]] = {
    "pawns": ("{en}'s pawn", "el peón de {es}"),
    "hired": ("{en}'s advisors", "los consejeros de {es}"),
    "tech": (
        "{en}'s marker on the technology track",
        "el marcador de {es} en el desarrollo tecnológico",
    ),
    "rupees": ("{en}'s rupees", "las rupias de {es}"),
    "cubes": ("{en}'s tea cubes", "los cubos de té de {es}"),
    "tokens": ("{en}'s technology tokens", "las fichas de tecnología de {es}"),
    "companies": ("{en}'s companies", "las compañías de {es}"),
}
_PER_HEX: dict[str, tuple[str, str]] = {
    "plantations": ("the plantation on hex {hex}", "la plantación del hexágono {hex}"),
    "levels": ("the elevation of hex {hex}", "la elevación del hexágono {hex}"),
}


def table_differences(cat: Catalog, state: State, seen: Observation) -> list[tuple[str, str]]:
    """Each piece that differs between the game and the table, in words."""
    expected = observe(cat, state)
    assert isinstance(seen, CeylonObservation)
    players = len(state.players)
    found: list[tuple[str, str]] = []
    for name, value in seen.field_values().items():
        paths = differing_items(value, getattr(expected, name))
        if not paths:
            continue
        firsts = sorted({p[0] for p in paths if p})
        if name in _PER_SEAT:
            en, es = _PER_SEAT[name]
            for seat in firsts or range(players):
                if seat < players:
                    found.append((en.format(en=_name(seat, "en")), es.format(es=_name(seat, "es"))))
        elif name in _PER_HEX and firsts:
            en, es = _PER_HEX[name]
            for h in firsts:
                hex_id = cat.hexes[h].id if h < len(cat.hexes) else str(h)
                found.append((en.format(hex=hex_id), es.format(hex=hex_id)))
        elif name == "train":
            for wagon in firsts or [-1]:
                found.append((f"the contract in wagon {wagon + 1}" if wagon >= 0 else "the train of contracts",
                              f"el contrato del vagón {wagon + 1}" if wagon >= 0 else "el tren de contratos"))  # fmt: skip
        elif name == "advisors":
            for d in firsts or [-1]:
                district = cat.districts[d].name if 0 <= d < len(cat.districts) else ""
                found.append(
                    (f"the advisor of {district}".strip(), f"el consejero de {district}".strip())
                )
        elif name == "large_tiles":
            found.append(("the elevation tiles", "las losetas de elevación"))
        else:
            found.append(_FIELDS.get(name, (name.replace("_", " "), name.replace("_", " "))))
    return found
