"""Ceylon's refusals: each names the rulebook section and says how to fix it (EN + ES)."""

from __future__ import annotations

from engine.ceylon.sections import SECTIONS
from engine.core.reasons import ReasonTable

_SETUP = "Preparación"
_TURN = "Turno de juego"
_TOKEN = "Turno de juego: ficha de tecnología"
_PLANT = "Acciones principales: Plantar"
_HARVEST = "Acciones principales: Cosechar"
_TRADE = "Acciones principales: Comerciar"
_HIRE = "Acciones principales: Contratar un consejero"
_TECH = "Acciones principales: Avanzar en desarrollo tecnológico"
_MOVE = "Acciones alternativas: Mover"
_START = "Variante de juego: Losetas de inicio"

TABLE = ReasonTable(
    "ceylon",
    {
        "wrong_decision": (
            _TURN,
            "That is not the decision now: {now}.",
            "Esa no es la decisión ahora: {now_es}.",
        ),
        "game_over": ("Fin de la partida", "The game is over.", "La partida ha terminado."),
        "bad_value": ("", "That {field} does not exist.", "Ese valor ({field}) no existe."),
        "chance_unavailable": (
            _SETUP,
            "{what} is not among the pieces left to draw; check the piece you drew.",
            "{what_es} no está entre las piezas que quedan por robar; revisa la pieza robada.",
        ),
        "draw_unaccounted": (
            _SETUP + " J",
            "The cards entered so far leave no {what} card in the draw pile: a card was entered "
            "wrong on a phone. Check the card you drew; if it is right, every player checks "
            "the hand their phone shows.",
            "Las cartas introducidas hasta ahora no dejan ninguna carta de {what_es} en el mazo de robo: "
            "alguien introdujo mal una carta. Revisa la carta robada; si es correcta, cada "
            "jugador revisa la mano que muestra su móvil.",
        ),
        "elev_tile": (
            _SETUP + " A",
            "Large elevation tile {tile} is not available (back in the box or already placed); use another.",
            "La loseta de elevación grande {tile} no está disponible (en la caja o ya colocada); usa otra.",
        ),
        "elev_district": (
            _SETUP + " A",
            "{district} already has its large elevation tile (or is out of play): one per district.",
            "{district} ya tiene su loseta de elevación grande (o no está en juego): una por distrito.",
        ),
        "elev_shape": (
            _SETUP + " A",
            "Tile {tile} cannot cover those hexes: it covers 4 hexes of one district in its own shape.",
            "La loseta {tile} no puede cubrir esos hexágonos: cubre 4 hexágonos de un mismo distrito con su forma.",
        ),
        "top_where": (
            _SETUP + " A",
            "A small tile goes on one hex of a large tile whose district has no small tile yet.",
            "La loseta pequeña va sobre un hexágono de una loseta grande cuyo distrito aún no tenga loseta pequeña.",
        ),
        "start_level": (
            _SETUP + " I",
            "Start on a level-0 hex (no elevation tile) of a district in play.",
            "Empieza en un hexágono de nivel 0 (sin loseta de elevación) de un distrito en juego.",
        ),
        "start_district": (
            _SETUP + " I",
            "{district} already has a plantation: each player starts in a different district.",
            "{district} ya tiene una plantación: cada jugador empieza en un distrito distinto.",
        ),
        "not_in_hand": (
            _TURN,
            "You do not hold a {card} card; play one of your hand.",
            "No tienes una carta de {card_es}; juega una de tu mano.",
        ),
        "card_all_seen": (
            _TURN,
            "All {copies} {card} cards are on the discard pile already, so none can be in "
            "your hand; check the card you played.",
            "Las {copies} cartas de {card_es} ya están en la pila de descartes, así que no puede "
            "quedar ninguna en tu mano; revisa la carta que has jugado.",
        ),
        "not_on_card": (
            _TURN,
            "The card leaves you {allowed} or an alternative (move, 2 rupees), not {kind}.",
            "La carta te deja {allowed_es} o una alternativa (mover, 2 rupias), no {kind_es}.",
        ),
        "token_none": (
            _TOKEN,
            "You have no tech token; advance on the tech track to earn one.",
            "No tienes fichas de tecnología; avanza en el marcador de tecnología para conseguirlas.",
        ),
        "token_used": (
            _TOKEN,
            "Only one tech token per turn, and only by the active player.",
            "Solo una ficha de tecnología por turno, y solo el jugador activo.",
        ),
        "token_tech": (
            _TOKEN,
            "A tech token cannot be used to advance on the tech track; choose another action.",
            "Una ficha de tecnología no sirve para avanzar en desarrollo tecnológico; elige otra acción.",
        ),
        "rupees": (
            "Acciones principales",
            "You need {need} rupees to {what} and have {have}; take 2 rupees instead.",
            "Necesitas {need} rupias para {what_es} y tienes {have}; coge 2 rupias en su lugar.",
        ),
        "out_of_play": (
            "Partida a 2 jugadores",
            "Hex {hex} is not in play.",
            "El hexágono {hex} no está en juego.",
        ),
        "district_out": (
            "Partida a 2 jugadores",
            "That district is not in play.",
            "Ese distrito no está en juego.",
        ),
        "no_marker": (
            _PLANT,
            "You have no leaf marker left to plant with.",
            "No te quedan marcadores de plantación.",
        ),
        "plant_taken": (
            _PLANT,
            "Hex {hex} already has a plantation; plant where your pawn stands on an empty hex (move first).",
            "El hexágono {hex} ya tiene una plantación; planta en un hexágono libre donde esté tu peón (muévete antes).",
        ),
        "plant_where": (
            _PLANT,
            "You plant on your pawn's hex ({pawn}), not {hex}; move your pawn there first.",
            "Se planta en el hexágono de tu peón ({pawn}), no en {hex}; mueve antes tu peón.",
        ),
        "double_where": (
            _START,
            "Your start tile adds a second marker to one of your own plantations (with one marker) at your pawn: {hex} is not.",
            "Tu loseta de inicio añade un segundo marcador a una plantación tuya (con un marcador) donde está tu peón: {hex} no lo es.",
        ),
        "harvest_none": (
            _HARVEST,
            "No plantation on or next to your pawn's hex: move next to one, or take an alternative.",
            "No hay plantaciones en el hexágono de tu peón ni adyacentes: muévete o elige una alternativa.",
        ),
        "pick_reach": (
            _HARVEST,
            "Hex {hex} has no plantation within your reach (your pawn's hex or next to it).",
            "El hexágono {hex} no tiene una plantación a tu alcance (el de tu peón o adyacente).",
        ),
        "pick_order": (
            _HARVEST,
            "Each plantation gives one cube: name them once each, in map order (after {last}).",
            "Cada plantación da una caja: nómbralas una sola vez, en el orden del mapa (después de {last}).",
        ),
        "done_empty": (
            _HARVEST,
            "Take tea from at least one plantation.",
            "Coge té de al menos una plantación.",
        ),
        "discard_none": (
            _HARVEST + " c",
            "You have no {colour} cube to discard.",
            "No tienes cajas de té {colour_es} para descartar.",
        ),
        "trade_empty": (
            _TRADE,
            "Wagon {wagon} is empty; it is refilled after the active player draws.",
            "El vagón {wagon} está vacío; se repone cuando el jugador activo roba.",
        ),
        "trade_slot": (
            _TRADE,
            "No free slot for company {company} on your board: plant to free one, or trade with a company you have.",
            "No tienes hueco libre para la compañía {company}: planta para liberar uno, o comercia con una compañía que ya tengas.",
        ),
        "trade_cubes": (
            _TRADE,
            "Contract {contract} needs {cubes}; harvest the tea first.",
            "El contrato {contract} pide {cubes}; cosecha antes ese té.",
        ),
        "trade_colour": (
            _START,
            "Contract {contract} asks for no cube of that colour; leave out one it asks for.",
            "El contrato {contract} no pide cajas de ese color; omite una de las que pide.",
        ),
        "hire_twice": (
            _HIRE,
            "You already hired the advisor of {district}.",
            "Ya contrataste al consejero de {district}.",
        ),
        "hire_where": (
            _HIRE,
            "You can only hire the advisor of your pawn's district ({pawn}), not {district}; move there first.",
            "Solo puedes contratar al consejero del distrito de tu peón ({pawn}), no {district}; muévete antes.",
        ),
        "tech_last": (
            _TECH,
            "Your tech counter cannot go further along the track.",
            "Tu contador de tecnología no puede avanzar más.",
        ),
        "move_same": (_MOVE, "Your pawn is already there.", "Tu peón ya está ahí."),
        "start_wrong": (
            _START,
            "Your start tile does not strengthen this action.",
            "Tu loseta de inicio no potencia esta acción.",
        ),
        "start_used": (
            _START,
            "Your start tile was already used (once per game).",
            "Ya usaste tu loseta de inicio (una vez por partida).",
        ),
        "start_pointless": (
            _START,
            "Your start tile is for hiring in another district; hire here without it.",
            "Tu loseta de inicio sirve para contratar en otro distrito; aquí contrata sin ella.",
        ),
    },
    sections=SECTIONS,
)
