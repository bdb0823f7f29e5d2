"""Setup (rulebook: Preparación A-J, Partida a 2 jugadores, Variante de juego)."""

from __future__ import annotations

import pytest

from engine.ceylon.state import DEAL, ELEVATE, LEAVE_OUT, PLAY, START, TOP
from tests.engine.ceylon.build import CAT, R, code, opened, play


@pytest.mark.parametrize("n", [2, 3, 4])
def test_setup_gives_each_district_4_3_1_hexes_and_the_starting_pieces(n: int) -> None:
    state = opened(n, seed=n)
    in_play = [d for d in range(4) if state.in_play >> d & 1]
    assert len(in_play) == (3 if n == 2 else 4)
    for d in in_play:
        hexes = [h for h in range(32) if CAT.hexes[h].district == d]
        assert sorted(state.level[h] for h in hexes) == [0, 0, 0, 0, 1, 1, 1, 2]
        assert state.advisors[d] >= 0
    assert len({a for a in state.advisors if a >= 0}) == len(in_play)
    placed = [m for m in state.large if m]
    assert len(placed) == len(in_play) and state.left_out >= 0 and not state.large[state.left_out]
    assert bin(state.small).count("1") == len(in_play)
    assert -1 not in state.train and bin(state.contract_pile).count("1") == 17
    assert sum(state.deck) == 46 - 3 * n
    assert state.bonus_stack == [10, 6, 3, 1]
    starts = set()
    for seat, p in enumerate(state.players):
        assert (p.rupees, p.cubes, p.markers, len(p.hand), p.tech) == (15, [1, 0, 0], 1, 3, 0)
        assert state.level[p.pawn] == 0 and state.owner[p.pawn] == seat
        starts.add(CAT.hexes[p.pawn].district)
    assert len(starts) == n  # every player in a different district
    # tech stack: the first player on top, the last at the bottom
    order = state.turn_order()
    assert [state.players[s].tech_order for s in order] == sorted(
        (p.tech_order for p in state.players), reverse=True
    )
    assert state.phase == PLAY and state.active == state.first == 0


def test_without_a_seed_the_game_waits_for_every_draw_then_the_players_place() -> None:
    state = R.new_game(4)
    assert state.phase == LEAVE_OUT and R.decision(state).is_chance
    state = play(
        state,
        "leave-out L5",
        "advisor banker",
        "advisor guide",
        "advisor agent",
        "advisor storage".replace("storage", "warehouse"),
    )
    assert state.advisors == [1, 0, 6, 7]
    state = play(state, "contract C1-1", "contract C5-4", "contract C3-2")
    assert state.phase == DEAL and state.actor == 0
    faces = [f.id for f in CAT.faces]
    for seat in range(4):
        for i in range(3):
            assert state.actor == seat
            state = play(state, f"deal {faces[(3 * seat + i) % 10]}")
    assert state.phase == ELEVATE and R.decision(state).player == 0


def test_each_elevation_placement_is_checked() -> None:
    state = R.new_game(4, seed=3)
    assert state.phase == ELEVATE
    tile = next(t for t in range(5) if t != state.left_out)
    tid = CAT.large_tiles[tile].id
    out = CAT.large_tiles[state.left_out].id
    assert code(state, f"elevate {out} D1,D2,D5,D6") == "elev_tile"
    assert code(state, f"elevate {tid} D1,D2,D3,K1") == "elev_shape"  # two districts
    assert code(state, f"elevate {tid} D1,D3,D6,D8") == "elev_shape"  # not the tile's shape
    legal = R.legal_actions(state)
    assert all(R.why_illegal(state, a) is None for a in legal)
    first = legal[0]
    state, _ = R.apply(state, first)
    district = CAT.districts[CAT.hexes[(first.b & -first.b).bit_length() - 1].district]
    assert code(state, R.format_action(first)) == "elev_tile"
    other = next(t for t in range(5) if t not in (state.left_out, first.a))
    mask = CAT.placements(other, CAT.districts.index(district))[0]
    names = ",".join(CAT.hexes[h].id for h in range(32) if mask >> h & 1)
    assert code(state, f"elevate {CAT.large_tiles[other].id} {names}") == "elev_district"
    while state.phase == ELEVATE:
        state, _ = R.apply(state, R.legal_actions(state)[0])
    assert state.phase == TOP
    level0 = next(h for h in range(32) if state.level[h] == 0)
    assert code(state, f"top {CAT.hexes[level0].id}") == "top_where"


def test_starting_hex_is_level_0_in_a_district_without_plantations() -> None:
    state = R.new_game(4, seed=5)
    while state.phase != START:
        state, _ = R.apply(state, R.legal_actions(state)[0])
    high = next(h for h in range(32) if state.level[h] == 1)
    assert code(state, f"start {CAT.hexes[high].id}") == "start_level"
    first = R.legal_actions(state)[0]
    state, _ = R.apply(state, first)
    same = next(
        h
        for h in range(32)
        if CAT.hexes[h].district == CAT.hexes[first.a].district
        and state.level[h] == 0
        and h != first.a
    )
    reason = R.why_illegal(state, R.parse_action(f"start {CAT.hexes[same].id}"))
    assert reason is not None and reason.code == "start_district"
    assert "different district" in reason.en and "distrito distinto" in reason.es


def test_two_players_leave_out_uva_or_dimbula() -> None:
    uva = opened(2)
    assert not uva.in_play >> 3 & 1 and uva.advisors[3] == -1
    dimbula = opened(2, options=("leave_out_dimbula",))
    assert not dimbula.in_play >> 0 & 1 and dimbula.in_play >> 3 & 1
    card = CAT.faces[uva.players[0].hand[0]]
    acting = play(uva, f"play {card.id} as {card.id.split('/')[0]}")
    assert code(acting, "move U1") == "out_of_play"
    assert code(acting, "move K1") in (None, "rupees")


def test_start_tile_variant_orders_players_by_tile_number() -> None:
    state = R.new_game(3, seed=9, options=("start_tiles",))
    tiles = [p.start_tile for p in state.players]
    assert sorted(tiles) == sorted(set(tiles)) and all(1 <= t <= 7 for t in tiles)
    lowest = tiles.index(min(tiles))
    assert state.first == lowest
    assert state.start_order == sorted(range(3), key=lambda s: tiles[s])
    # the tech stack follows the placing order: lowest tile on top, highest at the bottom
    # (seed 0 deals tiles whose order is not clockwise)
    other = R.new_game(3, seed=0, options=("start_tiles",))
    assert other.start_order != other.turn_order()
    stack = sorted(range(3), key=lambda s: other.players[s].tech_order, reverse=True)
    assert stack == other.start_order
    while state.phase != START:
        state, _ = R.apply(state, R.legal_actions(state)[0])
    assert state.actor == lowest


def test_unknown_options_and_player_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown option 'solo'"):
        R.new_game(3, options=("solo",))
    with pytest.raises(ValueError, match="2 to 4 players"):
        R.new_game(5)
