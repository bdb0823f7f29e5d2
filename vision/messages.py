"""What a player reads about a doubtful reading, in English and Spanish.

One template pair per problem code; :func:`problem` fills both. Kept apart from
the reading logic so a translator finds every sentence in one place.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
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
        "A counter lies on level {level} of the {district_en} donation tile,"
        " but a space below it looks empty: check both spaces under it.",
        "Hay un contador en el nivel {level} de la loseta de donación del {district_es},"
        " pero un espacio debajo parece vacío: revisa los dos espacios de debajo.",
    ),
    "seen-twice": (
        "{what_en} {component} is seen in two places: {places}.",
        "Se ve {what_es} {component} en dos sitios: {places}.",
    ),
    "off-zone": (
        "Worker {component} stands on {zone}, which is not a section.",
        "El trabajador {component} está en {zone}, que no es una sección.",
    ),
    "clear-the-board": (
        "The camera does not see the pieces the game expects ({where}), and no hand"
        " moved any: clear the board of hands and objects so it can look again.",
        "La cámara no ve las piezas que espera el juego ({where}) y ninguna mano"
        " movió ninguna: despejad el tablero de manos y objetos para que vuelva a mirar.",
    ),
    "clear-the-board-start": (
        "Something lies across the edge of the board (a hand or an arm?): clear the"
        " board so the camera can take its first look. Nothing is read until then.",
        "Hay algo sobre el borde del tablero (¿una mano o un brazo?): despejad el"
        " tablero para que la cámara eche su primer vistazo. Hasta entonces no se lee nada.",
    ),
    "lens-uncalibrated": (
        "The camera's lens bends the board: printed markers land up to {mm:.0f} mm from"
        " their places ({where}), and the camera has no calibration. Nothing is read from"
        " the table until it has one; the phones carry the game meanwhile. Print the"
        " calibration sheet (companion calibrate sheet), run companion calibrate capture,"
        " then start again with --calibration and the file it wrote.",
        "La lente de la cámara curva el tablero: las marcas impresas quedan hasta {mm:.0f} mm"
        " fuera de su sitio ({where}) y la cámara no tiene calibración. No se lee nada de la"
        " mesa hasta que la tenga; mientras, los móviles llevan la partida. Imprime la hoja"
        " de calibración (companion calibrate sheet), ejecuta companion calibrate capture"
        " y vuelve a empezar con --calibration y el archivo que escribió.",
    ),
    "resolution": (
        "The camera sees the smallest markers at {side:.0f} px; {need:.0f} px are needed"
        " to read them safely. {share:.0f} % of the table's zones stay unknown, and the"
        " phones are asked what happens there. Supported: 12 MP stills at full"
        " resolution (Camera Module 3: 4608x2592; HQ Camera: 4056x3040) at up to 35"
        " degrees of tilt. A 1920x1080 camera leaves about half of the table to the"
        " phones: use a 12 MP camera, or bring this one closer and straight down.",
        "La cámara ve los marcadores más pequeños a {side:.0f} px; hacen falta"
        " {need:.0f} px para leerlos con seguridad. El {share:.0f} % de las zonas de la"
        " mesa quedan como desconocidas y se pregunta a los móviles qué pasa en ellas."
        " Admitido: fotos de 12 MP a resolución completa (Camera Module 3: 4608x2592;"
        " HQ Camera: 4056x3040) con hasta 35 grados de inclinación. Una cámara de"
        " 1920x1080 deja a los móviles casi la mitad de la mesa: usa una cámara de 12 MP"
        " o acerca esta y ponla mirando recto hacia abajo.",
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


def clear_the_board(zones: Sequence[str]) -> Problem:
    """Expected pieces not seen in ``zones`` with no hand seen: look again."""
    shown = ", ".join(zones[:6]) + (" …" if len(zones) > 6 else "")
    return problem("clear-the-board", zones, (), where=shown)
