"""Rajas of the Ganges' actions in a player's words, EN and ES.

``describe``, past tense, for the history, each player by their colour as
the other games do ("Red took no die." / "Rojo no cogió el dado.").

``describe_option``, imperative and second person, for the answer buttons on
the deciding player's phone: "Place a worker on the quarry (Q1, pay 1 money)"
/ "Coloca un trabajador en la cantera (Q1, pagando 1 moneda)", in the Spanish
rulebook's words (colocar un trabajador, entregar un dado, adquirir una ficha
de provincia, mejorar, suministro). Every argument is named, so no two answers
to one decision read the same. A chance outcome says what is seen ("A blue 4
came up" / "Salió un 4 azul"): the roller's phone enters the die it rolled.

Example:
    >>> from engine.rajas import RULES
    >>> state = RULES.new_game(2, seed=1)
    >>> describe(RULES.catalog, state, parse_action(RULES.catalog, "decline"), "es")
    'Rojo no cogió el dado.'
"""

from __future__ import annotations

from engine.rajas.actions import Action, decode_values, parse_action, stack_name  # noqa: F401
from engine.rajas.catalog import (
    BUILDINGS,
    BUILDINGS_ES,
    COLOURS,
    COLOURS_ES,
    GOODS,
    GOODS_ES,
    STACKS,
    Catalog,
    Space,
)
from engine.rajas.scoring import COLOURS as PLAYER_COLOURS
from engine.rajas.state import State

PLAYER_COLOURS_ES = ("rojo", "azul", "verde", "amarillo")
_STACKS_ES = {"snake": "serpiente", "cow": "vaca", "tiger": "tigre"}
_AREAS = {
    "quarry": ("the quarry", "la cantera"),
    "harbour": ("the harbour", "el puerto"),
    "mixed": ("the mixed-goods market", "el mercado de productos variados"),
    "single": ("the one-kind market", "el mercado de bienes de un tipo"),
    "palace": ("the palace", "el palacio"),
}
_PALACE_ES = {
    "mogul": "el Gran Mogol", "dancer": "la Bailarina", "yogi": "el Yogui",
    "singh": "Raja Man Singh", "builder": "el Maestro de obras", "portuguese": "el Portugués",
}  # fmt: skip


def _article(colour: str) -> str:
    return "an" if colour[0] in "aeiou" else "a"


def _player(seat: int, es: bool) -> str:
    """A player by the colour of their pieces ("red" / "rojo")."""
    if not 0 <= seat < len(PLAYER_COLOURS):
        return "la mesa" if es else "the table"
    return (PLAYER_COLOURS_ES if es else PLAYER_COLOURS)[seat]


