"""Rajas of the Ganges' board drawing: the public board as plain data for ``rajas_drawing.js``.

What it is for: the generic page shows Rajas as worded panels; this drawer adds
the board a player knows from the table. The race (each player's fame marker
and money marker on their opposed tracks and how far they still are from
meeting, or how far they passed each other), the action spaces of the quarry,
the markets, the Great Mogul's palace and the harbour with the worker on each,
the river with the boats and the bridge, the twelve face-up province stacks,
the building scrolls with every player's cube, and one province board per
player with its tiles, their roads and the special yields on its edge.

It reads only the public keys of the rules' view (``PUBLIC``; nothing is secret
in the basic game, but a key added later is not drawn unread) and the printed
components from the catalog (tile faces, river spaces, space costs). Every
label is an ``{en, es}`` pair; every worker, boat, cube and marker carries its
player's mark (a letter), so colour never carries meaning alone.

Places a player may be asked for carry ``place`` (the contract of the
"picked on the picture" answers): ``space:<id>`` for every action space in
play, ``stack:<colour>-<symbol>`` for a stack, ``building:<name>`` for a
scroll row, and ``square:<cell>`` for the cells of the province of the player
who decides now (only that province: the same cell name in another player's
province is never an answer).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from companion.server.board_in_words import Drawn
from companion.server.view_words import words_for
from companion.table_session import Seat
from engine.core.registry import get_rules
from engine.rajas.catalog import (
    BUILDINGS,
    BUILDINGS_ES,
    COLOURS,
    COLOURS_ES,
    GOODS,
    GOODS_ES,
    SIDES,
    STACKS,
    Catalog,
    Reward,
    Space,
    Tile,
)
from engine.rajas.province import rotate
from engine.rajas.scoring import total_words

#: The view keys the drawing may read: all public.
PUBLIC = frozenset(
    {"round", "first_player", "turn", "ending", "decision", "spaces", "stacks"}
    | {"tile_in_hand", "seats"}
)

Pair = tuple[str, str]

WORDS: dict[str, Pair] = {
    "drawing": ("The board", "El tablero"),
    "round": ("Round {n}", "Ronda {n}"),
    "last_round": ("last round", "última ronda"),
    "start_player": ("Start player (elephant): {name}", "Jugador inicial (elefante): {name}"),
    "race": ("The race: fame and money", "La carrera: fama y dinero"),
    "race_note": (
        "Fame runs right, money runs left; they meet at {n}.",
        "La fama avanza a la derecha y el dinero a la izquierda; se encuentran en {n}.",
    ),
    "fame_n": ("Fame {n}", "Fama {n}"),
    "money_n": ("Money {n}", "Dinero {n}"),
    "quarry": ("Quarry", "Cantera"),
    "market": ("Market", "Mercado"),
    "palace": ("Palace of the Great Mogul", "Palacio del Gran Mogol"),
    "harbour": ("Harbour", "Puerto"),
    "river": ("The river", "El río"),
    "start": ("start", "salida"),
    "bridge": ("bridge", "puente"),
    "stacks": ("Province tiles on show", "Fichas de provincia a la vista"),
    "below": ("{n} below", "{n} debajo"),
    "stack_empty": ("empty", "vacía"),
    "in_hand": ("Tile to place: {tile}", "Ficha por colocar: {tile}"),
    "scrolls": (
        "Building scrolls: fame per building",
        "Pergaminos de edificios: fama por edificio",
    ),
    "province": ("{name}'s province", "Provincia de {name}"),
    "residence": ("residence", "residencia"),
    "kali": ("Kali statue", "Estatua de Kali"),
    "no_dice": ("no dice", "sin dados"),
    "karma_n": ("Karma {n}", "Karma {n}"),
    "workers_n": ("Workers {placed} of {n} placed", "Trabajadores: {placed} de {n} colocados"),
    "covered": ("covered", "cubierta"),
    "pay": ("pay {n} money", "pagar {n} de dinero"),
    "pay_die": ("pay {n} money and give a die", "pagar {n} de dinero y entregar un dado"),
    "mixed": ("mixed goods", "productos variados"),
    "single": ("one kind: give a die", "de un tipo: entrega un dado"),
    "mixed_short": ("mixed", "variados"),
    "single_short": ("one kind", "un tipo"),
    "take_short": ("take", "coger"),
    "swap": ("give two {colour} dice for {gain}", "entregar dos dados {colours} por {gain}"),
    "chamber": ("give a {n} for {gain}", "entregar un {n} por {gain}"),
    "palace_short": ("Palace", "Palacio"),
    "space_title": ("{area} {id}: {what}", "{area} {id}: {what}"),
    "worker_of": ("worker of {name}", "trabajador de {name}"),
    "boats_here": ("boats: {names}", "botes: {names}"),
    "yield": ("edge yield: {what}", "rendimiento del borde: {what}"),
    "turned": ("turned {n}°", "girada {n}°"),
    "fame_marker": ("fame marker", "marcador de fama"),
    "money_marker": ("money marker", "marcador de dinero"),
    "boat": ("boat", "bote"),
    "legend": ("On the tiles and the edges", "En las fichas y los bordes"),
}
REWARD: dict[str, Pair] = {
    "money": ("{n} money", "{n} de dinero"),
    "fame": ("{n} fame", "{n} de fama"),
    "karma": ("{n} karma", "{n} de karma"),
    "die": ("a die of any colour", "un dado de cualquier color"),
    "upgrade": ("a building upgrade", "una mejora de edificio"),
    "worker": ("a worker", "un trabajador"),
    "boat": ("a boat move of {n}", "un avance del bote de {n}"),
    "build": ("a building action", "una acción de construcción"),
    "elephant": ("the start player's elephant", "el elefante de jugador inicial"),
}
CHAMBERS: dict[str, Pair] = {
    "mogul": ("Great Mogul", "Gran Mogol"),
    "dancer": ("Dancer", "Bailarina"),
    "yogi": ("Yogi", "Yogui"),
    "singh": ("Raja Man Singh", "Raja Man Singh"),
    "builder": ("Master Builder", "Maestro de obras"),
    "portuguese": ("Portuguese", "Portugués"),
}
_PLURAL_ES = ("azules", "verdes", "naranjas", "morados")
#: What a tile shows in its corner: a building by its initial (the same in both
#: languages), a market by two letters of its goods and its value, told apart in
#: the legend drawn under the provinces.
BUILDING_CODES = tuple(
    {"en": en[0].upper(), "es": es[0].upper()}
    for en, es in zip(BUILDINGS, BUILDINGS_ES, strict=True)
)
GOODS_CODES = ({"en": "Si", "es": "Se"}, {"en": "Te", "es": "Té"}, {"en": "Sp", "es": "Es"})
#: Reward kinds shown as badges, in the legend.
LEGEND_REWARDS: dict[str, Pair] = {
    "money": ("money", "dinero"),
    "fame": ("fame", "fama"),
    "karma": ("karma", "karma"),
    "die": ("a die of any colour", "un dado de cualquier color"),
    "upgrade": ("a building upgrade", "una mejora de edificio"),
}
_AREA_OF = {"quarry": "quarry", "harbour": "harbour", "mixed": "market", "single": "market"}


def pair(key: str, **values: Any) -> dict[str, str]:
    en, es = WORDS[key]
    return {"en": en.format(**values), "es": es.format(**values)}


def _both(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


@cache
def catalog() -> Catalog:
    found = getattr(get_rules("rajas"), "catalog", None)
    if not isinstance(found, Catalog):
        raise TypeError("the Rajas rules carry no catalog")
    return found


def reward(kind: str, amount: int) -> dict[str, Any]:
    """One reward as a kind, an amount and its words."""
    if kind.startswith("die-"):
        c = COLOURS.index(kind[4:])
        words = _both(f"a {COLOURS[c]} die", f"un dado {COLOURS_ES[c]}")
        if COLOURS[c][0] in "aeiou":
            words["en"] = f"an {COLOURS[c]} die"
    elif kind == "die" and amount > 1:
        words = _both(f"{amount} dice of any colour", f"{amount} dados de cualquier color")
    else:
        en, es = REWARD[kind]
        words = _both(en.format(n=amount), es.format(n=amount))
    return {"kind": kind, "amount": amount, "label": words}


def _rewards(items: Sequence[Reward]) -> list[dict[str, Any]]:
    """The rewards with two of a kind as one ("2 dice of any colour")."""
    merged: list[list[Any]] = []
    for kind, amount in items:
        if merged and merged[-1][0] == kind == "die":
            merged[-1][1] += amount
        else:
            merged.append([kind, amount])
    return [reward(kind, amount) for kind, amount in merged]


def _joined(rewards: list[dict[str, Any]]) -> dict[str, str]:
    return {
        lang: (" y " if lang == "es" else " and ").join(r["label"][lang] for r in rewards)
        for lang in ("en", "es")
    }


def tile_data(cat: Catalog, tile_id: str, rotation: int = 0) -> dict[str, Any]:
    """A tile's printed face (colour, cost, roads turned by ``rotation``, buildings, markets)."""
    tile: Tile = cat.tiles[cat.tile_index(tile_id)]
    roads = rotate(tile.roads, (rotation // 90) % 4)
    return {
        "id": tile.id,
        "colour": COLOURS[tile.colour],
        "colour_name": _both(COLOURS[tile.colour], COLOURS_ES[tile.colour]),
        "cost": tile.cost,
        "rotation": rotation,
        "roads": "".join(side for i, side in enumerate(SIDES) if roads >> i & 1),
        "buildings": [
            {
                "key": BUILDINGS[b],
                "code": BUILDING_CODES[b],
                "label": _both(BUILDINGS[b], BUILDINGS_ES[b]),
            }
            for b in tile.buildings
        ],
        "markets": [
            {
                "goods": GOODS[g],
                "value": value,
                "code": {k: f"{GOODS_CODES[g][k]} {value}" for k in ("en", "es")},
                "label": _both(f"{GOODS[g]} market {value}", f"mercado de {GOODS_ES[g]} {value}"),
            }
            for g, value in tile.markets
        ],
    }


def _lines(en: str, es: str) -> list[dict[str, str]]:
    """A name cut into at most two lines at the space nearest its middle, per language."""
    cut = [_halves(en), _halves(es)]
    rows = max(len(cut[0]), len(cut[1]))
    return [
        _both(cut[0][i] if i < len(cut[0]) else "", cut[1][i] if i < len(cut[1]) else "")
        for i in range(rows)
    ]


def _halves(text: str) -> list[str]:
    if len(text) <= 7 or " " not in text:
        return [text]
    spaces = [i for i, ch in enumerate(text) if ch == " "]
    at = min(spaces, key=lambda i: abs(len(text) / 2 - i))
    return [text[:at], text[at + 1 :]]


def _space_words(space: Space) -> tuple[list[dict[str, str]], dict[str, str]]:
    """What a space shows in its box (one or two short lines) and what it does."""
    if space.area in ("quarry", "harbour"):
        what = pair("pay" if space.area == "quarry" else "pay_die", n=space.money)
        return [_both(space.id, space.id)], what
    if space.area in ("mixed", "single"):
        what = pair(space.area)
        return [_both(space.id, space.id), pair(f"{space.area}_short")], what
    gain = _joined(_rewards(space.reward))
    if space.id in CHAMBERS:
        en, es = CHAMBERS[space.id]
        what = {
            lang: WORDS["chamber"][i].format(n=space.dice_value, gain=gain[lang])
            for i, lang in enumerate(("en", "es"))
        }
        return _lines(en, es), what
    if space.dice_colour >= 0:
        c = space.dice_colour
        got = space.reward[0][0].removeprefix("die-") if space.reward else COLOURS[c]
        g = COLOURS.index(got) if got in COLOURS else c
        what = _both(
            WORDS["swap"][0].format(colour=COLOURS[c], gain=gain["en"]),
            WORDS["swap"][1].format(colours=_PLURAL_ES[c], gain=gain["es"]),
        )
        lines = [
            _both(f"2 {COLOURS[c]}", f"2 {_PLURAL_ES[c]}"),
            _both(f"→ {COLOURS[g]}", f"→ {COLOURS_ES[g]}"),
        ]
        return lines, what
    got = space.reward[0][0].removeprefix("die-") if space.reward else ""
    colour = _both(got, COLOURS_ES[COLOURS.index(got)]) if got in COLOURS else gain
    take = pair("take_short")
    return [take, colour], {k: f"{take[k]} {gain[k]}" for k in ("en", "es")}


#: Where each kind of space sits in its area's grid: (row of its first space, columns).
_GRID = {"quarry": (0, 4), "harbour": (0, 4), "mixed": (0, 4), "single": (1, 4)}


def spaces(cat: Catalog, occupied: dict[str, int], players: int) -> list[dict[str, Any]]:
    """Every action space by area: what it costs, gives, and whose worker is on it."""
    covered = cat.covered(players)
    areas: dict[str, list[dict[str, Any]]] = {"quarry": [], "market": [], "palace": []}
    areas["harbour"] = []
    counts: dict[str, int] = {}
    for index, space in enumerate(cat.spaces):
        lines, what = _space_words(space)
        area = _AREA_OF.get(space.area, "palace")
        area_words = pair("palace_short") if area == "palace" else pair(area)
        # a chamber by its character; a balcony's id (take-blue) is no word: its effect says it
        name = CHAMBERS.get(space.id, ("", "") if space.area == "palace" else (space.id, space.id))
        if space.id in CHAMBERS:
            area_words = _both("", "")
        title = {
            lang: WORDS["space_title"][i]
            .format(area=area_words[lang], id=name[i], what=what[lang])
            .replace(" :", ":")
            .strip()
            for i, lang in enumerate(("en", "es"))
        }
        kind = space.area
        if kind == "palace":
            kind = (
                "chamber" if space.id in CHAMBERS else "swap" if space.dice_colour >= 0 else "take"
            )
        first_row, columns = _GRID.get(kind, {"take": (0, 4), "swap": (1, 4)}.get(kind, (2, 3)))
        n = counts.get(kind, 0)
        counts[kind] = n + 1
        gain = next((k[4:] for k, _ in space.reward if k.startswith("die-")), "")
        areas[area].append(
            {
                "id": space.id,
                "place": f"space:{space.id}",
                "kind": kind,
                "row": first_row + n // columns,
                "col": n % columns,
                "lines": lines,
                "title": title,
                "money": space.money,
                "die_value": space.dice_value,
                "dice_colour": COLOURS[space.dice_colour] if space.dice_colour >= 0 else "",
                "gain_colour": gain,
                "covered": index in covered,
                "worker": occupied.get(space.id),
            }
        )
    return [
        {"key": key, "title": pair(key), "spaces": found} for key, found in areas.items() if found
    ]


def race(length: int, players: list[dict[str, Any]]) -> dict[str, Any]:
    """Each player's two markers on the shared line: fame from the left end, money from
    the right end (at ``length - money``), and how far apart they are."""
    rows = []
    for p in players:
        fame, money = p["fame"], p["money"]
        passed = fame + money - length  # the rules' distance: < 0 before the markers meet
        en, es = total_words(passed)
        rows.append(
            {
                "seat": p["seat"],
                "fame": fame,
                "money": money,
                "money_at": length - money,
                "to_meet": -passed,
                "label": _both(en, es),
                "fame_label": pair("fame_n", n=fame),
                "money_label": pair("money_n", n=money),
            }
        )
    low = min([0, *(r["money_at"] for r in rows)])
    high = max([length, *(r["fame"] for r in rows)])
    return {
        "title": pair("race"),
        "note": pair("race_note", n=length),
        "length": length,
        "low": low,
        "high": high,
        "rows": rows,
    }


def river(cat: Catalog, players: list[dict[str, Any]]) -> dict[str, Any]:
    last = len(cat.river) - 1
    out = []
    for index, items in enumerate(cat.river):
        rewards = _rewards(items)
        label = pair("start") if index == 0 else _joined(rewards)
        if index == cat.bridge:
            bridge = pair("bridge")
            label = {k: f"{label[k]} · {bridge[k]}" for k in label}
        out.append(
            {
                "index": index,
                "rewards": rewards,
                "label": label,
                "bridge": index == cat.bridge,
                "many": index in (0, last),
                "boats": [p["seat"] for p in players if p["boat"] == index],
            }
        )
    return {"title": pair("river"), "spaces": out}


def province(cat: Catalog, data: dict[str, Any], name: str, decides: bool) -> dict[str, Any]:
    """One player's province board: cells row by row, the residence, tiles and edge yields."""
    cells = []
    held = data.get("province", {})
    for cell in range(cat.width * cat.height):
        cell_id = cat.cell_name(cell)
        value = held.get(cell_id)
        entry: dict[str, Any] = {"id": cell_id, "residence": value == "residence", "tile": None}
        if isinstance(value, dict):
            entry["tile"] = tile_data(cat, str(value["tile"]), int(value.get("rotation", 0)))
        if decides:
            entry["place"] = f"square:{cell_id}"
        cells.append(entry)
    yields = []
    for cell, side, items in cat.yields:
        rewards = _rewards(items)
        yields.append(
            {
                "cell": cat.cell_name(cell),
                "side": SIDES[side],
                "rewards": rewards,
                "label": _both(
                    WORDS["yield"][0].format(what=_joined(rewards)["en"]),
                    WORDS["yield"][1].format(what=_joined(rewards)["es"]),
                ),
            }
        )
    return {
        "seat": int(data.get("seat", 0)),
        "title": pair("province", name=name),
        "width": cat.width,
        "height": cat.height,
        "residence_label": pair("residence"),
        "cells": cells,
        "yields": yields,
    }


def scrolls(
    cat: Catalog, players: list[dict[str, Any]], seats: list[dict[str, Any]]
) -> dict[str, Any]:
    """The four building scrolls: per building, which players' cubes are in each column."""
    levels = [int(v) for v in cat.value("upgrade_levels")]
    rows = []
    for b, building in enumerate(BUILDINGS):
        columns: list[list[int]] = [[] for _ in levels]
        for p, data in zip(players, seats, strict=True):
            fame = int(data.get("buildings", {}).get(building, levels[0]))
            column = levels.index(fame) if fame in levels else 0
            columns[column].append(p["seat"])
        rows.append(
            {
                "key": building,
                "place": f"building:{building}",
                "label": _both(building, BUILDINGS_ES[b]),
                "cubes": columns,
            }
        )
    return {"title": pair("scrolls"), "levels": levels, "rows": rows}


def rajas(view: dict[str, Any], seats: Sequence[Seat]) -> dict[str, Any]:
    """Rajas of the Ganges' public board as data (see the module docstring)."""
    from companion.server.drawings import marks

    cat = catalog()
    v = {k: view[k] for k in PUBLIC if k in view}
    raw_seats = [s for s in v.get("seats", []) if isinstance(s, dict)]
    names = [seats[i].name if i < len(seats) else str(i + 1) for i in range(len(raw_seats))]
    colour_seat = {str(s.get("colour", "")): i for i, s in enumerate(raw_seats)}
    decision = v.get("decision") or {}
    decider = decision.get("player")
    players = []
    for i, (data, mark) in enumerate(zip(raw_seats, marks(names), strict=True)):
        colour = str(data.get("colour", ""))
        dice = data.get("dice", {})
        players.append(
            {
                "seat": i,
                "name": names[i],
                "mark": mark,
                "colour": colour,
                "colour_name": _both(*words_for("rajas").get(colour, (colour, colour))),
                "fame": int(data.get("fame", 0)),
                "money": int(data.get("money", 0)),
                "karma": int(data.get("karma", 0)),
                "karma_label": pair("karma_n", n=int(data.get("karma", 0))),
                "boat": int(data.get("boat", 0)),
                "workers": int(data.get("workers", 0)),
                "workers_placed": int(data.get("workers_placed", 0)),
                "workers_label": pair(
                    "workers_n",
                    placed=int(data.get("workers_placed", 0)),
                    n=int(data.get("workers", 0)),
                ),
                "dice": [
                    {
                        "colour": c,
                        "colour_name": _both(c, COLOURS_ES[COLOURS.index(c)]),
                        "values": [int(x) for x in dice.get(c, [])],
                    }
                    for c in COLOURS
                    if dice.get(c)
                ],
            }
        )
    occupied = {
        str(space): colour_seat[colour]
        for space, colour in v.get("spaces", {}).items()
        if colour in colour_seat
    }
    round_label = pair("round", n=v.get("round", 1))
    if v.get("ending"):
        last = pair("last_round")
        round_label = {k: f"{round_label[k]} · {last[k]}" for k in round_label}
    first = v.get("first_player")
    elephant = (
        pair("start_player", name=names[first])
        if isinstance(first, int) and 0 <= first < len(names)
        else None
    )
    stacks = []
    for c, colour in enumerate(COLOURS):
        for stack in STACKS:
            key = f"{colour}-{stack}"
            found = v.get("stacks", {}).get(key, {})
            top = found.get("top")
            stacks.append(
                {
                    "id": key,
                    "place": f"stack:{key}",
                    "colour": colour,
                    "symbol": stack,
                    "label": _both(f"{colour} {stack}", _stack_es(c, stack)),
                    "colour_name": _both(colour, COLOURS_ES[c]),
                    "symbol_name": _both(stack, _SYMBOLS_ES[stack]),
                    "top": tile_data(cat, str(top)) if top else None,
                    "below": int(found.get("below", 0)),
                    "below_label": pair("below", n=int(found.get("below", 0))),
                }
            )
    in_hand = v.get("tile_in_hand")
    return {
        "game": "rajas",
        "title": pair("drawing"),
        "round_label": round_label,
        "elephant": elephant,
        "first_player": first if isinstance(first, int) else None,
        "decider": decider if isinstance(decider, int) and 0 <= decider < len(players) else None,
        "players": players,
        "race": race(int(cat.value("track_length")), players),
        "areas": spaces(cat, occupied, len(players)),
        "river": river(cat, players),
        "stacks": {"title": pair("stacks"), "empty": pair("stack_empty"), "stacks": stacks},
        "tile_in_hand": (
            {"tile": tile_data(cat, str(in_hand)), "label": pair("in_hand", tile=in_hand)}
            if in_hand
            else None
        ),
        "scrolls": scrolls(cat, players, raw_seats),
        "provinces": [
            province(cat, data, names[i], decides=decider == i) for i, data in enumerate(raw_seats)
        ],
        "legend": legend(),
        "words": {
            "fame": pair("fame_marker"),
            "money": pair("money_marker"),
            "boat": pair("boat"),
            "legend": pair("legend"),
            "kali": pair("kali"),
            "no_dice": pair("no_dice"),
            "covered": pair("covered"),
            "worker_of": pair("worker_of", name="{name}"),
            "boats_here": pair("boats_here", names="{names}"),
            "turned": pair("turned", n="{n}"),
        },
    }


def legend() -> dict[str, Any]:
    """What the letters on the tiles and the badges on the edges mean."""
    buildings = [
        {"code": BUILDING_CODES[b], "label": _both(BUILDINGS[b], BUILDINGS_ES[b])}
        for b in range(len(BUILDINGS))
    ]
    goods = [
        {"code": GOODS_CODES[g], "label": _both(f"{GOODS[g]} market", f"mercado de {GOODS_ES[g]}")}
        for g in range(len(GOODS))
    ]
    rewards = [
        {"kind": kind, "amount": 1, "label": _both(*LEGEND_REWARDS[kind])}
        for kind in LEGEND_REWARDS
    ]
    return {"buildings": buildings, "goods": goods, "rewards": rewards}


_SYMBOLS_ES = {"snake": "serpiente", "cow": "vaca", "tiger": "tigre"}


def _stack_es(colour: int, stack: str) -> str:
    return f"{COLOURS_ES[colour]} ({_SYMBOLS_ES[stack]})"


#: The drawer ``companion.server.drawings`` finds for this game.
DRAWER = rajas


#: The place kinds this drawing marks (``data-place="<kind>:<id>"``): a decision whose
#: answers are such places is answered by tapping them (``companion.server.answer_menu``).
PICTURED = frozenset({"space", "square", "stack", "building"})

#: What this drawing shows, so the worded board folds those panels and rows behind it
#: (``companion.server.board_in_words``):
#: The round, the start player, the last round, the tile in hand, the action spaces
#: with their workers, the stacks, the race, the river, the scrolls, the provinces,
#: each player's karma, workers and dice.
SHOWN = Drawn(
    panels=frozenset({"spaces", "stacks"}),
    rows=frozenset(
        {"round", "first_player", "ending", "tile_in_hand"}
        | {"fame", "money", "karma", "boat", "workers", "workers_placed", "dice"}
        | {"buildings", "province"}
    ),
)
