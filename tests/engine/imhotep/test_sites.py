"""Each site's placement and points, with the rulebook's examples (Descripción de la cara A / B)."""

from __future__ import annotations

from engine.imhotep import RULES
from engine.imhotep.sites import burial_groups, group_points, rank_points, temple_visible
from tests.engine.imhotep.build import CARD, change, load, on_site, play, seats, table

CATALOG = RULES.catalog


def lines(state, seat, category):
    return [line for line in RULES.score(state)[seat].lines if line.category == category]


def test_pyramid_a_scores_each_slot_at_once_then_one_point_beyond():
    s = load(table(4), 1, "bwrg")
    s = play(s, "sail 1 pyramid")
    values = CATALOG.pyramid_a
    assert [sum(p) for p in s.points] == [values[0], values[1], values[2], values[3]]
    full = on_site(table(4), "pyramid", "b" * 14)
    full = play(load(full, 6, "w"), "sail 6 pyramid")
    assert full.points[1][0] == 1  # the 15th stone: beside the pyramid, 1 point


def test_temple_visible_stones_are_the_top_of_each_column():
    # Rulebook example (4 players): a 3-stone boat; the first brown stone fills the
    # last slot of level 1, the second brown and the white start level 2
    temple = seats("gwbg") + seats("rrw")
    visible = temple_visible(temple, 5)
    assert visible == [(2, 0), (3, 3), (4, 2), (0, 2), (1, 1)]


def test_temple_scores_one_point_per_visible_stone_at_round_end():
    # Rulebook example: grey 2 points, white, black and brown 1 each
    s = on_site(table(4), "temple", "gwbrg")
    for boat_id, site in ((1, "pyramid"), (2, "burial"), (3, "obelisk")):
        s = play(
            load(s, boat_id, "bbbb"[: len(s.boats[s.boat_index(boat_id)].slots) - 1]),
            f"sail {boat_id} {site}",
        )
    assert [p[1] for p in s.points] == [0, 0, 0, 0]  # nothing before the round ends
    s = play(load(s, 6, "b"), "sail 6 market", "pick statue")
    assert [p[1] for p in s.points] == [1, 1, 1, 2]


def test_temple_has_four_slots_a_level_with_two_players():
    s = on_site(table(2), "temple", "bwbw")
    assert [o for _, o in temple_visible(s.temple, 4)] == [0, 1, 0, 1]
    s = on_site(s, "temple", "b")
    assert temple_visible(s.temple, 4)[-1] == (0, 0)


def test_burial_chamber_groups_rulebook_example():
    # 4 players: white 2 -> 3, black 1 -> 1, brown 3 + 1 -> 6 + 1, grey 6 -> 15 + 2
    burial = seats("wwgrggrrgbggr")
    groups = sorted(burial_groups(burial))
    assert (1, 2) in groups and (0, 1) in groups and (3, 6) in groups
    assert sorted(size for owner, size in groups if owner == 2) == [1, 3]
    s = change(on_site(table(4), "burial", "wwgrggrrgbggr"), over=True)
    totals = {seat: sum(line.amount for line in lines(s, seat, "burial")) for seat in range(4)}
    assert totals == {0: 1, 1: 3, 2: 7, 3: 17}


def test_group_points_grow_by_two_beyond_five():
    assert [group_points(n, CATALOG) for n in range(1, 8)] == [1, 3, 6, 10, 15, 17, 19]


def test_obelisk_ranks_rulebook_example_with_a_tie():
    # black 3, white 4, brown none, grey 3: white 15, black and grey (10 + 5) / 2 = 7
    assert rank_points([3, 4, 0, 3], [15, 10, 5, 1]) == [7, 15, 0, 7]
    s = change(on_site(table(4), "obelisk", "bbbwwwwggg"), over=True)
    assert [sum(line.amount for line in lines(s, seat, "obelisk")) for seat in range(4)] == [
        7,
        15,
        0,
        7,
    ]


def test_obelisk_points_per_player_count():
    assert rank_points([2, 1], [10, 1]) == [10, 1]
    assert rank_points([1, 3, 2], [12, 6, 1]) == [1, 12, 6]
    assert rank_points([1, 1, 1], [12, 6, 1]) == [6, 6, 6]


def test_market_picks_in_unload_order_each_by_its_owner():
    # Rulebook example: white takes the sail, brown the statue, grey the lever
    s = table(4, market=("sail", "statue", "lever", "entrance"))
    s = play(load(s, 1, "wrg"), "sail 1 market")
    assert RULES.decision(s).kind == "MARKET_PICK" and RULES.decision(s).player == 1
    s = play(s, "pick sail")
    assert RULES.decision(s).player == 2
    s = play(s, "pick statue")
    assert RULES.decision(s).player == 3
    s = play(s, "pick lever")
    assert (
        s.hands[1][CARD["sail"]] == 1
        and s.hands[2][CARD["statue"]] == 1
        and s.hands[3][CARD["lever"]] == 1
    )
    assert s.market == (-1, -1, -1, CARD["entrance"])
    assert s.quarry[1:] == (27, 26, 25)  # the spent stones went back to the quarry
    assert s.current == 1


def test_a_pick_must_be_a_face_up_card():
    s = table(4, market=("sail", "statue", "lever", "entrance"))
    s = play(load(s, 6, "w"), "sail 6 market")
    r = RULES.why_illegal(s, RULES.parse_action("pick hammer"))
    assert r is not None and r.code == "not_in_market" and "Hammer" in r.en


