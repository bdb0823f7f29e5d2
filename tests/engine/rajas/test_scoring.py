"""A Rajas sheet says how the race stands, in both languages, and never a negative total."""

from __future__ import annotations

from engine.rajas import RULES
from tests.engine.rajas.build import position, set_player


def test_the_total_is_worded_as_the_distance_between_the_markers() -> None:
    state = position(3)
    state = set_player(state, 0, fame=30, money=25)  # 5 past each other
    state = set_player(state, 1, fame=10, money=40)  # they meet
    state = set_player(state, 2, fame=20, money=5)  # 25 apart
    sheets = RULES.score(state)
    # the total is how far the two markers came together, never negative; the race is worded
    assert [s.total for s in sheets] == [55, 50, 25]
    assert [s.extra["distance"] for s in sheets] == [5, 0, -25]
    assert sheets[0].total_en == "markers crossed by 5"
    assert sheets[0].total_es == "marcadores cruzados por 5"
    assert sheets[1].total_en == "the markers meet"
    assert sheets[2].total_en == "25 to go before the markers meet"
    assert sheets[2].total_es == "faltan 25 para que los marcadores se crucen"
