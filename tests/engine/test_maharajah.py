"""The solo Maharajah's rules, each on a built position (rulebook: Solo Mode).

Temple tile T1 is used unless a test says otherwise: North 4, East 3,
South 2, West 1. Donation tiles (2-player): North level 1 [1, 2, 1, 2],
level 2 [3, 3, 4]; East level 1 [2, 1, 2, 1], level 2 [4, 3, 3].
"""

from __future__ import annotations

import pytest

from engine.amritsar.actions import Act, Action
from engine.amritsar.board import District, Resource, WorkerColour
from engine.amritsar.catalog import CatalogError, load_catalog
from engine.amritsar.game import apply, legal_actions, why_illegal
from engine.amritsar.maharajah_report import MaharajahTurn
from engine.amritsar.rules.core import Event
from engine.amritsar.rules.maharajah import end_items, temple_order
from engine.amritsar.rules.scoring import score_sheet
from engine.amritsar.serialize import status
from engine.amritsar.solo import turn_from_events
from engine.amritsar.state import MAHARAJAH, GameState
from tests.engine.solo_positions import HIM, HUMAN, at_his_turn, position
from tests.engine.solo_positions import MAHARAJAH as HIS_ACTION

BASE = at_his_turn()
Y, B, W, G = (int(c) for c in WorkerColour)
MARBLE, COPPER, GOLD = (int(r) for r in Resource)


def play(state: GameState) -> tuple[GameState, list[Event], MaharajahTurn]:
    after, events = apply(state, HIS_ACTION)
    turn = turn_from_events(events, after)
    assert turn is not None
    return after, events, turn


def codes(turn: MaharajahTurn, phase: str | None = None) -> list[str]:
    return [t.code for t in turn.trace if phase is None or t.phase == phase]


def kinds(turn: MaharajahTurn) -> list[str]:
    return [i.kind for i in turn.instructions]


def his_ledger_since(before: GameState, after: GameState, category: str) -> int:
    assert before.maharajah is not None and after.maharajah is not None
    new = after.maharajah.ledger[len(before.maharajah.ledger) :]
    return sum(amount for c, _, amount in new if c == category)


# -- his decision ----------------------------------------------------------


def test_his_turn_has_exactly_one_legal_action_and_refuses_others() -> None:
    assert legal_actions(BASE) == [Action(Act.MAHARAJAH)]
    assert BASE.pending[-1].player == MAHARAJAH
    refused = why_illegal(BASE, Action(Act.STAY))
    assert refused is not None and refused.code == "wrong_decision"
    after, _ = apply(BASE, HIS_ACTION)
    refused = why_illegal(after, HIS_ACTION)
    assert refused is not None and refused.code in ("wrong_decision", "game_over")


def test_setup_puts_his_elephant_on_the_4_pp_district_and_a_marble_in_his_storehouse() -> None:
    state = at_his_turn(seed=4)
    m = state.maharajah
    assert m is not None
    temple = state.catalog.temple_tiles[state.temple[0]]
    assert temple.pp[m.elephant] == 4
    assert m.storehouse == (1, 0, 0)
    assert m.quarry.count(-1) == 1 and m.quarry[0] == -1
    assert (m.on_elephant, m.board_counters) == (1, 15)
    assert state.starting_player == HUMAN
    objective = state.catalog.objectives[m.objective]
    assert objective.type == "C" and objective.solo_star


# -- step 1: the donation --------------------------------------------------


def test_he_donates_in_the_first_district_of_the_temple_order_he_can_pay_for() -> None:
    state = position(
        BASE,
        storehouse=(0, 1, 0),
        donations={"N": "H... ... .. .", "E": "HHHH ... .. ."},
        elephant="N",
        last="B",
        beside="B",
    )
    after, _, turn = play(state)
    assert temple_order(state) == [District.NORTH, District.EAST, District.SOUTH, District.WEST]
    assert codes(turn, "donation") == ["donation_order", "district_cost", "donated"]
    north, east = turn.trace[1], turn.trace[2]
    assert (
        not north.taken
        and "The Northern District (4 PP)" in north.en
        and "level 1 needs 1 marble" in north.en
    )
    assert "Norte (4 PP)" in north.es and "1 mármol" in north.es
    assert east.taken and "level 2, space 1, for 4 PP" in east.en
    assert after.maharajah is not None and after.maharajah.elephant == District.EAST
    assert after.donations[District.EAST][4] == HIM  # level 2, space 1
    # His counters below are the human's: 1 PP to their owner for each.
    assert after.players[HUMAN].pp == state.players[HUMAN].pp + 2
    assert kinds(turn)[:6] == ["elephant", "pay", "donation", "pp", "pp", "pp"]
    move, pay, donation = turn.instructions[:3]
    assert (move.source, move.target, move.observed) == ("district:N", "district:E", ("elephants",))
    assert (pay.resource, pay.source, pay.target, pay.main_board) == (
        COPPER,
        "his_storehouse",
        "his_quarry",
        False,
    )
    assert (donation.district, donation.level, donation.space) == (District.EAST, 2, 1)
    assert donation.target == "donation:E:2.1" and donation.observed == ("donations",)
    assert [i.seat for i in turn.instructions[3:6]] == [HIM, HUMAN, HUMAN]
    # Blue twice in decade I: 4 marbles; the copper he paid is back in his quarry.
    assert after.maharajah.storehouse == (4, 0, 0) and after.maharajah.quarry.count(COPPER) == 6


