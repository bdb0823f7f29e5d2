"""Actions in a player's words, past tense, in English and Spanish.

Secret draws never name the card: "Red drew a card." is all a log may say.
"""

from __future__ import annotations

from engine.ceylon.actions import REWARDS, Action
from engine.ceylon.catalog import CUBES, MAIN, Catalog
from engine.ceylon.state import COLOURS, COLOURS_ES, State

_MAIN_ES = ("plantar", "cosechar", "comerciar", "contratar un consejero", "avanzar en tecnología")
_CUBES_ES = ("negra", "verde", "blanca")


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
            f"Salió el consejero {cat.advisors[a][0]}"
            if es
            else f"Advisor {cat.advisors[a][0]} was drawn"
        )
    elif kind == "contract":
        text = (
            f"El contrato {cat.contracts[a].id} llegó al tren"
            if es
            else f"Contract {cat.contracts[a].id} arrived on the train"
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
        contract = cat.contracts[state.train[a]].id if state.train[a] >= 0 else f"#{a + 1}"
        reward_es = ("rupias", "puntos")[b]
        text = (
            f"{who} cumplió el contrato {contract} a cambio de {reward_es}"
            if es
            else f"{who} filled contract {contract} for {REWARDS[b]}"
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
