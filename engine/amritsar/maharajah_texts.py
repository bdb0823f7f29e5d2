"""The words of the Maharajah's turn, in English and Spanish.

Every sentence the trace and the instructions of his turn use
(``engine.amritsar.maharajah_report``) is a template here, keyed by a stable code,
with the English and the Spanish side by side so a translator sees both.
Values that read differently in each language (a district, a colour, a
resource) are ``Word``s; ``render`` fills a template in both languages.
The vocabulary itself (district, colour and resource names) is the one
every player-facing text shares, ``engine.amritsar.describe``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from engine.amritsar.board import District
from engine.amritsar.describe import (
    COLOURS,
    DISTRICT_ADJECTIVES,
    DISTRICTS,
    DISTRICTS_IN_TEXT,
    RESOURCES,
    spanish,
)
from engine.amritsar.rules.scoring import CATEGORIES


@dataclass(frozen=True)
class Word:
    """A value that reads differently in English and Spanish."""

    en: str
    es: str


def district_word(district: int) -> Word:
    """A district inside a sentence (Spanish with its article: "el Norte")."""
    return Word(DISTRICTS_IN_TEXT["en"][district], DISTRICTS_IN_TEXT["es"][district])


def coins_word(count: int) -> Word:
    """ "1 coin" / "2 coins", "1 moneda" / "2 monedas"."""
    plural = count != 1
    return Word(
        f"{count} coin" + ("s" if plural else ""), f"{count} moneda" + ("s" if plural else "")
    )


def temple_word(pp: Sequence[int]) -> Word:
    """A temple tile as a person sees it: the PP printed for each district."""
    return Word(
        "the one showing " + ", ".join(f"{DISTRICTS['en'][d]} {pp[d]}" for d in range(4)),
        "la que muestra " + ", ".join(f"{DISTRICTS['es'][d]} {pp[d]}" for d in range(4)),
    )


def colour_word(colour: int) -> Word:
    return Word(COLOURS["en"][colour], COLOURS["es"][colour])


def resource_word(resource: int, count: int = 1) -> Word:
    """A resource's name, plural when ``count`` is not 1."""
    form = 0 if count == 1 else 1
    return Word(RESOURCES["en"][resource][form], RESOURCES["es"][resource][form])


def resources_word(counts: Sequence[int]) -> Word:
    """``(2, 0, 1)`` -> "2 marbles, 1 gold" / "2 mármoles, 1 oro"; "nothing" when empty."""
    parts = [(n, resource_word(r, n)) for r, n in enumerate(counts) if n]
    if not parts:
        return Word("nothing", "nada")
    return Word(
        ", ".join(f"{n} {word.en}" for n, word in parts),
        ", ".join(f"{n} {word.es}" for n, word in parts),
    )


def space_word(space: int) -> Word:
    """A Maharajah space as the table names it: between two districts."""
    first = District(space)
    second = first.clockwise()
    return Word(
        f"the space between the {DISTRICT_ADJECTIVES[first]} and "
        f"{DISTRICT_ADJECTIVES[second]} Districts",
        f"el espacio entre {DISTRICTS_IN_TEXT['es'][first]} y {DISTRICTS_IN_TEXT['es'][second]}",
    )


def steps_word(count: int) -> Word:
    """How far a counter moves on a track: "2" / "2 casillas"."""
    return Word(str(count), f"{count} casilla" + ("" if count == 1 else "s"))


def storehouse_word(counts: Sequence[int]) -> Word:
    """What his storehouse holds, as a clause."""
    if not any(counts):
        return Word("his storehouse is empty", "su almacén está vacío")
    held = resources_word(counts)
    return Word(f"his storehouse holds {held.en}", f"su almacén tiene {held.es}")