@pytest.mark.parametrize(
    ("level_1", "expected_space", "points"),
    [
        ("MMHH", 1, 5),  # 3 PP + 1 for each of his two counters below
        ("HHMM", 3, 6),  # 4 PP + 2 beats the leftmost 3 PP
        ("HMMH", 2, 5),  # 3 PP + 2 ties 4 PP + 1 on its right: the leftmost
    ],
)
def test_he_takes_the_space_worth_most_immediate_pp_to_him(
    level_1: str, expected_space: int, points: int
) -> None:
    state = position(BASE, storehouse=(0, 1, 0), donations={"N": f"{level_1} ... .. ."})
    after, _, turn = play(state)
    assert after.donations[District.NORTH][4 + expected_space - 1] == HIM
    assert (
        his_ledger_since(state, after, "donation")
        + his_ledger_since(state, after, "donation_below")
        == points
    )
    donated = next(t for t in turn.trace if t.code == "donated")
    assert f"space {expected_space}, for {points} PP" in donated.en


def test_a_tie_goes_to_the_leftmost_space() -> None:
    state = position(BASE, storehouse=(1, 0, 0))
    after, _, turn = play(state)
    # North level 1 is [1, 2, 1, 2]: spaces 2 and 4 are worth 2; he takes space 2.
    assert after.donations[District.NORTH][:4] == (-1, HIM, -1, -1)
    donated = next(t for t in turn.trace if t.code == "donated")
    assert "leftmost of 2 spaces" in donated.en and "más a la izquierda" in donated.es


def test_leftmost_is_compared_across_levels_by_position_on_the_pyramid() -> None:
    catalog = load_catalog(
        {
            "donation_tiles": {
                "2N": {
                    "levels": [
                        {"cost": "marble", "pp": [1, 1, 1, 3]},
                        {"cost": "copper", "pp": [3, 3, 3]},
                        {"cost": "gold", "pp": [5, 6]},
                        {"cost": "marble+copper+gold", "pp": [8]},
                    ]
                }
            }
        }
    )
    base = at_his_turn(catalog=catalog)
    # Level 1 space 4 (3 PP, far right), level 2 spaces 1 and 2 (3 PP): level 2
    # space 1 sits leftmost.
    state = position(base, storehouse=(1, 1, 0), donations={"N": "HHH. ... .. ."})
    after, _, _ = play(state)
    assert after.donations[District.NORTH][4] == HIM
    assert after.donations[District.NORTH][3] == -1


def test_with_no_district_possible_he_stays_and_takes_a_counter() -> None:
    state = position(BASE, storehouse=(0, 0, 0), elephant="S", last="B", beside="B")
    after, _, turn = play(state)
    assert codes(turn, "donation") == ["donation_order"] + ["district_cost"] * 4 + [
        "no_district",
        "counter_taken",
    ]
    m = after.maharajah
    assert m is not None and m.elephant == District.SOUTH
    assert "elephant" not in kinds(turn)
    assert (m.on_elephant, m.board_counters) == (2, 14)
    counter = turn.instructions[0]
    assert (counter.kind, counter.source, counter.target) == (
        "counter",
        "his_board:1.1",
        "his_elephant",
    )
    assert counter.observed == ()


def test_a_full_donation_tile_is_skipped() -> None:
    state = position(
        BASE,
        storehouse=(1, 0, 0),
        donations={"N": "MMMM MMM HH H"},
        last="B",
        beside="B",
    )
    after, _, turn = play(state)
    assert codes(turn, "donation")[:3] == ["donation_order", "district_full", "donated"]
    assert after.donations[District.EAST][0] == HIM  # East level 1 [2, 1, 2, 1]


