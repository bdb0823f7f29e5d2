"""Rajas of the Ganges at the table: a refused move a camera can catch, and differences in words.

The optional ``ChecksTable`` hook of ``engine.core.physical``. The checks a
camera can make on the action spaces of the quarry:

- a worker put on the next quarry space by a player whose money marker shows
  less than the space costs ("Pagar dinero por una acción"): the table shows
  the worker there with the money unpaid; the fix is to take it back;
- a worker put on a quarry space further along while an earlier one is free
  (the quarry fills row by row from the left): the fix is to move it to the
  first free space;
- the tile just bought laid on a free space of the province, turned so that
  no road end of it meets a road to the residence ("Las Juntas
  Provinciales": every new tile joins a road connected to the residence):
  the fix is to turn it where a turn connects it, else to move it to a space
  where it connects (one is named).
``table_differences`` names the pieces that differ.

Cheap enough to run on every unexplained settled table: one observation, and
for the tile at most (free spaces x 4 turns) road checks of four neighbours.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.observation import Observation
from engine.core.physical import PhysicalMove, differing_items
from engine.core.reasons import ReasonTable
from engine.core.seats import seat_colour
from engine.rajas import province as prov
from engine.rajas.actions import Action, stack_name
from engine.rajas.catalog import Catalog
from engine.rajas.play import decision, why_illegal
from engine.rajas.scoring import COLOURS
from engine.rajas.sections import SECTIONS
from engine.rajas.state import EMPTY, State
from engine.rajas.view import RajasObservation, observe

COLOURS_ES = ("rojo", "azul", "verde", "amarillo")

CHECKS = ReasonTable(
    "rajas",
    {
        "fix_row_order": (
            "Colocación de trabajadores y realización de las acciones asociadas",
            "Move {player}'s worker from {space} to {first}, the first free quarry space.",
            "Mueve el trabajador de {player_es} de {space} a {first}, la primera casilla libre de la cantera.",
        ),
        "fix_no_money": (
            "Pagar dinero por una acción",
            "Take {player}'s worker back from {space} and place it on a space {player} can pay.",
            "Retira el trabajador de {player_es} de {space} y colócalo en una casilla que pueda pagar.",
        ),
        "tile_unconnected": (
            "Las Juntas Provinciales",
            "{player} laid tile {tile} on {cell} turned {deg}°: no road end of it meets a road to the residence, and every new tile must join one.",
            "{player_es} colocó la ficha {tile} en {cell} girada {deg}°: ningún extremo de carretera toca una carretera hacia la residencia, y cada ficha nueva debe unirse a una.",
        ),
        "fix_tile_turn": (
            "Las Juntas Provinciales",
            "Turn tile {tile} on {cell} to {good}°: then a road end meets a road to the residence.",
            "Gira la ficha {tile} de {cell} a {good}°: así un extremo de carretera toca una carretera hacia la residencia.",
        ),
        "fix_tile_move": (
            "Las Juntas Provinciales",
            "No turn joins tile {tile} to a road on {cell}: move it to a space where one does, such as {other} turned {good}°.",
            "En {cell} ningún giro une la ficha {tile} a una carretera: muévela a un espacio donde sí, como {other} girada {good}°.",
        ),
    },
    sections=SECTIONS,
)


def _name(seat: int, language: str) -> str:
    return seat_colour(seat, COLOURS, COLOURS_ES, language)


def physical_moves(cat: Catalog, state: State) -> list[PhysicalMove]:
    """Workers on the quarry against its rules (unpaid, out of row order), or
    the tile just bought laid where no road joins it to the residence."""
    d = decision(cat, state)
    if d.is_over or d.is_chance:
        return []
    if d.kind == "TILE":
        return _tile_moves(cat, state, d.player)
    if d.kind != "PLACE":
        return []
    seat = d.player
    covered = cat.covered(state.n)
    free = [
        i
        for i, space in enumerate(cat.spaces)
        if space.area == "quarry" and i not in covered and state.spaces[i] < 0
    ]
    if not free:
        return []
    seen = observe(cat, state)
    assert seen.spaces is not None
    who = {"player": _name(seat, "en"), "player_es": _name(seat, "es")}
    moves: list[PhysicalMove] = []
    for space in free[:2]:
        action = Action("place", space)
        reason = why_illegal(cat, state, action)
        if reason is None or reason.code not in ("no_money", "row_order"):
            continue
        spaces = list(seen.spaces)
        spaces[space] = seat
        where = {"space": cat.spaces[space].id, "first": cat.spaces[free[0]].id}
        fix = CHECKS.reason(f"fix_{reason.code}", **where, **who)
        moves.append(PhysicalMove(replace(seen, spaces=tuple(spaces)), reason, fix, seat, action))
    return moves


def _tile_moves(cat: Catalog, state: State, seat: int) -> list[PhysicalMove]:
    """The tile in hand on each free space and turn that joins no road to the residence."""
    tile = state.tile
    if tile < 0:
        return []
    province = state.players[seat].province
    joined = prov.placements(cat, province, tile)  # never empty: the tile was bought placeable
    seen = observe(cat, state)
    assert seen.provinces is not None
    who = {"player": _name(seat, "en"), "player_es": _name(seat, "es"), "tile": cat.tiles[tile].id}
    moves: list[PhysicalMove] = []
    for cell, value in enumerate(province):
        if value != EMPTY:
            continue
        turns_here = [t for c, t in joined if c == cell]
        for turns in range(4):
            if turns in turns_here:
                continue
            action = Action("tile", cell, turns)
            where = {"cell": cat.cell_name(cell), "deg": turns * 90}
            reason = CHECKS.reason("tile_unconnected", **where, **who)
            if turns_here:
                fix = CHECKS.reason("fix_tile_turn", good=turns_here[0] * 90, **where, **who)
            else:
                other, good = joined[0] if joined else (cell, turns)
                fix = CHECKS.reason(
                    "fix_tile_move", other=cat.cell_name(other), good=good * 90, **where, **who
                )
            cells = list(province)
            cells[cell] = tile * 4 + turns
            provinces = list(seen.provinces)
            provinces[seat] = tuple(cells)
            table = replace(seen, provinces=tuple(provinces))
            moves.append(PhysicalMove(table, reason, fix, seat, action))
    return moves


_PER_SEAT: dict[str, tuple[str, str]] = {
    "provinces": (
        "the tiles on {en}'s province board",
        "las losetas del tablero de provincia de {es}",
    ),
    "boats": ("{en}'s boat on the river", "el barco de {es} en el río"),
    "fame": ("{en}'s fame marker", "el marcador de fama de {es}"),
    "money": ("{en}'s money marker", "el marcador de dinero de {es}"),
    "karma": ("{en}'s karma", "el karma de {es}"),
    "levels": ("{en}'s upgrade cubes", "los cubos de mejora de {es}"),
    "dice": ("the dice on {en}'s Kali statue", "los dados de la estatua de Kali de {es}"),
    "workers": ("{en}'s workers", "los trabajadores de {es}"),
}


def table_differences(cat: Catalog, state: State, seen: Observation) -> list[tuple[str, str]]:
    """Each piece that differs between the game and the table, in words."""
    expected = observe(cat, state)
    assert isinstance(seen, RajasObservation)
    players = state.n
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
        elif name == "spaces":
            for i in firsts:
                space = cat.spaces[i].id if i < len(cat.spaces) else str(i)
                found.append((f"the worker on action space {space}",
                              f"el trabajador de la casilla de acción {space}"))  # fmt: skip
        elif name == "tops":
            for i in firsts:
                found.append((f"the tile on top of the {stack_name(i)} stack",
                              f"la loseta de encima de la pila {stack_name(i)}"))  # fmt: skip
        elif name == "elephant":
            found.append(("the elephant (first player)", "el elefante (jugador inicial)"))
        else:
            found.append((name.replace("_", " "), name.replace("_", " ")))
    return found
