"""Setting up a game (rulebook: Game Setup; Solo Mode, Setup).

The random steps (temple and bridge tiles, district tiles, starting workers,
revealed storehouses, dealt objectives, the starting player, the Maharajah's
objective) are chance decisions, one small draw at a time, so a game replays
from its record and a real table can supply each outcome from what the camera
or a phone reads. The constraints of the rulebook are checked on every draw:
three district tiles of three colours in each district (and the first tile of
each colour pile in a different district), three workers of each colour on
the twelve marked spaces, one objective of each type per player.

Then each player, from the starting player clockwise, places one objective on
the first objective space (tax +1) and the donation mahout tile on a colour
space no other player has chosen; each uncovered counter goes to the elephant.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import SECTION_COUNT, SECTION_NAMES, District, WorkerColour
from engine.amritsar.catalog import Catalog
from engine.amritsar.decisions import CHANCE_KINDS, PROMPTS, Pending
from engine.amritsar.reasons import Reason
from engine.amritsar.rules.core import (
    Event,
    Events,
    applies,
    check,
    counter_from_board,
    decision,
    pop,
    push,
    runs,
)
from engine.amritsar.rules.objectives_at_end import without_one
from engine.amritsar.rules.turn import reset_turn, start_turn
from engine.amritsar.state import CHANCE, NONE, Frame, GameState, MaharajahState, PlayerState

_OBJECTIVE_TYPES = "ABCD"


def initial_state(catalog: Catalog, players: int, *, solo: bool, hard: bool) -> GameState:
    """The table before any draw: empty board, full boxes, setup frames pending."""
    if solo and players != 1:
        raise ValueError("a solo game has exactly one player")
    if not solo and not 2 <= players <= 4:
        raise ValueError("Amritsar is for 2 to 4 players, or 1 in solo mode")
    rules = catalog.rules
    s = GameState.__new__(GameState)
    s.catalog = catalog
    s.solo = solo
    s.hard = hard
    s.players = tuple(_new_player(catalog, seat) for seat in range(players))
    s.maharajah = _new_maharajah(catalog, hard) if solo else None
    donation_players = 2 if solo else players
    s.sections = ((),) * SECTION_COUNT
    s.section_coins = (0,) * SECTION_COUNT
    two_player_table = solo or players == 2
    s.maharajah_workers = (NONE,) * 4 if two_player_table else ()
    s.maharajah_space = rules.maharajah_start_space
    s.district_tiles = ((NONE, NONE, NONE),) * 4
    s.temple = ()
    s.bridge = ()
    s.donations = tuple(
        (NONE,) * catalog.donation_tile(donation_players, d).space_count for d in District
    )
    s.market = (
        catalog.market[0].filled_at_setup,
        catalog.market[1].filled_at_setup,
        catalog.market[2].filled_at_setup,
    )
    s.revealed_storehouses = ()
    s.decade = 1
    s.round = 1
    s.turn_in_round = 0
    s.starting_player = 0
    s.current = NONE
    s.finished = False
    s.last_active_colour = NONE
    reset_turn(s)
    s.pending = ()
    _push_setup(s, players, solo)
    return s


def _new_player(catalog: Catalog, seat: int) -> PlayerState:
    rules = catalog.rules
    p = PlayerState.__new__(PlayerState)
    p.seat = seat
    p.pp = rules.starting_pp
    p.coins = rules.starting_coins
    p.resources = (0, 0, 0)
    p.tracks = (0, 0, 0)
    p.tax = 0
    p.elephant = NONE
    p.on_elephant = 0
    p.market_space = rules.counters_on_market_space
    p.mahouts = (NONE, NONE, NONE, NONE)
    p.mahout_hand = tuple(range(len(catalog.mahout_tiles)))
    p.objectives = (NONE, NONE, NONE, NONE)
    p.objective_hand = ()
    p.storehouses = (NONE,) * catalog.board.storehouse_spaces
    p.storehouse_flipped = (False,) * catalog.board.storehouse_spaces
    p.movement = PlayerState.LOCKED
    p.donation_counters_placed = 0
    p.ledger = ()
    return p


def _new_maharajah(catalog: Catalog, hard: bool) -> MaharajahState:
    board = catalog.maharajah
    m = MaharajahState.__new__(MaharajahState)
    m.pp = catalog.rules.starting_pp
    on_elephant = board.hard_counters_on_elephant if hard else 1
    m.board_counters = sum(board.counter_rows) + 1 - on_elephant
    m.on_elephant = on_elephant
    m.elephant = NONE
    m.quarry = tuple(int(r) for r in board.quarry)
    m.storehouse = (0, 0, 0)
    m.white = 0
    m.white_bounces = 0
    m.objective = NONE
    m.ledger = ()
    return m


def _push_setup(s: GameState, players: int, solo: bool) -> None:
    rules = s.catalog.rules
    frames: list[Frame] = []
    frames += [
        Frame(Pending.CHANCE_TEMPLE, CHANCE, a=slot) for slot in range(rules.temple_tiles_in_play)
    ]
    frames += [
        Frame(Pending.CHANCE_BRIDGE, CHANCE, a=slot) for slot in range(rules.bridge_tiles_in_play)
    ]
    frames += [Frame(Pending.CHANCE_DISTRICT_TILE, CHANCE, a=d, b=0) for d in District]
    frames += [
        Frame(Pending.CHANCE_DISTRICT_TILE, CHANCE, a=d, b=slot)
        for d in District
        for slot in (1, 2)
    ]
    for section in range(SECTION_COUNT):
        marked = rules.starting_workers_per_section[section % 2]
        frames += [
            Frame(Pending.CHANCE_WORKER, CHANCE, a=section, b=slot) for slot in range(marked)
        ]
    if s.maharajah_workers:
        frames += [Frame(Pending.CHANCE_WORKER, CHANCE, a=SECTION_COUNT + i) for i in range(4)]
    revealed = rules.storehouses_revealed[2 if solo else players]
    frames += [Frame(Pending.CHANCE_STOREHOUSE, CHANCE, n=k) for k in range(revealed)]
    frames += [
        Frame(Pending.CHANCE_OBJECTIVE, CHANCE, a=seat, b=t)
        for seat in range(players)
        for t in range(4)
    ]
    if solo:
        frames.append(Frame(Pending.CHANCE_MAHARAJAH_OBJECTIVE, CHANCE))
        frames += _setup_choices(s)
    else:
        frames.append(Frame(Pending.CHANCE_STARTING_PLAYER, CHANCE))
    s.pending = (Frame(Pending.START_GAME, NONE), *reversed(frames))


def _setup_choices(s: GameState) -> list[Frame]:
    """Objective and mahout choices, starting player first, then clockwise."""
    frames = []
    humans = len(s.players)
    for k in range(humans):
        seat = (s.starting_player + k) % humans
        frames.append(Frame(Pending.SETUP_OBJECTIVE, seat))
        frames.append(Frame(Pending.SETUP_MAHOUT, seat))
    return frames


# -- chance -----------------------------------------------------------------


def _outcome_count(s: GameState, kind: int) -> int:
    """How many outcomes a chance draw of this kind has (``KeyError`` for another kind)."""
    catalog = s.catalog
    if kind == _WORKER:
        return 4
    if kind == _DISTRICT_TILE:
        return len(catalog.district_tiles)
    if kind in (_OBJECTIVE, _MAHARAJAH_OBJECTIVE):
        return len(catalog.objectives)
    if kind == _TEMPLE:
        return len(catalog.temple_tiles)
    if kind == _BRIDGE:
        return len(catalog.bridge_tiles)
    if kind == _STOREHOUSE:
        return len(catalog.storehouses)
    if kind == Pending.CHANCE_STARTING_PLAYER:
        return len(s.players)
    raise KeyError(Pending(kind))


def _chance_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    kind = Pending(top.kind)
    count = _outcome_count(s, kind)
    outcomes = _OUTCOMES.get((kind, count))
    if outcomes is None:
        outcomes = _OUTCOMES[(kind, count)] = tuple(
            Action(Act.CHANCE, outcome, kind) for outcome in range(count)
        )
    return outcomes


#: (chance kind, outcome count) -> its outcomes, made once (actions are immutable).
_OUTCOMES: dict[tuple[Pending, int], tuple[Action, ...]] = {}


for _kind in CHANCE_KINDS:
    decision(_kind, [Act.CHANCE])(_chance_candidates)


def _tiles_placed(s: GameState) -> list[int]:
    return [t for row in s.district_tiles for t in row if t != NONE]


def _district_tiles_complete(s: GameState, assignment: list[list[int]]) -> bool:
    """Can the remaining tiles fill every empty slot without repeating a colour?

    Only colours matter (tiles of one colour are interchangeable here): the
    answer depends on each district's colours and empty slots and on the
    colours left, so it is searched once per such situation (``_completable``).
    """
    colours = [t.colour for t in s.catalog.district_tiles]
    used = {t for row in assignment for t in row if t != NONE}
    left = tuple(sorted(colours[t] for t in range(len(colours)) if t not in used))
    districts = tuple(
        (
            frozenset(colours[t] for t in assignment[d] if t != NONE),
            sum(1 for i in range(3) if assignment[d][i] == NONE),
        )
        for d in range(4)
    )
    return _completable(districts, left)


@lru_cache(maxsize=4096)
def _completable(districts: tuple[tuple[frozenset[int], int], ...], left: tuple[int, ...]) -> bool:
    """Can colours ``left`` fill each district's empty slots, no colour twice in a district?"""
    slots = [d for d, (_, empty) in enumerate(districts) for _ in range(empty)]
    present = [set(colours) for colours, _ in districts]
    counts: dict[int, int] = {}
    for colour in left:
        counts[colour] = counts.get(colour, 0) + 1

    def fill(k: int) -> bool:
        if k == len(slots):
            return True
        d = slots[k]
        for colour, count in counts.items():
            if count == 0 or colour in present[d]:
                continue
            counts[colour] = count - 1
            present[d].add(colour)
            done = fill(k + 1)
            counts[colour] = count
            present[d].discard(colour)
            if done:
                return True
        return False

    return fill(0)


