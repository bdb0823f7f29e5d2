"""Preparar: the board side, the stacks, each player's pieces, the dice rolled, the start player."""

from __future__ import annotations

from engine.core.seats import CHANCE
from engine.rajas import RULES
from engine.rajas.catalog import COLOURS
from tests.engine.rajas.build import CAT, play, position, reason


def test_setup_turns_up_a_tile_on_each_of_the_twelve_stacks_and_gives_each_player_its_pieces() -> (
    None
):
    state = position(4, seed=3)
    assert len(state.top) == 12 and all(t >= 0 for t in state.top)
    for stack, tile in enumerate(state.top):
        spec = CAT.tiles[tile]
        assert (spec.colour, spec.stack) == divmod(stack, 3)
    assert sum(len(s) for s in state.stacks) == 64 - 12
    for player in state.players:
        assert [sum(player.dice[c * 6 : c * 6 + 6]) for c in range(4)] == [1, 1, 1, 1]
        assert (player.workers, player.karma, player.fame, player.boat) == (3, 1, 0, 0)
        assert player.levels == [0, 0, 0, 0]  # every upgrade cube in the left column (2 fame)
        assert CAT.cell_name(player.province.index(-2)) == "C1"  # residence top middle


def test_the_lowest_dice_total_starts_and_money_rises_in_turn_order() -> None:
    state = RULES.new_game(3)  # unseeded: the table supplies every draw
    while RULES.decision(state).kind == "REVEAL":
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    rolls = {0: "b6 g6 o6 p6", 1: "b1 g2 o1 p1", 2: "b3 g3 o3 p3"}
    for seat in range(3):
        for word in rolls[seat].split():
            assert RULES.decision(state).kind == "ROLL"
            state = play(state, f"roll {word}")
    assert RULES.decision(state).kind == "PLACE"
    assert state.first == 1 and RULES.decision(state).player == 1
    assert [p.money for p in state.players] == [5, 3, 4]  # 3 for the start player, then 4, 5


def test_a_tie_for_the_lowest_total_is_settled_by_the_table_among_the_tied() -> None:
    state = RULES.new_game(2)
    while RULES.decision(state).kind == "REVEAL":
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    state = play(state, *[f"roll {c[0]}2" for c in COLOURS] * 2)
    decision = RULES.decision(state)
    assert decision.kind == "FIRST" and decision.player == CHANCE
    assert {RULES.format_action(a) for a in RULES.legal_actions(state)} == {"first 0", "first 1"}
    state = play(state, "first 1")
    assert state.first == 1 and [p.money for p in state.players] == [4, 3]


def test_a_tie_outcome_outside_the_tied_players_is_refused() -> None:
    state = RULES.new_game(3)
    while RULES.decision(state).kind == "REVEAL":
        state, _ = RULES.apply(state, RULES.legal_actions(state)[0])
    state = play(state, *["roll b1", "roll g1", "roll o1", "roll p1"] * 2)
    state = play(state, "roll b6", "roll g6", "roll o6", "roll p6")
    assert reason(state, "first 2") == "chance_unavailable"


def test_three_players_cover_spaces_and_two_players_use_fewer() -> None:
    three = position(3)
    assert reason(three, "place Q8") == "space_covered"
    assert CAT.covered(4) == frozenset()
    two = position(2)
    assert reason(two, "place H4 b1") == "space_covered"
    assert {CAT.spaces[i].id for i in CAT.covered(2)} == set(CAT.value("covered_2p"))


def test_a_revealed_tile_must_come_from_that_stack() -> None:
    state = RULES.new_game(2)
    first_stack = [RULES.format_action(a) for a in RULES.legal_actions(state)]
    assert all(text.startswith("reveal B") for text in first_stack)  # blue snake first
    assert reason(state, "reveal P16") == "chance_unavailable"
