"""Built solo positions for the Maharajah's tests.

``at_his_turn`` plays a seeded solo game (random human) up to the
Maharajah's first turn; ``position`` then rewrites the parts a test is about:
the active temple tile, the donation tiles, his storehouse and quarry, his
counters, his elephant, the two worker colours that pick his actions, the
market and his white track. His donation counters and resources stay
conserved, so ``engine.amritsar.serialize.status`` finds nothing wrong with a built
position unless a test wants it to.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import MAHARAJAH_SPACE_NAMES, District, WorkerColour
from engine.amritsar.catalog import Catalog
from engine.amritsar.decisions import Pending
from engine.amritsar.game import apply, decision, legal_actions, new_game
from engine.amritsar.maharajah_report import MaharajahTurn
from engine.amritsar.observe import Observation
from engine.amritsar.rules.core import Event
from engine.amritsar.rules.donation import space_index, tile_for
from engine.amritsar.state import MAHARAJAH_SEAT, NONE, GameState

HUMAN = 0
HIM = MAHARAJAH_SEAT
MAHARAJAH = Action(Act.MAHARAJAH)


def play_to_his_turn(state: GameState, rng: random.Random) -> GameState:
    while decision(state).kind is not Pending.MAHARAJAH_TURN:
        state, _ = apply(state, rng.choice(legal_actions(state)), check=False)
    return state


def at_his_turn(seed: int = 11, *, hard: bool = False, catalog: Catalog | None = None) -> GameState:
    state = new_game(1, solo=True, hard=hard, seed=seed, catalog=catalog)
    return play_to_his_turn(state, random.Random(seed))


def _owners(text: str) -> tuple[int, ...]:
    """``"HM.. ... .. ."`` -> owners of the 10 spaces, level by level."""
    marks = {"H": HUMAN, "M": HIM, ".": NONE}
    return tuple(marks[c] for c in text if c != " ")


def position(
    base: GameState,
    *,
    temple: str = "T1",
    decade: int | None = None,
    donations: Mapping[str, str] | None = None,
    storehouse: tuple[int, int, int] = (0, 0, 0),
    quarry: tuple[int, int, int] | None = None,
    on_elephant: int = 1,
    board_counters: int | None = None,
    elephant: str = "N",
    last: str = "Y",
    beside: str = "B",
    market: tuple[int, int, int] | None = None,
    white: int = 0,
    white_bounces: int = 0,
    objective: str | None = None,
) -> GameState:
    """A copy of ``base`` with the Maharajah's turn pending in the given position.

    ``donations`` maps a district letter to its owners (``H`` the human,
    ``M`` him, ``.`` free; level 1 first, left to right). ``quarry`` counts
    the resources left in his quarry (default: the rest of the printed ones
    after ``storehouse``). ``board_counters`` defaults to what keeps his 16
    counters accounted for.
    """
    s = base.copy()
    catalog = s.catalog
    m = s.maharajah
    assert m is not None
    index = next(i for i, t in enumerate(catalog.temple_tiles) if t.id == temple)
    if decade is not None:
        s.decade = decade
    temples = list(s.temple)
    if index in temples:
        temples[temples.index(index)] = temples[s.decade - 1]
    temples[s.decade - 1] = index
    s.temple = tuple(temples)
    rows = [tuple(NONE for _ in row) for row in s.donations]
    for letter, text in (donations or {}).items():
        rows[District.parse(letter)] = _owners(text)
    s.donations = tuple(rows)
    for p in s.players:
        placed = sum(1 for row in rows for o in row if o == p.seat)
        extra = placed - p.donation_counters_placed  # taken from the market space, then elephant
        p.donation_counters_placed = placed
        from_market = min(extra, p.market_space)
        p.market_space -= from_market
        p.on_elephant -= extra - from_market
        assert p.on_elephant >= 0, "the human has not that many counters to place"
    printed = [0, 0, 0]
    for r in catalog.maharajah.quarry:
        printed[r] += 1
    left = quarry or (
        printed[0] - storehouse[0],
        printed[1] - storehouse[1],
        printed[2] - storehouse[2],
    )
    gone = [printed[r] - left[r] for r in range(3)]
    spaces = []
    for r in catalog.maharajah.quarry:
        if gone[r] > 0:
            gone[r] -= 1
            spaces.append(NONE)
        else:
            spaces.append(int(r))
    m.quarry = tuple(spaces)
    m.storehouse = storehouse
    on_tiles = sum(1 for row in rows for o in row if o == HIM)
    m.on_elephant = on_elephant
    m.board_counters = (
        catalog.rules.counters_per_player - on_elephant - on_tiles
        if board_counters is None
        else board_counters
    )
    m.elephant = District.parse(elephant)
    m.white = white
    m.white_bounces = white_bounces
    if objective is not None:
        m.objective = next(i for i, o in enumerate(catalog.objectives) if o.id == objective)
    s.last_active_colour = WorkerColour.parse(last)
    workers = list(s.maharajah_workers)
    wanted = WorkerColour.parse(beside)
    other = workers.index(wanted)
    here = s.maharajah_space
    workers[here], workers[other] = workers[other], workers[here]
    s.maharajah_workers = tuple(workers)
    if market is not None:
        s.market = market
    return s


def his_turn(state: GameState) -> tuple[GameState, list[Event]]:
    """Apply his turn (checked), returning the next state and the events."""
    return apply(state, MAHARAJAH)


def predict(before: Observation, turn: MaharajahTurn, state: GameState) -> Observation:
    """The main board after a person carried out the turn's moves, from its data alone."""
    elephants = list(before.elephants or ())
    donations = [list(row) for row in before.donations or ()]
    market = list(before.market or ())
    spaces = list(before.market_spaces or ())
    bridge = tuple(before.bridge_face_up or ())
    space = before.maharajah_space
    temple = before.temple_active
    for i in turn.all_instructions:
        if i.kind == "elephant":
            elephants[-1 if i.seat == HIM else i.seat] = i.district
        elif i.kind == "donation":
            tile = tile_for(state, i.district)
            donations[i.district][space_index(tile, i.level, i.space - 1)] = i.seat
        elif i.kind == "market_return":
            assert market[i.resource] == i.row, "the row returned is the lowest one filled"
            market[i.resource] -= 1
        elif i.kind == "token":
            space = MAHARAJAH_SPACE_NAMES.index(i.target.split(":")[1])
        elif i.kind == "counter_from_market":
            spaces[i.seat] -= 1
        elif i.kind == "counter_from_board" and i.target == "your_market_space":
            spaces[i.seat] += 1
        elif i.kind == "bridge_flip":
            bridge = bridge[1:]
        elif i.kind == "temple":
            tile_id = i.target.split(":")[1]
            temple = next(k for k, t in enumerate(state.catalog.temple_tiles) if t.id == tile_id)
    return replace(
        before,
        elephants=tuple(elephants),
        donations=tuple(tuple(row) for row in donations),
        market=(market[0], market[1], market[2]),
        market_spaces=tuple(spaces),
        bridge_face_up=bridge,
        maharajah_space=space,
        temple_active=temple,
    )
