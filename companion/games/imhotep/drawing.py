"""Imhotep's board drawing: the public board as plain data for ``imhotep_drawing.js``.

Found by ``companion.server.drawings`` (``DRAWER``). It reads only the public
keys of the rules' view (``PUBLIC``), so the drawing a phone gets is the one a
watcher gets: a seat's secret in its view (the side-B market pair) never
reaches it. Every label comes as an English/Spanish pair; every stone carries
its player's mark (``drawings.marks``), so colour is never the only way to tell
whose it is.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from companion.server.board_in_words import Drawn
from companion.server.drawings import marks
from companion.server.view_words import Pair, words_for
from companion.table_session import Seat
from engine.core.registry import get_rules

#: The view keys the Imhotep drawing may read: all public (a seat's secret is not here).
PUBLIC = frozenset(
    {"round", "round_card", "boats", "market", "market_face_down", "pyramid", "temple"}
    | {"burial", "obelisk", "towers", "seats", "sides"}
)

#: Pyramid A fills level 1 (3x3), then level 2 (2x2), then the top stone.
PYRAMID_A_LEVELS = (9, 4, 1)
#: The burial chamber fills column by column, three stones a column.
BURIAL_ROWS = 3

WORDS: dict[str, Pair] = {
    "drawing": ("The board", "El tablero"),
    "round_of": ("Round {n} of {of}", "Ronda {n} de {of}"),
    "round_card": ("round card {n}", "carta de ronda {n}"),
    "boat": ("Boat {n}", "Barco {n}"),
    "needs": ("needs {n}", "mínimo {n}"),
    "at": ("at the {site}", "en {site}"),
    "docked": ("boat {n} docked here", "barco {n} atracado aquí"),
    "side": ("side {s}", "cara {s}"),
    "level": ("Level {n}", "Nivel {n}"),
    "beside": ("Beside the pyramids", "Junto a las pirámides"),
    "left": ("Left pyramid", "Pirámide izquierda"),
    "centre": ("Centre pyramid", "Pirámide central"),
    "right": ("Right pyramid", "Pirámide derecha"),
    "stones_n": ("{n} stones", "{n} piedras"),
    "stones_1": ("1 stone", "1 piedra"),
    "towers": ("Towers", "Torres"),
    "face_down": ("{n} cards face down", "{n} cartas boca abajo"),
    "empty_slot": ("empty", "vacío"),
    "boats": ("Boats, bow on the left", "Barcos, proa a la izquierda"),
    "sled": ("Sled", "Trineo"),
    "quarry": ("Quarry: {n}", "Cantera: {n}"),
    "market": ("Market", "Mercado"),
    "pyramid": ("Pyramid", "Pirámide"),
    "temple": ("Temple", "Templo"),
    "burial": ("Burial chamber", "Cámara funeraria"),
    "obelisk": ("Obelisks", "Obeliscos"),
    "harbour": ("in the harbour", "en el puerto"),
}
#: Each site with its article, as a boat's place reads ("at the temple", "en el templo").
SITE_AT: dict[str, Pair] = {
    "market": ("market", "el mercado"),
    "pyramid": ("pyramid", "la pirámide"),
    "temple": ("temple", "el templo"),
    "burial": ("burial chamber", "la cámara funeraria"),
    "obelisk": ("obelisks", "los obeliscos"),
}


def pair(key: str, **values: Any) -> dict[str, str]:
    en, es = WORDS[key]
    return {"en": en.format(**values), "es": es.format(**values)}


class Facts(NamedTuple):
    """The printed sizes the drawing needs, from Imhotep's catalog (all public)."""

    rounds: int
    sled: int
    pyramids_b: tuple[int, ...]  # slots of each side-B pyramid
    temple_widths: tuple[int, ...]  # temple width for 2, 3, 4 players
    towers: int  # side-B obelisk tower slots


@cache
def facts() -> Facts:
    catalog = getattr(get_rules("imhotep"), "catalog", None)
    if catalog is None:  # an override without a catalog: the printed game's sizes
        return Facts(6, 5, (5, 5, 5), (4, 5, 5), 10)
    return Facts(
        rounds=int(catalog.value("rounds")),
        sled=int(catalog.value("sled_capacity")),
        pyramids_b=tuple(len(p) for p in catalog.pyramids_b),
        temple_widths=tuple(int(w) for w in catalog.value("temple_width")),
        towers=len(catalog.obelisk_b_towers),
    )