def _die(code: int, language: str) -> str:
    if language == "es":
        return f"un {code % 6 + 1} {COLOURS_ES[code // 6]}"
    colour = COLOURS[code // 6]
    return f"{_article(colour)} {colour} {code % 6 + 1}"


def die_words(code: int, language: str) -> str:
    """A die by colour and value, as a player says it ("a blue 5", "un 5 azul")."""
    return _die(code, language)


def stack_words(stack: int, language: str) -> str:
    """A province tile stack by colour and symbol ("blue cow", "azul (vaca)")."""
    return _stack(stack, language)


def palace_words(space: Space) -> tuple[str, str]:
    """A palace space by what it does (EN, ES), never its catalog id."""
    return _palace_where(space)


def _stack(stack: int, language: str) -> str:
    if language == "es":
        return f"{COLOURS_ES[stack // 3]} ({_STACKS_ES[STACKS[stack % 3]]})"
    return stack_name(stack).replace("-", " ")


def describe(cat: Catalog, state: State, action: Action, language: str = "en") -> str:
    es = language == "es"
    kind, a, b, c = action
    who = _player(state.actor, es).capitalize()
    if kind == "reveal":
        return (
            f"Se descubrió la ficha {cat.tiles[a].id}."
            if es
            else f"Tile {cat.tiles[a].id} was turned up."
        )
    if kind == "roll":
        return f"{who} sacó {_die(a, language)}." if es else f"{who} rolled {_die(a, language)}."
    if kind == "first":
        return (
            f"{_player(a, True).capitalize()} es el jugador inicial."
            if es
            else f"{_player(a, False).capitalize()} became start player."
        )
    if kind == "place":
        space = cat.spaces[a]
        where_en, where_es = _AREAS[space.area]
        if space.area == "palace":
            where_en, where_es = _palace_where(space)
        text_en = f"{who} placed a worker on {where_en}"
        text_es = f"{who} colocó un trabajador en {where_es}"
        if space.dice_colour >= 0:
            text_en += f", giving {_die(b, 'en')} and {_die(c, 'en')}"
            text_es += f", entregando {_die(b, 'es')} y {_die(c, 'es')}"
        elif b >= 0:
            text_en += f", giving {_die(b, 'en')}"
            text_es += f", entregando {_die(b, 'es')}"
        if space.area == "single":
            text_en += f" for {GOODS[c]}"
            text_es += f" por {GOODS_ES[c]}"
        return (text_es if es else text_en) + "."
    if kind == "karma":
        flipped = a - a % 6 + 5 - a % 6
        if es:
            return f"{who} usó karma: {_die(a, 'es')} pasó a {_die(flipped, 'es')}."
        return f"{who} used karma: {_die(a, 'en')} turned to {_die(flipped, 'en')}."
    if kind == "buy":
        colour = a // 3
        values = ", ".join(str(v) for v in decode_values(b))
        tile = cat.tiles[state.top[a]].id if 0 <= a < 12 and state.top[a] >= 0 else "?"
        if es:
            return f"{who} tomó la ficha {tile} de la pila {_stack(a, 'es')} pagando dados {COLOURS_ES[colour]} {values}."
        return f"{who} took tile {tile} from the {_stack(a, 'en')} stack, paying {COLOURS[colour]} dice {values}."
    if kind == "tile":
        if es:
            return f"{who} colocó la ficha en {cat.cell_name(a)}, girada {b * 90}°."
        return f"{who} placed the tile on {cat.cell_name(a)}, turned {b * 90}°."
    if kind == "upgrade":
        if es:
            return f"{who} mejoró su {BUILDINGS_ES[a]}."
        return f"{who} upgraded their {BUILDINGS[a]}."
    if kind == "colour":
        if es:
            return f"{who} eligió un dado {COLOURS_ES[a]}."
        return f"{who} chose {_article(COLOURS[a])} {COLOURS[a]} die."
    if kind == "return":
        if es:
            return f"{who} devolvió {_die(a, 'es')} al suministro."
        return f"{who} gave {_die(a, 'en')} back to the supply."
    return f"{who} no cogió el dado." if es else f"{who} took no die."


# -- answer buttons ----------------------------------------------------------------

_PALACE_EN = {
    "mogul": "the Great Mogul", "dancer": "the Dancer", "yogi": "the Yogi",
    "singh": "Raja Man Singh", "builder": "the Master Builder", "portuguese": "the Portuguese",
}  # fmt: skip
_DICE_ES_PLURAL = ("azules", "verdes", "naranjas", "morados")


def _die_option(code: int, es: bool) -> str:
    """A die by value then colour, as a player says it: "un 4 azul" / "a blue 4"."""
    if es:
        return f"un {code % 6 + 1} {COLOURS_ES[code // 6]}"
    colour = COLOURS[code // 6]
    return f"{_article(colour)} {colour} {code % 6 + 1}"


def _money(amount: int, es: bool) -> str:
    if es:
        return f"{amount} {'moneda' if amount == 1 else 'monedas'}"
    return f"{amount} money"


def _palace_where(space: Space) -> tuple[str, str]:
    """A palace space in words (EN, ES): what it does, never its catalog id."""
    if space.id.startswith("take-"):
        colour = COLOURS.index(space.id[5:])
        return (
            f"the palace (take {_article(COLOURS[colour])} {COLOURS[colour]} die)",
            f"el palacio (coge un dado {COLOURS_ES[colour]})",
        )
    if space.dice_colour >= 0:
        gained = COLOURS.index(space.reward[0][0][4:]) if space.reward else space.dice_colour
        return (
            f"the palace (two {COLOURS[space.dice_colour]} dice "
            f"for {_article(COLOURS[gained])} {COLOURS[gained]} one)",
            f"el palacio (dos dados {_DICE_ES_PLURAL[space.dice_colour]} "
            f"por uno {COLOURS_ES[gained]})",
        )
    return (
        f"the palace ({_PALACE_EN.get(space.id, space.id)})",
        f"el palacio ({_PALACE_ES.get(space.id, space.id)})",
    )


def _place_option(cat: Catalog, action: Action, es: bool) -> str:
    _, a, b, c = action
    space = cat.spaces[a]
    where_en, where_es = _AREAS[space.area]
    if space.area in ("quarry", "harbour"):
        cost = _money(space.money, es)
        where_en = f"{where_en} ({space.id}, pay {cost})"
        where_es = f"{where_es} ({space.id}, pagando {cost})"
    elif space.area in ("mixed", "single"):
        where_en, where_es = f"{where_en} ({space.id})", f"{where_es} ({space.id})"
    else:
        where_en, where_es = _palace_where(space)
    text_en = f"Place a worker on {where_en}"
    text_es = f"Coloca un trabajador en {where_es}"
    if space.dice_colour >= 0:
        text_en += f", giving {_die_option(b, False)} and {_die_option(c, False)}"
        text_es += f", entregando {_die_option(b, True)} y {_die_option(c, True)}"
    elif b >= 0:
        text_en += f", giving {_die_option(b, False)}"
        text_es += f", entregando {_die_option(b, True)}"
    if space.area == "single":
        text_en += f", for {GOODS[c]}"
        text_es += f", por {GOODS_ES[c]}"
    return text_es if es else text_en


def describe_option(cat: Catalog, state: State, action: Action, language: str = "en") -> str:
    """``action`` as a button for the deciding player (imperative, "you"); a chance
    outcome (a die that came up, a tile turned up) stays a statement of what is seen."""
    es = language == "es"
    kind, a, b, _ = action
    if kind == "reveal":
        tile = cat.tiles[a].id
        return f"Se descubre la ficha {tile}" if es else f"Tile {tile} is turned up"
    if kind == "roll":
        return (
            f"Salió {_die_option(a, True)}"
            if es
            else f"{_die_option(a, False).capitalize()} came up"
        )
    if kind == "first":
        if es:
            return f"Empieza el jugador {_player(a, True)} (el último que comió comida india)"
        return f"The {_player(a, False)} player starts (ate Indian food last)"
    if kind == "place":
        return _place_option(cat, action, es)
    if kind == "karma":
        flipped = a - a % 6 + 5 - a % 6
        if es:
            return f"Usa karma: da la vuelta a {_die_option(a, True)} (queda en {flipped % 6 + 1})"
        return f"Use karma: turn {_die_option(a, False)} over (to {flipped % 6 + 1})"
    if kind == "buy":
        colour = a // 3
        values = ", ".join(str(v) for v in decode_values(b))
        tile = cat.tiles[state.top[a]].id if 0 <= a < 12 and state.top[a] >= 0 else "?"
        if es:
            return (
                f"Adquiere la ficha {tile} de la pila {_stack(a, 'es')}, "
                f"entregando dados {_DICE_ES_PLURAL[colour]}: {values}"
            )
        return (
            f"Take tile {tile} from the {_stack(a, 'en')} stack, "
            f"paying {COLOURS[colour]} dice: {values}"
        )
    if kind == "tile":
        if es:
            return f"Coloca la ficha en tu provincia en {cat.cell_name(a)}, girada {b * 90}°"
        return f"Place the tile in your province on {cat.cell_name(a)}, turned {b * 90}°"
    if kind == "upgrade":
        return f"Mejora tu {BUILDINGS_ES[a]}" if es else f"Upgrade your {BUILDINGS[a]}"
    if kind == "colour":
        return (
            f"Elige un dado {COLOURS_ES[a]}"
            if es
            else f"Choose {_article(COLOURS[a])} {COLOURS[a]} die"
        )
    if kind == "return":
        if es:
            return f"Devuelve {_die_option(a, True)} al suministro"
        return f"Give {_die_option(a, False)} back to the supply"
    return "Deja el dado en el suministro" if es else "Leave the die in the supply"