def test_without_a_counter_on_his_elephant_he_cannot_donate() -> None:
    state = position(BASE, storehouse=(3, 0, 0), on_elephant=0, last="B", beside="B")
    after, _, turn = play(state)
    assert codes(turn, "donation") == ["donation_order", "no_counter_on_elephant", "counter_taken"]
    assert after.maharajah is not None and after.maharajah.on_elephant == 1
    assert all(o == -1 for row in after.donations for o in row)


def test_the_order_follows_the_active_temple_tile() -> None:
    state = position(BASE, temple="T3", storehouse=(1, 0, 0), last="B", beside="B")
    assert temple_order(state) == [District.SOUTH, District.WEST, District.NORTH, District.EAST]
    after, _, _ = play(state)
    assert after.maharajah is not None and after.maharajah.elephant == District.SOUTH
    assert HIM in after.donations[District.SOUTH]


# -- step 2: his two actions -----------------------------------------------


def test_actions_are_performed_top_to_bottom_on_his_board() -> None:
    state = position(BASE, on_elephant=0, last="G", beside="Y")
    _, _, turn = play(state)
    assert turn.order == (Y, G) and (turn.last_colour, turn.token_colour) == (G, Y)
    mark = next(i for i in turn.instructions if i.kind == "mark_actions")
    assert mark.en.index("yellow") < mark.en.index("green") and not mark.main_board
    assert [t.colour for t in turn.trace if t.code.startswith("action_")] == [Y, G]


def test_the_same_colour_twice_is_performed_twice() -> None:
    state = position(BASE, on_elephant=0, last="Y", beside="Y")
    after, _, turn = play(state)
    assert turn.order == (Y, Y)
    assert next(i for i in turn.instructions if i.kind == "mark_actions").amount == 2
    assert codes(turn, "action").count("action_yellow") == 2
    assert kinds(turn).count("counter") == 3  # step 1 and twice yellow
    assert kinds(turn).count("market_return") == 2
    assert after.market[MARBLE] == state.market[MARBLE] - 2


def test_yellow_counter_marble_and_the_market_returns_a_marble() -> None:
    state = position(BASE, on_elephant=0, last="Y", beside="B")
    after, events, turn = play(state)
    m, before = after.maharajah, state.maharajah
    assert m is not None and before is not None
    assert m.on_elephant == 2 and m.board_counters == before.board_counters - 2
    ret = next(i for i in turn.instructions if i.kind == "market_return")
    assert (ret.resource, ret.row, ret.source, ret.target) == (
        MARBLE,
        3,
        "market:marble:3",
        "reserve",
    )
    assert ret.observed == ("market",) and ret.main_board
    assert after.market == (2, 3, 3)
    assert Event("market_return", -1, 1, "marble", "3") in events


def test_yellow_gets_the_next_available_resource_and_returns_that_type() -> None:
    state = position(
        BASE, on_elephant=0, storehouse=(8, 0, 0), quarry=(0, 6, 4), last="Y", beside="W"
    )
    after, _, turn = play(state)
    assert "resource_substituted" in codes(turn, "action")
    assert after.maharajah is not None and after.maharajah.storehouse == (8, 1, 0)
    assert after.market == (3, 2, 3)


def test_yellow_returns_nothing_when_the_market_has_none_of_that_type() -> None:
    state = position(
        BASE,
        on_elephant=0,
        storehouse=(8, 0, 0),
        quarry=(0, 6, 4),
        market=(3, 0, 3),
        last="Y",
        beside="W",
    )
    after, _, turn = play(state)
    assert "market_has_none" in codes(turn, "action")
    assert after.market == (3, 0, 3)
    assert "market_return" not in kinds(turn)


def test_an_empty_quarry_gives_1_pp_per_resource_and_yellow_returns_nothing() -> None:
    state = position(BASE, on_elephant=0, storehouse=(8, 6, 4), last="Y", beside="B")
    after, _, turn = play(state)
    # Yellow wants 1 marble, blue 2 marbles: 3 resources he cannot get.
    assert his_ledger_since(state, after, "maharajah_quarry") == 3
    assert codes(turn, "action").count("quarry_empty") == 3
    assert "market_nothing_got" in codes(turn, "action")
    assert after.market == state.market
    assert after.maharajah is not None and after.maharajah.storehouse == (8, 6, 4)


