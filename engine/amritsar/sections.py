"""The rulebook sections Amritsar names, in English and Spanish.

Refusals and score lines name their section as the English rulebook titles it
("End of Decade: Tax", "Phase I. Move your elephant; Phase 3", "Game Setup,
step 20"); a player reading in Spanish gets the same section as the Spanish
rulebook (``amritsar-reglamento-es``) titles it, so Spanish words never end in
an English title. "Camera" and "Sensor board" are the companion's own.
``section_words`` is the one place these names are turned into Spanish: the
server sends both (``rule_en`` / ``rule_es``), the pages pick one.
"""

from __future__ import annotations

import re

_PHASE_2 = "Fase 2. Mover los trabajadores"

#: English title (or part of one) -> the Spanish rulebook's.
NAMES: dict[str, str] = {
    "Camera": "Cámara",
    "Sensor board": "Placa de sensores",
    "Game Setup": "Preparación de la partida",
    "Game Turn": "Turno de juego",
    "The Golden Temple and Donations": "El Templo Dorado y las donaciones",
    "The Bridge": "El puente",
    "Phase I. Move your elephant": "Fase 1. Mover tu elefante",
    "Phase 2. Move workers": _PHASE_2,
    "Phase 2. Move workers (house rule)": f"{_PHASE_2} (regla de la casa)",
    "Phase 2 (actions)": f"{_PHASE_2} (acciones)",
    "Phase 2. Actions (house rule)": f"{_PHASE_2} (regla de la casa)",
    "Phase 3": "Fase 3. Mover tu elefante",
    "Follow the Active Player": "Seguir al jugador activo",
    "End of Round": "Fin de ronda",
    "End of Decade": "Fin de década",
    "End of Game": "Fin de partida",
    "Donations": "Donaciones",
    "Tax": "Impuestos",
    "Knowledge": "Conocimiento",
    "Objectives": "Objetivos",
    "The District Tiles": "Las losetas de distrito",
    "Economy": "Economía",
    "Economy (no counter left on the market space)": (
        "Economía (sin contadores en el espacio de mercado)"
    ),
    "Sell": "Vender",
    "Mahout and upgrades": "Mahout y mejoras",
    "Objective Upgrade": "Mejora de objetivo",
    "Knowledge tracks": "Los marcadores de conocimiento",
    "Knowledge tracks (movement token)": "Los marcadores de conocimiento (ficha de movimiento)",
    "The mahout tiles": "Las losetas de mahout",
    "The Storehouses": "Los almacenes",
    "The Objectives": "Los objetivos",
    "The Bridge Tiles": "Las losetas de puente",
    "Solo Mode": "Modo solitario",
    "his board": "su tablero",
    "White Worker": "Trabajador blanco",
    "Quarry empty": "Cantera vacía",
}

_STEP = re.compile(r"^(.*), step (\d+)$")


def section_words(rule: str) -> tuple[str, str]:
    """``rule`` in English and in Spanish: each "; " part, each "Head: Tail" half and
    ", step N" named as the Spanish rulebook names them (a name not known stays)."""
    return rule, "; ".join(_spanish(part) for part in rule.split("; "))


def _spanish(part: str) -> str:
    step = _STEP.match(part)
    if step:
        return f"{NAMES.get(step[1], step[1])}, paso {step[2]}"
    if part in NAMES:
        return NAMES[part]
    head, colon, tail = part.partition(": ")
    if not colon:
        return part
    return f"{NAMES.get(head, head)}: {NAMES.get(tail, tail)}"


def unknown_names(rule: str) -> list[str]:
    """The parts of ``rule`` ``section_words`` leaves in English (for tests)."""
    missing = []
    for part in rule.split("; "):
        step = _STEP.match(part)
        name = step[1] if step else part
        if name in NAMES:
            continue
        head, colon, tail = name.partition(": ")
        missing += [n for n in ((head, tail) if colon else (name,)) if n not in NAMES]
    return missing
