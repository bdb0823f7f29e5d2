"""What a player reads about a doubtful reading, in English and Spanish.

One template pair per problem code; :func:`problem` fills both. Kept apart from
the reading logic so a translator finds every sentence in one place.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .snapshot import Problem

TEMPLATES: dict[str, tuple[str, str]] = {
    "section-overfull": (
        "{n} workers seen in section {section}; a section holds {capacity}.",
        "Se ven {n} trabajadores en la sección {section}; caben {capacity}.",
    ),
    "maharajah-twice": (
        "A Maharajah token is seen on two Maharajah spaces; only one belongs on the board.",
        "Se ve una ficha de Maharajá en dos espacios; solo una va en el tablero.",
    ),
    "wrong-market-space": (
        "Donation counters of {strangers} lie on the {colour} market space.",
        "Hay contadores de donación de {strangers} en el espacio de mercado {colour}.",
    ),
    "too-many": (
        "{n} {colour} donation counters seen; there are only {limit}.",
        "Se ven {n} contadores {colour}; solo hay {limit}.",
    ),
    "unsupported-donation": (
        "A counter lies on level {level} of the {district_en} donation tile"
        " with an empty space below it.",
        "Hay un contador en el nivel {level} de la loseta de donación del {district_es}"
        " con un espacio vacío debajo.",
    ),
    "seen-twice": (
        "{what_en} {component} is seen in two places: {places}.",
        "Se ve {what_es} {component} en dos sitios: {places}.",
    ),
    "off-zone": (
        "Worker {component} stands on {zone}, which is not a section.",
        "El trabajador {component} está en {zone}, que no es una sección.",
    ),
}

DISTRICT_ES = {"N": "Norte", "E": "Este", "S": "Sur", "W": "Oeste"}
KIND_EN_ES = {
    "worker": ("Worker", "el trabajador"),
    "elephant": ("Elephant", "el elefante"),
    "maharajah": ("Maharajah token", "la ficha de Maharajá"),
    "district-tile": ("District tile", "la loseta de distrito"),
    "temple-tile": ("Temple tile", "la loseta de templo"),
    "bridge-tile": ("Bridge tile", "la loseta de puente"),
    "storehouse": ("Storehouse", "el almacén"),
}


def problem(code: str, zones: Iterable[str], components: Iterable[str], **fields: Any) -> Problem:
    """A :class:`Problem` with both texts filled from ``fields``."""
    en, es = TEMPLATES[code]
    return Problem(code, tuple(zones), tuple(components), en.format(**fields), es.format(**fields))
