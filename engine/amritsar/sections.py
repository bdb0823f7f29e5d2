"""The rulebook sections Amritsar's refusals name, in English and Spanish.

The refusals name their section as the English rulebook titles it; a player
reading in Spanish gets the same section as the Spanish rulebook titles it
(``amritsar-reglamento-es``), so a Spanish alert never ends in an English
title. "Camera" and "Sensor board" are the companion's own sections.
"""

from __future__ import annotations

_SETUP = ("Game Setup", "Preparación de la partida")
_PHASE_1 = ("Phase I. Move your elephant", "Fase 1. Mover tu elefante")
_PHASE_2 = ("Phase 2. Move workers", "Fase 2. Mover los trabajadores")
_END = ("End of Game", "Fin de partida")
_KNOWLEDGE = ("Knowledge tracks", "Los marcadores de conocimiento")
_HOUSE = (" (house rule)", " (regla de la casa)")

#: Section as the reasons name it -> (English, Spanish).
SECTIONS: dict[str, tuple[str, str]] = {
    "Camera": ("Camera", "Cámara"),
    "Economy": ("Economy", "Economía"),
    "End of Game": _END,
    "End of Game: Objectives": (f"{_END[0]}: Objectives", f"{_END[1]}: Objetivos"),
    "End of Round": ("End of Round", "Fin de ronda"),
    "Follow the Active Player": ("Follow the Active Player", "Seguir al jugador activo"),
    "Game Setup": _SETUP,
    "Game Setup, step 25": (f"{_SETUP[0]}, step 25", f"{_SETUP[1]}, paso 25"),
    "Game Turn": ("Game Turn", "Turno de juego"),
    "Knowledge tracks": _KNOWLEDGE,
    "Knowledge tracks (movement token)": (
        f"{_KNOWLEDGE[0]} (movement token)",
        f"{_KNOWLEDGE[1]} (ficha de movimiento)",
    ),
    "Mahout and upgrades": ("Mahout and upgrades", "Mahout y mejoras"),
    "Phase 2 (actions)": (f"{_PHASE_2[0]} (actions)", f"{_PHASE_2[1]} (acciones)"),
    "Phase 2. Actions (house rule)": (
        f"Phase 2. Actions{_HOUSE[0]}",
        f"{_PHASE_2[1]}{_HOUSE[1]}",
    ),
    "Phase 2. Move workers": _PHASE_2,
    "Phase 2. Move workers (house rule)": (
        f"{_PHASE_2[0]}{_HOUSE[0]}",
        f"{_PHASE_2[1]}{_HOUSE[1]}",
    ),
    "Phase I. Move your elephant": _PHASE_1,
    "Phase I. Move your elephant; Phase 3": (
        f"{_PHASE_1[0]}; Phase 3",
        f"{_PHASE_1[1]}; Fase 3",
    ),
    "Sensor board": ("Sensor board", "Placa de sensores"),
    "The Golden Temple and Donations": (
        "The Golden Temple and Donations",
        "El Templo Dorado y las donaciones",
    ),
    "The Objectives": ("The Objectives", "Los objetivos"),
    "The Storehouses": ("The Storehouses", "Los almacenes"),
    "The mahout tiles": ("The mahout tiles", "Las losetas de mahout"),
}
