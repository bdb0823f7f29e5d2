"""Why an action is refused: a code, the rulebook section, and plain words.

Every refusal carries a machine-readable ``code`` (stable, for phones and
tests), the rulebook section it comes from, and a sentence in English and in
Spanish that a player at the table understands. Sentences take named fields
(``{section}``, ``{coins}``...) filled from the position.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.amritsar.sections import section_words
from engine.core.reasons import IllegalActionError as CoreIllegalActionError
from engine.core.reasons import Reason as CoreReason
from engine.core.reasons import ReasonTable

#: code -> (rulebook section, English, Spanish)
REASONS: dict[str, tuple[str, str, str]] = {
    "game_over": ("End of Game", "The game is over.", "La partida ha terminado."),
    "wrong_decision": (
        "Game Turn",
        "That is not possible now: {waiting}.",
        "Eso no es posible ahora: {waiting_es}.",
    ),
    "chance_outcome": (
        "Game Setup",
        "{outcome} cannot be drawn here: {why}.",
        "{outcome_es} no puede salir aquí: {why_es}.",
    ),
    "mahout_colour_taken": (
        "Game Setup, step 25",
        "Another player's first mahout tile is already on the {colour} space.",
        "La primera loseta de mahout de otro jugador ya está en el espacio {colour_es}.",
    ),
    "objective_not_in_hand": (
        "The Objectives",
        "That objective is not in your hand.",
        "Ese objetivo no está en tu mano.",
    ),
    "objective_named": (
        "End of Game: Objectives",
        "{objective} is already named on a board: each objective is in the game once.",
        "{objective_es} ya está nombrado en un tablero: cada objetivo está una sola vez en la "
        "partida.",
    ),
    "objective_type_twice": (
        "The Objectives",
        "You already named a type {type} objective: you were dealt one of each type.",
        "Ya nombraste un objetivo de tipo {type}: recibiste uno de cada tipo.",
    ),
    "elephant_first_turn": (
        "Phase I. Move your elephant",
        "On your first turn, place your elephant on a path of your choice.",
        "En tu primer turno, coloca tu elefante en el camino que elijas.",
    ),
    "elephant_already_there": (
        "Phase I. Move your elephant",
        "Your elephant is already in {district}.",
        "Tu elefante ya está en el distrito {district_es}.",
    ),
    "elephant_cost": (
        "Phase I. Move your elephant",
        "Elephants move clockwise only: {district} is {steps_en} away, which costs "
        "{coins_en}, and you have {have_coins_en}.",
        "Los elefantes solo se mueven en sentido horario: el {district_es} está a {steps_es}, "
        "cuesta {coins_es} y tienes {have_coins_es}.",
    ),
    "elephant_token_unavailable": (
        "Knowledge tracks (movement token)",
        "You have no unused movement token to place your elephant for free.",
        "No tienes una ficha de movimiento sin usar para colocar tu elefante gratis.",
    ),
    "elephant_teleport_unavailable": (
        "The Storehouses",
        "You have no teleport storehouse to place your elephant anywhere.",
        "No tienes el almacén que permite colocar el elefante en cualquier distrito.",
    ),
    "sow_empty_section": (
        "Phase 2. Move workers",
        "Section {section} has no workers to take.",
        "La sección {section} no tiene trabajadores.",
    ),
    "not_carrying_colour": (
        "Phase 2. Move workers",
        "You are not carrying a {colour} worker.",
        "No llevas ningún trabajador {colour_es}.",
    ),
    "section_full": (
        "Phase 2. Move workers",
        "Section {section} is full (4 workers); it is skipped.",
        "La sección {section} está llena (4 trabajadores); se salta.",
    ),
    "skip_only_last": (
        "Phase 2. Move workers",
        "Only the last worker may skip sections.",
        "Solo el último trabajador puede saltar secciones.",
    ),
    "skip_into_origin": (
        "Phase 2. Move workers (house rule)",
        "House rule: the worker may not skip round into {section}, the section it was taken from.",
        "Regla de la casa: el trabajador no puede volver saltando a {section}, la sección de "
        "la que salió.",
    ),
    "main_action_required": (
        "Phase 2. Actions (house rule)",
        "House rule: take a main action before ending your actions (one is possible).",
        "Regla de la casa: realiza una acción principal antes de terminar tus acciones (hay "
        "una posible).",
    ),
    "exchange_not_now": (
        "The Storehouses",
        "The exchange is offered in the action menu and inside a market action.",
        "El intercambio se ofrece en el menú de acciones y dentro de una acción de mercado.",
    ),
    "skip_needs_coin": (
        "Phase 2. Move workers",
        "Skipping a section costs 1 coin, and you have none.",
        "Saltar una sección cuesta 1 moneda y no tienes ninguna.",
    ),
    "tile_chosen": (
        "Phase 2 (actions)",
        "Your worker already uses the {tile} tile this turn.",
        "Tu trabajador ya usa la loseta {tile} este turno.",
    ),
    "tile_closed": (
        "Phase 2 (actions)",
        "Your worker's tile actions are finished for this turn.",
        "Las acciones de loseta de tu trabajador ya han terminado este turno.",
    ),
    "secondary_colour": (
        "Phase 2 (actions)",
        "The secondary action of {tile} needs a {colour} worker; your active worker is {worker}.",
        "La acción secundaria de {tile} necesita un trabajador {colour_es}; tu trabajador activo "
        "es {worker_es}.",
    ),
    "elephant_not_here": (
        "Phase 2 (actions)",
        "Your elephant is not in {district}, where your active worker is.",
        "Tu elefante no está en el distrito {district_es}, donde está tu trabajador activo.",
    ),
    "elephant_used": (
        "Phase 2 (actions)",
        "You have already activated your elephant this turn.",
        "Ya has activado tu elefante este turno.",
    ),
    "no_mahout_there": (
        "The mahout tiles",
        "You have no mahout tile on the {colour} space.",
        "No tienes loseta de mahout en el espacio {colour_es}.",
    ),
    "nothing_to_do": (
        "Game Turn",
        "{what} would do nothing now: {why}.",
        "{what_es} no haría nada ahora: {why_es}.",
    ),
    "bought_and_sold": (
        "Economy",
        "You {did} {resource} this turn; you cannot also {verb} it.",
        "Has {did_es} {resource_es} este turno; no puedes también {verb_es}.",
    ),
    "cannot_afford": (
        "Economy",
        "Buying {resource} costs {coins_en}; you have {have_coins_en}.",
        "Comprar {resource_es} cuesta {coins_es}; tienes {have_coins_es}.",
    ),
    "nothing_to_sell": (
        "Economy",
        "You have no {resource} to sell.",
        "No tienes {resource_es} para vender.",
    ),
    "follow_needs_trade": (
        "Follow the Active Player",
        "To follow with a market action you must buy or sell at least once.",
        "Para seguir con una acción de mercado debes comprar o vender al menos una vez.",
    ),
    "upgrade_kind": (
        "Mahout and upgrades",
        "This action does not allow a {kind} upgrade.",
        "Esta acción no permite una mejora de {kind_es}.",
    ),
    "upgrade_no_space": (
        "Mahout and upgrades",
        "There is no free {kind} space on your board.",
        "No hay espacio libre de {kind_es} en tu tablero.",
    ),
    "upgrade_space_taken": (
        "Mahout and upgrades",
        "That {kind} space is already filled.",
        "Ese espacio de {kind_es} ya está ocupado.",
    ),
    "upgrade_not_available": (
        "Mahout and upgrades",
        "{what} is not available to you.",
        "{what_es} no está disponible para ti.",
    ),
    "upgrade_payment": (
        "Mahout and upgrades",
        "A {kind} upgrade costs 1 {cost}; {why}.",
        "Una mejora de {kind_es} cuesta 1 {cost_es}; {why_es}.",
    ),
    "donation_no_counter": (
        "The Golden Temple and Donations",
        "Your elephant carries no donation counters.",
        "Tu elefante no lleva contadores de donación.",
    ),
    "donation_space": (
        "The Golden Temple and Donations",
        "There is no space {level}.{space} on the donation tile.",
        "No existe el espacio {level}.{space} en la loseta de donación.",
    ),
    "donation_space_taken": (
        "The Golden Temple and Donations",
        "Space {level}.{space} in {district} is already taken.",
        "El espacio {level}.{space} del {district_es} ya está ocupado.",
    ),
    "donation_needs_below": (
        "The Golden Temple and Donations",
        "Level {level} needs both spaces below it filled first.",
        "El nivel {level} necesita primero los dos espacios de debajo ocupados.",
    ),
    "donation_cost": (
        "The Golden Temple and Donations",
        "Level {level} costs {cost}; you have {have}.",
        "El nivel {level} cuesta {cost_es}; tienes {have_es}.",
    ),
    "track_not_allowed": (
        "Knowledge tracks",
        "This step must go on the {track} track.",
        "Este paso debe ir en el marcador de {track_es}.",
    ),
    "two_steps_form": (
        "The Storehouses",
        "Move one counter up 2 steps, or two different counters up 1 step each.",
        "Sube un contador 2 pasos, o dos contadores distintos 1 paso cada uno.",
    ),
    "discard_none": (
        "The Storehouses",
        "You have no {what} to discard.",
        "No tienes {what_es} para descartar.",
    ),
    "exchange_unavailable": (
        "The Storehouses",
        "{why}.",
        "{why_es}.",
    ),
    "follow_cannot": (
        "Follow the Active Player",
        "You cannot perform your {colour} mahout tile now: {why}.",
        "No puedes realizar ahora tu loseta de mahout {colour_es}: {why_es}.",
    ),
    "elephant_phase": (
        "Phase I. Move your elephant; Phase 3",
        "Elephants move at the start of a turn (phase 1), or after the actions once the "
        "movement token is unlocked (phase 3).",
        "Los elefantes se mueven al empezar el turno (fase 1), o tras las acciones si la "
        "ficha de movimiento está desbloqueada (fase 3).",
    ),
    "not_your_piece": (
        "Game Turn",
        "It is {current}'s turn; the {colour} {piece} only moves on its owner's turn.",
        "Es el turno de {current}; {the_piece_es} solo se mueve en el turno de su dueño.",
    ),
    "sow_one_section": (
        "Phase 2. Move workers",
        "Take all the workers of one section only.",
        "Coge todos los trabajadores de una sola sección.",
    ),
    "sow_clockwise": (
        "Phase 2. Move workers",
        "Workers are left one per section, clockwise, starting after the section you emptied; "
        "the next one belongs in {section}.",
        "Los trabajadores se dejan de uno en uno en cada sección, en sentido horario, empezando "
        "tras la sección vaciada; el siguiente va en {section}.",
    ),
    "sow_wrong_time": (
        "Phase 2. Move workers",
        "Workers are moved once per turn, in phase 2, by the player whose turn it is.",
        "Los trabajadores se mueven una vez por turno, en la fase 2, por el jugador en turno.",
    ),
    "donation_elephant": (
        "The Golden Temple and Donations",
        "You can only donate in the district where your elephant is ({district}).",
        "Solo puedes donar en el distrito donde está tu elefante ({district_es}).",
    ),
    "donation_wrong_time": (
        "The Golden Temple and Donations",
        "Donations are made only with the donation action of a mahout tile.",
        "Las donaciones solo se hacen con la acción de donar de una loseta de mahout.",
    ),
    "market_wrong_time": (
        "Economy",
        "The market changes only during a market action.",
        "El mercado solo cambia durante una acción de mercado.",
    ),
    "table_changed": (
        "Game Turn",
        "The table changed in a way the game does not allow now.",
        "La mesa ha cambiado de una forma que la partida no permite ahora.",
    ),
    "turn_not_closed": (
        "End of Round",
        "The table has moved on: answer any choice still open on the phones and press "
        "'turn done' so the companion can follow.",
        "La mesa ya ha avanzado: responde a las elecciones pendientes en los móviles y pulsa "
        "'turno terminado' para que el asistente pueda seguir.",
    ),
    "misplaced_piece": (
        "Game Turn",
        "{piece} went to {seen}; it belongs to {expected}.",
        "{piece_es} ha ido {seen_es}; va {expected_es}.",
    ),
    "table_behind": (
        "Game Turn",
        "The table does not show the last moves yet.",
        "La mesa aún no muestra los últimos movimientos.",
    ),
    "sensor_link_stopped": (
        "Sensor board",
        "The sensor board's link stopped: {why}. The camera carries on alone.",
        "El enlace con la placa de sensores se ha detenido: {why_es}. La cámara sigue sola.",
    ),
    "sensor_report_refused": (
        "Sensor board",
        "{what}",
        "{what_es}",
    ),
    "camera_notice": (
        "Camera",
        "{what}",
        "{what_es}",
    ),
    "sensors_disagree": (
        "Sensor board",
        "The sensor board and the camera disagree about the {what}; trusting the sensor board.",
        "La placa de sensores y la cámara no coinciden en {what_es}; se confía en la placa.",
    ),
    "setup_from_table": (
        "Game Setup",
        "The setup cannot be taken from the table yet: {why}",
        "Aún no se puede tomar la preparación de la mesa: {why_es}",
    ),
    "choice_out_of_range": (
        "Game Turn",
        "There is no such choice here.",
        "Esa opción no existe aquí.",
    ),
}


#: Reasons raised when reading the physical table (``companion.reconcile``),
#: not by the engine's own checks: a worker dropped in a full section, a piece
#: moved at the wrong moment, the table behind or ahead of the game.
TABLE_REASONS = frozenset(
    {
        "section_full",
        "elephant_phase",
        "not_your_piece",
        "sow_one_section",
        "sow_clockwise",
        "sow_wrong_time",
        "donation_elephant",
        "donation_wrong_time",
        "market_wrong_time",
        "table_changed",
        "turn_not_closed",
        "misplaced_piece",
        "table_behind",
        "sensors_disagree",
        "camera_notice",
        "sensor_link_stopped",
        "sensor_report_refused",
        "setup_from_table",
    }
)


#: Counts said in words: field -> (English word, Spanish word), singular forms;
#: ``{coins_en}``, ``{have_coins_es}``, ``{steps_en}``... agree with the count.
_COUNTED = {
    "coins": ("coins", ("coin", "moneda")),
    "have": ("have_coins", ("coin", "moneda")),
    "steps": ("steps", ("step", "paso")),
}


def _coin_words(given: dict[str, Any]) -> dict[str, Any]:
    """``{coins_en}`` / ``{coins_es}`` (and the others of ``_COUNTED``): a
    count in words, singular or plural ("1 coin", "2 monedas")."""
    words: dict[str, Any] = {}
    for name, (prefix, (en, es)) in _COUNTED.items():
        count = given.get(name)
        if not isinstance(count, int) or isinstance(count, bool):
            continue
        plural = "" if count == 1 else "s"
        words[f"{prefix}_en"] = f"{count} {en}{plural}"
        words[f"{prefix}_es"] = f"{count} {es}{plural}"
    return words


#: Spanish pieces that are feminine (the rest take "el"): the article and the
#: colour agree with them ("la ficha morada", "el elefante morado").
_FEMININE_ES = frozenset({"ficha", "loseta", "moneda", "pieza"})


def _piece_words(given: dict[str, Any]) -> dict[str, Any]:
    """``{the_piece_es}``: the piece with its article and its colour agreeing
    ("el elefante morado", "la ficha morada"), from ``piece_es`` and ``colour_es``."""
    piece = given.get("piece_es")
    if not isinstance(piece, str):
        return {}
    colour = str(given.get("colour_es", "")).strip()
    feminine = piece.split()[0] in _FEMININE_ES
    if feminine and colour.endswith("o"):
        colour = colour[:-1] + "a"
    words = [("la" if feminine else "el"), piece] + ([colour] if colour else [])
    return {"the_piece_es": " ".join(words)}


def _derived_words(given: dict[str, Any]) -> dict[str, Any]:
    return {**_coin_words(given), **_piece_words(given)}


#: Amritsar's refusals as a core ``ReasonTable``.
TABLE = ReasonTable(
    "amritsar",
    REASONS,
    _derived_words,
    {rule: section_words(rule) for rule, _, _ in REASONS.values()},
)


#: The words of a refusal, or a function that makes them when first asked.
Fields = dict[str, Any] | Callable[[], dict[str, Any]]


@dataclass(frozen=True, init=False)
class Reason(CoreReason):
    """A refusal from Amritsar's table: ``Reason(code, fields)``.

    A core ``Reason`` whose table is Amritsar's, so rule code writes
    ``Reason("section_full", {"section": "N1"})``; ``rule``, ``en``, ``es``,
    ``text`` and ``to_dict`` come from the core. Checks build one for every
    refused candidate while listing legal actions, so construction stays as
    cheap as a two-field record: ``table`` is the class default, not stored.

    ``fields`` may be a function returning them: checks whose words cost
    something (names in both languages, an effect described) pass one, and it
    runs only when ``fields`` is first read (``en``, ``es``, ``to_dict``, an
    equality test), so ``legal_actions``, which only asks "refused or not",
    never builds words nobody reads. The function must read only values that
    do not change afterwards (states are never changed once built).

        >>> Reason("section_full", lambda: {"section": "N1"}).en
        'Section N1 is full (4 workers); it is skipped.'
    """

    table: ReasonTable | None = field(default=TABLE, compare=False, repr=False)

    def __init__(self, code: str, fields: Fields | None = None):
        # Straight into the instance dict: a frozen dataclass refuses setattr,
        # and object.__setattr__ costs twice as much on this hot path.
        own = self.__dict__
        own["code"] = code
        if callable(fields):
            own["_make_fields"] = fields
        else:
            own["fields"] = {} if fields is None else fields

    def __getattr__(self, name: str) -> Any:
        # Reached only while ``fields`` is not yet in the instance: make it once.
        if name != "fields" or "_make_fields" not in self.__dict__:
            raise AttributeError(name)
        made = self.__dict__["_make_fields"]()
        self.__dict__["fields"] = made
        return made


class IllegalActionError(CoreIllegalActionError):
    """An action the rules refuse; ``reason`` says which rule and why."""

    def __init__(self, action: object, reason: CoreReason):
        super().__init__(action, reason)
        self.args = (f"{action}: {reason.en} (rulebook: {reason.rule})",)
