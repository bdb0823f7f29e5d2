"""Actions in a player's words, in English and Spanish.

``describe``, past tense, for the history. Secret draws never name the card:
"Red drew a card." is all a log may say.

``describe_option``, imperative and second person, for the answer buttons on
the deciding player's phone: "Plant on K3 (level 1)" / "Planta en K3 (nivel 1)",
in the Spanish rulebook's words (plantar, cosechar, comerciar, contratar un
consejero, avanzar en desarrollo tecnológico, mover, obtener 2 rupias). Every
argument is named, so no two answers to one decision read the same. A chance
outcome stays a noun phrase ("The plant / harvest card").

Neither names a component by its catalog id when the id is an English word:
advisors are named by their ability (the tiles carry only icons), contracts by
company, tea and rewards. Hex and tile ids (``K3``, ``L2``) are language-free.
"""

from __future__ import annotations

from engine.ceylon import moves
from engine.ceylon.actions import REWARDS, Action
from engine.ceylon.catalog import CUBES, MAIN, Catalog
from engine.ceylon.state import COLOURS, COLOURS_ES, State

_MAIN_ES = ("plantar", "cosechar", "comerciar", "contratar un consejero", "avanzar en tecnología")
_CUBES_ES = ("negra", "verde", "blanca")
_CUBES_ES_PLURAL = ("negras", "verdes", "blancas")

#: Advisor tiles by ability: a name and what it does (rulebook: Losetas de consejero).
ADVISOR_WORDS: dict[str, tuple[str, str]] = {
    "move_one_rupee": (
        "guide: each move step after the first costs 1 rupee",
        "guía: cada paso de mover a partir del segundo cuesta 1 rupia",
    ),
    "extra_rupee": (
        "banker: 1 more rupee when you take 2 rupees",
        "banquero: 1 rupia más al obtener 2 rupias",
    ),
    "plant_adjacent": (
        "surveyor: plant on an adjacent hex of the same district",
        "agrimensor: planta en un hexágono adyacente del mismo distrito",
    ),
    "trade_rupees": (
        "broker: 2 rupees each time you trade",
        "corredor: 2 rupias cada vez que comercias",
    ),
    "tech_point": (
        "engineer: 1 point each time you advance on the tech track",
        "ingeniero: 1 punto cada vez que avanzas en desarrollo tecnológico",
    ),
    "plant_discount": (
        "foreman: planting costs 1 rupee less",
        "capataz: plantar cuesta 1 rupia menos",
    ),
    "hire_discount": (
        "agent: hiring an advisor costs 3 rupees less",
        "agente: contratar un consejero cuesta 3 rupias menos",
    ),
    "storage": (
        "warehouse keeper: your storehouse holds 6 tea boxes",
        "almacenero: tu almacén guarda 6 cajas de té",
    ),
}


def advisor_words(cat: Catalog, index: int, es: bool) -> str:
    """An advisor tile by its ability ("banker: 1 more rupee ...")."""
    ability = cat.advisors[index][1]
    words = ADVISOR_WORDS.get(ability)
    if words is None:  # an override's unknown ability: say so rather than show an id
        return "consejero" if es else "advisor"
    return words[1] if es else words[0]


def _tea(cubes: tuple[int, int, int] | list[int], es: bool) -> str:
    parts = []
    for colour, n in enumerate(cubes):
        if n:
            name = (_CUBES_ES if n == 1 else _CUBES_ES_PLURAL)[colour] if es else CUBES[colour]
            parts.append(f"{n} {name}")
    return ", ".join(parts)


def contract_words(cat: Catalog, index: int, es: bool) -> str:
    """A contract by company, tea and rewards: "the company 2 contract (tea: 1 black, ...)"."""
    c = cat.contracts[index]
    if es:
        return (
            f"el contrato de la compañía {c.company} "
            f"(cajas: {_tea(c.cubes, True)}; {c.rupees} rupias o {c.points} puntos)"
        )
    return (
        f"the company {c.company} contract "
        f"(tea: {_tea(c.cubes, False)}; {c.rupees} rupees or {c.points} points)"
    )


def _next_advisor_district(cat: Catalog, state: State) -> int:
    for district in range(len(cat.districts)):
        if state.in_play >> district & 1 and state.advisors[district] < 0:
            return district
    return -1


def card_words(cat: Catalog, face: int, es: bool) -> str:
    """An action card by its two actions ("harvest / technology")."""
    return _card(cat, face, es)


def _card(cat: Catalog, face: int, es: bool) -> str:
    f = cat.faces[face]
    names = _MAIN_ES if es else MAIN
    return f"{names[f.first]} / {names[f.second]}"


