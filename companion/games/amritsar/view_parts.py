"""Amritsar's view keys for the generic pages' optional parts, in English and Spanish.

What it is for: the generic pages (``static/js/generic_board.js`` with
``static/js/parts.js``) draw a part when the view carries its key, and name no
game. This module fills those keys from an Amritsar state: the phone's status
bar (``status``: PP, coins, resources, storehouse spaces, the decade and round),
the player's own board (``own_board``: tracks, elephant, storehouses, mahouts),
the unit of the objectives' worth, the Maharajah's card as the rules' own
opponent's card (``opponent_card``: his turn's steps and what the end of the
decade moved after it), score periods (``periods``: each decade's table), the
decision's camera words (``camera_sees``, ``phone_only``, ``wait_for_table``)
and the Maharajah's Spanish name (``name_es``). Only public facts or the
seat's own, so a view never carries another seat's secret.
"""

from __future__ import annotations

import copy
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from engine.amritsar import (
    COLOURS,
    GameState,
    WorkerColour,
    describe_effect,
    describe_storehouse,
)
from engine.amritsar import storehouse_capacity as capacity

if TYPE_CHECKING:
    from companion.games.amritsar.session import TableSession

ROMAN = ("", "I", "II", "III")
RESOURCES = (("marble", "Marble", "Mármol"), ("copper", "Copper", "Cobre"), ("gold", "Gold", "Oro"))
TRACKS = (
    ("development", "Development", "Desarrollo"),
    ("resources", "Resources", "Recursos"),
    ("money", "Money", "Dinero"),
)
MOVEMENT = {
    "locked": ("locked", "bloqueada"),
    "unlocked": ("unlocked", "desbloqueada"),
    "spent": ("spent", "usada"),
}
DISTRICTS = {
    "N": ("North", "Norte"),
    "E": ("East", "Este"),
    "S": ("South", "Sur"),
    "W": ("West", "Oeste"),
}
PP = {"en": "PP", "es": "PP"}
OBJECTIVES_AT_END = {
    "en": "House rule: keep your objectives face down; you name them at the end of the game.",
    "es": "Regla de la casa: deja tus objetivos boca abajo; los nombras al final de la partida.",
}


def _pair(en: str, es: str) -> dict[str, str]:
    return {"en": en, "es": es}


def add_parts(
    session: TableSession,
    data: dict[str, Any],
    seat: int | None,
    marks: Sequence[dict[str, Any]],
) -> None:
    """Fill ``data`` (the seat's view, under the session's lock) with the keys the
    generic pages draw: the drawing, the status bar, the own board, the opponent's
    card, the decade tables, the decision's camera words, the answers' follow-ups
    folded into the menu (the pages walk it)."""
    from companion.server.answer_menu import build

    state = session.state
    over = bool(data["finished"] or data["ended"])
    data["status"] = status(state, seat, over)
    data["own_board"] = own_board(state, seat, data["game"])  # the rules' view for the seat
    turn = session.maharajah_turn
    data["opponent_card"] = opponent_card(
        session.maharajah_card, len(turn.instructions) if turn is not None else None
    )
    data["opponent_name"] = _pair("Maharajah", "Marajá")
    data["board"] = {
        "panels": [],
        "players": [],
        "drawing": drawing(session, marks),
    }
    for objective in data["objectives"]:
        objective["unit"] = PP
    if "objectives_at_end" in state.options and seat is not None and not data["objectives"]:
        # nothing entered during play: the phone says why its list is empty
        data["objectives_note"] = OBJECTIVES_AT_END
    for sheet in data["scores"]:
        index = int(sheet["seat"])
        sheet["colour"] = session.seats[index].colour if 0 <= index < len(session.seats) else ""
        for line in sheet["lines"]:
            line["period"] = line.get("decade")
    data["periods"] = periods(state.catalog.rules.decades)
    # each seat's mark as its pieces carry it on the drawing (a log line's chip shows it)
    mark_of = {owner["seat"]: owner["mark"] for owner in data["board"]["drawing"]["seats"]}
    for public in data["seats"]:
        if public.get("maharajah"):
            public["name_es"] = "Marajá"
        if public.get("index") in mark_of:
            public["mark"] = mark_of[public["index"]]
    decision_words(data)
    if seat is None and data["decision"]["chance"] and data["options"]:
        data["decision"]["table_enters"] = True  # a setup draw entered on the table screen
    data["table_screen"] = {
        "fit": True,
        "menu": True,
        "past_games": True,
        "house_rules": True,
        "scores_bar": True,
        "unit": PP,
    }
    data["camera"] = True
    data["dark_mode"] = True
    if data["decision"]["mine"] and data["options"]:
        menu = data.get("menu") or build(data["options"], [None] * len(data["options"]))
        data["menu"] = follow_up_menu(menu, data["options"])