def test_red_cards_put_a_quarry_stone_on_their_site_at_once():
    s = table(4, market=("entrance", "sarcophagus", "paved_path", "statue"))
    s = play(
        load(s, 1, "www"), "sail 1 market", "pick entrance", "pick sarcophagus", "pick paved_path"
    )
    assert s.pyramid[0] == (1,) and s.burial == (1,) and s.obelisk[1] == 1
    assert s.points[1][0] == CATALOG.pyramid_a[0]
    assert sum(s.hands[1]) == 0 and s.discard[CARD["entrance"]] == 1


def test_ornaments_statues_and_unused_blue_cards_at_the_end():
    s = table(4)
    s = on_site(s, "burial", "bwbwbwbwbwbwb")  # 13 stones: 4 points per ornament
    hands = [list(h) for h in s.hands]
    hands[2][CARD["burial_decoration"]] = 1
    hands[2][CARD["statue"]] = 3
    hands[2][CARD["hammer"]] = 1
    hands[2][CARD["chisel"]] = 1
    s = change(s, hands=tuple(tuple(h) for h in hands), over=True)
    by = RULES.score(s)[2].by_category()
    assert by == {"ornament": 4, "statue": 6, "unused_card": 2}


def test_pyramid_b_the_owner_chooses_the_pyramid_and_gets_bonuses():
    s = table(4, options=("pyramid-b",))
    s = play(load(s, 1, "rbrw"), "sail 1 pyramid")
    assert RULES.decision(s).kind == "PYRAMID" and RULES.decision(s).player == 2
    s = play(s, "pyramid centre", "pyramid centre")
    # the centre pyramid's 2nd slot is "1+place": black may put a sled stone on a boat
    assert RULES.decision(s).kind == "BONUS_PLACE" and RULES.decision(s).player == 0
    s = play(s, "bonus", "pyramid centre")
    assert s.pyramid[1] == (2, 0, 2)
    s = play(s, "pyramid left")
    assert s.pyramid[0] == (1,)


def test_pyramid_b_bonus_place():
    s = change(table(4, options=("pyramid-b",)), pyramid=((), (2,), (), ()))
    s = play(load(s, 6, "b"), "sail 6 pyramid", "pyramid centre")
    assert RULES.decision(s).kind == "BONUS_PLACE" and RULES.decision(s).player == 0
    s = play(s, "bonus 2 1")
    assert s.boats[s.boat_index(2)].slots[0] == 0 and s.points[0][0] == 1 and s.sled[0] == 1


def test_pyramid_b_bonus_card_and_stones():
    # the left pyramid: slot 2 gives the top market card, slot 4 three stones
    s = change(
        table(4, options=("pyramid-b",)), pyramid=((3,), (2, 0), (), ()), quarry=(30, 27, 25, 24)
    )
    s = play(load(s, 1, "www"), "sail 1 pyramid", "pyramid left")
    assert RULES.decision(s).kind == "PYRAMID_BONUS"  # "puedes coger": taken when accepted
    s = play(s, "accept")
    assert RULES.decision(s).kind == "MARKET_CARD"
    s = play(s, "card statue", "pyramid left")
    assert s.hands[1][CARD["statue"]] == 1 and s.pyramid[0] == (3, 1, 1)
    sled = s.sled[1]
    s = play(s, "pyramid left", "accept")
    assert s.sled[1] == min(5, sled + 3) and s.points[1][0] == 1 + 3 + 1


def test_temple_b_bonuses_by_slot():
    # slots: choice, 2 points, choice+card, choice, 2 points
    s = on_site(table(4, options=("temple-b",)), "temple", "grwbr")
    for boat_id, site in ((1, "pyramid"), (2, "burial"), (3, "obelisk")):
        s = play(load(s, boat_id, "bbb"), f"sail {boat_id} {site}")
    s = play(load(s, 6, "b"), "sail 6 market", "pick statue")
    assert RULES.decision(s).kind == "TEMPLE_BONUS" and RULES.decision(s).player == 3
    s = play(s, "temple stones")
    assert RULES.decision(s).player == 1
    s = play(s, "temple points")
    assert RULES.decision(s).kind == "MARKET_CARD"  # white's top card of the deck
    s = play(s, "card statue")
    s = play(s, "temple points")  # black
    assert [p[1] for p in s.points] == [1, 1, 4, 0]
    assert s.hands[1][CARD["statue"]] == 1


def test_burial_b_row_majorities_rulebook_example():
    # top row: white 3 -> 8, brown and grey 1 -> (4 + 2) / 2 = 3
    # middle row: black 3 -> 8, white 1 -> 4; bottom row: grey 4 -> 8
    burial = "wbgwbgwbgrwggbg"
    s = change(on_site(table(4, options=("burial-b",)), "burial", burial), over=True)
    rows = {seat: sorted(line.amount for line in lines(s, seat, "burial")) for seat in range(4)}
    assert rows == {0: [8], 1: [4, 8], 2: [3], 3: [3, 8]}


def test_obelisk_b_three_stones_make_a_tower_scored_at_once():
    s = table(4, options=("obelisk-b",))
    s = change(s, obelisk=(0, 2, 0, 0), towers=(2,), quarry=(30, 25, 23, 25))
    s = play(load(s, 3, "bwg"), "sail 3 obelisk")
    assert s.towers == (2, 1) and s.obelisk == (1, 0, 0, 1)
    assert s.points[1][2] == 9  # the next empty tower slot is worth 9
    s = change(s, over=True)
    assert [line.amount for line in lines(s, 0, "obelisk")] == [1]