def _worker_counts(s: GameState) -> list[int]:
    counts = [0, 0, 0, 0]
    for section in s.sections:
        for colour in section:
            counts[colour] += 1
    for colour in s.maharajah_workers:
        if colour != NONE:
            counts[colour] += 1
    return counts


_PLACED = ("that {} is already placed", "esa {} ya está colocada")
_DEALT = ("that objective is already dealt", "ese objetivo ya está repartido")
_TEMPLE_PLACED = (_PLACED[0].format("temple tile"), _PLACED[1].format("loseta de templo"))
_BRIDGE_PLACED = (_PLACED[0].format("bridge tile"), _PLACED[1].format("loseta de puente"))
_TILE_PLACED = (_PLACED[0].format("district tile"), _PLACED[1].format("loseta de distrito"))
_WRONG_TYPE = {
    wanted: (
        f"this deal is a type {wanted} objective",
        f"este reparto es de un objetivo de tipo {wanted}",
    )
    for wanted in _OBJECTIVE_TYPES
}

# The chance kinds as plain ints: frames hold ints, and reading an enum member
# costs more than a module constant on this path (about 160 checks a setup).
_TEMPLE = int(Pending.CHANCE_TEMPLE)
_BRIDGE = int(Pending.CHANCE_BRIDGE)
_DISTRICT_TILE = int(Pending.CHANCE_DISTRICT_TILE)
_WORKER = int(Pending.CHANCE_WORKER)
_STOREHOUSE = int(Pending.CHANCE_STOREHOUSE)
_OBJECTIVE = int(Pending.CHANCE_OBJECTIVE)
_MAHARAJAH_OBJECTIVE = int(Pending.CHANCE_MAHARAJAH_OBJECTIVE)


