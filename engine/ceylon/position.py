"""Ceylon's position notation: the table as a few named lines, read back exactly.

What it is for: setting up a position from a real table (a game played
without the companion, a rule case for a test) and printing one for a bug
report (``companion position --game ceylon``, ``docs/position-notation.md``).
One line per area of the board and one per player, in the rulebook's words
(districts and their advisors, elevation tiles, plantations, the train's
wagons, the draw pile, the tech track); hexes by their map name (``K3``),
plantations and pawns by the player's colour, cards by their two actions
(``plant/harvest``), contracts by their catalogue id (``C2-3``):

    game: ceylon, 2 players, turn 0, starting player 1, start order 1 2, decision play, decides 1
    districts: in play dimbula kandy ruhuna, advisors banker broker foreman -
    elevation: L1 K5 K6 R1 R2, left out L4, small D7
    plantations: K8 red, R5 blue
    train: C5-3 C1-3 C1-1
    cards: draw pile plant/harvest 4 ..., district bonuses 10 6 3 1
    player 1: rupees 10, tea black 1, pawn K8, hand harvest/hire trade/tech

``write_position(state, catalog)`` gives the text, ``read_position(text,
catalog)`` the state (``PositionError``: every problem, each naming its
line). ``read_position(write_position(s)) == s`` for every reachable state.
Items the rest of the position gives are worked out and written only when
they disagree (so the check can name the disagreement): the hexes in play
(those of the districts in play), each hex's level (1 under a large
elevation tile, 2 under a small one), the contracts not drawn yet (those
neither in the train nor won), each player's leaf markers (their
plantations, 2 on a double one) and contracts per company (from the
contracts won). Pure standard library.
"""

from __future__ import annotations

import sys
from typing import Any

from engine.ceylon.catalog import MAIN, Catalog
from engine.ceylon.flow import OPTIONS
from engine.ceylon.serialize import PHASES, VERSION, from_dict, to_dict
from engine.ceylon.state import COLOURS, POINT_SOURCES, State
from engine.core.position_text import (
    REQUIRED,
    Area,
    Choice,
    Counts,
    Custom,
    Field,
    Flag,
    Ints,
    Mask,
    Name,
    Names,
    PositionError,
    Seat,
    Whole,
    WordError,
    Words,
    build_from_new_game,
    finish,
    one_of,
    players_of,
    read,
    write,
)

GAME = "ceylon"
TEA = ("black", "green", "white")
DOUBLE = "double"


def _hexes_in_play(catalog: Catalog, data: dict[str, Any]) -> int:
    return sum(
        1 << h for h, item in enumerate(catalog.hexes) if data["in_play"] >> item.district & 1
    )


def _levels(data: dict[str, Any], hexes: int) -> list[int]:
    covered = 0
    for mask in data["large"]:
        covered |= mask
    return [(covered >> h & 1) + (data["small"] >> h & 1) for h in range(hexes)]


def _pile(catalog: Catalog, data: dict[str, Any]) -> int:
    drawn = {c for c in data["train"] if c >= 0}
    drawn |= {c for p in data["players"] for c in p["contracts"]}
    return sum(1 << c for c in range(len(catalog.contracts)) if c not in drawn)


def _markers(data: dict[str, Any], seat: int) -> int:
    mine = [h for h, owner in enumerate(data["owner"]) if owner == seat]
    return len(mine) + sum(1 for h in mine if data["double"] >> h & 1)


def _companies(catalog: Catalog, data: dict[str, Any], seat: int) -> list[int]:
    counts = [0] * 5
    for c in data["players"][seat]["contracts"]:
        counts[catalog.contracts[c].company - 1] += 1
    return counts


