"""Ceylon's cards and drawn pieces named in a refusal, in English and Spanish.

What it is for: a refusal used to show the action notation ("draw harvest/tech
is not among the pieces left", "No tienes una carta hire/tech") in both
languages. These helpers give the fields ``why_illegal`` passes to its reasons
as words a player reads: the card by its two actions ("harvest / technology",
"cosechar / avanzar en tecnología"), a drawn piece by what it is.
"""

from __future__ import annotations

from engine.ceylon.actions import Action
from engine.ceylon.catalog import Catalog
from engine.ceylon.describe import advisor_words, card_words, contract_words


def card_fields(cat: Catalog, face: int, key: str = "card") -> dict[str, str]:
    """``{key}`` and ``{key}_es``: an action card by its two actions (its number if unknown)."""
    if not 0 <= face < len(cat.faces):
        return {key: str(face), f"{key}_es": str(face)}
    return {key: card_words(cat, face, False), f"{key}_es": card_words(cat, face, True)}


def chance_fields(cat: Catalog, action: Action) -> dict[str, str]:
    """``what`` and ``what_es``: the piece a chance answer says was drawn."""
    kind, a = action.kind, action.a
    try:
        if kind in ("deal", "draw"):
            card = card_fields(cat, a)
            if a < 0 or a >= len(cat.faces):
                raise IndexError(a)
            return {"what": f"A {card['card']} card", "what_es": f"Una carta de {card['card_es']}"}
        if kind == "advisor":
            return {
                "what": f"The advisor {advisor_words(cat, a, False)}",
                "what_es": f"El consejero {advisor_words(cat, a, True)}",
            }
        if kind == "contract":
            return {
                "what": contract_words(cat, a, False).capitalize(),
                "what_es": contract_words(cat, a, True).capitalize(),
            }
        if kind == "start_tile":
            return {"what": f"Start tile {a}", "what_es": f"La loseta de inicio {a}"}
        if kind == "leave_out":
            tile = cat.large_tiles[a].id
            return {"what": f"Tile {tile}", "what_es": f"La loseta {tile}"}
    except (IndexError, KeyError):
        pass
    return {"what": "That piece", "what_es": "Esa pieza"}
