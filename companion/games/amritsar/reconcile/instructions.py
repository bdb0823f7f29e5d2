"""Piece moves that turn the table into what the engine says it should be.

Given the observation the table should show and what it shows, list in plain
English and Spanish what a person moves: "Move a blue worker from S1 to E1",
"Take the grey counter off North, level 2, space 1", "Move the Maharajah
token to ES". Used to put an illegal move right, to carry out the solo
Maharajah's turn, to restore the table after an undo, and to lay out a
resumed game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.games.amritsar.reconcile.seen import Mismatch, Seen, mismatches
from engine.amritsar import (
    COLOURS,
    DISTRICTS,
    DISTRICTS_IN_TEXT,
    MAHARAJAH_SPACE_NAMES,
    SECTION_NAMES,
    GameState,
    Observation,
    donation_tile,
    resource_words,
    spanish,
)

PLAYER_COLOURS_ES = {
    "purple": "morado",
    "grey": "gris",
    "pink": "rosa",
    "orange": "naranja",
    "maharajah": "del marajá",
}


@dataclass(frozen=True)
class Instruction:
    """One piece move, and the table item it concerns (to tick it off when seen done)."""

    en: str
    es: str
    field: str
    index: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        return {"en": self.en, "es": self.es, "field": self.field, "index": list(self.index)}


def _space(state: GameState, district: int, position: int) -> tuple[str, str]:
    tile = donation_tile(state, district)
    for level, row in enumerate(tile.levels, start=1):
        if position < len(row.pp):
            return (
                f"{DISTRICTS['en'][district]}, level {level}, space {position + 1}",
                f"{DISTRICTS_IN_TEXT['es'][district]}, nivel {level}, espacio {position + 1}",
            )
        position -= len(row.pp)
    return (DISTRICTS["en"][district], DISTRICTS_IN_TEXT["es"][district])


def space_words(state: GameState, district: int, position: int) -> tuple[str, str]:
    """A donation space in words, English and Spanish."""
    return _space(state, district, position)


def _colour(colours: tuple[str, ...], seat: int) -> tuple[str, str]:
    name = colours[seat] if 0 <= seat < len(colours) else f"seat {seat}"
    return name, PLAYER_COLOURS_ES.get(name, name)


def _worker_moves(m_list: list[Mismatch]) -> list[Instruction]:
    """Pair surplus and missing workers of each colour into moves."""
    surplus: dict[int, list[int]] = {}
    missing: dict[int, list[int]] = {}
    for m in m_list:
        section = m.index[0]
        for colour in range(4):
            extra = m.seen.count(colour) - m.expected.count(colour)
            target = surplus if extra > 0 else missing
            for _ in range(abs(extra)):
                target.setdefault(colour, []).append(section)
    result = []
    for colour in range(4):
        en_c, es_c = COLOURS["en"][colour], COLOURS["es"][colour]
        froms, tos = surplus.get(colour, []), missing.get(colour, [])
        for a, b in zip(froms, tos, strict=False):
            result.append(
                Instruction(
                    f"Move a {en_c} worker from {SECTION_NAMES[a]} to {SECTION_NAMES[b]}",
                    f"Mueve un trabajador {es_c} de {SECTION_NAMES[a]} a {SECTION_NAMES[b]}",
                    "sections",
                    (b,),
                )
            )
        for a in froms[len(tos) :]:
            result.append(
                Instruction(
                    f"Take a {en_c} worker off {SECTION_NAMES[a]}",
                    f"Quita un trabajador {es_c} de {SECTION_NAMES[a]}",
                    "sections",
                    (a,),
                )
            )
        for b in tos[len(froms) :]:
            result.append(
                Instruction(
                    f"Put a {en_c} worker in {SECTION_NAMES[b]}",
                    f"Pon un trabajador {es_c} en {SECTION_NAMES[b]}",
                    "sections",
                    (b,),
                )
            )
    return result


def instructions(
    state: GameState, should: Observation, seen: Seen, colours: tuple[str, ...]
) -> list[Instruction]:
    """What to move so that the table shows ``should`` (``state`` names the tiles)."""
    found = mismatches(should, seen)
    result = _worker_moves([m for m in found if m.field == "sections"])
    for m in found:
        if m.field == "sections":
            continue
        result.append(_one(state, m, colours))
    return result


def _one(state: GameState, m: Mismatch, colours: tuple[str, ...]) -> Instruction:
    field = m.field
    if field == "elephants":
        en_c, es_c = _colour(colours, m.index[0])
        if m.expected < 0:
            return Instruction(
                f"Take the {en_c} elephant off the board",
                f"Retira del tablero el elefante {es_c}",
                field,
                m.index,
            )
        return Instruction(
            f"Move the {en_c} elephant to {DISTRICTS_IN_TEXT['en'][m.expected]}",
            spanish(f"Mueve el elefante {es_c} a {DISTRICTS_IN_TEXT['es'][m.expected]}"),
            field,
            m.index,
        )
    if field == "donations":
        district, position = m.index
        en_s, es_s = _space(state, district, position)
        if m.expected < 0:
            en_c, es_c = _colour(colours, m.seen)
            return Instruction(
                f"Take the {en_c} counter off {en_s}",
                spanish(f"Quita el contador {es_c} de {es_s}"),
                field,
                m.index,
            )
        en_c, es_c = _colour(colours, m.expected)
        if m.seen >= 0:
            return Instruction(
                f"The counter on {en_s} should be {en_c}",
                spanish(f"El contador de {es_s} debe ser {es_c}"),
                field,
                m.index,
            )
        return Instruction(
            f"Put a {en_c} counter on {en_s}",
            spanish(f"Pon un contador {es_c} en {es_s}"),
            field,
            m.index,
        )
    if field == "market":
        resource = m.index[0]
        difference = int(m.seen) - int(m.expected)
        words_en = resource_words(resource, abs(difference), "en")
        words_es = resource_words(resource, abs(difference), "es")
        if difference > 0:
            return Instruction(
                f"Take {words_en} out of the market",
                f"Saca {words_es} del mercado",
                field,
                m.index,
            )
        return Instruction(
            f"Put {words_en} into the market", f"Pon {words_es} en el mercado", field, m.index
        )
    if field == "market_spaces":
        en_c, es_c = _colour(colours, m.index[0])
        return Instruction(
            f"The {en_c} market space should hold {m.expected} "
            f"counter{'s' * (m.expected != 1)} (it holds {m.seen})",
            f"El espacio de mercado {es_c} debe tener {m.expected} "
            f"contador{'es' * (m.expected != 1)} (tiene {m.seen})",
            field,
            m.index,
        )
    if field == "section_coins":
        name = SECTION_NAMES[m.index[0]]
        # None: its coin spot is covered, how many coins there is unknown.
        has_en, has_es = ("some", "alguna") if m.seen is None else (m.seen, m.seen)
        return Instruction(
            f"Section {name} should have {m.expected} coin{'s' * (m.expected != 1)} "
            f"(it has {has_en})",
            f"La sección {name} debe tener {m.expected} moneda{'s' * (m.expected != 1)} "
            f"(tiene {has_es})",
            field,
            m.index,
        )
    if field == "maharajah_space":
        name = MAHARAJAH_SPACE_NAMES[m.expected]
        return Instruction(
            f"Move the Maharajah token to the {name} space",
            f"Mueve la ficha del marajá al espacio {name}",
            field,
            m.index,
        )
    if field == "revealed_storehouses":
        ids = state.catalog.storehouses
        missing = sorted(ids[i].id for i in m.expected - m.seen)
        extra = sorted(ids[i].id for i in m.seen - m.expected)
        en = "; ".join(
            [f"Put storehouse {x} back beside the board" for x in missing]
            + [f"Take storehouse {x} away from beside the board" for x in extra]
        )
        es = "; ".join(
            [f"Devuelve el almacén {x} junto al tablero" for x in missing]
            + [f"Retira el almacén {x} de junto al tablero" for x in extra]
        )
        return Instruction(en, es, field, m.index)
    return Instruction(
        f"Set {field.replace('_', ' ')} as the game says ({m.expected})",
        f"Coloca {field.replace('_', ' ')} como dice la partida ({m.expected})",
        field,
        m.index,
    )