def _plantations(catalog: Catalog) -> Custom:
    hexes = [h.id for h in catalog.hexes]

    def write_plantations(data: dict[str, Any]) -> list[str]:
        return [
            f"{hexes[h]} {COLOURS[owner]}" + (f" {DOUBLE}" if data["double"] >> h & 1 else "")
            for h, owner in enumerate(data["owner"])
            if owner >= 0
        ]

    def read_plantations(items: list[tuple[int, list[str]]], data: dict[str, Any]) -> None:
        owner = [-1] * len(hexes)
        double = 0
        for _, words in items:
            if len(words) not in (2, 3) or (len(words) == 3 and words[2].lower() != DOUBLE):
                raise WordError(
                    f"{' '.join(words)!r}: a plantation is its hex and colour ('K3 red', "
                    f"'K3 red double')",
                    f"{' '.join(words)!r}: una plantación es su hexágono y su color ('K3 red', "
                    f"'K3 red double')",
                )
            h = one_of(words[0], hexes, "a hex of the map", "un hexágono del mapa")
            seat = one_of(words[1], COLOURS[: len(data["players"])], "a player's colour",
                          "el color de un jugador")  # fmt: skip
            if owner[h] >= 0:
                raise WordError(f"{hexes[h]} is given twice", f"{hexes[h]} aparece dos veces")
            owner[h] = seat
            double |= (len(words) == 3) << h
        data["owner"], data["double"] = owner, double

    return Custom(write_plantations, read_plantations, ("owner", "double"))


def areas(catalog: Catalog) -> tuple[Area, ...]:
    """The areas of Ceylon's notation, in the order they are read and written."""
    hexes = [h.id for h in catalog.hexes]
    districts = [d.id for d in catalog.districts]
    faces = [f.id for f in catalog.faces]
    contracts = [c.id for c in catalog.contracts]
    advisors = [a for a, _ in catalog.advisors]
    larges = [t.id for t in catalog.large_tiles]
    return (
        Area(
            "game",
            "partida",
            (
                Field("options", ("options",), Words(OPTIONS), []),
                Field("turn", ("turn",), Whole(0, 999), REQUIRED),
                Field("starting player", ("first",), Whole(0, 3, 1), REQUIRED),
                Field("start order", ("start_order",), Ints(0, 3, 1), []),
                Field("decision", ("phase",), Choice(PHASES), REQUIRED),
                Field("decides", ("actor",), Seat(), REQUIRED),
                Field("active player", ("active",), Whole(0, 3, 1), 0),
                Field("tech stack", ("tech_counter",), Whole(0, 10**6), 0),
                Field("ending", ("ending",), Flag(), False),
            ),
        ),
        Area(
            "this turn",
            "este turno",
            (
                Field("card", ("card",), Name(faces), -1),
                Field("main action", ("side",), Name(MAIN), -1),
                Field("still to act", ("queue",), Ints(0, 3, 1), []),
                Field("card started", ("card_done",), Flag(), False),
                Field("token used", ("token_used",), Flag(), False),
                Field("harvest reach", ("harvest_reach",), Mask(hexes), 0),
                Field("harvest last", ("harvest_last",), Name(hexes), -1),
                Field("harvests", ("harvest_count",), Whole(0, 99), 0),
            ),
        ),
        Area(
            "districts",
            "distritos",
            (
                Field("in play", ("in_play",), Mask(districts), REQUIRED),
                Field("advisors", ("advisors",), Names(advisors, -1), [-1] * len(districts)),
                Field(
                    "hexes in play",
                    ("hexes_in_play",),
                    Mask(hexes),
                    None,
                    lambda d, _: _hexes_in_play(catalog, d),
                ),
            ),
        ),
        Area(
            "elevation",
            "elevación",
            (
                *(Field(tile, ("large", i), Mask(hexes), 0) for i, tile in enumerate(larges)),
                Field("left out", ("left_out",), Name(larges), -1),
                Field("small", ("small",), Mask(hexes), 0),
                Field(
                    "levels",
                    ("level",),
                    Ints(0, 2, 0, len(hexes)),
                    None,
                    lambda d, _: _levels(d, len(hexes)),
                ),
            ),
        ),
        Area("plantations", "plantaciones", custom=_plantations(catalog)),
        Area(
            "train",
            "tren",
            (
                Field("wagons", ("train",), Names(contracts, -1), [-1, -1, -1]),
                Field(
                    "contracts left",
                    ("contract_pile",),
                    Mask(contracts),
                    None,
                    lambda d, _: _pile(catalog, d),
                ),
            ),
        ),
        Area(
            "cards",
            "cartas",
            (
                Field("draw pile", ("deck",), Counts(faces), [0] * len(faces)),
                Field("discards", ("discards",), Whole(0, 999), 0),
                Field("district bonuses", ("bonus_stack",), Ints(0, 99), []),
            ),
        ),
        Area(
            "player",
            "jugador",
            (
                Field("rupees", ("players", "#", "rupees"), Whole(0, 10**6), REQUIRED),
                Field("tea", ("players", "#", "cubes"), Counts(TEA), [0, 0, 0]),
                Field("pawn", ("players", "#", "pawn"), Name(hexes), -1),
                Field("tech", ("players", "#", "tech"), Whole(0, 99), 0),
                Field("tech order", ("players", "#", "tech_order"), Whole(0, 10**6), 0),
                Field("tech tokens", ("players", "#", "tokens"), Whole(0, 99), 0),
                Field("contracts", ("players", "#", "contracts"), Names(contracts), []),
                Field(
                    "points",
                    ("players", "#", "points"),
                    Counts(POINT_SOURCES),
                    [0] * len(POINT_SOURCES),
                ),
                Field("advisors hired", ("players", "#", "hired"), Mask(districts), 0),
                Field("start tile", ("players", "#", "start_tile"), Whole(0, 99), 0),
                Field("start tile used", ("players", "#", "start_used"), Flag(), False),
                Field("district bonus", ("players", "#", "bonus"), Whole(0, 99), 0),
                Field("hand", ("players", "#", "hand"), Names(faces, sort=True), []),
                Field("unknown cards", ("players", "#", "unknown"), Whole(0, 99), 0),
                Field("leaf markers", ("players", "#", "markers"), Whole(0, 99), None, _markers),
                Field(
                    "companies",
                    ("players", "#", "companies"),
                    Ints(0, 4, 0, 5),
                    None,
                    lambda d, seat: _companies(catalog, d, seat),
                ),
            ),
            per_player=True,
        ),
    )