def _chance_reason(s: GameState, top: Frame, outcome: int) -> tuple[str, str] | None:
    """Why this outcome cannot be drawn here (English and Spanish clause), or ``None``."""
    catalog = s.catalog
    kind = top.kind
    if kind == _TEMPLE:
        return _TEMPLE_PLACED if outcome in s.temple else None
    if kind == _BRIDGE:
        return _BRIDGE_PLACED if outcome in s.bridge else None
    if kind == _DISTRICT_TILE:
        if outcome in _tiles_placed(s):
            return _TILE_PLACED
        colour = catalog.district_tiles[outcome].colour
        district, slot = top.a, top.b
        if any(
            t != NONE and catalog.district_tiles[t].colour is colour
            for t in s.district_tiles[district]
        ):
            return (
                "a district never holds two tiles of the same colour",
                "un distrito nunca tiene dos losetas del mismo color",
            )
        if slot == 0 and any(
            row[0] != NONE and catalog.district_tiles[row[0]].colour is colour
            for row in s.district_tiles
        ):
            return (
                "the first tile of each colour pile goes to a different district",
                "la primera loseta de cada montón de color va a un distrito distinto",
            )
        assignment = [list(row) for row in s.district_tiles]
        assignment[district][slot] = outcome
        if not _district_tiles_complete(s, assignment):
            return (
                "the other districts could then not get three colours each",
                "los demás distritos ya no podrían tener tres colores cada uno",
            )
        return None
    if kind == _WORKER:
        counts = _worker_counts(s)
        limit = 4 if top.a >= SECTION_COUNT else 3
        if counts[outcome] >= limit:
            colour = WorkerColour(outcome)
            return (
                f"all {limit} {colour.name.lower()} workers are already out",
                f"los {limit} trabajadores de color {colour.es} ya están colocados",
            )
        return None
    if kind == _STOREHOUSE:
        if outcome in s.revealed_storehouses:
            return ("that storehouse is already revealed", "ese almacén ya está revelado")
        return None
    if kind == _OBJECTIVE:
        objective = catalog.objectives[outcome]
        wanted = _OBJECTIVE_TYPES[top.b]
        if objective.type != wanted:
            return _WRONG_TYPE[wanted]
        if any(outcome in p.objective_hand for p in s.players):
            return _DEALT
        return None
    if kind == _MAHARAJAH_OBJECTIVE:
        objective = catalog.objectives[outcome]
        if objective.type != "C" or not objective.solo_star:
            return (
                "the Maharajah draws type C objectives until one shows the solo star",
                "el marajá roba objetivos de tipo C hasta uno con la estrella de solitario",
            )
        if any(outcome in p.objective_hand for p in s.players):
            return _DEALT
        return None
    if 0 <= outcome < len(s.players):
        return None
    return ("there is no such player", "no existe ese jugador")


