"""Words for the generic board: a ``Rules.view`` field or value in English and Spanish.

What it is for: a game without its own drawing (Imhotep, Ceylon, Rajas) is shown by
the generic renderer as titled panels of rows built from ``Rules.view``. The
view's keys and many of its values are identifiers (``"market_face_down"``,
``"harbour"``, ``"paved_path"``); a player reads them in their own language
here. Unknown keys fall back to the key with spaces (``"deck size"``) in
both languages, so a new game shows something readable before it has words.

``words_for(game)`` merges the shared words, the game's own and, for
Imhotep, the card names from its catalog.
"""

from __future__ import annotations

from functools import cache

from engine.core.registry import get_rules

Pair = tuple[str, str]

#: Words every game may use.
COMMON: dict[str, Pair] = {
    "round": ("Round", "Ronda"),
    "turn": ("Turn", "Turno"),
    "points": ("Points", "Puntos"),
    "colours": ("Colours", "Colores"),
    "current": ("Whose turn", "Turno de"),
    "first_player": ("Start player", "Jugador inicial"),
    "first": ("Start player", "Jugador inicial"),
    "active": ("Whose turn", "Turno de"),
    "options": ("House rules", "Reglas de la casa"),
    "black": ("black", "negro"),
    "white": ("white", "blanco"),
    "brown": ("brown", "marrón"),
    "grey": ("grey", "gris"),
    "gray": ("grey", "gris"),
    "red": ("red", "rojo"),
    "blue": ("blue", "azul"),
    "green": ("green", "verde"),
    "yellow": ("yellow", "amarillo"),
}

IMHOTEP: dict[str, Pair] = {
    "sides": ("Sides of the sites", "Caras de los lugares"),
    "wrath": ("Pharaoh's Wrath", "La ira del faraón"),
    "round_card": ("Round card", "Carta de ronda"),
    "boats": ("Boats", "Barcos"),
    "where": ("Where", "Dónde"),
    "slots": ("Stones, bow to stern", "Piedras, de proa a popa"),
    "minimum": ("Needs at least", "Necesita al menos"),
    "harbour": ("in the harbour", "en el puerto"),
    "market": ("Market", "Mercado"),
    "market_face_down": ("Face-down cards", "Cartas boca abajo"),
    "deck_size": ("Cards in the deck", "Cartas en el mazo"),
    "discard_size": ("Discarded cards", "Cartas descartadas"),
    "pyramid": ("Pyramid", "Pirámide"),
    "stones": ("Stones", "Piedras"),
    "temple": ("Temple", "Templo"),
    "burial": ("Burial chamber", "Cámara funeraria"),
    "obelisk": ("Obelisks", "Obeliscos"),
    "towers": ("Towers", "Torres"),
    "sled": ("Sled", "Trineo"),
    "quarry": ("Quarry", "Cantera"),
    "cards": ("Cards", "Cartas"),
    "id": ("Boat", "Barco"),
    # A seat's points on the scoring board so far: never the total (the final count adds the rest).
    "points": (
        "Points in the rounds (before the final count)",
        "Puntos de las rondas (sin el recuento final)",
    ),
}

CEYLON: dict[str, Pair] = {
    "ending": ("Last round", "Última ronda"),
    "districts": ("Districts", "Distritos"),
    "levels": ("Elevation of each space", "Elevación de cada casilla"),
    "plantations": ("Plantations", "Plantaciones"),
    "markers": ("Leaf markers", "Marcadores de hoja"),
    "seat": ("Player", "Jugador"),
    "advisors": ("Advisors", "Consejeros"),
    "train": ("Contracts on the train", "Contratos en el tren"),
    "contracts_left": ("Contracts left", "Contratos restantes"),
    "deck_left": ("Cards in the deck", "Cartas en el mazo"),
    "discards": ("Discarded cards", "Cartas descartadas"),
    "card": ("Action card in play", "Carta de acción en juego"),
    "face": ("Card", "Carta"),
    "active_action": ("Action taken", "Acción elegida"),
    "bonus_stack": ("District bonuses left", "Bonificaciones de distrito restantes"),
    "pawn": ("Pawn on", "Peón en"),
    "rupees": ("Rupees", "Rupias"),
    "cubes": ("Tea cubes", "Cubos de té"),
    "tech": ("Technology", "Tecnología"),
    "tech_order": ("Order on the technology track", "Orden en el marcador de tecnología"),
    "tokens": ("Technology tokens", "Fichas de tecnología"),
    "markers_left": ("Leaf markers left", "Marcadores de hoja restantes"),
    "companies": ("Companies", "Compañías"),
    "contracts": ("Contracts", "Contratos"),
    "hired": ("Advisors hired", "Consejeros contratados"),
    "start_tile": ("Start tile", "Loseta inicial"),
    "start_used": ("Start tile used", "Loseta inicial usada"),
    "district_bonus": ("District bonus", "Bonificación de distrito"),
    "hand_count": ("Cards in hand", "Cartas en la mano"),
    "hand": ("My hand", "Mi mano"),
    # Points won during play: the final scoring is added only at the end (the score sheet).
    "points": (
        "Points during play (before the final scoring)",
        "Puntos durante la partida (sin la puntuación final)",
    ),
    "dimbula": ("Dimbula", "Dimbula"),
    "kandy": ("Kandy", "Kandy"),
    "ruhuna": ("Ruhuna", "Ruhuna"),
    "uva": ("Uva", "Uva"),
    "banker": ("banker", "banquero"),
    "broker": ("broker", "corredor"),
    "guide": ("guide", "guía"),
    "agent": ("agent", "agente"),
    "surveyor": ("surveyor", "agrimensor"),
    "engineer": ("engineer", "ingeniero"),
    "foreman": ("foreman", "capataz"),
    "warehouse": ("warehouse keeper", "almacenero"),
    "plant": ("plant", "plantar"),
    "harvest": ("harvest", "cosechar"),
    "trade": ("trade", "comerciar"),
    "hire": ("hire", "contratar"),
}


