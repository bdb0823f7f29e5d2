"""The rulebook sections a refusal names, in English and Spanish.

The refusals name their section as the Spanish rulebook titles it; a player
reading in English gets the same section in English, so an English refusal
never ends in a Spanish title ("(Turno de juego)").
"""

from __future__ import annotations

_MAIN = ("Main actions", "Acciones principales")

#: Section as the reasons name it -> (English, Spanish).
SECTIONS: dict[str, tuple[str, str]] = {
    "Acciones alternativas: Mover": ("Alternative actions: Move", "Acciones alternativas: Mover"),
    "Acciones principales": _MAIN,
    "Acciones principales: Avanzar en desarrollo tecnológico": (
        f"{_MAIN[0]}: Advance in technology",
        f"{_MAIN[1]}: Avanzar en desarrollo tecnológico",
    ),
    "Acciones principales: Comerciar": (f"{_MAIN[0]}: Trade", f"{_MAIN[1]}: Comerciar"),
    "Acciones principales: Contratar un consejero": (
        f"{_MAIN[0]}: Hire an advisor",
        f"{_MAIN[1]}: Contratar un consejero",
    ),
    "Acciones principales: Cosechar": (f"{_MAIN[0]}: Harvest", f"{_MAIN[1]}: Cosechar"),
    # A clipped title in the reasons ("Cosechar c..."): the section is Harvest.
    "Acciones principales: Cosechar c": (f"{_MAIN[0]}: Harvest", f"{_MAIN[1]}: Cosechar"),
    "Acciones principales: Plantar": (f"{_MAIN[0]}: Plant", f"{_MAIN[1]}: Plantar"),
    "Fin de la partida": ("End of the game", "Fin de la partida"),
    "Partida a 2 jugadores": ("Two-player game", "Partida a 2 jugadores"),
    "Preparación": ("Setting up", "Preparación"),
    "Preparación A": ("Setting up, A", "Preparación A"),
    "Preparación I": ("Setting up, I", "Preparación I"),
    "Preparación J": ("Setting up, J", "Preparación J"),
    "Turno de juego": ("Game turn", "Turno de juego"),
    "Turno de juego: ficha de tecnología": (
        "Game turn: technology token",
        "Turno de juego: ficha de tecnología",
    ),
    "Variante de juego: Losetas de inicio": (
        "Variant: starting tiles",
        "Variante de juego: Losetas de inicio",
    ),
}