def describe(cat: Catalog, state: State, action: Action, language: str = "en") -> str:
    es = language == "es"
    seat = state.actor
    who = (
        (COLOURS_ES if es else COLOURS)[seat].capitalize()
        if seat >= 0
        else ("La mesa" if es else "The table")
    )
    kind, a, b = action.kind, action.a, action.b
    hex_name = cat.hexes[a].id if kind in ("top", "start", "pick", "plant", "move") else ""
    if kind == "leave_out":
        text = (
            f"La loseta {cat.large_tiles[a].id} volvió a la caja"
            if es
            else f"Tile {cat.large_tiles[a].id} went back to the box"
        )
    elif kind == "advisor":
        text = (
            f"Salió el consejero {advisor_words(cat, a, True)}"
            if es
            else f"The advisor {advisor_words(cat, a, False)} was drawn"
        )
    elif kind == "contract":
        text = (
            f"Llegó al tren {contract_words(cat, a, True)}"
            if es
            else f"{contract_words(cat, a, False).capitalize()} arrived on the train"
        )
    elif kind == "start_tile":
        text = f"{who} recibió la loseta de inicio {a}" if es else f"{who} got start tile {a}"
    elif kind in ("deal", "draw"):
        text = f"{who} robó una carta" if es else f"{who} drew a card"
    elif kind == "elevate":
        hexes = ",".join(h.id for i, h in enumerate(cat.hexes) if b >> i & 1)
        tile = cat.large_tiles[a].id
        text = (
            f"{who} colocó la loseta {tile} en {hexes}"
            if es
            else f"{who} placed tile {tile} on {hexes}"
        )
    elif kind == "top":
        text = (
            f"{who} colocó una loseta pequeña en {hex_name}"
            if es
            else f"{who} placed a small tile on {hex_name}"
        )
    elif kind == "start":
        text = f"{who} empezó en {hex_name}" if es else f"{who} started on {hex_name}"
    elif kind == "play":
        face = cat.faces[a]
        other = face.second if b == face.first else face.first
        text = (
            f"{who} jugó la carta para {_MAIN_ES[b]} y dejó {_MAIN_ES[other]} a los demás"
            if es
            else f"{who} played a card to {MAIN[b]}, leaving {MAIN[other]} to the others"
        )
    elif kind == "plant":
        text = f"{who} plantó en {hex_name}" if es else f"{who} planted on {hex_name}"
    elif kind == "harvest":
        text = f"{who} empezó a cosechar" if es else f"{who} began a harvest"
    elif kind == "pick":
        text = f"{who} cosechó en {hex_name}" if es else f"{who} harvested on {hex_name}"
    elif kind == "done":
        text = f"{who} terminó de cosechar" if es else f"{who} finished harvesting"
    elif kind == "discard":
        text = (
            f"{who} descartó una caja {_CUBES_ES[a]}"
            if es
            else f"{who} discarded a {CUBES[a]} cube"
        )
    elif kind == "trade":
        index = state.train[a]
        if index >= 0:
            c = cat.contracts[index]
            amount = (c.rupees, c.points)[b]
            company = f"de la compañía {c.company}" if es else f"company {c.company}"
        else:  # not in a state a log line comes from; still words, not an id
            amount, company = 0, (f"del vagón {a + 1}" if es else f"wagon {a + 1}")
        reward_es = ("rupias", "puntos")[b]
        text = (
            f"{who} cumplió el contrato {company} a cambio de {amount} {reward_es}"
            if es
            else f"{who} filled the {company} contract for {amount} {REWARDS[b]}"
        )
    elif kind == "hire":
        name = cat.districts[a].name
        text = (
            f"{who} contrató al consejero de {name}" if es else f"{who} hired the advisor of {name}"
        )
    elif kind == "tech":
        text = f"{who} avanzó en tecnología" if es else f"{who} advanced on the tech track"
    elif kind == "move":
        text = f"{who} movió su peón a {hex_name}" if es else f"{who} moved to {hex_name}"
    elif kind == "rupees":
        text = f"{who} cogió rupias" if es else f"{who} took rupees"
    else:
        text = f"{who} no usó ficha de tecnología" if es else f"{who} used no tech token"
    if action.token:
        text += " (con una ficha de tecnología)" if es else " (with a tech token)"
    if action.start:
        text += " (con su loseta de inicio)" if es else " (with the start tile)"
    return text + "."


