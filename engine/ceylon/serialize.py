"""A Ceylon state as plain JSON-able data, and back, checking every field.

``from_dict`` refuses anything that is not a state this engine could reach in
shape: wrong type, out of range, wrong length, or totals that do not add up
(cards in hands, pile and discards; leaf markers on the map). The error names
the field (``players[1].rupees``) so a broken save says what is wrong.
"""

from __future__ import annotations

from typing import Any

from engine.ceylon import consistency
from engine.ceylon.catalog import Catalog
from engine.ceylon.flow import OPTIONS
from engine.ceylon.hands import UNKNOWN_HANDS, held
from engine.ceylon.state import (
    ACT,
    ADVISOR,
    CONTRACT,
    DEAL,
    DISCARD,
    DRAW,
    ELEVATE,
    HARVEST,
    LEAVE_OUT,
    OVER,
    PLAY,
    START,
    START_TILE,
    TOKEN,
    TOP,
    Player,
    State,
)

PHASES = (
    LEAVE_OUT,
    ADVISOR,
    CONTRACT,
    START_TILE,
    DEAL,
    ELEVATE,
    TOP,
    START,
    PLAY,
    ACT,
    HARVEST,
    DISCARD,
    TOKEN,
    DRAW,
    OVER,
)
VERSION = 1

_PLAYER_INTS = (
    "rupees",
    "pawn",
    "tech",
    "tech_order",
    "tokens",
    "markers",
    "hired",
    "start_tile",
    "bonus",
)
_STATE_INTS = (
    "in_play", "hexes_in_play", "left_out", "small", "double", "contract_pile", "discards", "first",
    "actor", "active", "card", "side", "harvest_reach", "harvest_last", "harvest_count",
    "tech_counter", "turn",
)  # fmt: skip
_STATE_LISTS = (
    "level",
    "large",
    "owner",
    "advisors",
    "train",
    "deck",
    "bonus_stack",
    "start_order",
    "queue",
)


def to_dict(state: State) -> dict[str, Any]:
    data: dict[str, Any] = {"version": VERSION, "game": "ceylon"}
    for name in _STATE_INTS + _STATE_LISTS:
        value = getattr(state, name)
        data[name] = list(value) if isinstance(value, list) else value
    data["options"] = list(state.options)
    data["phase"] = state.phase
    data["card_done"] = state.card_done
    data["token_used"] = state.token_used
    data["ending"] = state.ending
    data["players"] = [
        {
            **{name: getattr(p, name) for name in _PLAYER_INTS},
            "cubes": list(p.cubes),
            "companies": list(p.companies),
            "contracts": list(p.contracts),
            "points": list(p.points),
            "start_used": p.start_used,
            "hand": list(p.hand),
            **({"unknown": p.unknown} if p.unknown else {}),
        }
        for p in state.players
    ]
    return data


def _int(data: dict[str, Any], name: str, where: str, low: int, high: int) -> int:
    value = data.get(name)
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise ValueError(
            f"{where}{name}: a whole number from {low} to {high} expected, got {value!r}"
        )
    return value


def _bool(data: dict[str, Any], name: str, where: str) -> bool:
    value = data.get(name)
    if not isinstance(value, bool):
        raise ValueError(f"{where}{name}: true or false expected, got {value!r}")
    return value


def _ints(
    data: dict[str, Any], name: str, where: str, length: int | None, low: int, high: int
) -> list[int]:
    value = data.get(name)
    if (
        not isinstance(value, list)
        or (length is not None and len(value) != length)
        or len(value) > 64
    ):
        size = f"{length} " if length is not None else ""
        raise ValueError(f"{where}{name}: a list of {size}whole numbers expected")
    for item in value:
        if not isinstance(item, int) or isinstance(item, bool) or not low <= item <= high:
            raise ValueError(f"{where}{name}: each value from {low} to {high}, got {item!r}")
    return list(value)


