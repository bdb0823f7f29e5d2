"""Ceylon's board drawing: the island, the train and the tech track as plain data.

What it is for: the table screen, the spectators and the phones used to read
Ceylon as rows ("Elevation of each space D1: 0 · D2: 1 ..."), which nobody
can check against the real board at a glance. ``ceylon(view, seats)`` turns
the rules' view into what ``static/js/ceylon_drawing.js`` draws: every hex
where the printed map has it (its column and row from the catalog, so an
owner's map override moves it too) with its elevation, plantation and pawns;
each district with its advisor and the discs of the players who hired it; the
three wagons of the train with their contracts; the tech track with the
stacked discs; the district bonuses; the action card in play; each player's
mark, colour and personal board.

Only the view's public keys are read (``PUBLIC``, ``SEAT_PUBLIC`` inside a seat,
and the pending decision's kind): a seat's hand, which its own view carries,
never reaches the drawing, so every seat's drawing is the watcher's. Every
label is an English/Spanish pair and every piece carries its player's mark (a
letter), so colour never tells whose it is alone. Places a decision may ask
for carry the ids of the action notation (``hex``: ``D1``, ``district``:
``uva``, ``wagon``: ``1``).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any, NamedTuple

from companion.server.board_in_words import Drawn
from companion.server.view_words import Pair, words_for
from companion.table_session import Seat
from engine.ceylon.catalog import Catalog, default_catalog
from engine.ceylon.describe import ADVISOR_WORDS
from engine.core.registry import get_rules

#: The view keys the Ceylon drawing may read: all public.
PUBLIC = frozenset(
    {"districts", "levels", "plantations", "advisors", "train", "contracts_left"}
    | {"deck_left", "discards", "card", "bonus_stack", "seats", "first", "active"}
    | {"turn", "ending", "harvest"}
)
#: The keys of a seat's entry the drawing may read (its ``hand`` is its secret).
SEAT_PUBLIC = frozenset(
    {"seat", "colour", "pawn", "rupees", "cubes", "tech", "tech_order", "tokens"}
    | {"markers_left", "companies", "contracts", "points", "hired", "start_tile"}
    | {"start_used", "district_bonus", "hand_count"}
)

#: The view's panels of rows the drawing shows whole: folded behind their title on the
#: page (their words stay, one tap away, for a screen reader).
FOLDED = ("levels", "plantations")

WORDS: dict[str, Pair] = {
    "drawing": ("The island", "La isla"),
    "turn": ("Cards played: {n}", "Cartas jugadas: {n}"),
    "setup": ("Setting up", "Preparación"),
    "ending": ("Last round", "Última ronda"),
    "level": ("level {n}", "nivel {n}"),
    "levels": ("Elevation: shade and number", "Elevación: tono y número"),
    "out": ("not in play", "fuera de juego"),
    "plantation": ("plantation of {who}", "plantación de {who}"),
    "plantation_2": ("plantation of {who}, two leaf markers", "plantación de {who}, dos hojas"),
    "pawns": ("pawn of {who}", "peón de {who}"),
    "reach": ("within the harvest's reach", "al alcance de la cosecha"),
    "no_advisor": ("no advisor yet", "aún sin consejero"),
    "hired_by": ("hired by {who}", "contratado por {who}"),
    "hired_none": ("hired by nobody", "sin contratar"),
    "advisors": ("Advisors", "Consejeros"),
    "train": ("The train", "El tren"),
    "wagon": ("Wagon {n}", "Vagón {n}"),
    "company": ("Company {n}", "Compañía {n}"),
    "rupees_n": ("{n} rupees", "{n} rupias"),
    "or_points": ("or {n} points", "o {n} puntos"),
    "empty": ("empty", "vacío"),
    "contracts_left": ("{n} contracts in the pile", "{n} contratos en el mazo"),
    "tech": (
        "Technology track: the disc on top is ahead",
        "Marcador de tecnología: el disco de arriba va delante",
    ),
    "tech_points": ("+{n} points", "+{n} puntos"),
    "bonuses": ("District bonuses", "Bonus de distrito"),
    "bonus_left": ("{n} points, still on the pile", "{n} puntos, aún en la pila"),
    "bonus_taken": ("{n} points, taken by {who}", "{n} puntos, para {who}"),
    "card": ("Action card in play", "Carta de acción en juego"),
    "card_none": ("No card played yet", "Aún no se ha jugado ninguna carta"),
    "card_active": ("{who}: {action}", "{who}: {action}"),
    "card_others": (
        "The others: {action} or an alternative",
        "Los demás: {action} o una alternativa",
    ),
    "deck": ("Deck: {n} cards · discard pile: {d}", "Mazo: {n} cartas · descarte: {d}"),
    "deck_1": ("Deck: 1 card · discard pile: {d}", "Mazo: 1 carta · descarte: {d}"),
    "first": ("start player (teapot)", "jugador inicial (tetera)"),
    "points": ("{n} points", "{n} puntos"),
    "rupees": ("{n} rupees", "{n} rupias"),
    "tea": ("Tea", "Té"),
    "tokens": ("{n} tech tokens", "{n} fichas de tecnología"),
    "markers_left": ("{n} leaf markers left", "{n} hojas por colocar"),
    "companies": ("Contracts of companies: {list}", "Contratos de las compañías: {list}"),
    "companies_none": ("No contracts yet", "Aún sin contratos"),
    "start_tile": ("Start tile {n}", "Loseta de inicio {n}"),
    "start_used": ("Start tile {n} (used)", "Loseta de inicio {n} (usada)"),
    "hand": ("{n} cards in hand", "{n} cartas en la mano"),
    "tea_level": ("tea of level {n}", "té de nivel {n}"),
    "legend_plantation": (
        "plantation, with its owner's leaf",
        "plantación, con la hoja de su dueño",
    ),
    "legend_pawn": ("pawn", "peón"),
    "legend_level_zero": ("a hex without a number: level 0", "hexágono sin número: nivel 0"),
    "legend_reach": ("harvest reach", "alcance de la cosecha"),
    # one of a thing
    "rupees_1": ("1 rupee", "1 rupia"),
    "rupees_n_1": ("1 rupee", "1 rupia"),
    "points_1": ("1 point", "1 punto"),
    "or_points_1": ("or 1 point", "o 1 punto"),
    "tokens_1": ("1 tech token", "1 ficha de tecnología"),
    "markers_left_1": ("1 leaf marker left", "1 hoja por colocar"),
    "hand_1": ("1 card in hand", "1 carta en la mano"),
    "contracts_left_1": ("1 contract in the pile", "1 contrato en el mazo"),
    "bonus_left_1": ("1 point, still on the pile", "1 punto, aún en la pila"),
    "bonus_taken_1": ("1 point, taken by {who}", "1 punto, para {who}"),
}
#: The five main actions in the rulebook's words.
ACTIONS: dict[str, Pair] = {
    "plant": ("plant", "plantar"),
    "harvest": ("harvest", "cosechar"),
    "trade": ("trade", "comerciar"),
    "hire": ("hire an advisor", "contratar un consejero"),
    "tech": ("advance on the tech track", "avanzar en tecnología"),
}


def pair(key: str, **values: Any) -> dict[str, str]:
    """``key``'s words with ``values``; its ``_1`` words when ``n`` is 1 ("1 rupee")."""
    if values.get("n") == 1 and f"{key}_1" in WORDS:
        key = f"{key}_1"
    en, es = WORDS[key]
    return {"en": en.format(**values), "es": es.format(**values)}


