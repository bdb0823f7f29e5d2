"""Ceylon at the table: a refused move a camera can catch, and table differences in words.

The optional ``ChecksTable`` hook of ``engine.core.physical``. The checks a
camera can make on the map, for the player deciding now:

- a pawn moved further than its player can pay ("Moverse": the first step
  is free, each further one costs one rupee more, n(n-1)/2 in all; the
  rupees lie on the personal board, public). The table then shows the pawn
  on the far hex with the rupees unpaid; the fix is to move it back;
- a plantation laid on a free hex away from the player's pawn while the
  player may plant ("Plantar": on the pawn's hex; with the advisor that
  allows it, also on a neighbouring hex of the pawn's district): the fix is
  to take it off;
- a disc put on the advisor of a district other than the pawn's while the
  player may hire ("Contratar un consejero": only the advisor of the pawn's
  district; the start tile that lifts this, still unused, makes it legal and
  no check): the fix is to take the disc back.

A change is reported only when no way of making it is legal (main action,
tech token, start tile). ``table_differences`` names the pieces that differ.
Cheap enough for every unexplained settled table: one observation and a few
refusal checks per free hex and per district.
"""

from __future__ import annotations

from dataclasses import replace

from engine.ceylon.actions import Action
from engine.ceylon.catalog import Catalog
from engine.ceylon.moves import distances, district_of, has_ability
from engine.ceylon.play import decision, why_illegal
from engine.ceylon.sections import SECTIONS
from engine.ceylon.state import COLOURS, COLOURS_ES, State
from engine.ceylon.view import CeylonObservation, observe
from engine.core.observation import Observation
from engine.core.physical import PhysicalMove, differing_items
from engine.core.reasons import Reason, ReasonTable
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
        "plant_away": (
            "Acciones principales: Plantar",
            "{player} laid a plantation on {hex}, but {player}'s pawn stands on {pawn}: one plants on the pawn's hex{near}.",
            "{player_es} colocó una plantación en {hex}, pero su peón está en {pawn}: se planta en el hexágono del peón{near_es}.",
        ),
        "fix_plant": (
            "Acciones principales: Plantar",
            "Take {player}'s plantation and leaf marker off {hex}; plant on {pawn}{near} if free, or take another action.",
            "Retira la plantación y el marcador de {player_es} de {hex}; planta en {pawn}{near_es} si está libre, o haz otra acción.",
        ),
        "hire_away": (
            "Acciones principales: Contratar un consejero",
            "{player} put a disc on the advisor of {district}, but {player}'s pawn is in {pawn}: only the advisor of the pawn's district can be hired.",
            "{player_es} puso un disco en el consejero de {district}, pero su peón está en {pawn}: solo se contrata al consejero del distrito del peón.",
        ),
        "fix_hire": (
            "Acciones principales: Contratar un consejero",
            "Take {player}'s disc back from the advisor of {district}; hire the advisor of {pawn}, or take another action.",
            "Retira el disco de {player_es} del consejero de {district}; contrata al consejero de {pawn}, o haz otra acción.",
        ),
    },
    sections=SECTIONS,
)


def _name(seat: int, language: str) -> str:
    return seat_colour(seat, COLOURS, COLOURS_ES, language)


def physical_moves(cat: Catalog, state: State) -> list[PhysicalMove]:
    """Pawns moved without the rupees to pay, plantations and advisors away from the pawn."""
    d = decision(cat, state)
    if d.is_over or d.is_chance or d.kind not in ("ACT", "TOKEN"):
        return []
    seat = d.player
    pawn = state.players[seat].pawn
    if pawn < 0:
        return []
    seen = observe(cat, state)
    moves = _plant_moves(cat, state, seat, seen) + _hire_moves(cat, state, seat, seen)
    if d.kind == "ACT":
        moves += _move_moves(cat, state, seat, seen)
    return moves


def _reasons(cat: Catalog, state: State, kind: str, a: int) -> list[Reason | None]:
    """Why each way of taking ``kind a`` is refused (main action, tech token, start tile)."""
    return [
        why_illegal(cat, state, Action(kind, a, token=token, start=start))
        for token in (False, True)
        for start in (False, True)
    ]


def _refused(cat: Catalog, state: State, kind: str, a: int, code: str) -> Reason | None:
    """The refusal ``code`` of ``kind a`` when no way of taking it is legal, else
    None; also None when none is refused with ``code`` (the action is not open
    to the player now at all)."""
    reasons = _reasons(cat, state, kind, a)
    if any(reason is None for reason in reasons):
        return None
    return next((r for r in reasons if r is not None and r.code == code), None)


def _plant_moves(
    cat: Catalog, state: State, seat: int, seen: CeylonObservation
) -> list[PhysicalMove]:
    assert seen.plantations is not None
    pawn = state.players[seat].pawn
    free = [
        h
        for h in range(len(cat.hexes))
        if h != pawn and state.hexes_in_play >> h & 1 and state.owner[h] < 0
    ]
    if not free:
        return []
    # Planting not open to the player now (another main action on the card, no
    # token...) is refused alike on every free hex: one look settles it.
    codes = {r.code if r else "" for r in _reasons(cat, state, "plant", free[0])}
    if not codes & {"", "plant_where", "rupees"}:
        return []
    words = _people(seat)
    near = has_ability(cat, state, seat, "plant_adjacent")
    allowed = {
        "near": " or a neighbouring hex of its district" if near else "",
        "near_es": " o en un hexágono vecino de su distrito" if near else "",
    }
    moves: list[PhysicalMove] = []
    for h in free:
        if _refused(cat, state, "plant", h, "plant_where") is None:
            continue
        said = dict(hex=cat.hexes[h].id, pawn=cat.hexes[pawn].id, **allowed, **words)
        reason = CHECKS.reason("plant_away", **said)
        fix = CHECKS.reason("fix_plant", **said)
        plantations = list(seen.plantations)
        plantations[h] = (seat, 1)
        table = replace(seen, plantations=tuple(plantations))
        moves.append(PhysicalMove(table, reason, fix, seat, Action("plant", h)))
    return moves


def _hire_moves(
    cat: Catalog, state: State, seat: int, seen: CeylonObservation
) -> list[PhysicalMove]:
    assert seen.hired is not None
    player = state.players[seat]
    pawn_district = district_of(cat, player.pawn)
    moves: list[PhysicalMove] = []
    for district in range(len(cat.districts)):
        if district == pawn_district or player.hired >> district & 1:
            continue
        if not state.in_play >> district & 1:
            continue
        if _refused(cat, state, "hire", district, "hire_where") is None:
            continue
        said = dict(
            district=cat.districts[district].name,
            pawn=cat.districts[pawn_district].name,
            **_people(seat),
        )
        hired = list(seen.hired)
        hired[seat] |= 1 << district
        table = replace(seen, hired=tuple(hired))
        reason = CHECKS.reason("hire_away", **said)
        fix = CHECKS.reason("fix_hire", **said)
        moves.append(PhysicalMove(table, reason, fix, seat, Action("hire", district)))
    return moves


def _people(seat: int) -> dict[str, str]:
    return {"player": _name(seat, "en"), "player_es": _name(seat, "es")}


def _move_moves(
    cat: Catalog, state: State, seat: int, seen: CeylonObservation
) -> list[PhysicalMove]:
    """The pawns the deciding player could move without the rupees to pay."""
    assert seen.pawns is not None
    pawn = state.players[seat].pawn
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
    "tech_tops": (
        "the markers on the technology track",
        "los marcadores en el desarrollo tecnológico",
    ),
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
