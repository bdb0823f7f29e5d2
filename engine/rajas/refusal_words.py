"""Rajas of the Ganges' spaces, dice, tiles and stacks named in a refusal, in each language.

What it is for: a refusal used to show the action notation in both languages
("A b5 cannot come up now", "take-blue already has a worker", "La pila
blue-cow está vacía"). These helpers give the fields ``why_illegal`` passes to
its reasons as words a player reads: a palace space by what it does, a die by
its colour and value ("a blue 5", "un 5 azul"), a stack by its colour and
symbol. The ids printed on the board and the tiles (Q1, H2, M1, tile P2) stay.
"""

from __future__ import annotations

from engine.rajas.actions import Action
from engine.rajas.catalog import Catalog, Space
from engine.rajas.describe import die_words, palace_words, stack_words


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def space_fields(space: Space) -> dict[str, str]:
    """``space``/``space_es``: a palace space by what it does, any other by its printed id."""
    if space.area != "palace":
        return {"space": space.id, "space_es": space.id}
    en, es = palace_words(space)
    return {"space": _capital(en), "space_es": _capital(es)}


def stack_fields(stack: int) -> dict[str, str]:
    """``stack``/``stack_es``: a province tile stack by its colour and symbol."""
    return {"stack": stack_words(stack, "en"), "stack_es": stack_words(stack, "es")}


def chance_fields(cat: Catalog, action: Action) -> dict[str, str]:
    """``what``/``what_es``: what a chance answer says came up."""
    if action.kind == "reveal" and 0 <= action.a < len(cat.tiles):
        tile = cat.tiles[action.a].id
        return {"what": f"Tile {tile}", "what_es": f"La ficha {tile}"}
    if action.kind == "roll" and 0 <= action.a < 24:
        return {
            "what": _capital(die_words(action.a, "en")),
            "what_es": _capital(die_words(action.a, "es")),
        }
    return {"what": "That answer", "what_es": "Esa respuesta"}
