"""A Rajas of the Ganges state as plain JSON-able data, and back, checking every field.

``from_dict`` refuses anything that is not a state of this shape: wrong type,
out of range or wrong length, dice beyond the supply, a tile in two places.
The error names the field (``players[1].money``) so a broken save says what is
wrong.
"""

from __future__ import annotations

from typing import Any

from engine.rajas import consistency
from engine.rajas.catalog import Catalog
from engine.rajas.state import (
    BUY,
    CHANCE_PHASES,
    COLOUR,
    FULL,
    OVER,
    PLACE,
    TILE,
    UPGRADE,
    Player,
    State,
)

PHASES = (*sorted(CHANCE_PHASES), PLACE, BUY, TILE, UPGRADE, COLOUR, FULL, OVER)
PENDING_KINDS = (
    "reveal", "roll", "first", "start", "die", "money", "fame", "karma", "upgrade",
    "worker", "sail", "boat", "build", "elephant",
)  # fmt: skip
_PLAYER_FIELDS = (
    "money", "karma", "province", "fame", "levels", "dice", "workers", "placed", "boat",
    "bonuses", "yields", "mixed_used",
)  # fmt: skip


def to_dict(state: State) -> dict[str, Any]:
    return {
        "game": "rajas",
        "players": [{f: getattr(p, f) for f in _PLAYER_FIELDS} for p in state.players],
        "options": list(state.options),
        "stacks": [sorted(s) for s in state.stacks],
        "top": state.top,
        "spaces": state.spaces,
        "first": state.first,
        "round_first": state.round_first,
        "phase": state.phase,
        "actor": state.actor,
        "turn": state.turn,
        "pending": [list(item) for item in state.pending],
        "tile": state.tile,
        "free_build": state.free_build,
        "ending": state.ending,
        "round": state.round,
        "placements": state.placements,
    }


def _int(data: Any, where: str, low: int, high: int) -> int:
    if not isinstance(data, int) or isinstance(data, bool) or not low <= data <= high:
        raise ValueError(f"{where}: must be a whole number from {low} to {high}, not {data!r}")
    return data


def _ints(data: Any, where: str, length: int, low: int, high: int) -> list[int]:
    if not isinstance(data, list) or len(data) != length:
        raise ValueError(f"{where}: must be a list of {length} whole numbers")
    return [_int(v, f"{where}[{i}]", low, high) for i, v in enumerate(data)]


def _bool(data: Any, where: str) -> bool:
    if not isinstance(data, bool):
        raise ValueError(f"{where}: must be true or false")
    return data


def from_dict(cat: Catalog, data: Any) -> State:
    if not isinstance(data, dict) or data.get("game") != "rajas":
        raise ValueError("not a saved Rajas of the Ganges game (field 'game' must be 'rajas')")
    players_data = data.get("players")
    if not isinstance(players_data, list) or not 2 <= len(players_data) <= 4:
        raise ValueError("players: must list 2 to 4 players")
    n = len(players_data)
    cells = cat.width * cat.height
    tiles = len(cat.tiles)
    players = []
    for i, raw in enumerate(players_data):
        where = f"players[{i}]"
        if not isinstance(raw, dict) or set(raw) != set(_PLAYER_FIELDS):
            raise ValueError(f"{where}: must have the fields {', '.join(_PLAYER_FIELDS)}")
        players.append(
            Player(
                money=_int(raw["money"], f"{where}.money", 0, 999),
                karma=_int(raw["karma"], f"{where}.karma", 0, int(cat.value("karma_max"))),
                province=_ints(raw["province"], f"{where}.province", cells, -2, tiles * 4 - 1),
                fame=_int(raw["fame"], f"{where}.fame", 0, 999),
                levels=_ints(raw["levels"], f"{where}.levels", 4, 0, 2),
                dice=_ints(raw["dice"], f"{where}.dice", 24, 0, cat.kali_capacity),
                workers=_int(raw["workers"], f"{where}.workers", 1, int(cat.value("workers_max"))),
                placed=_int(raw["placed"], f"{where}.placed", 0, 6),
                boat=_int(raw["boat"], f"{where}.boat", 0, len(cat.river) - 1),
                bonuses=_int(raw["bonuses"], f"{where}.bonuses", 0, 31),
                yields=_int(raw["yields"], f"{where}.yields", 0, 2 ** len(cat.yields) - 1),
                mixed_used=_bool(raw["mixed_used"], f"{where}.mixed_used"),
            )
        )
    stacks_raw = data.get("stacks")
    if not isinstance(stacks_raw, list) or len(stacks_raw) != 12:
        raise ValueError("stacks: must list the 12 stacks")
    stacks = []
    for i, stack in enumerate(stacks_raw):
        if not isinstance(stack, list):
            raise ValueError(f"stacks[{i}]: must be a list of tile numbers")
        stacks.append(_ints(stack, f"stacks[{i}]", len(stack), 0, tiles - 1))
    phase = data.get("phase")
    if phase not in PHASES:
        raise ValueError(f"phase: must be one of {', '.join(PHASES)}")
    pending = []
    raw_pending = data.get("pending")
    if not isinstance(raw_pending, list) or len(raw_pending) > 200:
        raise ValueError("pending: must be a list")
    for i, item in enumerate(raw_pending):
        if not isinstance(item, list) or len(item) != 3 or item[0] not in PENDING_KINDS:
            raise ValueError(f"pending[{i}]: must be [kind, seat, amount]")
        pending.append(
            (
                str(item[0]),
                _int(item[1], f"pending[{i}]", -1, n - 1),
                _int(item[2], f"pending[{i}]", -1, 99),
            )
        )
    options = data.get("options")
    if options != []:
        raise ValueError("options: the basic game has no options")
    state = State(
        players=players,
        options=(),
        stacks=stacks,
        top=_ints(data.get("top"), "top", 12, -1, tiles - 1),
        spaces=_ints(data.get("spaces"), "spaces", len(cat.spaces), -1, n - 1),
        first=_int(data.get("first"), "first", 0, n - 1),
        round_first=_int(data.get("round_first"), "round_first", 0, n - 1),
        phase=str(phase),
        actor=_int(data.get("actor"), "actor", -1, n - 1),
        turn=_int(data.get("turn"), "turn", 0, n - 1),
        pending=pending,
        tile=_int(data.get("tile"), "tile", -1, tiles - 1),
        free_build=_bool(data.get("free_build"), "free_build"),
        ending=_bool(data.get("ending"), "ending"),
        round=_int(data.get("round"), "round", 1, 9999),
        placements=_int(data.get("placements"), "placements", 0, 99999),
    )
    seen: list[int] = [t for s in stacks for t in s] + [t for t in state.top if t >= 0]
    seen += [v >> 2 for p in players for v in p.province if v >= 0]
    if state.tile >= 0:
        seen.append(state.tile)
    if len(seen) != len(set(seen)):
        raise ValueError("stacks/top/provinces: a province tile is in two places")
    for colour in range(4):
        if state.supply(colour, int(cat.value("dice_per_colour"))) < 0:
            raise ValueError(f"players[].dice: more dice of colour {colour} than the game has")
    consistency.check(cat, state)  # tiles, residences, statues and workers as play keeps them
    return state
