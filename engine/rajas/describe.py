"""Rajas of the Ganges' actions in a player's words, in the past tense, EN and ES.

Example:
    >>> from engine.rajas import RULES
    >>> state = RULES.new_game(2, seed=1)
    >>> describe(RULES.catalog, state, parse_action(RULES.catalog, "decline"), "es")
    'Jugador 1 no cogió el dado.'
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
)
from engine.rajas.state import State

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


def _die(code: int, language: str) -> str:
    if language == "es":
        return f"un {COLOURS_ES[code // 6]} {code % 6 + 1}"
    return f"a {COLOURS[code // 6]} {code % 6 + 1}"


def _stack(stack: int, language: str) -> str:
    if language == "es":
        return f"{COLOURS_ES[stack // 3]} ({_STACKS_ES[STACKS[stack % 3]]})"
    return stack_name(stack).replace("-", " ")


def describe(cat: Catalog, state: State, action: Action, language: str = "en") -> str:
    es = language == "es"
    kind, a, b, c = action
    who = f"Jugador {state.actor + 1}" if es else f"Player {state.actor + 1}"
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
            f"Jugador {a + 1} es el jugador inicial."
            if es
            else f"Player {a + 1} became start player."
        )
    if kind == "place":
        space = cat.spaces[a]
        where_en, where_es = _AREAS[space.area]
        if space.area == "palace":
            where_en = f"the palace ({space.id})"
            where_es = f"el palacio ({_PALACE_ES.get(space.id, space.id)})"
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
        return f"{who} chose a {COLOURS[a]} die."
    if kind == "return":
        if es:
            return f"{who} devolvió {_die(a, 'es')} al suministro."
        return f"{who} gave {_die(a, 'en')} back to the supply."
    return f"{who} no cogió el dado." if es else f"{who} took no die."