@pytest.mark.parametrize(
    ("decade", "gained"),
    [(1, (2, 0, 0)), (2, (1, 1, 0)), (3, (0, 1, 1))],
)
def test_blue_takes_two_resources_by_decade(decade: int, gained: tuple[int, int, int]) -> None:
    state = position(BASE, decade=decade, on_elephant=0, last="B", beside="W")
    after, _, turn = play(state)
    assert after.maharajah is not None
    assert after.maharajah.storehouse == gained
    takes = [i.resource for i in turn.instructions if i.kind == "take"]
    assert sorted(takes) == sorted(r for r in range(3) for _ in range(gained[r]))


def test_blue_replaces_a_missing_type_top_to_bottom_left_to_right() -> None:
    state = position(
        BASE,
        decade=3,
        on_elephant=0,
        storehouse=(0, 0, 4),
        quarry=(8, 6, 0),
        last="B",
        beside="W",
    )
    after, _, turn = play(state)
    # Copper as asked, then no gold: the first resource of his quarry, a marble.
    assert after.maharajah is not None and after.maharajah.storehouse == (1, 1, 4)
    substituted = next(t for t in turn.trace if t.code == "resource_substituted")
    assert "No gold" in substituted.en and "1 marble" in substituted.en
    assert "No hay oro" in substituted.es


@pytest.mark.parametrize(
    ("start", "bounces", "end", "end_bounces", "pp", "marbles", "counters"),
    [
        (0, 0, 2, 0, 1, 1, 0),  # space 2: 1 PP; space 3: 1 marble
        (2, 0, 4, 0, 0, 2, 1),  # space 4: a counter; space 5: 2 marbles
        (4, 0, 6, 0, 2, 0, 0),  # the last two spaces: 1 PP each
        (5, 0, 5, 1, 2, 0, 0),  # reaches the last space, then moves back: 1 PP each
        (6, 0, 6, 2, 2, 0, 0),  # back and forth between the last two: 1 PP each time
    ],
)
def test_white_moves_his_counter_and_gives_the_benefit(
    start: int, bounces: int, end: int, end_bounces: int, pp: int, marbles: int, counters: int
) -> None:
    state = position(BASE, on_elephant=0, white=start, white_bounces=bounces, last="W", beside="W")
    after, _, turn = play(state)
    m = after.maharajah
    assert m is not None
    assert (m.white, m.white_bounces) == (end, end_bounces)
    assert his_ledger_since(state, after, "maharajah_white") == pp
    assert m.storehouse[MARBLE] == marbles
    assert m.on_elephant == 1 + counters  # 1 from step 1
    moves = [i for i in turn.instructions if i.kind == "white_track"]
    assert len(moves) == 2 and moves[-1].target == f"his_white_track:{end + 1}"
    assert all(not i.main_board and i.observed == () for i in moves)


@pytest.mark.parametrize(
    ("objective", "code", "district"),
    [
        ("C2", "objective_district", District.EAST),  # his objective's district first
        ("C5", "objective_no_district", District.NORTH),  # no district: the temple order
    ],
)
def test_green_donates_in_his_objective_district_first(
    objective: str, code: str, district: District
) -> None:
    state = position(
        BASE, objective=objective, on_elephant=0, storehouse=(1, 0, 0), last="G", beside="W"
    )
    after, _, turn = play(state)
    assert code in codes(turn, "action")
    assert after.maharajah is not None and after.maharajah.elephant == district
    assert [d for d in District if HIM in after.donations[d]] == [district]


def test_green_falls_back_to_the_temple_order_without_trying_his_district_twice() -> None:
    state = position(
        BASE,
        temple="T2",  # East 4, South 3, West 2, North 1
        objective="C2",
        on_elephant=0,
        storehouse=(1, 0, 0),
        donations={"E": "HHHH ... .. ."},
        last="G",
        beside="W",
    )
    after, _, turn = play(state)
    assert codes(turn, "action")[-4:] == [
        "objective_district",
        "district_cost",
        "district_tried",
        "donated",
    ]
    assert after.maharajah is not None and after.maharajah.elephant == District.SOUTH
    assert HIM in after.donations[District.SOUTH]


def test_green_takes_a_counter_when_he_can_donate_nowhere() -> None:
    state = position(BASE, objective="C1", on_elephant=0, last="G", beside="W")
    after, _, turn = play(state)
    assert codes(turn, "action")[-2:] == ["no_district", "counter_taken"]
    assert after.maharajah is not None and after.maharajah.on_elephant == 2


# -- his board: rows and the end of his counters ---------------------------


