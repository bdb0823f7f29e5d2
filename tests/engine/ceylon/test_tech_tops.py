"""The tech track as a camera above the main board sees it: the disc on top of each space."""

from __future__ import annotations

from engine.ceylon.view import observe, tech_tops

from .build import CAT, edit, opened


def test_the_discs_start_stacked_and_the_highest_stacking_number_is_on_top() -> None:
    state = opened(3)
    tops = tech_tops(CAT, state)
    assert len(tops) == int(CAT.value("tech_track_last")) + 1
    top = max(range(3), key=lambda s: state.players[s].tech_order)
    assert tops[state.players[0].tech] == top
    assert sum(1 for t in tops if t >= 0) == len({p.tech for p in state.players})


def test_a_disc_that_advances_shows_on_its_new_space_and_uncovers_the_one_beneath() -> None:
    state = edit(opened(3))
    for seat, player in enumerate(state.players):
        player.tech, player.tech_order = 2, seat  # seat 2 on top, seat 0 at the bottom
    before = observe(CAT, state).tech_tops
    assert before is not None and before[2] == 2
    state.players[2].tech, state.players[2].tech_order = 3, 3
    after = observe(CAT, state).tech_tops
    assert after is not None and after[3] == 2 and after[2] == 1
    state.players[0].tech, state.players[0].tech_order = 3, 4
    assert observe(CAT, state).tech_tops == (*after[:3], 0, *after[4:])
