"""The game record (undo, redaction, replay) and what the camera can check
(``observe``, ``ActionFilter``)."""

from __future__ import annotations

import pytest

from engine.amritsar.actions import Act
from engine.amritsar.game import ActionFilter, legal_actions
from engine.amritsar.observe import observe
from engine.amritsar.record import HIDDEN, Game, UndoError
from tests.engine.build import at_turn, play, seat, table


def test_undo_steps_back_but_not_over_a_draw() -> None:
    game = Game.new(2, seed=5)
    with pytest.raises(UndoError, match="draw"):
        game.undo()  # the last setup draw revealed something
    before = game.state
    game.play(game.legal_actions()[0])  # the first objective, chosen
    assert game.undo() is before
    game.undo(allow_reveal=True)  # a table may still take a draw back on purpose
    assert len(game.entries) == len(Game.new(2, seed=5).entries) - 1
    empty = Game(before, players=2, solo=False, hard=False)
    with pytest.raises(UndoError, match="nothing to undo"):
        empty.undo()


def test_the_record_hides_other_players_objectives() -> None:
    game = Game.new(3, seed=6)
    game.play(game.legal_actions()[0])
    chooser = game.entries[-1].decider
    mine = game.record_for(chooser)
    others = game.record_for((chooser + 1) % 3)
    public = game.record_for(None)
    assert mine[-1]["action"].startswith("first-objective ")
    assert others[-1]["action"] == HIDDEN and public[-1]["action"] == HIDDEN
    # Objectives dealt to a player are hidden from the others too.
    dealt = [i for i, e in enumerate(game.entries) if e.private_to == 0]
    assert dealt and all(game.record_for(1)[i]["action"] == HIDDEN for i in dealt)
    own = [game.record_for(0)[i]["action"] for i in dealt]
    assert all(a.startswith(("chance objective ", "first-objective ")) for a in own)


def test_observe_sees_the_main_board_and_names_what_differs() -> None:
    s = at_turn(table(2), 0, "sow")
    after = play(s, "sow N1", "place Y", "place B")
    seen = observe(after)
    assert seen.sections == after.sections and seen.elephants == (0, 1)
    assert observe(s).differences(seen) == ["sections"]
    # A field the camera could not read matches anything.
    blind = type(seen)(**{**seen.__dict__, "sections": None})
    assert blind.matches(observe(s))
    # Counters on the elephant are not on the main board; the market space is.
    moved = seat(s, 0, on_elephant=3, market_space=4)
    assert observe(moved).differences(observe(s)) == ["market_spaces"]


def test_action_filters_prune_by_kind_and_first_argument() -> None:
    s = at_turn(table(2), 0, "sow")
    everything = legal_actions(s)
    only_north = legal_actions(s, ActionFilter(first=(0, 1)))
    assert [str(a) for a in only_north] == ["sow N1", "sow N2"]
    assert legal_actions(s, ActionFilter(kinds=(Act.SOW,))) == everything
    assert legal_actions(s, ActionFilter(kinds=(Act.PLACE,))) == []