def joined(left: dict[str, str], right: dict[str, str], sep: str = " · ") -> dict[str, str]:
    return {k: f"{left[k]}{sep}{right[k]}" for k in ("en", "es")}


def _given(words: dict[str, Pair], key: str) -> dict[str, str]:
    en, es = words.get(key, (key, key))
    return {"en": en, "es": es}


class Facts(NamedTuple):
    """The printed board the drawing needs, from Ceylon's catalog (all public)."""

    hexes: tuple[tuple[str, str, int, int], ...]  # id, district id, column, row
    districts: tuple[str, ...]
    advisors: dict[str, str]  # advisor id -> ability
    contracts: dict[str, tuple[int, tuple[int, int, int], int, int]]  # company, cubes, rupees, pts
    tech_last: int
    tech_spaces: tuple[int, ...]
    tech_points: int
    bonuses: tuple[int, ...]


@cache
def facts() -> Facts:
    catalog = getattr(get_rules("ceylon"), "catalog", None)
    cat: Catalog = catalog if isinstance(catalog, Catalog) else default_catalog()
    rows = [h.r for h in cat.hexes]
    cols = [h.q + (h.r - (h.r & 1)) // 2 for h in cat.hexes]  # axial -> "odd-r" columns
    top, left = min(rows), min(cols)
    # keep odd rows shifted right: normalise the row by an even number
    top -= top & 1
    return Facts(
        hexes=tuple(
            (h.id, cat.districts[h.district].id, col - left, h.r - top)
            for h, col in zip(cat.hexes, cols, strict=True)
        ),
        districts=tuple(d.id for d in cat.districts),
        advisors=dict(cat.advisors),
        contracts={c.id: (c.company, c.cubes, c.rupees, c.points) for c in cat.contracts},
        tech_last=int(cat.value("tech_track_last")),
        tech_spaces=tuple(int(n) for n in cat.value("tech_points_spaces")),
        tech_points=int(cat.value("tech_points")),
        bonuses=tuple(int(n) for n in cat.value("district_bonus")),
    )


def _names(marks_of: list[str], names: list[str], seats: Sequence[int]) -> str:
    return ", ".join(f"{names[s]} ({marks_of[s]})" for s in seats if 0 <= s < len(names))


def ceylon(view: dict[str, Any], seats: Sequence[Seat]) -> dict[str, Any]:
    """Ceylon's public board: the map, advisors, train, tech track, bonuses, card, players."""
    from companion.server.drawings import marks

    v = {k: view[k] for k in PUBLIC if k in view}
    raw_seats = [
        {k: s[k] for k in SEAT_PUBLIC if k in s} for s in v.get("seats", []) if isinstance(s, dict)
    ]
    board = facts()
    words = words_for("ceylon")
    names = [seats[i].name if i < len(seats) else str(i + 1) for i in range(len(raw_seats))]
    mark = marks(names)
    players = [_player(i, data, names, mark, words, v) for i, data in enumerate(raw_seats)]
    hexes = _hexes(v, players, board)
    turn = int(v.get("turn", 0))
    status = pair("turn", n=turn) if turn else pair("setup")
    if v.get("ending"):
        status = joined(status, pair("ending"))
    # only the pending decision's kind (public): while the next player chooses a card, the
    # card on the pile is the previous player's
    decision = view.get("decision")
    choosing = isinstance(decision, dict) and decision.get("kind") == "PLAY"
    card = _card(v, names, choosing)
    left = int(v.get("contracts_left", 0))
    return {
        "game": "ceylon",
        "title": pair("drawing"),
        "folded": list(FOLDED),
        "status": status,
        "ending": bool(v.get("ending")),
        "players": players,
        "map": {
            "columns": 1 + max((int(h["col"]) for h in hexes), default=0),
            "rows": 1 + max((int(h["row"]) for h in hexes), default=0),
            "hexes": hexes,
            "levels_label": pair("levels"),
            "level_words": [pair("level", n=n) for n in range(3)],
            "legend": {
                "plantation": pair("legend_plantation"),
                "pawn": pair("legend_pawn"),
                "level_zero": pair("legend_level_zero"),  # only levels 1 and 2 wear a badge
                "reach": pair("legend_reach") if any(h["reach"] for h in hexes) else None,
            },
        },
        "districts": _districts(v, players, names, mark, words, board),
        "advisors_label": pair("advisors"),
        "train": {
            "label": pair("train"),
            "wagons": _wagons(v, board),
            "left": left,
            "left_label": pair("contracts_left", n=left),
            "empty": pair("empty"),
            "tea_words": [pair("tea_level", n=n) for n in range(3)],
        },
        "tech": {
            "label": pair("tech"),
            "last": board.tech_last,
            "spaces": list(board.tech_spaces),
            "points": board.tech_points,
            "points_label": pair("tech_points", n=board.tech_points),
            "discs": [
                {"seat": p["seat"], "space": p["tech"], "order": p["tech_order"]} for p in players
            ],
        },
        "bonuses": {"label": pair("bonuses"), "tiles": _bonuses(v, players, names, board)},
        "card": card,
        "card_label": pair("card") if card else pair("card_none"),
        "deck_label": pair("deck", n=int(v.get("deck_left", 0)), d=int(v.get("discards", 0))),
    }


def _hexes(v: dict[str, Any], players: list[dict[str, Any]], board: Facts) -> list[dict[str, Any]]:
    """Every hex of the printed map: its place, elevation, plantation, pawns, harvest reach."""
    names = [str(p["name"]) for p in players]
    levels: dict[str, int] = {str(k): int(n) for k, n in v.get("levels", {}).items()}
    plantations: dict[str, Any] = v.get("plantations", {})
    harvest = v.get("harvest")
    reach = {str(h) for h in harvest.get("reach", [])} if isinstance(harvest, dict) else set()
    pawns: dict[str, list[int]] = {}
    for p in players:
        if p["pawn"]:
            pawns.setdefault(str(p["pawn"]), []).append(int(p["seat"]))
    hexes: list[dict[str, Any]] = []
    for hex_id, district, col, row in board.hexes:
        in_play = hex_id in levels
        level = levels.get(hex_id, 0)
        title = joined(
            {"en": hex_id, "es": hex_id}, pair("level", n=level) if in_play else pair("out")
        )
        plantation = None
        owner = plantations.get(hex_id)
        if owner is not None:
            seat, markers = int(owner["seat"]), int(owner.get("markers", 1))
            who = names[seat] if seat < len(names) else str(seat + 1)
            plantation = {"seat": seat, "markers": markers}
            title = joined(title, pair("plantation_2" if markers == 2 else "plantation", who=who))
        here = pawns.get(hex_id, [])
        for seat in here:
            title = joined(title, pair("pawns", who=names[seat]))
        if hex_id in reach:
            title = joined(title, pair("reach"))
        hexes.append(
            {
                "id": hex_id,
                "district": district,
                "col": col,
                "row": row,
                "in_play": in_play,
                "level": level,
                "plantation": plantation,
                "pawns": here,
                "reach": hex_id in reach,
                "title": title,
            }
        )
    return hexes


def _districts(
    v: dict[str, Any],
    players: list[dict[str, Any]],
    names: list[str],
    mark: list[str],
    words: dict[str, Pair],
    board: Facts,
) -> list[dict[str, Any]]:
    """Each district: in play or not, its advisor (name and ability), who hired it."""
    in_play = {str(d) for d in v.get("districts", [])}
    advisors: dict[str, str] = v.get("advisors", {})
    districts = []
    for district in board.districts:
        advisor = advisors.get(district)
        hired = [int(p["seat"]) for p in players if district in p["hired"]]
        ability = ADVISOR_WORDS.get(board.advisors.get(advisor or "", ""))
        if district not in in_play:
            about = short = pair("out")
        elif advisor is None:
            about = short = pair("no_advisor")
        else:
            about = {"en": ability[0], "es": ability[1]} if ability else _given(words, advisor)
            short = _given(words, advisor)
        who = _names(mark, names, hired)
        districts.append(
            {
                "id": district,
                "name": _given(words, district),
                "in_play": district in in_play,
                "advisor": advisor,
                "advisor_name": short,
                "ability": about,
                "hired": hired,
                "hired_label": pair("hired_by", who=who) if hired else pair("hired_none"),
            }
        )
    return districts


def _wagons(v: dict[str, Any], board: Facts) -> list[dict[str, Any]]:
    """The train's wagons in order (wagon 1 first, as ``trade 1 ...`` names it)."""
    wagons = []
    for index, contract in enumerate(v.get("train", [])):
        wagon: dict[str, Any] = {"wagon": index + 1, "label": pair("wagon", n=index + 1)}
        if contract is None or contract not in board.contracts:
            wagon["contract"] = None
        else:
            company, cubes, rupees, points = board.contracts[contract]
            wagon["contract"] = {
                "id": contract,
                "company": company,
                "cubes": list(cubes),
                "rupees": rupees,
                "points": points,
                "company_label": pair("company", n=company),
                "rupees_label": pair("rupees_n", n=rupees),
                "points_label": pair("or_points", n=points),
            }
        wagons.append(wagon)
    return wagons


def _bonuses(
    v: dict[str, Any], players: list[dict[str, Any]], names: list[str], board: Facts
) -> list[dict[str, Any]]:
    """The printed district bonuses, each still on the pile or with the player who took it."""
    stack = [int(n) for n in v.get("bonus_stack", [])]
    taken = {int(p["district_bonus"]): int(p["seat"]) for p in players if p["district_bonus"]}
    tiles = []
    for value in board.bonuses:
        seat = taken.get(value)
        tiles.append(
            {
                "points": value,
                "seat": seat,
                "left": value in stack,
                "label": pair("bonus_left", n=value)
                if seat is None
                else pair("bonus_taken", n=value, who=names[seat]),
            }
        )
    return tiles


def _card(v: dict[str, Any], names: list[str], choosing: bool) -> dict[str, Any] | None:
    """The action card on the discard pile: who played it, the action they took, the one
    left to the others. ``choosing``: the active player has not played yet (the card is
    the previous player's, clockwise)."""
    card = v.get("card")
    if not isinstance(card, dict):
        return None
    active = int(v.get("active", 0))
    if choosing and names:
        active = (active - 1) % len(names)
    first, _, second = str(card.get("face", "")).partition("/")
    taken = str(card.get("active_action", ""))
    other = second if taken == first else first
    who = names[active] if 0 <= active < len(names) else ""
    return {
        "face": card.get("face"),
        "actions": [first, second],
        "active_action": taken,
        "active": active,
        "active_label": {
            k: WORDS["card_active"][i].format(who=who, action=_action(taken)[k])
            for i, k in enumerate(("en", "es"))
        },
        "others_label": {
            k: WORDS["card_others"][i].format(action=_action(other)[k])
            for i, k in enumerate(("en", "es"))
        },
    }


def _action(key: str) -> dict[str, str]:
    en, es = ACTIONS.get(key, (key, key))
    return {"en": en, "es": es}


def _player(
    index: int,
    data: dict[str, Any],
    names: list[str],
    mark: list[str],
    words: dict[str, Pair],
    v: dict[str, Any],
) -> dict[str, Any]:
    colour = str(data.get("colour", ""))
    cubes = data.get("cubes", {})
    companies = {str(k): int(n) for k, n in data.get("companies", {}).items()}
    tile = int(data.get("start_tile") or 0)
    listed = ", ".join(f"{c}" + (f" (x{n})" if n > 1 else "") for c, n in companies.items())
    return {
        "seat": index,
        "name": names[index],
        "mark": mark[index],
        "colour": colour,
        "colour_name": _given(words, colour),
        "first": int(v.get("first", -1)) == index,
        "first_label": pair("first"),
        "pawn": data.get("pawn"),
        "tech": int(data.get("tech", 0)),
        "tech_order": int(data.get("tech_order", 0)),
        "hired": [str(d) for d in data.get("hired", [])],
        "district_bonus": int(data.get("district_bonus", 0)),
        "cubes": [int(cubes.get(c, 0)) for c in ("black", "green", "white")],
        "points_label": pair("points", n=int(data.get("points", 0))),
        "points": int(data.get("points", 0)),
        "rupees": int(data.get("rupees", 0)),
        "rupees_label": pair("rupees", n=int(data.get("rupees", 0))),
        "tea_label": pair("tea"),
        "tokens_label": pair("tokens", n=int(data.get("tokens", 0))),
        "markers_label": pair("markers_left", n=int(data.get("markers_left", 0))),
        "hand_label": pair("hand", n=int(data.get("hand_count", 0))),
        "companies": companies,
        "companies_label": pair("companies", list=listed) if companies else pair("companies_none"),
        "start_label": (
            pair("start_used" if data.get("start_used") else "start_tile", n=tile) if tile else None
        ),
    }


#: The drawer ``companion.server.drawings`` finds for this game.
DRAWER = ceylon


#: The place kinds this drawing marks (``data-place="<kind>:<id>"``): a decision whose
#: answers are such places is answered by tapping them (``companion.server.answer_menu``).
PICTURED = frozenset({"hex", "district", "wagon"})

#: What this drawing shows, so the worded board folds those panels and rows behind it
#: (``companion.server.board_in_words``):
#: The island (elevations, plantations, pawns), the advisors, the train, the card in
#: play, the district bonuses, the status line, the deck, each player's personal board.
SHOWN = Drawn(
    panels=frozenset(
        {"districts", "levels", "plantations", "advisors", "train", "card", "bonus_stack"}
    ),
    rows=frozenset(
        {"first", "active", "turn", "ending", "contracts_left", "deck_left", "discards"}
        | {"pawn", "rupees", "cubes", "tech", "tech_order", "tokens", "markers_left"}
        | {"companies", "contracts", "points", "hired", "start_tile", "start_used"}
        | {"district_bonus", "hand_count"}
    ),
)
