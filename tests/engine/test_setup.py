"""Setting up (rulebook: Game Setup; Solo Mode, Setup), checked over many seeds
for every table: 2, 3 and 4 players and solo (normal and hard).

Each seed makes every setup draw at random and the players' setup choices at
random too, then the invariants of the rulebook are checked on the result.
"""

from __future__ import annotations

import random

import pytest

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import District, WorkerColour
from engine.amritsar.decisions import Pending
from engine.amritsar.game import apply, legal_actions, new_game, why_illegal
from engine.amritsar.record import Game
from engine.amritsar.rules.core import push
from engine.amritsar.serialize import status
from engine.amritsar.state import CHANCE, NONE, Frame, GameState, PlayerState
from tests.engine.build import CATALOG, play, refusal

SEEDS = range(25)
TABLES = [
    (2, False, False),
    (3, False, False),
    (4, False, False),
    (1, True, False),
    (1, True, True),
]


def set_up(players: int, solo: bool, hard: bool, seed: int) -> GameState:
    """Setup draws and the players' setup choices, at random, up to the first turn."""
    rng = random.Random(seed)
    s = new_game(players, solo=solo, hard=hard, seed=seed)
    while s.pending and s.pending[-1].kind in (Pending.SETUP_OBJECTIVE, Pending.SETUP_MAHOUT):
        s, _ = apply(s, rng.choice(legal_actions(s)))
    return s


@pytest.mark.parametrize(("players", "solo", "hard"), TABLES)
def test_setup_invariants_over_many_seeds(players: int, solo: bool, hard: bool) -> None:
    rules = CATALOG.rules
    two_player_table = solo or players == 2
    for seed in SEEDS:
        s = set_up(players, solo, hard, seed)
        assert status(s) == [], seed
        # The first turn is pending: the starting player's phase 1.
        top = s.pending[-1]
        assert (top.kind, top.player, s.decade, s.round) == (
            Pending.ELEPHANT,
            s.starting_player,
            1,
            1,
        )
        assert s.maharajah_space == rules.maharajah_start_space
        # Temple and bridge: 3 different tiles each.
        assert len(set(s.temple)) == 3 and len(set(s.bridge)) == 3
        # District tiles: 3 of 3 colours in each district; the slot drawn first
        # in each district (the top of each colour pile) has one of each colour.
        placed = [t for row in s.district_tiles for t in row]
        assert sorted(placed) == list(range(12))
        for row in s.district_tiles:
            assert len({CATALOG.district_tiles[t].colour for t in row}) == 3
        firsts = {CATALOG.district_tiles[row[0]].colour for row in s.district_tiles}
        assert firsts == set(WorkerColour)
        # Workers: 3 of each colour on the 12 marked spaces (2 in a district's
        # first section, 1 in its second); 2-player tables put the other 4 beside
        # the Maharajah spaces.
        assert [len(sec) for sec in s.sections] == [2, 1] * 4
        workers = [w for sec in s.sections for w in sec]
        assert sorted(workers) == sorted(list(WorkerColour) * 3)
        if two_player_table:
            assert sorted(s.maharajah_workers) == list(WorkerColour)
        else:
            assert s.maharajah_workers == ()
        # Storehouses revealed: 6, 9 or 12 (solo as 2 players), all different.
        expected = rules.storehouses_revealed[2 if solo else players]
        assert len(set(s.revealed_storehouses)) == len(s.revealed_storehouses) == expected
        # Donation tiles of the player count (solo: 2 players), all empty.
        spaces = {2: 10, 3: 14, 4: 18}[2 if solo else players]
        assert all(len(row) == spaces and set(row) == {NONE} for row in s.donations)
        assert s.market == (3, 3, 3)
        # Objectives: one of each type per player, nobody shares one.
        dealt: list[int] = []
        for p in s.players:
            held = [o for o in (*p.objectives, *p.objective_hand) if o != NONE]
            assert sorted(CATALOG.objectives[o].type for o in held) == ["A", "B", "C", "D"]
            dealt += held
            # Step 24: one objective placed (tax +1) and the donation mahout tile.
            assert p.objectives[0] != NONE and p.objectives[1:] == (NONE, NONE, NONE)
            assert [CATALOG.mahout_tiles[m].id for m in p.mahouts if m != NONE] == ["donate"]
            assert (p.pp, p.coins, p.resources, p.tax) == (5, 1, (0, 0, 0), 1)
            assert (p.on_elephant, p.market_space, p.elephant) == (2, 5, NONE)
            assert p.tracks == (0, 0, 0) and p.storehouses == (NONE, NONE, NONE)
            assert p.movement == PlayerState.LOCKED and len(p.mahout_hand) == 6
        assert len(dealt) == len(set(dealt)) == 4 * players
        # Step 25: no two players' first mahout tiles on the same colour.
        colours = [p.mahouts.index(next(m for m in p.mahouts if m != NONE)) for p in s.players]
        assert len(set(colours)) == len(colours)
        if solo:
            m = s.maharajah
            assert m is not None
            objective = CATALOG.objectives[m.objective]
            assert objective.type == "C" and objective.solo_star
            assert m.objective not in dealt
            temple = CATALOG.temple_tiles[s.temple[0]]
            assert temple.pp[m.elephant] == max(temple.pp)  # the 4-PP district
            assert m.storehouse == (1, 0, 0)  # a marble from his quarry
            assert m.on_elephant == (2 if hard else 1)
            assert m.board_counters + m.on_elephant == 16
            assert s.starting_player == 0  # the human always starts


