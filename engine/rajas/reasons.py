"""Rajas of the Ganges' refusals: each names the rule (Spanish text's section, or
the gathered facts where the text stops) and says how to fix it, in EN + ES."""

from __future__ import annotations

from engine.core.reasons import ReasonTable
from engine.rajas.sections import SECTIONS

_PLAY = "Como se Juega"
_PLACE = "Colocación de trabajadores y realización de las acciones asociadas"
_DICE = "Como se Juega: los dados"
_BUILD = "I. Building Action (cantera)"
_PROVINCE = "Las Juntas Provinciales"
_MARKET = "II. Acción de mercado"
_PALACE = "III. Acciones en el palacio (missing from the source text)"
_UPGRADE = "Las mejoras de los edificios"
_HARBOUR = "IV. Acciones en el puerto (missing from the source text)"
_KARMA = "Karma (missing from the source text)"

TABLE = ReasonTable(
    "rajas",
    {
        "wrong_decision": (
            _PLAY,
            "That is not the decision now: {now}.",
            "Esa no es la decisión ahora: {now_es}.",
        ),
        "game_over": ("Fin de la partida", "The game is over.", "La partida ha terminado."),
        "bad_value": ("", "That {field} does not exist.", "Ese valor ({field}) no existe."),
        "chance_unavailable": (
            "Preparar",
            "{what} cannot come up now; check what the table shows.",
            "{what_es} no puede salir ahora; revisa lo que muestra la mesa.",
        ),
        "space_taken": (
            _PLACE,
            "{space} already has a worker: one worker per action space. Choose a free space.",
            "{space_es} ya tiene un trabajador: solo uno por casilla de acción. Elige una casilla libre.",
        ),
        "space_covered": (
            "Preparar",
            "{space} is covered with {players} players; use a space in play.",
            "{space_es} está cubierta con {players} jugadores; usa una casilla en juego.",
        ),
        "no_worker": (
            _PLAY,
            "You have no worker left this round; they come back at the start of the next round.",
            "No te quedan trabajadores en esta ronda; vuelven al empezar la siguiente.",
        ),
        "row_order": (
            _PLAY,
            "At the quarry and the harbour workers go row by row from the left: use {space}.",
            "En la cantera y en el puerto los trabajadores se colocan fila por fila de izquierda a derecha: usa {space}.",
        ),
        "no_money": (
            "Pagar dinero por una acción",
            "{space} costs {cost} money and you have {money}; choose a space you can pay.",
            "{space_es} cuesta {cost} de dinero y tienes {money}; elige una casilla que puedas pagar.",
        ),
        "no_die": (
            _DICE,
            "There is no {die} on your Kali statue; give a die you have.",
            "No hay un {die_es} en tu estatua de Kali; entrega un dado que tengas.",
        ),
        "die_value": (
            _PALACE,
            "{space} takes a die showing {value}; turn one with karma or choose another space.",
            "{space_es} pide un dado que muestre {value}; gira uno con karma o elige otra casilla.",
        ),
        "swap_colour": (
            _PALACE,
            "This exchange takes two {colour} dice from your Kali statue.",
            "Este cambio pide dos dados {colour_es} de tu estatua de Kali.",
        ),
        "mixed_limit": (
            _MARKET,
            "With 3 or 4 players you may use only one mixed-goods market space per round; use the one-kind market.",
            "Con 3 o 4 jugadores solo puedes usar una casilla de productos variados por ronda; usa el mercado de un tipo.",
        ),
        "no_supply": (
            _DICE,
            "No {colour} dice are left in the supply; that colour cannot be taken now.",
            "No quedan dados {colour_es} en el suministro; ese color no se puede coger ahora.",
        ),
        "nothing_to_build": (
            _BUILD,
            "No tile on display can be paid with your dice and placed in your province; do another action.",
            "Ninguna ficha expuesta se puede pagar con tus dados y colocar en tu provincia; haz otra acción.",
        ),
        "harbour_far": (
            _HARBOUR,
            "Your boat cannot move {steps} free spaces: the river ends first. Give a lower die.",
            "Tu barco no puede avanzar {steps} espacios libres: el río se acaba antes. Entrega un dado menor.",
        ),
        "stack_empty": (
            _BUILD,
            "The {stack} stack is empty; take a tile from another stack.",
            "La pila {stack_es} está vacía; toma una ficha de otra pila.",
        ),
        "dice_short": (
            _BUILD,
            "Tile {tile} needs {colour} dice totalling at least {cost}; those total {total}.",
            "La ficha {tile} pide dados {colour_es} que sumen al menos {cost}; esos suman {total}.",
        ),
        "no_place_for_tile": (
            _PROVINCE,
            "Tile {tile} cannot join a road in your province in any turn; take another tile.",
            "La ficha {tile} no puede unirse a ninguna carretera de tu provincia; toma otra ficha.",
        ),
        "cell_taken": (
            _PROVINCE,
            "{cell} of your province is not free (a tile or the residence); tiles are never moved.",
            "{cell} de tu provincia no está libre (una ficha o la residencia); las fichas no se mueven.",
        ),
        "not_connected": (
            _PROVINCE,
            "Turned like that, no road end of the tile meets a road to your residence; turn it or choose another space.",
            "Girada así, ningún extremo de carretera de la ficha toca una carretera hacia tu residencia; gírala o elige otro espacio.",
        ),
        "no_karma": (
            _KARMA,
            "Your karma is 0: you cannot turn a die over.",
            "Tu karma es 0: no puedes girar un dado.",
        ),
        "upgrade_max": (
            _UPGRADE,
            "Your {building} cube is already in the last column; upgrade another building.",
            "Tu cubo de {building_es} ya está en la última columna; mejora otro edificio.",
        ),
        "first_not_tied": (
            "Preparar",
            "Seat {seat} did not roll the lowest total; the start player is one of {tied}.",
            "El asiento {seat} no sacó el total más bajo; el jugador inicial es uno de {tied}.",
        ),
    },
    sections=SECTIONS,
)