@check(Act.CHANCE)
def _check_chance(s: GameState, top: Frame, action: Action) -> Reason | None:
    if action.b != top.kind:
        en, es = PROMPTS[Pending(top.kind)]
        return Reason("wrong_decision", {"waiting": en.lower(), "waiting_es": es.lower()})
    if not 0 <= action.a < _outcome_count(s, top.kind):
        return Reason("choice_out_of_range")
    why = _chance_reason(s, top, action.a)
    if why is None:
        return None

    def words() -> dict[str, Any]:
        from engine.amritsar.describe import chance_outcome_words

        en, es = (chance_outcome_words(s, top.kind, action.a, lang) for lang in ("en", "es"))
        fields = {"outcome": en[:1].upper() + en[1:], "outcome_es": es[:1].upper() + es[1:]}
        return {**fields, "why": why[0], "why_es": why[1]}

    return Reason("chance_outcome", words)


@applies(Act.CHANCE)
def _apply_chance(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    kind = top.kind  # an int: compared with the module constants above
    outcome = action.a
    catalog = s.catalog
    if kind == _TEMPLE:
        s.temple = (*s.temple, outcome)
        events.append(Event("setup", -1, top.a, "temple", catalog.temple_tiles[outcome].id))
    elif kind == _BRIDGE:
        s.bridge = (*s.bridge, outcome)
        events.append(Event("setup", -1, top.a, "bridge", catalog.bridge_tiles[outcome].id))
    elif kind == _DISTRICT_TILE:
        rows = [list(row) for row in s.district_tiles]
        rows[top.a][top.b] = outcome
        s.district_tiles = tuple(tuple(row) for row in rows)
        events.append(
            Event(
                "setup",
                -1,
                top.b,
                "district_tile",
                f"{District(top.a).letter} {catalog.district_tiles[outcome].id}",
            )
        )
    elif kind == _WORKER:
        if top.a >= SECTION_COUNT:
            workers = list(s.maharajah_workers)
            workers[top.a - SECTION_COUNT] = outcome
            s.maharajah_workers = tuple(workers)
            where = f"maharajah space {top.a - SECTION_COUNT}"
        else:
            sections = list(s.sections)
            sections[top.a] = (*sections[top.a], outcome)
            s.sections = tuple(sections)
            where = SECTION_NAMES[top.a]
        events.append(Event("setup", -1, 0, "worker", f"{where} {WorkerColour(outcome).letter}"))
    elif kind == _STOREHOUSE:
        s.revealed_storehouses = (*s.revealed_storehouses, outcome)
        events.append(Event("setup", -1, 0, "storehouse", catalog.storehouses[outcome].id))
    elif kind == _OBJECTIVE:
        p = s.own(top.a)
        p.objective_hand = (*p.objective_hand, outcome)
        events.append(Event("objective_dealt", top.a, 1, "objective"))  # hidden: no id
    elif kind == _MAHARAJAH_OBJECTIVE:
        assert s.maharajah is not None
        s.maharajah.objective = outcome
        events.append(Event("setup", -1, 0, "maharajah_objective", catalog.objectives[outcome].id))
    else:
        s.starting_player = outcome
        events.append(Event("setup", outcome, 0, "starting_player"))
        for frame in reversed(_setup_choices(s)):
            push(s, frame)


# -- the players' setup choices --------------------------------------------


@decision(Pending.SETUP_OBJECTIVE, [Act.SETUP_OBJECTIVE])
def _objective_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.SETUP_OBJECTIVE, o) for o in s.players[top.player].objective_hand)