def test_the_starting_player_chooses_first_then_clockwise() -> None:
    s = new_game(4, seed=5)
    order = []
    while s.pending[-1].kind in (Pending.SETUP_OBJECTIVE, Pending.SETUP_MAHOUT):
        order.append((Pending(s.pending[-1].kind).name, s.pending[-1].player))
        s, _ = apply(s, legal_actions(s)[0])
    first = s.starting_player
    seats = [(first + k) % 4 for k in range(4)]
    assert order == [(kind, seat) for seat in seats for kind in ("SETUP_OBJECTIVE", "SETUP_MAHOUT")]


def test_a_first_mahout_colour_already_taken_is_refused() -> None:
    s = new_game(3, seed=2)
    s, _ = apply(s, legal_actions(s)[0])  # first objective
    s, _ = apply(s, Action(Act.SETUP_MAHOUT, int(WorkerColour.WHITE)))
    s, _ = apply(s, legal_actions(s)[0])  # the next player's objective
    assert {str(a) for a in legal_actions(s)} == {
        "first-mahout Y",
        "first-mahout B",
        "first-mahout G",
    }
    reason = refusal(s, "first-mahout W")
    assert reason.code == "mahout_colour_taken" and "white" in reason.en


def test_the_first_objective_comes_from_the_players_hand() -> None:
    s = new_game(2, seed=4)
    hand = s.players[s.starting_player].objective_hand
    assert {str(a) for a in legal_actions(s)} == {
        f"first-objective {CATALOG.objectives[o].id}" for o in hand
    }
    other = next(o for o in range(24) if o not in hand)
    reason = why_illegal(s, Action(Act.SETUP_OBJECTIVE, other))
    assert reason is not None and reason.code == "objective_not_in_hand"


def test_each_draw_is_checked_against_the_setup_rules() -> None:
    s = new_game(2)  # without a seed the draws wait for the table
    assert s.pending[-1].kind == Pending.CHANCE_TEMPLE and s.pending[-1].player == CHANCE
    assert len(legal_actions(s)) == 4
    s = play(s, "chance temple T2")
    assert "chance temple T2" not in {str(a) for a in legal_actions(s)}
    assert "already placed" in refusal(s, "chance temple T2").en
    # District tiles: the top tile of each pile goes to a different district.
    s = play(s, "chance temple T1", "chance temple T3")
    s = play(s, "chance bridge BR1", "chance bridge BR2", "chance bridge BR3")
    assert s.pending[-1].kind == Pending.CHANCE_DISTRICT_TILE
    s = play(s, "chance tile DY1")
    reason = refusal(s, "chance tile DY2")
    assert "different district" in reason.en
    # Workers: 3 of each colour in the sections.
    s = play(s, "chance tile DB1", "chance tile DW1", "chance tile DG1")
    while s.pending[-1].kind == Pending.CHANCE_DISTRICT_TILE:
        s, _ = apply(s, legal_actions(s)[0])
    s = play(s, "chance worker Y", "chance worker Y", "chance worker Y")
    assert "all 3 yellow workers" in refusal(s, "chance worker Y").en


def test_a_district_never_gets_two_tiles_of_one_colour() -> None:
    s = new_game(2)
    while s.pending[-1].kind != Pending.CHANCE_DISTRICT_TILE:
        s, _ = apply(s, legal_actions(s)[0])
    # Fill the first slots, then try a second yellow in the North.
    for tile in ("DY1", "DB1", "DW1", "DG1"):
        s = play(s, f"chance tile {tile}")
    assert s.pending[-1].a == District.NORTH and s.pending[-1].b == 1
    assert "same colour" in refusal(s, "chance tile DY2").en


def test_a_setup_replays_from_its_record() -> None:
    game = Game.new(3, seed=9)
    replay = Game.from_record(game.to_dict())
    assert replay.state == game.state


def test_chance_decisions_are_taken_by_chance() -> None:
    s = new_game(2)
    assert why_illegal(s, Action(Act.STAY)) is not None
    s2 = s.copy()
    push(s2, Frame(int(Pending.CHANCE_STARTING_PLAYER), CHANCE))
    assert {str(a) for a in legal_actions(s2)} == {"chance first 0", "chance first 1"}
