"""The rulebook sections a refusal names, in English and Spanish.

The refusals name their section as the Spanish rulebook titles it, some with
an English note where the source text lacks the section; each language gets
its own words, so an English refusal never ends in a Spanish title
("(Preparar)") and a Spanish one never carries English.
"""

from __future__ import annotations

_MISSING = ("missing from the source text", "falta en el texto de origen")

#: Section as the reasons name it -> (English, Spanish).
SECTIONS: dict[str, tuple[str, str]] = {
    "Colocación de trabajadores y realización de las acciones asociadas": (
        "Placing workers and taking their actions",
        "Colocación de trabajadores y realización de las acciones asociadas",
    ),
    "Como se Juega": ("How to play", "Cómo se juega"),
    "Como se Juega: los dados": ("How to play: the dice", "Cómo se juega: los dados"),
    "Fin de la partida": ("End of the game", "Fin de la partida"),
    "I. Building Action (cantera)": (
        "I. Building action (quarry)",
        "I. Acción de construcción (cantera)",
    ),
    "II. Acción de mercado": ("II. Market action", "II. Acción de mercado"),
    "III. Acciones en el palacio (missing from the source text)": (
        f"III. Palace actions ({_MISSING[0]})",
        f"III. Acciones en el palacio ({_MISSING[1]})",
    ),
    "IV. Acciones en el puerto (missing from the source text)": (
        f"IV. Harbour actions ({_MISSING[0]})",
        f"IV. Acciones en el puerto ({_MISSING[1]})",
    ),
    "Karma (missing from the source text)": (f"Karma ({_MISSING[0]})", f"Karma ({_MISSING[1]})"),
    "Las Juntas Provinciales": ("The province boards", "Las Juntas Provinciales"),
    "Las mejoras de los edificios": ("Building upgrades", "Las mejoras de los edificios"),
    "Pagar dinero por una acción": ("Paying money for an action", "Pagar dinero por una acción"),
    "Preparar": ("Setting up", "Preparar"),
}