def _rajas() -> dict[str, Pair]:
    """Rajas of the Ganges: its view's keys, buildings, stacks and palace spaces."""
    from engine.rajas.catalog import BUILDINGS, BUILDINGS_ES, COLOURS, COLOURS_ES, STACKS

    stacks_es = {"snake": "serpiente", "cow": "vaca", "tiger": "tigre"}
    plural_es = ("azules", "verdes", "naranjas", "morados")
    catalog = getattr(get_rules("rajas"), "catalog", None)
    swaps = {  # the palace's exchange: two dice of a colour for one of another, as printed
        space.dice_colour: COLOURS.index(space.reward[0][0].removeprefix("die-"))
        for space in getattr(catalog, "spaces", ())
        if space.id.startswith("swap-") and space.reward
    }
    words: dict[str, Pair] = {
        "ending": ("Last round", "Última ronda"),
        "tile_in_hand": ("Tile to place", "Ficha por colocar"),
        "spaces": ("Workers on the action spaces", "Trabajadores en las casillas de acción"),
        "stacks": ("Province tile stacks", "Pilas de fichas de provincia"),
        "top": ("on top", "encima"),
        "below": ("below", "debajo"),
        "fame": ("Fame", "Fama"),
        "money": ("Money", "Dinero"),
        "karma": ("Karma", "Karma"),
        "boat": ("Boat on the river", "Bote en el río"),
        "workers": ("Workers", "Trabajadores"),
        "workers_placed": ("Workers placed", "Trabajadores colocados"),
        "dice": ("Dice on the Kali statue", "Dados en la estatua de Kali"),
        "buildings": ("Fame per building", "Fama por edificio"),
        "province": ("Province", "Provincia"),
        "residence": ("residence", "residencia"),
        "tile": ("tile", "ficha"),
        "rotation": ("turned", "girada"),
        "orange": ("orange", "naranja"),
        "purple": ("purple", "morado"),
        "mogul": ("Great Mogul", "Gran Mogol"),
        "dancer": ("Dancer", "Bailarina"),
        "yogi": ("Yogi", "Yogui"),
        "singh": ("Raja Man Singh", "Raja Man Singh"),
        "builder": ("Master Builder", "Maestro de obras"),
        "portuguese": ("Portuguese", "Portugués"),
    }
    for b, building in enumerate(BUILDINGS):
        words[building] = (building, BUILDINGS_ES[b])
    for c, colour in enumerate(COLOURS):
        for stack in STACKS:
            words[f"{colour}-{stack}"] = (
                f"{colour} {stack}",
                f"{COLOURS_ES[c]} ({stacks_es[stack]})",
            )
        words[f"take-{colour}"] = (
            f"take {'an' if colour[0] in 'aeiou' else 'a'} {colour} die",
            f"coger un dado {COLOURS_ES[c]}",
        )
        gained = swaps.get(c, c)
        words[f"swap-{colour}"] = (
            f"two {colour} dice for {'an' if COLOURS[gained][0] in 'aeiou' else 'a'} "
            f"{COLOURS[gained]} one",
            f"dos dados {plural_es[c]} por uno {COLOURS_ES[gained]}",
        )
    return words


#: The words the generic page itself uses around the view.
PAGE: dict[str, Pair] = {
    "board": ("The game", "La partida"),
    "none": ("none", "ninguno"),
    "empty": ("empty", "vacía"),
    "yes": ("yes", "sí"),
    "no": ("no", "no"),
}


@cache
def words_for(game: str) -> dict[str, Pair]:
    """Every word the generic board may use for ``game``: key or value -> (EN, ES)."""
    words = dict(COMMON)
    words.update(PAGE)
    if game == "imhotep":
        words.update(IMHOTEP)
        catalog = getattr(get_rules(game), "catalog", None)
        for card in getattr(catalog, "cards", ()):
            words[card.id] = (card.name_en, card.name_es)
    elif game == "ceylon":
        words.update(CEYLON)
    elif game == "rajas":
        words.update(_rajas())
    return words