def write_position(state: State, catalog: Catalog) -> str:
    """The position of ``state`` as text (see the module's docstring)."""
    data = to_dict(state)
    for player in data["players"]:
        player.setdefault("unknown", 0)  # kept in a record only with unknown hands
    return write(data, areas(catalog), GAME, state.n, ())


def _skeleton(players: int, catalog: Catalog) -> dict[str, Any]:
    hexes, districts = len(catalog.hexes), len(catalog.districts)
    player = {
        "rupees": 0, "cubes": [0, 0, 0], "pawn": -1, "tech": 0, "tech_order": 0, "tokens": 0,
        "markers": 0, "hired": 0, "start_tile": 0, "bonus": 0, "companies": [0] * 5,
        "contracts": [], "points": [0] * len(POINT_SOURCES), "start_used": False, "hand": [],
        "unknown": 0,
    }  # fmt: skip
    return {
        "version": VERSION, "game": GAME, "in_play": 0, "hexes_in_play": 0, "left_out": -1,
        "small": 0, "double": 0, "contract_pile": 0, "discards": 0, "first": 0, "actor": -1,
        "active": 0, "card": -1, "side": -1, "harvest_reach": 0, "harvest_last": -1,
        "harvest_count": 0, "tech_counter": 0, "turn": 0, "level": [0] * hexes,
        "large": [0] * len(catalog.large_tiles), "owner": [-1] * hexes,
        "advisors": [-1] * districts, "train": [-1, -1, -1], "deck": [0] * len(catalog.faces),
        "bonus_stack": [], "start_order": [], "queue": [], "options": [], "phase": "",
        "card_done": False, "token_used": False, "ending": False,
        "players": [{k: (v[:] if isinstance(v, list) else v) for k, v in player.items()}
                    for _ in range(players)],
    }  # fmt: skip


def read_position(text: str, catalog: Catalog) -> State:
    """The state ``text`` gives; ``PositionError`` names every problem and its line."""
    players = players_of(text, GAME, 2, 4)
    data = _skeleton(players, catalog)
    reading = read(text, areas(catalog), GAME, data, players)
    state: State = finish(reading, lambda d: from_dict(catalog, d))
    return state


def build_position(
    players: int,
    lines: dict[str, str] | None = None,
    *,
    seed: int = 0,
    options: tuple[str, ...] = (),
    catalog: Catalog | None = None,
) -> State:
    """A position for a test (``engine.core.position_text.build_from_new_game``)."""
    state: State = build_from_new_game(
        sys.modules[__name__], GAME, players, lines, seed=seed, options=options, catalog=catalog
    )
    return state


__all__ = ["PositionError", "build_position", "read_position", "write_position"]