def render(template: tuple[str, str], values: dict[str, Any]) -> tuple[str, str]:
    """Fill an (English, Spanish) template; ``Word`` values pick their language.

    The Spanish is then contracted ("de el Este a el Sur" -> "del Este al Sur");
    a sentence opening with a district starts with a capital ("The Northern District (4 PP): ...").
    """
    en = {k: v.en if isinstance(v, Word) else v for k, v in values.items()}
    es = {k: v.es if isinstance(v, Word) else v for k, v in values.items()}
    english = template[0].format_map(en)
    return english[:1].upper() + english[1:], spanish(template[1].format_map(es))


#: Trace messages: code -> (English, Spanish).
TRACE: dict[str, tuple[str, str]] = {
    "donation_order": (
        "Donation: he tries the districts in the order of the active temple tile's "
        "majority PP: {order}.",
        "Donación: prueba los distritos en el orden de los PP de mayoría de la loseta de "
        "templo activa: {order}.",
    ),
    "no_counter_on_elephant": (
        "Donation: not possible, his elephant carries no donation counters.",
        "Donación: no es posible, su elefante no lleva contadores de donación.",
    ),
    "district_full": (
        "{district} ({pp} PP): its donation tile is full.",
        "{district} ({pp} PP): su loseta de donación está completa.",
    ),
    "district_cost": (
        "{district} ({pp} PP): he cannot pay any free space ({needs}; {have}).",
        "{district} ({pp} PP): no puede pagar ninguna casilla libre ({needs}; {have}).",
    ),
    "district_tried": (
        "{district} ({pp} PP): already tried above.",
        "{district} ({pp} PP): ya probado antes.",
    ),
    "donated": (
        "{district} ({pp} PP): he donates on level {level}, space {space}, for {points} PP "
        "(the space worth most to him{tie}).",
        "{district} ({pp} PP): dona en el nivel {level}, casilla {space}, por {points} PP "
        "(la casilla que más le da{tie}).",
    ),
    "no_district": (
        "He can donate nowhere: his elephant stays in {district} and he takes his next "
        "donation counter instead.",
        "No puede donar en ningún distrito: su elefante se queda en {district} y recupera "
        "su siguiente contador de donación.",
    ),
    "actions": (
        "Actions: {first} (your last active worker) and {second} (the worker beside the "
        "Maharajah token), top to bottom on his board: {order}.",
        "Acciones: {first} (tu último trabajador activo) y {second} (el trabajador junto a "
        "la ficha de marajá), de arriba abajo en su tablero: {order}.",
    ),
    "actions_one": (
        "Action: {colour} (the worker beside the Maharajah token); you have had no active "
        "worker yet, so that is his only action.",
        "Acción: {colour} (el trabajador junto a la ficha de marajá); aún no has tenido "
        "trabajador activo, así que es su única acción.",
    ),
    "action_yellow": (
        "{n}. Yellow: a donation counter to his elephant, a marble from his quarry, then the "
        "market returns one of the same type to the reserve.",
        "{n}. Amarillo: un contador de donación a su elefante, un mármol de su cantera y el "
        "mercado devuelve uno del mismo tipo a la reserva.",
    ),
    "action_blue": (
        "{n}. Blue: 2 resources from his quarry for decade {decade}: {resources}.",
        "{n}. Azul: 2 recursos de su cantera en la década {decade}: {resources}.",
    ),
    "action_white": (
        "{n}. White: his white-track counter moves one step.",
        "{n}. Blanco: su contador del marcador blanco avanza un paso.",
    ),
    "action_green": (
        "{n}. Green: he donates in his objective's district, else by the temple order, else "
        "he takes a donation counter.",
        "{n}. Verde: dona en el distrito de su objetivo, si no en el orden del templo, y si "
        "no recupera un contador de donación.",
    ),
    "objective_district": (
        "His objective ({objective}) names {district}: he tries it first.",
        "Su objetivo ({objective}) indica {district}: lo prueba primero.",
    ),
    "objective_no_district": (
        "His objective ({objective}) names no district: he goes straight to the temple order.",
        "Su objetivo ({objective}) no indica distrito: pasa directamente al orden del templo.",
    ),
    "counter_taken": (
        "He takes his next donation counter (row {row}, space {col} of his board).",
        "Recupera su siguiente contador de donación (fila {row}, casilla {col} de su tablero).",
    ),
    "no_counter_left": (
        "No donation counter is left on his board: 1 PP instead.",
        "No quedan contadores de donación en su tablero: 1 PP en su lugar.",
    ),
    "row_done": (
        "Row {row} of his board is now empty: he gets its benefit, {benefit}.",
        "La fila {row} de su tablero queda vacía: obtiene su beneficio, {benefit}.",
    ),
    "resource_taken": (
        "He takes 1 {resource} from his quarry.",
        "Coge 1 {resource} de su cantera.",
    ),
    "resource_substituted": (
        "No {wanted} in his quarry: he takes the next available one, 1 {resource}.",
        "No hay {wanted} en su cantera: coge el siguiente disponible, 1 {resource}.",
    ),
    "quarry_empty": (
        "His quarry is empty: 1 PP instead of 1 {wanted}.",
        "Su cantera está vacía: 1 PP en lugar de 1 {wanted}.",
    ),
    "market_returned": (
        "The market returns 1 {resource} (row {row}) to the reserve.",
        "El mercado devuelve 1 {resource} (fila {row}) a la reserva.",
    ),
    "market_has_none": (
        "The market has no {resource} left: nothing returns to the reserve.",
        "No queda {resource} en el mercado: no se devuelve nada a la reserva.",
    ),
    "market_nothing_got": (
        "He got no resource: nothing returns from the market.",
        "No ha obtenido ningún recurso: no se devuelve nada del mercado.",
    ),
    "white_step": (
        "His white-track counter moves to space {to}: {benefit}.",
        "Su contador del marcador blanco pasa a la casilla {to}: {benefit}.",
    ),
    "white_bounce": (
        "His white-track counter moves between the last two spaces, to space {to}: 1 PP.",
        "Su contador del marcador blanco se mueve entre las dos últimas casillas, a la "
        "casilla {to}: 1 PP.",
    ),
    "benefit_ignored": (
        "{benefit}: nothing the Maharajah can take.",
        "{benefit}: nada que el marajá pueda obtener.",
    ),
    "after_your_action": (
        "What your action set off moves his pieces too (an end of decade, the final scoring).",
        "Lo que tu acción ha desencadenado mueve también sus piezas (un final de década, la "
        "puntuación final).",
    ),
    "decade_ends": (
        "The Maharajah token is back on its start space: decade {decade} ends.",
        "La ficha de marajá vuelve a su casilla inicial: termina la década {decade}.",
    ),
}

