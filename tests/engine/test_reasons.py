"""Refusals: every illegal action says which rule and why (``why_illegal``)."""

from __future__ import annotations

from engine.actions import Act, Action
from engine.game import why_illegal
from tests.engine.build import at_turn, table


def test_out_of_range_choices_are_refused_not_crashed() -> None:
    """Regression: asking about a mahout space outside the four colours raised
    ValueError inside why_illegal instead of refusing the action."""
    s = at_turn(table(2), 0, "sow")
    for action in (Action(Act.SOW, 9), Action(Act.SOW, -1)):
        reason = why_illegal(s, action)
        assert reason is not None and reason.code == "choice_out_of_range"
    s = at_turn(table(2), 0, "actions", colour="G", district="N")
    for action in (Action(Act.MAIN, 5), Action(Act.SECONDARY, -2), Action(Act.ELEPHANT_MAHOUT, 7)):
        reason = why_illegal(s, action)
        assert reason is not None and reason.code in ("choice_out_of_range", "no_mahout_there")
