"""Sensor events in words for the people at the table, in English and Spanish.

The names follow the rulebooks: "elephant path" / "senda", "Maharajah token" /
"ficha de marajá", districts North, East, South, West / norte, este, sur,
oeste. An unknown tag is said to be unknown, with its UID, so the owner can
pair it.
"""

from __future__ import annotations

from companion.games.amritsar.sensors.events import (
    BoardButton,
    BoardOffline,
    BoardOnline,
    BoardState,
    ButtonPressed,
    ElephantArrived,
    ElephantLeft,
    MaharajahLifted,
    MaharajahPlaced,
    ReaderFault,
    ReportRefused,
    SensorEvent,
)
from engine.amritsar import MAHARAJAH_SPACE_NAMES, District

LANGUAGES = ("en", "es")

_DISTRICT = {
    "en": {d: d.title for d in District},
    "es": {
        District.NORTH: "norte",
        District.EAST: "este",
        District.SOUTH: "sur",
        District.WEST: "oeste",
    },
}
COLOUR_ES = {"purple": "morado", "grey": "gris", "pink": "rosa", "orange": "naranja"}
_BUTTON = {
    "en": {BoardButton.DONE: "Turn done", BoardButton.UNDO: "Undo"},
    "es": {BoardButton.DONE: "Turno terminado", BoardButton.UNDO: "Deshacer"},
}


def _space(space: int, lang: str) -> str:
    name = MAHARAJAH_SPACE_NAMES[space]
    first, second = District(space), District(space).clockwise()
    if lang == "es":
        return f"{name} (entre {_DISTRICT['es'][first]} y {_DISTRICT['es'][second]})"
    return f"{name} (between {first.title} and {second.title})"


def _elephant(colour: str | None, uid: str, lang: str) -> str:
    if lang == "es":
        return f"el elefante {COLOUR_ES[colour]}" if colour else f"un elefante desconocido ({uid})"
    return f"the {colour} elephant" if colour else f"an unknown elephant (tag {uid})"


def describe(event: SensorEvent, lang: str = "en") -> str:
    """One sentence for ``event`` in ``lang`` (``en`` or ``es``)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (use en or es)")
    es = lang == "es"
    if isinstance(event, ElephantArrived | ElephantLeft):
        who = _elephant(event.colour, event.uid, lang)
        where = _DISTRICT[lang][event.district]
        if isinstance(event, ElephantArrived):
            text = (
                f"{who} llegó a la senda del {where}"
                if es
                else f"{who} arrived on the {where} path"
            )
        else:
            text = f"{who} dejó la senda del {where}" if es else f"{who} left the {where} path"
        return text[0].upper() + text[1:]
    if isinstance(event, MaharajahPlaced):
        where = _space(event.space, lang)
        return f"La ficha de marajá está en {where}" if es else f"The Maharajah token is on {where}"
    if isinstance(event, MaharajahLifted):
        where = _space(event.space, lang)
        return f"La ficha de marajá dejó {where}" if es else f"The Maharajah token left {where}"
    if isinstance(event, ButtonPressed):
        name = _BUTTON[lang][event.button]
        return f"Botón «{name}» pulsado" if es else f"“{name}” button pressed"
    if isinstance(event, ReaderFault):
        where = _DISTRICT[lang][event.district]
        if event.ok:
            return (
                f"El lector del {where} vuelve a funcionar"
                if es
                else f"The {where} reader works again"
            )
        if es:
            return f"El lector del {where} no responde: revise su cable"
        return f"The {where} reader does not answer: check its cable"
    if isinstance(event, BoardOnline):
        how = f"{event.link}, firmware {event.firmware}"
        if es:
            return f"Placa de sensores {event.board} conectada ({how})"
        return f"Sensor board {event.board} connected ({how})"
    if isinstance(event, BoardOffline):
        return event.reason_es if es else event.reason
    if isinstance(event, ReportRefused):
        return event.what_es if es else event.what
    if isinstance(event, BoardState):
        on_paths = sum(len(tags) for tags in event.elephants.values())
        if es:
            return f"Estado completo de {event.board}: {on_paths} elefantes en las sendas"
        return f"Full state of {event.board}: {on_paths} elephants on the paths"
    return type(event).__name__