#: Instruction texts: code -> (English, Spanish).
INSTRUCTIONS: dict[str, tuple[str, str]] = {
    "mark_two": (
        "Put his 2 Knowledge Counters on the {first} and {second} worker actions of his board.",
        "Coloca sus 2 contadores de conocimiento en las acciones del trabajador {first} y del "
        "trabajador {second} de su tablero.",
    ),
    "mark_same": (
        "Put both of his 2 Knowledge Counters on the {colour} worker action of his board (he "
        "performs it twice).",
        "Coloca sus 2 contadores de conocimiento en la acción del trabajador {colour} de su "
        "tablero (la realiza dos veces).",
    ),
    "elephant": (
        "Move the Maharajah's elephant from {source} to {district} (free, no penalty).",
        "Mueve el elefante del marajá de {source} a {district} (gratis, sin penalización).",
    ),
    "donation": (
        "Take one donation counter off the Maharajah's elephant and put it on the donation "
        "tile of {district}, level {level}, space {space} from the left.",
        "Quita un contador de donación del elefante del marajá y colócalo en {district}, "
        "nivel {level}, casilla {space} desde la izquierda.",
    ),
    "pay": (
        "Put 1 {resource} from his storehouse back in his quarry.",
        "Devuelve 1 {resource} de su almacén a su cantera.",
    ),
    "take": (
        "Move 1 {resource} from his quarry to his storehouse.",
        "Mueve 1 {resource} de su cantera a su almacén.",
    ),
    "counter": (
        "Move his next donation counter (row {row}, space {col} of his board) onto his "
        "elephant in {district}.",
        "Mueve su siguiente contador de donación (fila {row}, casilla {col} de su tablero) "
        "a su elefante en {district}.",
    ),
    "market_return": (
        "Return 1 {resource} from the market ({resource} column, row {row}) to the reserve.",
        "Devuelve 1 {resource} del mercado (columna de {resource}, fila {row}) a la reserva.",
    ),
    "white_track": (
        "Move his white-track counter from space {source} to space {target}.",
        "Mueve su contador del marcador blanco de la casilla {source} a la {target}.",
    ),
    "pp_maharajah": (
        "Move the Maharajah's PP counter {direction} {amount} to {total} ({why}).",
        "Mueve el contador de PP del marajá {amount} {direction}, hasta {total} ({why}).",
    ),
    "pp_player": (
        "Move your PP counter {direction} {amount} to {total} ({why}).",
        "Mueve tu contador de PP {amount} {direction}, hasta {total} ({why}).",
    ),
    "pp_maharajah_no_total": (
        "Move the Maharajah's PP counter {direction} {amount} ({why}).",
        "Mueve el contador de PP del marajá {amount} {direction} ({why}).",
    ),
    "pp_player_no_total": (
        "Move your PP counter {direction} {amount} ({why}).",
        "Mueve tu contador de PP {amount} {direction} ({why}).",
    ),
    "token": (
        "Move the Maharajah token clockwise to {target}; the {colour} worker stands beside it.",
        "Mueve la ficha de marajá en sentido horario a {target}; junto a ella está el "
        "trabajador {colour}.",
    ),
    "coins_take": (
        "Take {coins} from the reserve into your storehouses.",
        "Coge {coins} de la reserva para tus almacenes.",
    ),
    "coins_pay": (
        "Pay {coins} from your storehouses to the reserve.",
        "Paga {coins} de tus almacenes a la reserva.",
    ),
    "resource_take": (
        "Take {amount} {resource} from the reserve into your storehouses.",
        "Coge {amount} {resource} de la reserva para tus almacenes.",
    ),
    "resource_pay": (
        "Return {amount} {resource} from your storehouses to the reserve.",
        "Devuelve {amount} {resource} de tus almacenes a la reserva.",
    ),
    "counter_from_market": (
        "Move one of your donation counters from your market space to your elephant.",
        "Mueve uno de tus contadores de donación de tu espacio del mercado a tu elefante.",
    ),
    "counter_from_board": (
        "Move the donation counter you uncovered on your board to your {target}.",
        "Mueve el contador de donación que has descubierto en tu tablero a tu {target}.",
    ),
    "bridge_flip": (
        "Flip the bridge tile of decade {decade} face down.",
        "Da la vuelta a la loseta de puente de la década {decade}.",
    ),
    "temple": (
        "Remove the temple tile just scored, put the next temple piece in the centre of the "
        "board and face the new active temple tile ({tile}) north.",
        "Retira la loseta de templo puntuada, coloca la siguiente pieza del templo en el "
        "centro del tablero y orienta al norte la nueva loseta de templo activa ({tile}).",
    ),
}


def pp_why(category: str, detail: str = "") -> Word:
    """The reason for a PP change, from the score sheet's categories.

    A majority names its district ("Majority, North"): ``detail`` is the score
    sheet's component ("decade I, North (T1)").
    """
    _, en, es = CATEGORIES.get(category, ("", category, category))
    if category == "majority":
        for district in range(4):
            if f", {DISTRICTS['en'][district]}" in detail:
                return Word(
                    f"{en}, {DISTRICTS['en'][district]}", f"{es}, {DISTRICTS['es'][district]}"
                )
    return Word(en, es)