def imhotep(view: dict[str, Any], seats: Sequence[Seat]) -> dict[str, Any]:
    """Imhotep's public board: round, boats, the five sites, sleds and quarries."""
    v = {k: view[k] for k in PUBLIC if k in view}
    sizes = facts()
    rounds, sled_size = sizes.rounds, sizes.sled
    words = words_for("imhotep")
    raw_seats = v.get("seats", [])
    names = [seats[i].name if i < len(seats) else str(i + 1) for i in range(len(raw_seats))]
    players = [
        {
            "seat": i,
            "name": names[i],
            "mark": mark,
            "colour": str(data.get("colour", "")),
            "colour_name": _words(words, str(data.get("colour", ""))),
            "sled": int(data.get("sled", 0)),
            "sled_size": sled_size,
            "quarry": pair("quarry", n=int(data.get("quarry", 0))),
            "quarry_count": int(data.get("quarry", 0)),
        }
        for i, (data, mark) in enumerate(zip(raw_seats, marks(names), strict=True))
    ]
    sides = v.get("sides", {})
    round_label = pair("round_of", n=v.get("round", 0), of=rounds)
    if v.get("round_card") is not None:
        card = pair("round_card", n=v["round_card"])
        round_label = {k: f"{round_label[k]} · {card[k]}" for k in ("en", "es")}
    boats = []
    docked: dict[str, int] = {}
    for boat in v.get("boats", []):
        where = str(boat.get("where", "harbour"))
        if where != "harbour":
            docked[where] = int(boat["id"])
        at = (
            pair("harbour")
            if where == "harbour"
            else {
                k: WORDS["at"][i].format(site=SITE_AT[where][i]) for i, k in enumerate(("en", "es"))
            }
        )
        needs = pair("needs", n=boat["minimum"])
        name = pair("boat", n=boat["id"])
        boats.append(
            {
                "id": int(boat["id"]),
                "minimum": int(boat["minimum"]),
                "slots": [str(s) for s in boat.get("slots", [])],
                "where": where,
                "label": {k: f"{name[k]} · {needs[k]}" for k in ("en", "es")},
                "where_label": at,
            }
        )
    sites = []
    for key in ("market", "pyramid", "temple", "burial", "obelisk"):
        side = str(sides.get(key, "A"))
        title = pair(key)
        site: dict[str, Any] = {
            "key": key,
            "side": side,
            "title": {k: f"{title[k]} ({pair('side', s=side)[k]})" for k in ("en", "es")},
            "docked": pair("docked", n=docked[key]) if key in docked else None,
            "groups": _groups(key, v, players, sizes),
        }
        if key == "market":
            site["cards"] = [
                {"id": c, "name": _words(words, c)} if c else None for c in v.get("market", [])
            ]
            hidden = int(v.get("market_face_down") or 0)
            site["face_down"] = pair("face_down", n=hidden) if hidden else None
            site["face_down_cards"] = hidden  # drawn as card backs beside the face-up ones
        sites.append(site)
    return {
        "game": "imhotep",
        "title": pair("drawing"),
        "round": {"number": v.get("round", 0), "of": rounds, "card": v.get("round_card")},
        "round_label": round_label,
        "empty": pair("empty_slot"),
        "sled_label": pair("sled"),
        "boats_label": pair("boats"),
        "players": players,
        "boats": boats,
        "sites": sites,
    }


def _stones(n: int) -> dict[str, str]:
    return pair("stones_1") if n == 1 else pair("stones_n", n=n)


def _words(words: dict[str, Pair], key: str) -> dict[str, str]:
    en, es = words.get(key, (key, key))
    return {"en": en, "es": es}


def _group(
    label: dict[str, str], stones: list[str], size: int, columns: int, rows: int = 0
) -> dict[str, Any]:
    """Stones in placement order on ``size`` slots: row by row across ``columns``, or
    column by column down ``rows`` when ``rows`` is set."""
    return {
        "label": label,
        "stones": stones,
        "size": max(size, len(stones)),
        "columns": columns,
        "rows": rows,
    }


def _groups(
    key: str, v: dict[str, Any], players: list[dict[str, Any]], sizes: Facts
) -> list[dict[str, Any]]:
    if key == "pyramid":
        pyramid = v.get("pyramid", {})
        if "stones" in pyramid:  # side A: three levels, then stones beside it
            stones, start, groups = list(pyramid["stones"]), 0, []
            for level, size in enumerate(PYRAMID_A_LEVELS):
                side = {9: 3, 4: 2, 1: 1}[size]
                groups.append(
                    _group(pair("level", n=level + 1), stones[start : start + size], size, side)
                )
                start += size
            if stones[start:]:
                groups.append(_group(pair("beside"), stones[start:], 0, 7))
            return groups
        slots = sizes.pyramids_b
        return [
            _group(pair(name), list(stones), slots[i] if i < len(slots) else 0, 5)
            for i, (name, stones) in enumerate(pyramid.items())
            if name != "beside" or stones
        ]
    if key == "temple":
        temple = list(v.get("temple", []))
        widths = sizes.temple_widths
        width = max(1, widths[max(0, min(len(widths) - 1, len(players) - 2))])
        levels = max(1, -(-len(temple) // width))
        return [
            _group(pair("level", n=i + 1), temple[i * width : (i + 1) * width], width, width)
            for i in reversed(range(levels))
        ]
    if key == "burial":
        burial = list(v.get("burial", []))
        size = max(BURIAL_ROWS, -(-len(burial) // BURIAL_ROWS) * BURIAL_ROWS)
        return [_group(_stones(len(burial)), burial, size, 0, BURIAL_ROWS)]
    if key == "obelisk":
        heights = v.get("obelisk", {})
        groups = []
        for p in players:
            n = int(heights.get(p["colour"], 0))
            label = _stones(n)
            groups.append(
                _group({k: f"{p['name']}: {label[k]}" for k in label}, [p["colour"]] * n, 0, 8)
            )
        towers = list(v.get("towers", []))
        if towers or v.get("sides", {}).get("obelisk") == "B":
            groups.append(_group(pair("towers"), towers, sizes.towers, 4))
        return groups
    return []


#: The drawer ``companion.server.drawings`` finds for this game.
DRAWER = imhotep


#: The place kinds this drawing marks (``data-place="<kind>:<id>"``): a decision whose
#: answers are such places is answered by tapping them (``companion.server.answer_menu``).
PICTURED = frozenset({"boat", "site"})

#: What this drawing shows, so the worded board folds those panels and rows behind it
#: (``companion.server.board_in_words``):
#: The round and its card, the boats, the five sites (with their sides, the market's
#: cards face up and down, the towers), each player's sled and quarry. Not drawn: the
#: Pharaoh's wrath, who starts, the deck, each player's cards and points.
SHOWN = Drawn(
    panels=frozenset(
        {"sides", "boats", "market", "pyramid", "temple", "burial", "obelisk", "towers"}
    ),
    rows=frozenset({"round", "round_card", "market_face_down", "sled", "quarry", "current"}),
)
