"""Imhotep at the table: refused moves a camera can catch, and table differences in words.

The rulebook's checks that a camera can make on what people do with the
pieces (the optional ``ChecksTable`` hook of ``engine.core.physical``):

- a boat sailed under its minimum load ("Enviar un barco": each boat shows
  the stones it needs before it may sail);
- a second boat sailed to a site where a boat already docked this round;
- more stones on a supply sled than it holds (5: "Obtener nuevas piedras").

Each comes with the observation the table then shows (the boat at the site
with its stones still aboard; the sled with the extra stones), the rule and
how to put it right, in English and Spanish. ``table_differences`` names the
pieces that differ between the game and a table no move explains.
"""

from __future__ import annotations

from dataclasses import replace

from engine.core.observation import Observation
from engine.core.physical import PhysicalMove, differing_items
from engine.core.reasons import ReasonTable
from engine.imhotep.actions import Action
from engine.imhotep.catalog import Catalog
from engine.imhotep.observe import ImhotepObservation, observe
from engine.imhotep.play import pending
from engine.imhotep.reasons import TABLE
from engine.imhotep.sections import SECTIONS
from engine.imhotep.state import EMPTY, HARBOUR, SITE_EN, SITE_ES_THE, SITE_NAMES, State

#: Table-only refusals and the fixes of every refused physical move.
CHECKS = ReasonTable(
    "imhotep",
    {
        "sled_over": (
            "Obtener nuevas piedras",
            "{player}'s sled holds {count} stones: a sled holds {cap} at most.",
            "La plataforma de {player_es} tiene {count} piedras: una plataforma lleva {cap} como máximo.",
        ),
        "fix_sled": (
            "Obtener nuevas piedras",
            "Put {extra_en} from {player}'s sled back in the quarry, leaving {keep}.",
            "Devuelve {extra_es} de la plataforma de {player_es} a la cantera y deja {keep}.",
        ),
        "fix_under_minimum": (
            "Enviar un barco a un emplazamiento",
            "Sail boat {boat} back to the harbour; it may sail once it carries {minimum} stones.",
            "Devuelve el barco {boat} al puerto; podrá partir cuando lleve {minimum} piedras.",
        ),
        "fix_site_taken": (
            "Enviar un barco a un emplazamiento",
            "Sail boat {boat} back to the harbour: boat {other} is already at the {site}.",
            "Devuelve el barco {boat} al puerto: el barco {other} ya está en {site_es}.",
        ),
    },
    sections=SECTIONS,
)


def _stones(n: int, language: str) -> str:
    if language == "es":
        return f"{n} piedra" if n == 1 else f"{n} piedras"
    return f"{n} stone" if n == 1 else f"{n} stones"


def physical_moves(state: State, catalog: Catalog) -> list[PhysicalMove]:
    """The refused changes within reach at a turn: boats sailed against the
    rules and over-full sleds (none between turns or once the game is over)."""
    if state.over or pending(state).kind != "TURN":
        return []
    seen = observe(state, catalog)
    seat = state.current
    moves: list[PhysicalMove] = []
    assert seen.boats is not None and seen.sleds is not None
    for index, boat in enumerate(state.boats):
        if boat.site != HARBOUR:
            continue
        load = sum(1 for o in boat.slots if o != EMPTY)
        minimum = catalog.boat(boat.id).minimum
        for site in range(len(SITE_NAMES)):
            other = state.docked_at(site)
            if load >= minimum and other is None:
                continue  # a legal sailing, listed by the rules
            boats = list(seen.boats)
            boats[index] = (boat.id, SITE_NAMES[site], boats[index][2])
            if load < minimum:
                reason = TABLE.reason("under_minimum", boat=boat.id, load=load, minimum=minimum)
                fix = CHECKS.reason("fix_under_minimum", boat=boat.id, minimum=minimum)
            else:
                assert other is not None
                where = {"site": SITE_EN[site], "site_es": SITE_ES_THE[site]}
                reason = TABLE.reason("site_taken", other=other.id, **where)
                fix = CHECKS.reason("fix_site_taken", boat=boat.id, other=other.id, **where)
            moves.append(
                PhysicalMove(
                    replace(seen, boats=tuple(boats)),
                    reason,
                    fix,
                    seat,
                    Action("sail", (boat.id, site)),
                )
            )
    cap = int(catalog.value("sled_capacity"))
    held = state.sled[seat]
    who = {"player": state.name(seat), "player_es": state.name(seat, "es")}
    for extra in range(1, 4):
        count = held + extra
        if count <= cap:
            continue
        sleds = list(seen.sleds)
        sleds[seat] = count
        over = count - cap
        reason = CHECKS.reason("sled_over", count=count, cap=cap, **who)
        fix = CHECKS.reason(
            "fix_sled", extra_en=_stones(over, "en"), extra_es=_stones(over, "es"), keep=cap, **who
        )
        action = Action("take") if held >= cap else None
        moves.append(PhysicalMove(replace(seen, sleds=tuple(sleds)), reason, fix, seat, action))
    return moves