def from_dict(cat: Catalog, data: Any) -> State:
    if not isinstance(data, dict):
        raise ValueError("state: a JSON object expected")
    if data.get("game") != "ceylon":
        raise ValueError(f"game: 'ceylon' expected, got {data.get('game')!r}")
    if data.get("version") != VERSION:
        raise ValueError(f"version: {VERSION} expected, got {data.get('version')!r}")
    n_hex, n_dist, n_faces = len(cat.hexes), len(cat.districts), len(cat.faces)
    big = 10**6
    raw_players = data.get("players")
    if not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 4:
        raise ValueError("players: a list of 2 to 4 players expected")
    n = len(raw_players)
    players = []
    for index, raw in enumerate(raw_players):
        where = f"players[{index}]."
        if not isinstance(raw, dict):
            raise ValueError(f"players[{index}]: an object expected")
        p = Player(
            rupees=_int(raw, "rupees", where, 0, big),
            cubes=_ints(raw, "cubes", where, 3, 0, 99),
            pawn=_int(raw, "pawn", where, -1, n_hex - 1),
            tech=_int(raw, "tech", where, 0, int(cat.value("tech_track_last"))),
            tech_order=_int(raw, "tech_order", where, 0, big),
            tokens=_int(raw, "tokens", where, 0, 99),
            markers=_int(raw, "markers", where, 0, int(cat.value("markers"))),
            companies=_ints(raw, "companies", where, 5, 0, 4),
            contracts=_ints(raw, "contracts", where, None, 0, len(cat.contracts) - 1),
            points=_ints(raw, "points", where, 5, 0, big),
            hired=_int(raw, "hired", where, 0, (1 << n_dist) - 1),
            start_tile=_int(raw, "start_tile", where, 0, max(t for t, _ in cat.start_tiles)),
            start_used=_bool(raw, "start_used", where),
            bonus=_int(raw, "bonus", where, 0, 99),
            hand=sorted(_ints(raw, "hand", where, None, 0, n_faces - 1)),
            unknown=_int({"unknown": raw.get("unknown", 0)}, "unknown", where, 0, 99),
        )
        if held(p) > int(cat.value("hand_size")):
            raise ValueError(f"{where}hand: at most {cat.value('hand_size')} cards")
        if sum(p.companies) != len(p.contracts):
            raise ValueError(
                f"{where}contracts: {len(p.contracts)} contracts but companies count {sum(p.companies)}"
            )
        players.append(p)
    options = data.get("options")
    if not isinstance(options, list) or any(o not in OPTIONS for o in options):
        raise ValueError(f"options: a list of {', '.join(OPTIONS)} expected")
    phase = data.get("phase")
    if phase not in PHASES:
        raise ValueError(f"phase: one of {', '.join(PHASES)} expected, got {phase!r}")
    state = State(
        players=players,
        options=tuple(options),
        in_play=_int(data, "in_play", "", 1, (1 << n_dist) - 1),
        hexes_in_play=_int(data, "hexes_in_play", "", 1, (1 << n_hex) - 1),
        level=_ints(data, "level", "", n_hex, 0, 2),
        large=_ints(data, "large", "", len(cat.large_tiles), 0, (1 << n_hex) - 1),
        left_out=_int(data, "left_out", "", -1, len(cat.large_tiles) - 1),
        small=_int(data, "small", "", 0, (1 << n_hex) - 1),
        owner=_ints(data, "owner", "", n_hex, -1, n - 1),
        double=_int(data, "double", "", 0, (1 << n_hex) - 1),
        advisors=_ints(data, "advisors", "", n_dist, -1, len(cat.advisors) - 1),
        train=_ints(data, "train", "", 3, -1, len(cat.contracts) - 1),
        contract_pile=_int(data, "contract_pile", "", 0, (1 << len(cat.contracts)) - 1),
        deck=_ints(data, "deck", "", n_faces, 0, 99),
        discards=_int(data, "discards", "", 0, 999),
        bonus_stack=_ints(data, "bonus_stack", "", None, 0, 99),
        first=_int(data, "first", "", 0, n - 1),
        start_order=_ints(data, "start_order", "", None, 0, n - 1),
        phase=phase,
        actor=_int(data, "actor", "", -1, n - 1),
        active=_int(data, "active", "", 0, n - 1),
        card=_int(data, "card", "", -1, n_faces - 1),
        side=_int(data, "side", "", -1, 4),
        queue=_ints(data, "queue", "", None, 0, n - 1),
        card_done=_bool(data, "card_done", ""),
        token_used=_bool(data, "token_used", ""),
        harvest_reach=_int(data, "harvest_reach", "", 0, (1 << n_hex) - 1),
        harvest_last=_int(data, "harvest_last", "", -1, n_hex - 1),
        harvest_count=_int(data, "harvest_count", "", 0, n_hex),
        ending=_bool(data, "ending", ""),
        tech_counter=_int(data, "tech_counter", "", 0, big),
        turn=_int(data, "turn", "", 0, 999),
    )
    total = sum(f.count for f in cat.faces)
    if UNKNOWN_HANDS in state.options:  # ``deck``: the copies not seen, hands included
        if any(p.hand for p in players) or sum(state.deck) + state.discards != total:
            raise ValueError(f"deck: unknown hands: copies not seen and discards add up to {total}")
        if sum(p.unknown for p in players) > sum(state.deck):
            raise ValueError("deck: more unknown cards in hands than copies not seen")
    elif any(p.unknown for p in players):
        raise ValueError("unknown: cards of unknown face only with the option unknown_hands")
    elif sum(state.deck) + sum(len(p.hand) for p in players) + state.discards != total:
        raise ValueError(f"deck: cards in the pile, hands and discards must add up to {total}")
    for face in range(n_faces):
        if state.deck[face] + sum(p.hand.count(face) for p in players) > cat.faces[face].count:
            raise ValueError(f"deck: more {cat.faces[face].id} cards than the game has")
    for index, p in enumerate(players):
        planted = sum(1 for owner in state.owner if owner == index) + sum(
            1 for h in range(n_hex) if state.double >> h & 1 and state.owner[h] == index
        )
        if planted != p.markers:
            raise ValueError(
                f"players[{index}].markers: {p.markers} but {planted} leaf markers on the map"
            )
    if (
        state.phase not in (LEAVE_OUT, ADVISOR, CONTRACT, START_TILE, DEAL, DRAW, OVER)
        and state.actor < 0
    ):
        raise ValueError("actor: a seat must decide in this phase")
    if state.phase in (DEAL, DRAW, START_TILE) and state.actor < 0:
        raise ValueError("actor: a secret draw is for a seat")
    planted = sum(1 << h for h, owner in enumerate(state.owner) if owner >= 0)
    if state.double & ~planted:
        raise ValueError("double: a second leaf marker needs a plantation under it")
    if state.harvest_reach & ~planted:
        raise ValueError("harvest_reach: only hexes with a plantation")
    if state.phase in (PLAY, ACT, HARVEST, DISCARD, TOKEN, DRAW):
        for index, p in enumerate(players):
            if p.pawn < 0 or not state.hexes_in_play >> p.pawn & 1:
                raise ValueError(f"players[{index}].pawn: on a hex in play once the game has begun")
        if state.phase in (PLAY, TOKEN, DRAW) and state.actor != state.active:
            raise ValueError("actor: the active player decides in this phase")
    if state.phase in (ACT, HARVEST, DISCARD, TOKEN):
        if state.card < 0 or state.side not in cat.faces[state.card].actions():
            raise ValueError("card: the card played and its rotation must match a card face")
        if len(set(state.queue)) != len(state.queue) or state.active in state.queue:
            raise ValueError("queue: the other players still to act, each once")
    consistency.check(cat, state)  # levels and elevation tiles, the tech stacking order
    return state
