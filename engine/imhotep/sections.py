"""The rulebook sections a refusal names, in English and Spanish.

The refusals name their section as the Spanish rulebook titles it (the one
the game's tables hold); a player reading in English gets the same section in
English, so an English refusal never ends in a Spanish title ("(Turno)").
"""

from __future__ import annotations

#: Section as the reasons name it -> (English, Spanish).
SECTIONS: dict[str, tuple[str, str]] = {
    "A) Mercado": ("A) Market", "A) Mercado"),
    "B) Pirámides": ("B) Pyramids", "B) Pirámides"),
    "Cartas de mercado": ("Market cards", "Cartas de mercado"),
    "Cincel": ("Chisel", "Cincel"),
    "Embarcar una piedra": ("Place a stone on a boat", "Embarcar una piedra"),
    "Enviar un barco a un emplazamiento": (
        "Sail a boat to a site",
        "Enviar un barco a un emplazamiento",
    ),
    "Final de la partida": ("End of the game", "Final de la partida"),
    "Jugar una carta azul de mercado": (
        "Play a blue market card",
        "Jugar una carta azul de mercado",
    ),
    "Martillo": ("Hammer", "Martillo"),
    "Obtener nuevas piedras": ("Take new stones", "Obtener nuevas piedras"),
    "Preparación de la partida": ("Setting up the game", "Preparación de la partida"),
    "Turno": ("Turn", "Turno"),
    "Una ronda": ("A round", "Una ronda"),
}