@check(Act.SETUP_OBJECTIVE)
def _check_setup_objective(s: GameState, top: Frame, action: Action) -> Reason | None:
    if action.a not in s.players[top.player].objective_hand:
        return Reason("objective_not_in_hand")
    return None


@applies(Act.SETUP_OBJECTIVE)
def _apply_setup_objective(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    p = s.own(top.player)
    p.objective_hand = without_one(p.objective_hand, action.a)
    p.objectives = (action.a, p.objectives[1], p.objectives[2], p.objectives[3])
    p.tax += s.catalog.rules.objective_tax_icons
    events.append(
        Event("upgrade", top.player, s.catalog.rules.objective_tax_icons, "objective", "objective")
    )
    counter_from_board(s, top.player, events)


def _starting_mahout(s: GameState) -> int:
    return next(i for i, t in enumerate(s.catalog.mahout_tiles) if t.starting)


@decision(Pending.SETUP_MAHOUT, [Act.SETUP_MAHOUT])
def _mahout_candidates(s: GameState, top: Frame) -> Iterable[Action]:
    return (Action(Act.SETUP_MAHOUT, colour) for colour in WorkerColour)


@check(Act.SETUP_MAHOUT)
def _check_setup_mahout(s: GameState, top: Frame, action: Action) -> Reason | None:
    if not 0 <= action.a < 4:
        return Reason("choice_out_of_range")
    start = _starting_mahout(s)
    for p in s.players:
        if p.seat != top.player and p.mahouts[action.a] == start:
            return Reason(
                "mahout_colour_taken",
                {
                    "colour": WorkerColour(action.a).name.lower(),
                    "colour_es": WorkerColour(action.a).es,
                },
            )
    return None


@applies(Act.SETUP_MAHOUT)
def _apply_setup_mahout(s: GameState, top: Frame, action: Action, events: Events) -> None:
    pop(s)
    p = s.own(top.player)
    tile = _starting_mahout(s)
    mahouts = list(p.mahouts)
    mahouts[action.a] = tile
    p.mahouts = (mahouts[0], mahouts[1], mahouts[2], mahouts[3])
    p.mahout_hand = tuple(t for t in p.mahout_hand if t != tile)
    p.tax += s.catalog.mahout_tiles[tile].tax_icons
    events.append(Event("upgrade", top.player, 0, "mahout", s.catalog.mahout_tiles[tile].id))
    counter_from_board(s, top.player, events)


@runs(Pending.START_GAME)
def _run_start(s: GameState, top: Frame, events: Events) -> None:
    pop(s)
    if s.maharajah is not None:
        m = s.maharajah
        temple = s.catalog.temple_tiles[s.temple[0]]
        m.elephant = max(District, key=lambda d: temple.pp[d])
        # One marble from his quarry to his storehouse (Solo Mode, setup step 3).
        quarry = list(m.quarry)
        first_marble = quarry.index(0)
        quarry[first_marble] = NONE
        m.quarry = tuple(quarry)
        m.storehouse = (1, 0, 0)
    s.decade = 1
    s.round = 1
    s.turn_in_round = 0
    events.append(Event("game_start", s.starting_player))
    start_turn(s)
