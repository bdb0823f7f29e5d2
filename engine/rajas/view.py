"""What a seat may know of a Rajas of the Ganges position, and what the camera can check.

Nothing is hidden in the basic game (the province stacks lie face up, dice
are rolled in the open), so every seat's view is the public one.

``observe`` is the part the table shows: workers on the action spaces, every
province tile with its rotation, the tiles on top of the stacks, boats, the
fame, money and karma markers, the upgrade cubes, the dice on each Kali
statue and the elephant. The camera table (``vision.games.rajas``,
docs/rajas-table.md) reads the workers on spaces, tiles, tops, boats, fame,
money, the elephant and the dice on the Kali statues (colour and pips, a
statue only when every die on it is sure); karma, upgrade cubes and waiting
workers are on the table but not read, so they stay ``None`` in a camera
observation and the phones answer what they decide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.core.observation import Observation
from engine.rajas.actions import stack_name
from engine.rajas.catalog import BUILDINGS, COLOURS, Catalog
from engine.rajas.scoring import COLOURS as PLAYER_COLOURS
from engine.rajas.state import EMPTY, RESIDENCE, State


@dataclass(frozen=True)
class RajasObservation(Observation):
    """One value per thing on the table; ``None`` where a snapshot did not see it."""

    spaces: tuple[int, ...] | None = None  # per action space: seat of its worker, -1 empty
    provinces: tuple[tuple[int, ...], ...] | None = None  # per seat, per cell: tile*4+rotation
    tops: tuple[int, ...] | None = None  # per stack: tile on top, -1 empty
    boats: tuple[int, ...] | None = None
    fame: tuple[int, ...] | None = None
    money: tuple[int, ...] | None = None
    karma: tuple[int, ...] | None = None
    levels: tuple[tuple[int, ...], ...] | None = None  # per seat: column of each upgrade cube
    dice: tuple[tuple[int, ...], ...] | None = None  # per seat: count per colour and value
    workers: tuple[int, ...] | None = None  # per seat: active workers
    elephant: int | None = None


def observe(cat: Catalog, state: State) -> RajasObservation:
    players = state.players
    return RajasObservation(
        spaces=tuple(state.spaces),
        provinces=tuple(tuple(p.province) for p in players),
        tops=tuple(state.top),
        boats=tuple(p.boat for p in players),
        fame=tuple(p.fame for p in players),
        money=tuple(p.money for p in players),
        karma=tuple(p.karma for p in players),
        levels=tuple(tuple(p.levels) for p in players),
        dice=tuple(tuple(p.dice) for p in players),
        workers=tuple(p.workers for p in players),
        elephant=state.first,
    )


def _cell(cat: Catalog, value: int) -> Any:
    if value == EMPTY:
        return None
    if value == RESIDENCE:
        return "residence"
    return {"tile": cat.tiles[value >> 2].id, "rotation": (value & 3) * 90}


def view(cat: Catalog, state: State, seat: int | None, decision: dict[str, Any]) -> dict[str, Any]:
    """JSON-able: the same for every seat (no secrets in the basic game)."""
    levels = cat.value("upgrade_levels")
    return {
        "game": "rajas",
        "round": state.round,
        "first_player": state.first,
        "turn": state.turn,
        "ending": state.ending,
        "decision": decision,
        "viewer": seat,
        "spaces": {  # the colour of the worker on each occupied action space
            space.id: PLAYER_COLOURS[state.spaces[i]]
            for i, space in enumerate(cat.spaces)
            if state.spaces[i] >= 0
        },
        "stacks": {
            stack_name(i): {
                "top": cat.tiles[t].id if t >= 0 else None,
                "below": len(state.stacks[i]),
            }
            for i, t in enumerate(state.top)
        },
        "tile_in_hand": cat.tiles[state.tile].id if state.tile >= 0 else None,
        "seats": [
            {
                "seat": i,
                "colour": PLAYER_COLOURS[i],
                "fame": p.fame,
                "money": p.money,
                "karma": p.karma,
                "boat": p.boat,
                "workers": p.workers,
                "workers_placed": p.placed,
                "dice": {  # the dice on the Kali statue: values per colour
                    COLOURS[c]: [v + 1 for v in range(6) for _ in range(p.dice[c * 6 + v])]
                    for c in range(4)
                },
                "buildings": {BUILDINGS[b]: int(levels[p.levels[b]]) for b in range(4)},
                "province": {
                    cat.cell_name(c): _cell(cat, v) for c, v in enumerate(p.province) if v != EMPTY
                },
            }
            for i, p in enumerate(state.players)
        ],
    }
