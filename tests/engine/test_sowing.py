"""Phase 2: moving workers, mancala style (rulebook: Phase 2. Move workers).

Default sections (tests/engine/build.py): N1 YB, N2 W, E1 GY, E2 B, S1 WG,
S2 Y, W1 BW, W2 G.
"""

from __future__ import annotations

from engine.amritsar.decisions import Pending
from engine.amritsar.position import parse_position
from engine.amritsar.state import GameState
from tests.engine.build import (
    at_turn,
    change,
    legal,
    pending,
    play,
    play_events,
    refusal,
    seat,
    section,
    table,
)


def sowing(sections: tuple[str, ...] | None = None, coins: int = 1, **player: object) -> GameState:
    s = seat(table(2), 0, coins=coins, **player)
    if sections is not None:
        s = change(s, sections=sections)
    return at_turn(s, 0, "sow")


def test_any_section_with_workers_can_be_the_origin() -> None:
    s = sowing()
    assert legal(s) == {f"sow {name}" for name in ("N1", "N2", "E1", "E2", "S1", "S2", "W1", "W2")}
    empty = sowing(("YBW", "", "GY", "B", "WG", "Y", "BW", "G"))
    assert "sow N2" not in legal(empty)
    reason = refusal(empty, "sow N2")
    assert reason.code == "sow_empty_section" and "N2" in reason.en


def test_each_worker_goes_to_the_next_section_clockwise_in_the_colour_chosen() -> None:
    s = play(sowing(), "sow N1")
    assert pending(s) is Pending.SOW_PLACE and s.pending[-1].a == section("N2")
    assert legal(s) == {"place Y", "place B"}  # two in hand: no skipping yet
    assert refusal(s, "skip").code == "skip_only_last"
    assert refusal(s, "place G").code == "not_carrying_colour"
    s = play(s, "place B")
    assert s.sections[section("N2")] == (2, 1)  # W then the blue just placed
    assert s.pending[-1].a == section("E1")
    assert legal(s) == {"place Y", "skip"}
    s = play(s, "place Y")
    assert s.sections[section("E1")] == (3, 0, 0)
    assert (s.active_colour, s.active_district) == (0, 1)  # yellow, East
    assert pending(s) is Pending.ACTIONS
    assert s.hand == ()


def test_full_sections_are_passed_over() -> None:
    s = sowing(("Y", "WB", "GYBW", "", "WG", "Y", "BG", ""))
    s = play(s, "sow N2")
    assert s.pending[-1].a == section("E2")  # E1 holds 4 and is passed over
    s = play(s, "place W", "place B")
    assert s.sections[section("E1")] == (3, 0, 1, 2)
    assert s.sections[section("E2")] == (2,)
    assert s.sections[section("S1")] == (2, 3, 1) and s.active_district == 2


def test_the_last_worker_may_skip_leaving_a_coin_in_each_section_skipped() -> None:
    s = play(sowing(coins=2), "sow N2")
    assert legal(s) == {"place W", "skip"}
    s = play(s, "skip")
    assert s.section_coins[section("E1")] == 1 and s.players[0].coins == 1
    s = play(s, "skip", "place W")
    assert s.section_coins[section("E2")] == 1 and s.players[0].coins == 0
    assert s.sections[section("S1")] == (2, 3, 2) and s.active_district == 2


def test_skipping_needs_a_coin() -> None:
    s = play(sowing(coins=0), "sow N2")
    assert legal(s) == {"place W"}
    reason = refusal(s, "skip")
    assert reason.code == "skip_needs_coin" and "1 coin" in reason.en


def test_the_skipping_storehouse_makes_skips_free() -> None:
    s = play(sowing(coins=0, storehouses=["S09"]), "sow N2")
    assert legal(s) == {"place W", "skip"}
    s = play(s, "skip", "skip", "place W")
    assert s.section_coins == (0,) * 8 and s.players[0].coins == 0
    assert s.active_district == 2


def test_coins_in_the_origin_and_the_destination_are_collected() -> None:
    s = change(sowing(coins=0), section_coins=(2, 0, 3, 0, 0, 0, 0, 1))
    s, events = play_events(s, "sow N2", "place W")
    assert s.players[0].coins == 0 + 0 + 3  # N2 had none; E1 had 3
    assert ("coins_collected", 3, "E1") in {(e.kind, e.amount, e.where) for e in events}
    s = change(sowing(coins=0), section_coins=(2, 0, 3, 0, 0, 0, 0, 1))
    s = play(s, "sow N1")
    assert s.players[0].coins == 2 and s.section_coins[0] == 0  # at once, before placing
    s = play(s, "place Y", "place B")
    assert s.players[0].coins == 2 + 3
    # Sections passed through (not the destination) keep their coins.
    s = change(sowing(coins=0), section_coins=(0, 1, 0, 0, 0, 0, 0, 0))
    s = play(s, "sow N1", "place Y", "place B")
    assert s.section_coins[1] == 1 and s.players[0].coins == 0


def test_rulebook_sowing_example() -> None:
    """Phase 2: purple takes the blue and white workers of the first section of
    the East, where 1 coin lies; the second is full, so blue goes to the first
    section of the South; a coin skips the second; the first of the West is
    full; white lands in the second section of the West, where the elephant is."""
    s = parse_position(
        """
        game: 3 players, decade 1, round 1, starting player 1
        sections: N1 Y, N2 Y, E1 BW, E2 YGBW, W1 GGBW
        section coins: E1 1
        district tiles: N DY1 DB1 DW1, E DB2 DW2 DG1, S DB3 DG2 DY2, W DG3 DY3 DW3
        temple tiles: T1 T2 T3
        bridge tiles: BR1 BR2 BR3
        market: marble 3, copper 3, gold 3
        player 1: pp 5, coins 1, copper 1, elephant W, on elephant 2,
                  mahouts Y=donate, objectives A1, face down B1 C1 D1
        player 2: pp 5, coins 1, elephant E, on elephant 2,
                  mahouts B=donate, objectives A2, face down B2 C2 D2
        player 3: pp 5, coins 1, elephant S, on elephant 2,
                  mahouts W=donate, objectives A3, face down B3 C3 D3
        decision: player 1 sow
        """
    )
    s = play(s, "sow E1", "place B", "skip", "place W")
    assert s.players[0].coins == 1 and s.section_coins == (0, 0, 0, 0, 0, 1, 0, 0)
    assert (s.active_colour, s.active_district) == (2, 3)  # white, in the West
    assert {a for a in legal(s) if a.startswith("elephant-")} == {
        "elephant-main L",
        "elephant-main C",
        "elephant-main R",
    }


def test_taking_a_group_of_four_triggers_the_bridge_tile() -> None:
    four = ("YBWG", "", "GY", "B", "WG", "Y", "BW", "")
    s = play(sowing(four), "sow N1")
    # BR1 (decade I): a resource of your choice, chosen at once.
    assert pending(s) is Pending.CHOOSE_RESOURCE
    s = play(s, "gain G")
    assert s.players[0].resources == (0, 0, 1) and pending(s) is Pending.SOW_PLACE
    # BR2 in decade II: 1 PP.
    s = play(change(sowing(four), decade=2), "sow N1")
    assert s.players[0].pp == 6 and pending(s) is Pending.SOW_PLACE
    # Three workers trigger nothing.
    s = play(sowing(), "sow N1")
    assert pending(s) is Pending.SOW_PLACE and s.players[0].pp == 5
