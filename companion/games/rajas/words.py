"""Rajas of the Ganges' words on the table screen and the phones: its view's keys,
buildings, stacks and palace spaces."""

from __future__ import annotations

from companion.server.view_words import Pair
from engine.core.registry import get_rules


def words() -> dict[str, Pair]:
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
