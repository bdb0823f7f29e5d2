"""Amritsar's board as drawing data for the generic pages (``board.drawing``).

What it is for: the generic renderer (``static/js/generic_board.js``) draws a
game's board through a module of its ``DRAWINGS`` table from plain data. This
is Amritsar's: the four districts with their tiles, worker sections (and coins
left there) and elephants with their loads, the Maharajah's spaces with his
token and the workers beside them, the donation tiles with every counter, the
active temple tile, the market's three columns, and an alert's marks (where a
piece was seen that it should not be, where it belongs). Drawn by
``static/js/amritsar_drawing.js``.

It reads only the public view (``engine.amritsar.view(state, None)``) and the
public catalog, never a seat's view, so every phone gets the spectator's
drawing. Every label is an English/Spanish pair; every elephant and donation
counter carries its owner's mark (a letter), so colour never carries meaning
alone. Every place a player may be asked for carries a ``place`` key
(``section:N1``, ``district:N``, ``space:NE``, ``donation:N:3``,
``market:gold``) for ``static/js/picking.js``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.server.drawings import marks as seat_marks
from companion.table_session import Seat
from engine.amritsar import COLOURS, District, GameState, Resource, describe_effect, view

WORDS: dict[str, tuple[str, str]] = {
    "title": ("The board", "El tablero"),
    "market": ("Market", "Mercado"),
    "temple": ("Temple tile {tile}", "Loseta de templo {tile}"),
    "wrong": ("wrong", "mal"),
    "belongs": ("goes here", "va aquí"),
    "pp": ("PP", "PP"),
    "marble": ("Marble", "Mármol"),
    "copper": ("Copper", "Cobre"),
    "gold": ("Gold", "Oro"),
    "maharajah": ("Maharajah", "Marajá"),
    "elephant": ("{who}'s elephant, carrying {n}", "Elefante de {who}, con {n}"),
    "counter": ("{who}'s counter: {pp} PP", "Contador de {who}: {pp} PP"),
    "space": ("{pp} PP, free", "{pp} PP, libre"),
    "aria": (
        "The board: districts, worker sections, elephants, donations and the temple",
        "El tablero: distritos, secciones de trabajadores, elefantes, donaciones y el templo",
    ),
}
DISTRICT_NAMES = {"en": ("North", "East", "South", "West"), "es": ("Norte", "Este", "Sur", "Oeste")}


def _pair(key: str, **values: Any) -> dict[str, str]:
    en, es = WORDS[key]
    return {"en": en.format(**values), "es": es.format(**values)}


def amritsar_drawing(
    state: GameState, seats: Sequence[Seat], board_marks: Sequence[dict[str, Any]] = ()
) -> dict[str, Any]:
    """``board.drawing`` for an Amritsar table, from its public view only."""
    public = view(state, None)
    board = public["board"]
    turn = public["turn"]
    catalog = state.catalog
    names = [s.name for s in seats]
    names_es = ["Marajá" if s.is_maharajah else s.name for s in seats]
    letters = seat_marks(names)
    owners = [
        {
            "seat": s.index,
            "colour": s.colour,
            "mark": "M" if s.is_maharajah else letters[i],
            "name": {"en": names[i], "es": names_es[i]},
        }
        for i, s in enumerate(seats)
    ]
    tiles = {t.id: t for t in catalog.district_tiles}
    districts = []
    for d in District:
        letter = d.letter
        active = turn.get("active_district") == letter
        elephants = [
            {"seat": p["seat"], "load": p["on_elephant"]}
            for p in public["seats"]
            if p["elephant"] == letter
        ]
        him = public.get("maharajah")
        if him and him.get("elephant") == letter:
            elephants.append({"seat": public["players"], "load": him.get("on_elephant", 0)})
        districts.append(
            {
                "letter": letter,
                "place": f"district:{letter}",
                "name": {"en": DISTRICT_NAMES["en"][d], "es": DISTRICT_NAMES["es"][d]},
                "active": active,
                "tiles": [
                    {
                        "id": tile_id or "",
                        "colour": tiles[tile_id].colour.letter if tile_id in tiles else "",
                        "active": active and turn.get("tile_slot") == slot,
                        "words": _tile_words(tiles[tile_id]) if tile_id in tiles else None,
                    }
                    for slot, tile_id in enumerate(board["district_tiles"].get(letter, []))
                ],
                "sections": [
                    {
                        "name": f"{letter}{k + 1}",
                        "index": d * 2 + k,
                        "place": f"section:{letter}{k + 1}",
                        "workers": board["sections"][d * 2 + k],
                        "coins": board["section_coins"][d * 2 + k],
                    }
                    for k in range(2)
                ],
                "elephants": elephants,
            }
        )
    donations = []
    for d in District:
        levels = catalog.donation_tile(state.donation_players, d).levels
        donations.append(
            {
                "letter": d.letter,
                "levels": [list(level.pp) for level in levels],
                "owners": list(board["donations"].get(d.letter, [])),
            }
        )
    decade = min(int(public["decade"]), len(board["temple"]) or 3)
    temple_id = board["temple"][decade - 1] if board["temple"] else ""
    temple_pp = next((t.pp for t in catalog.temple_tiles if t.id == temple_id), ())
    market = []
    for r in Resource:
        name = r.name.lower()
        column = catalog.market[r]
        market.append(
            {
                "resource": name,
                "place": f"market:{name}",
                "name": _pair(name),
                "filled": int(board["market"].get(name, 0)),
                "cells": [
                    {"price": price, "pp": pp}
                    for price, pp in zip(column.price, column.pp, strict=True)
                ],
            }
        )
    return {
        "game": "amritsar",
        "title": _pair("title"),
        "aria": _pair("aria"),
        "decade": int(public["decade"]),
        "round": int(public["round"]),
        "finished": bool(public["finished"]),
        "seats": owners,
        "districts": districts,
        "spaces": [
            {
                "name": name,
                "place": f"space:{name}",
                "here": board["maharajah_space"] == name,
                "worker": (
                    board["maharajah_workers"][i] if i < len(board["maharajah_workers"]) else ""
                )
                or "",
            }
            for i, name in enumerate(("NE", "ES", "SW", "WN"))
        ],
        "donations": donations,
        "temple": {
            "tile": temple_id,
            "decade": decade,
            "title": _pair("temple", tile=temple_id),
            "pp": {District(i).letter: pp for i, pp in enumerate(temple_pp)},
        },
        "market": market,
        "market_title": _pair("market"),
        "marks": list(board_marks),
        "words": {key: _pair(key) for key in ("wrong", "belongs", "pp", "maharajah")},
    }


def _tile_words(tile: Any) -> dict[str, str]:
    return {
        lang: f"{COLOURS[lang][tile.colour]}: {describe_effect(tile.main, lang)} / "
        f"{describe_effect(tile.secondary, lang)}"
        for lang in ("en", "es")
    }