def _plural(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def describe_option(cat: Catalog, state: State, action: Action, language: str = "en") -> str:
    """``action`` as a button for the deciding player (imperative, "you")."""
    es = language == "es"
    kind, a, b, c = action.kind, action.a, action.b, action.c
    hex_name = cat.hexes[a].id if kind in ("top", "start", "pick", "plant", "move") else ""
    if kind == "leave_out":
        tile = cat.large_tiles[a].id
        text = f"La loseta {tile} vuelve a la caja" if es else f"Tile {tile} goes back to the box"
    elif kind == "advisor":
        district = _next_advisor_district(cat, state)
        place = (
            (
                f" para {cat.districts[district].name}"
                if es
                else f" for {cat.districts[district].name}"
            )
            if district >= 0
            else ""
        )
        text = (
            f"El consejero {advisor_words(cat, a, True)}{place}"
            if es
            else f"The advisor {advisor_words(cat, a, False)}{place}"
        )
    elif kind == "contract":
        words = contract_words(cat, a, es)
        text = words[0].upper() + words[1:]
    elif kind == "start_tile":
        text = f"La loseta de inicio {a}" if es else f"Start tile {a}"
    elif kind in ("deal", "draw"):
        text = f"La carta {_card(cat, a, True)}" if es else f"The {_card(cat, a, False)} card"
    elif kind == "elevate":
        hexes = ", ".join(h.id for i, h in enumerate(cat.hexes) if b >> i & 1)
        tile = cat.large_tiles[a].id
        text = f"Coloca la loseta {tile} sobre {hexes}" if es else f"Place tile {tile} on {hexes}"
    elif kind == "top":
        text = (
            f"Coloca una loseta pequeña sobre {hex_name}"
            if es
            else f"Place a small tile on {hex_name}"
        )
    elif kind == "start":
        text = f"Coloca tu peón en {hex_name}" if es else f"Put your pawn on {hex_name}"
    elif kind == "play":
        face = cat.faces[a]
        other = face.second if b == face.first else face.first
        text = (
            f"Juega la carta {_card(cat, a, True)} para {_MAIN_ES[b]} "
            f"y deja {_MAIN_ES[other]} a los demás"
            if es
            else f"Play the {_card(cat, a, False)} card to {MAIN[b]}, "
            f"leaving {MAIN[other]} to the others"
        )
    elif kind == "plant":
        level = state.level[a]
        text = (
            f"Planta en {hex_name} (nivel {level})"
            if es
            else f"Plant on {hex_name} (level {level})"
        )
    elif kind == "harvest":
        text = "Cosecha" if es else "Harvest"
    elif kind == "pick":
        colour = state.level[a]
        text = (
            f"Cosecha en {hex_name} (una caja {_CUBES_ES[colour]})"
            if es
            else f"Harvest on {hex_name} (a {CUBES[colour]} box)"
        )
    elif kind == "done":
        text = "Termina de cosechar" if es else "Finish harvesting"
    elif kind == "discard":
        text = f"Descarta una caja {_CUBES_ES[a]}" if es else f"Discard a {CUBES[a]} box"
    elif kind == "trade":
        index = state.train[a]
        reward = (("rupias", "puntos") if es else REWARDS)[b]
        if index >= 0:
            contract = cat.contracts[index]
            amount = (contract.rupees, contract.points)[b]
            company = contract.company
            text = (
                f"Comercia: cumple el contrato de la compañía {company} del vagón {a + 1} "
                f"a cambio de {amount} {reward}"
                if es
                else f"Trade: fill the company {company} contract in wagon {a + 1} "
                f"for {amount} {reward}"
            )
        else:
            text = (
                f"Comercia: cumple el contrato del vagón {a + 1} a cambio de {reward}"
                if es
                else f"Trade: fill the contract in wagon {a + 1} for {reward}"
            )
    elif kind == "hire":
        where = cat.districts[a].name
        advisor = state.advisors[a]
        ability = f" ({advisor_words(cat, advisor, es)})" if advisor >= 0 else ""
        text = (
            f"Contrata al consejero de {where}{ability}"
            if es
            else f"Hire the advisor of {where}{ability}"
        )
    elif kind == "tech":
        text = "Avanza en desarrollo tecnológico" if es else "Advance on the tech track"
    elif kind == "move":
        seat = state.actor
        pawn = state.players[seat].pawn if seat >= 0 else -1
        if pawn < 0:
            text = f"Mueve tu peón a {hex_name}" if es else f"Move your pawn to {hex_name}"
        else:
            steps = moves.distances(cat, state.hexes_in_play)[pawn][a]
            cost = 0 if action.start else moves.move_cost(cat, state, seat, steps)
            if es:
                text = (
                    f"Mueve tu peón a {hex_name} ({_plural(steps, 'paso', 'pasos')}, "
                    f"{_plural(cost, 'rupia', 'rupias')})"
                )
            else:
                text = (
                    f"Move your pawn to {hex_name} ({_plural(steps, 'step', 'steps')}, "
                    f"{_plural(cost, 'rupee', 'rupees')})"
                )
    elif kind == "rupees":
        text = "Obtén 2 rupias" if es else "Take 2 rupees"
    else:
        text = "No uses ficha de tecnología" if es else "Use no tech token"
    if action.token:
        text += " (con una ficha de tecnología)" if es else " (with a tech token)"
    if action.start:
        if kind == "trade" and c >= 0:
            text += (
                f" (con tu loseta de inicio: una caja {_CUBES_ES[c]} menos)"
                if es
                else f" (with your start tile: one {CUBES[c]} box less)"
            )
        else:
            text += " (con tu loseta de inicio)" if es else " (with your start tile)"
    return text
