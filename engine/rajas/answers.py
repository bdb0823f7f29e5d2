"""Rajas of the Ganges' answers as taps: the space or square, then dice and goods.

Why: placing a worker may have seventy answers (every space, with each die it
could be paid with and each kind of goods), laying a tile twenty (a square
and a turn). A phone asks for them in short steps (``engine.core.answers``):
the worker space tapped on the board drawing (``space:M1``, as in ``place
M1``; ``space:take-blue`` for the palace), then the die it is paid with, then
the goods; a tile's square tapped on the province (``square:B1``, as in
``tile B1 90``), then its turn; a tile bought is its stack (``stack:blue-cow``)
then the dice paid, an upgrade its building's scroll (``building:temple``).
Karma is a menu of words (the die turned over). A roll stays whole.
"""

from __future__ import annotations

from engine.core.answers import AnswerParts, Step, place
from engine.rajas.actions import Action, decode_values, stack_name
from engine.rajas.catalog import BUILDINGS, BUILDINGS_ES, COLOURS, GOODS, GOODS_ES, Catalog, Space
from engine.rajas.describe import _AREAS, _DICE_ES_PLURAL, _die_option, _palace_where, _stack


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _space(space: Space) -> Step:
    if space.area == "palace":
        en, es = _palace_where(space)
    else:
        en, es = _AREAS[space.area]
        en, es = f"{en} ({space.id})", f"{es} ({space.id})"
    return place(f"space:{space.id}", _upper(en), _upper(es))


def _giving(*dice: int) -> Step:
    en = " and ".join(_die_option(d, False) for d in dice)
    es = " y ".join(_die_option(d, True) for d in dice)
    return Step(f"Giving {en}", f"Entregando {es}")


def answer_parts(cat: Catalog, action: Action) -> AnswerParts | None:
    """The taps that reach ``action``: a place or a menu word, then the rest."""
    kind, a, b, c = action
    if kind == "place":
        space = cat.spaces[a]
        steps: tuple[Step, ...] = (_space(space),)
        if space.dice_colour >= 0:
            steps += (_giving(b, c),)
        elif b >= 0:
            steps += (_giving(b),)
        if space.area == "single":
            steps += (Step(f"For {GOODS[c]}", f"Por {GOODS_ES[c]}"),)
        return AnswerParts(steps)
    if kind == "karma":
        flipped = a - a % 6 + 5 - a % 6
        return AnswerParts(
            (
                Step("Use karma: turn a die over", "Usa karma: da la vuelta a un dado"),
                Step(
                    f"{_upper(_die_option(a, False))} (to {flipped % 6 + 1})",
                    f"{_upper(_die_option(a, True))} (queda en {flipped % 6 + 1})",
                ),
            )
        )
    if kind == "tile":
        name = cat.cell_name(a)
        return AnswerParts(
            (place(f"square:{name}", name, name), Step(f"Turned {b * 90}°", f"Girada {b * 90}°"))
        )
    if kind == "buy":
        colour = a // 3
        values = ", ".join(str(v) for v in decode_values(b))
        return AnswerParts(
            (
                place(
                    f"stack:{stack_name(a)}",
                    _upper(f"the {_stack(a, 'en')} stack"),
                    f"La pila {_stack(a, 'es')}",
                ),
                Step(
                    f"Paying {COLOURS[colour]} dice: {values}",
                    f"Entregando dados {_DICE_ES_PLURAL[colour]}: {values}",
                ),
            )
        )
    if kind == "upgrade":
        return AnswerParts(
            (place(f"building:{BUILDINGS[a]}", _upper(BUILDINGS[a]), _upper(BUILDINGS_ES[a])),)
        )
    return None