_FIELDS: dict[str, tuple[str, str]] = {
    "round_card": ("the round card", "la carta de ronda"),
    "pyramid_top": ("the stones on the pyramid", "las piedras de la pirámide"),
    "temple_top": ("the stones on the temple", "las piedras del templo"),
    "burial": ("the stones in the burial chamber", "las piedras de la cámara funeraria"),
    "obelisk_tops": ("the obelisks", "los obeliscos"),
    "towers": ("the obelisk towers", "las torres de los obeliscos"),
    "market": ("the face-up market cards", "las cartas de mercado boca arriba"),
    "market_face_down": ("the face-down market cards", "las cartas de mercado boca abajo"),
}
_PER_SEAT: dict[str, tuple[str, str]] = {
    "cards": ("the cards in front of {en}", "las cartas delante de {es}"),
    "sleds": ("the stones on {en}'s sled", "las piedras de la plataforma de {es}"),
    "track": ("{en}'s marker on the scoring track", "el marcador de {es} en el marcador de puntos"),
}


def table_differences(state: State, catalog: Catalog, seen: Observation) -> list[tuple[str, str]]:
    """Each piece that differs between the game and the table, in words."""
    expected = observe(state, catalog)
    assert isinstance(seen, ImhotepObservation)
    found: list[tuple[str, str]] = []
    for name, value in seen.field_values().items():
        paths = differing_items(value, getattr(expected, name))
        if not paths:
            continue
        if name == "boats":
            found += _boat_words(expected, paths)
        elif name in _PER_SEAT:
            en, es = _PER_SEAT[name]
            for seat in sorted({p[0] for p in paths if p} or set(range(state.players))):
                if seat < state.players:
                    found.append(
                        (en.format(en=state.name(seat)), es.format(es=state.name(seat, "es")))
                    )
        else:
            found.append(_FIELDS.get(name, (name.replace("_", " "), name.replace("_", " "))))
    return found


def _boat_words(
    expected: ImhotepObservation, paths: list[tuple[int, ...]]
) -> list[tuple[str, str]]:
    boats = expected.boats or ()
    words: list[tuple[str, str]] = []
    for path in paths:
        if not path or path[0] >= len(boats):
            words.append(("the boats", "los barcos"))
            continue
        boat = boats[path[0]][0]
        if len(path) >= 2 and path[1] == 1:
            where = boats[path[0]][1]
            index = SITE_NAMES.index(where) if where in SITE_NAMES else -1
            en = "the harbour" if index < 0 else f"the {SITE_EN[index]}"
            es = "el puerto" if index < 0 else SITE_ES_THE[index]
            words.append((f"where boat {boat} is (the game has it at {en})",
                          f"dónde está el barco {boat} (la partida lo tiene en {es})"))  # fmt: skip
        elif len(path) >= 3:
            words.append((f"slot {path[2] + 1} of boat {boat}",
                          f"la casilla {path[2] + 1} del barco {boat}"))  # fmt: skip
        else:
            words.append((f"boat {boat}", f"el barco {boat}"))
    return list(dict.fromkeys(words))