def drawing(session: TableSession, marks: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """The board's drawing. It is the same for every view of one state (public only), so
    it is drawn once a state and shared (not to be changed); marks an alert draws, apart."""
    from companion.games.amritsar.board_drawing import amritsar_drawing

    state, seats = session.state, session.seats
    if marks:
        return amritsar_drawing(state, seats, marks)
    key = "drawing " + repr([(s.name, s.colour) for s in seats])  # a seat renamed draws anew
    return session.memo.get(state, key, lambda: amritsar_drawing(state, seats))


def when(state: GameState, finished: bool) -> dict[str, str]:
    """The decade and round ("Decade II · round 3"), or that the game is over."""
    if finished:
        return _pair("Game over", "Fin de la partida")
    d = ROMAN[state.decade] if 0 <= state.decade < len(ROMAN) else str(state.decade)
    return _pair(f"Decade {d} · round {state.round}", f"Década {d} · ronda {state.round}")


def status(state: GameState, seat: int | None, finished: bool) -> dict[str, Any]:
    """The phone's status bar: the seat's counts (none for a spectator) and when."""
    cells: list[dict[str, Any]] = []
    if seat is not None and 0 <= seat < len(state.players):
        p = state.players[seat]
        held = p.coins + sum(p.resources)
        room = capacity(state, p)
        cells = [
            {"id": "pp", **PP, "value": p.pp},
            {"id": "coins", **_pair("Coins", "Monedas"), "value": p.coins},
            *(
                {"id": key, **_pair(en, es), "value": p.resources[i]}
                for i, (key, en, es) in enumerate(RESOURCES)
            ),
            {
                "id": "store",
                **_pair("Store", "Almacén"),
                "value": f"{held}/{room}",
                "warn": held >= room,
                "title": _pair(
                    f"Storehouses: {held} of {room} spaces used",
                    f"Almacenes: {held} de {room} espacios ocupados",
                ),
            },
        ]
    return {"cells": cells, "when": when(state, finished)}


def own_board(state: GameState, seat: int | None, public: dict[str, Any]) -> dict[str, Any] | None:
    """A player's own board in words (``public``: the rules' view for that seat)."""
    if seat is None or not 0 <= seat < len(state.players):
        return None
    me = next((p for p in public["seats"] if p["seat"] == seat), None)
    if me is None:
        return None
    catalog = state.catalog
    p = state.players[seat]
    held = p.coins + sum(p.resources)
    room = capacity(state, p)
    steps = {t.track.name.lower(): len(t.steps) for t in catalog.board.tracks}
    tracks_en = " · ".join(f"{en} {me['tracks'][k]}/{steps[k]}" for k, en, _ in TRACKS)
    tracks_es = " · ".join(f"{es} {me['tracks'][k]}/{steps[k]}" for k, _, es in TRACKS)
    where = DISTRICTS.get(me["elephant"] or "", ("not placed yet", "aún no colocado"))
    load = catalog.rules.elephant_capacity
    move = MOVEMENT.get(me["movement"], (me["movement"], me["movement"]))
    storehouses = {s.id: s for s in catalog.storehouses}
    stores = [_pair("Starting storehouse", "Almacén inicial")]
    for index, ident in enumerate(me["storehouses"]):
        if not ident or ident not in storehouses:
            continue
        flipped = " ↻" if me["storehouse_flipped"][index] else ""
        house = storehouses[ident]
        stores.append(
            _pair(
                describe_storehouse(house, "en") + flipped,
                describe_storehouse(house, "es") + flipped,
            )
        )
    mahout_tiles = {t.id: t for t in catalog.mahout_tiles}
    mahouts = []
    for letter, ident in me["mahouts"].items():
        if not ident or ident not in mahout_tiles:
            continue
        colour = next(c for c in WorkerColour if c.letter == letter)
        action = mahout_tiles[ident].action
        mahouts.append(
            _pair(
                f"{COLOURS['en'][colour].capitalize()}: {describe_effect(action, 'en')}",
                f"{COLOURS['es'][colour].capitalize()}: {describe_effect(action, 'es')}",
            )
        )
    parts: list[dict[str, Any]] = [
        {
            "title": _pair("Knowledge tracks", "Marcadores de conocimiento"),
            "line": _pair(tracks_en, tracks_es),
        },
        {
            "id": "elephant",
            "title": _pair("Elephant", "Elefante"),
            "line": _pair(
                f"{where[0]} · {me['on_elephant']} of {load} donation counters · "
                f"Market space: {me['market_space']} · Movement token: {move[0]}",
                f"{where[1]} · {me['on_elephant']} de {load} contadores de donación · "
                f"Espacio de mercado: {me['market_space']} · Ficha de movimiento: {move[1]}",
            ),
        },
        {
            "id": "storage",
            "title": _pair("Storehouses", "Almacenes"),
            "line": _pair(f"{held} of {room} spaces used", f"{held} de {room} espacios ocupados"),
            "warn": held >= room,
            "items": stores,
        },
    ]
    if mahouts:
        parts.append({"title": _pair("Mahout tiles", "Losetas de mahout"), "items": mahouts})
    tracks = "/".join(str(me["tracks"][k]) for k, _, _ in TRACKS)
    return {
        "title": _pair("My board", "Mi tablero"),
        "line": _pair(
            f"My board · {where[0]} · tracks {tracks}",
            f"Mi tablero · {where[1]} · marcadores {tracks}",
        ),
        "stats": [
            {"id": "pp", **PP, "value": me["pp"]},
            {"id": "coins", **_pair("Coins", "Monedas"), "value": me["coins"]},
            *(
                {"id": key, **_pair(en, es), "value": me["resources"][key]}
                for key, en, es in RESOURCES
            ),
            {"id": "tax", **_pair("Tax", "Impuestos"), "value": me["tax"]},
        ],
        "parts": parts,
    }


def opponent_card(card: dict[str, Any] | None, own_steps: int | None) -> dict[str, Any] | None:
    """The Maharajah's card as the rules' own opponent's card: each step numbered and
    told apart as his turn's (``turn``) or what the end of the decade moved after it
    (``after``; ``own_steps`` of them are his turn's, None: all)."""
    if card is None:
        return None
    card = copy.deepcopy(card)
    own = len(card["instructions"]) if own_steps is None else own_steps
    for index, item in enumerate(card["instructions"]):
        item["step"] = index
        item["part"] = "turn" if index < own else "after"
    decade = card.get("decade")
    d = ROMAN[decade] if isinstance(decade, int) and 0 <= decade < len(ROMAN) else str(decade or "")
    card["title"] = _pair("The Maharajah's turn", "Turno del marajá")
    card["after_title"] = _pair(f"End of decade {d}", f"Fin de la década {d}")
    card["done_title"] = _pair(
        "The Maharajah's last turn (carried out)", "Último turno del marajá (ya hecho)"
    )
    return card


def periods(decades: int) -> dict[str, Any]:
    """Score lines grouped by decade: each decade's table title."""
    return {
        "titles": [
            _pair(f"End of decade {ROMAN[d]}", f"Fin de la década {ROMAN[d]}")
            for d in range(1, decades + 1)
        ]
    }


def decision_words(data: dict[str, Any]) -> None:
    """What the phone says about a decision: the camera will see it (its buttons folded
    under "enter it here"), the trades show its order, or only the phone can say it; and
    that while the table is wrong the question waits (no buttons). The pages decide which
    alerts mean a wrong table: a camera notice (``camera_notice``) does not, so it never
    holds the question back (``generic_board.js``)."""
    d = data["decision"]
    hidden = bool(d.get("hidden"))
    d["camera_sees"] = bool(d["mine"]) and not hidden
    d["phone_only"] = bool(d["mine"]) and hidden and not d.get("order_from_trades")
    d["wait_for_table"] = True


def follow_up_menu(menu: dict[str, Any], options: list[dict[str, Any]]) -> dict[str, Any]:
    """``menu`` with each answer that has a follow-up (``then``, ``grouped.py``) opened
    into a screen of its follow-up answers; each of those carries ``first``: the answer
    sent before it (one screen, two sends). The screen carries the follow-up's own
    question (``question``: ``then_en``/``then_es``, "Which track?"), shown above its
    answers."""
    by_action = {o["action"]: o for o in options}

    def walk(node: dict[str, Any]) -> dict[str, Any]:
        if "items" in node:
            return {**node, "items": [walk(item) for item in node["items"]]}
        option = by_action.get(node.get("action", ""))
        then = option.get("then") if option else None
        if not then:
            return node
        items = [
            {
                "en": str(nxt["en"]),
                "es": str(nxt["es"]),
                "place": "",
                "button": True,
                "action": str(nxt["action"]),
                "first": node["action"],
                "full": _pair(
                    f"{node['full']['en']} · {nxt['en']}", f"{node['full']['es']} · {nxt['es']}"
                ),
            }
            for nxt in then
        ]
        opened: dict[str, Any] = {
            "en": node["en"],
            "es": node["es"],
            "place": node.get("place", ""),
            "button": node.get("button", True),
            "items": _paged(items),
            "picture": False,
            "opens": node["action"],
        }
        if option and option.get("then_en"):
            opened["question"] = _pair(str(option["then_en"]), str(option.get("then_es") or ""))
        return opened

    return walk(menu)


#: A follow-up screen holds this many answers, then "More…" (its "Back" makes eight).
PAGE = 6


def _paged(items: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """At most ``PAGE`` answers and a "More…" screen holding the rest (itself paged)."""
    if len(items) <= PAGE + 1:
        return items
    more = {"en": "More…", "es": "Más…", "place": "", "button": True, "picture": False}
    return [*items[:PAGE], {**more, "items": _paged(items[PAGE:])}]