@pytest.mark.parametrize(
    ("board", "category", "pp", "gold"),
    [
        (11, "maharajah_row", 2, 0),  # the 5th counter empties row 1: 2 PP
        (6, "maharajah_row", 0, 1),  # the 10th empties row 2: 1 gold from his quarry
        (1, "maharajah_row", 3, 0),  # the 15th empties row 3: 3 PP
        (0, "maharajah_no_counter", 1, 0),  # none left: 1 PP instead
    ],
)
def test_row_benefits_and_no_counter_left(board: int, category: str, pp: int, gold: int) -> None:
    state = position(BASE, on_elephant=0, board_counters=board, last="B", beside="B")
    after, _, turn = play(state)
    assert his_ledger_since(state, after, category) == pp
    assert after.maharajah is not None and after.maharajah.storehouse[GOLD] == gold
    if board:
        assert "row_done" in codes(turn, "donation")
        assert after.maharajah.board_counters == board - 1
    else:
        assert "no_counter_left" in codes(turn, "donation")
        assert after.maharajah.on_elephant == 0


# -- the hard variant and the end of the game ------------------------------


def test_hard_variant_starts_with_two_counters_on_his_elephant() -> None:
    state = at_his_turn(hard=True)
    m = state.maharajah
    assert m is not None and (m.on_elephant, m.board_counters) == (2, 14)
    assert not status(state)
    _, _, turn = play(position(state, on_elephant=0, board_counters=14, last="B", beside="B"))
    # The top-left space went to his elephant at setup: the next one is space 2.
    assert next(i for i in turn.instructions if i.kind == "counter").source == "his_board:1.2"


@pytest.mark.parametrize("hard", [False, True])
def test_his_objective_scores_once_or_twice_in_the_hard_variant(hard: bool) -> None:
    base = at_his_turn(hard=hard)
    state = position(base, objective="C1", donations={"N": "MMH. M.. .. ."})
    items = [item for item in end_items(state) if item[0] == "objective"]
    assert items == [("objective", "C1", 3)] * (2 if hard else 1)


@pytest.mark.parametrize(
    ("white", "storehouse", "expected"),
    [
        (4, (2, 1, 0), []),
        (5, (2, 1, 0), [("maharajah_end", "space 6: resources", 3)]),
        (6, (2, 1, 0), [("maharajah_end", "space 7: visible coins", 3)]),
        (6, (5, 3, 1), [("maharajah_end", "space 7: visible coins", 0)]),
        (5, (5, 3, 1), [("maharajah_end", "space 6: resources", 9)]),
    ],
)
def test_white_track_end_scoring(
    white: int, storehouse: tuple[int, int, int], expected: list[tuple[str, str, int]]
) -> None:
    state = position(BASE, white=white, storehouse=storehouse)
    assert [item for item in end_items(state) if item[0] == "maharajah_end"] == expected


def test_his_score_sheet_shows_his_end_scoring_as_provisional() -> None:
    state = position(
        BASE, objective="C1", donations={"N": "MM.. ... .. ."}, white=5, storehouse=(1, 0, 0)
    )
    sheet = score_sheet(state, HIM)
    provisional = {(line.category, line.amount) for line in sheet.lines if line.provisional}
    assert provisional == {("objective", 2), ("maharajah_end", 1)}
    assert sheet.provisional_total == sheet.total + 3


# -- the catalog's order of his actions ------------------------------------


def test_an_owner_can_override_the_order_of_his_actions() -> None:
    catalog = load_catalog(
        {"maharajah": {"actions": {"order": ["green", "white", "blue", "yellow"]}}}
    )
    state = position(at_his_turn(catalog=catalog), on_elephant=0, last="Y", beside="G")
    _, _, turn = play(state)
    assert turn.order == (G, Y)


def test_a_broken_action_order_is_refused_with_its_place() -> None:
    with pytest.raises(CatalogError) as error:
        load_catalog({"maharajah": {"actions": {"order": ["green", "green", "blue", "yellow"]}}})
    assert any("maharajah.actions.order" in p for p in error.value.problems)


# -- a state that breaks his board is caught -------------------------------


def test_status_names_a_resource_that_left_his_board() -> None:
    state = position(BASE, storehouse=(2, 0, 0))
    assert not status(state)
    broken = state.copy()
    assert broken.maharajah is not None
    broken.maharajah.storehouse = (3, 0, 0)
    assert status(broken) == [
        "maharajah.storehouse.marble: 3 in his storehouse and 6 in his quarry, but his quarry "
        "prints 8"
    ]
    broken.maharajah.storehouse = (2, 0, 0)
    broken.maharajah.quarry = (2, *broken.maharajah.quarry[1:])
    assert any("printed resource" in p for p in status(broken))
