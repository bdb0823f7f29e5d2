"""What each player may see (``engine.amritsar.view``), as a property over random states.

Hypothesis draws a table (2, 3, 4 players or solo), a seed and a number of
random legal actions; the state reached is viewed by every seat and by the
public. Hidden information in Amritsar is the objectives in hand and those
placed face down (rulebook: Game Setup step 22, The Objectives); everything
else is on the table and must stay in the view.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.serialize import to_dict
from engine.amritsar.state import GameState
from engine.amritsar.view import HIDDEN, secrets_of, view

WORD = re.compile(r"[A-Za-z0-9_]+")


def words(data: Any) -> set[str]:
    return set(WORD.findall(json.dumps(data)))


def walk(players: int, solo: bool, seed: int, steps: int) -> GameState:
    rng = random.Random(seed)
    s = new_game(players, solo=solo, seed=seed)
    for _ in range(steps):
        actions = legal_actions(s)
        if not actions:
            break
        s, _ = apply(s, rng.choice(actions), check=False)
    return s


tables = st.sampled_from([(2, False), (3, False), (4, False), (1, True)])


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(table=tables, seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 450))
def test_no_view_holds_another_players_secrets(
    table: tuple[int, bool], seed: int, steps: int
) -> None:
    players, solo = table
    s = walk(players, solo, seed, steps)
    full = to_dict(s)
    seats = range(len(s.players))
    for viewer in (*seats, None):
        seen = view(s, viewer)
        assert seen["viewer"] == viewer
        seen_words = words(seen)
        for seat in seats:
            mine = secrets_of(s, seat)
            if seat == viewer:
                assert mine <= seen_words  # a player sees their own objectives
            else:
                assert not mine & seen_words
                # Only the count of another player's hand shows.
                assert seen["seats"][seat]["objective_hand"] == [HIDDEN] * len(
                    s.players[seat].objective_hand
                )
        # Nothing else is redacted: the rest of the view is the full state.
        for key in full:
            if key != "seats":
                assert seen[key] == full[key], key
        for seat in seats:
            for key, value in full["seats"][seat].items():
                if seat == viewer or key not in ("objective_hand", "objectives"):
                    assert seen["seats"][seat][key] == value, key


@settings(max_examples=10, deadline=None)
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 2**32 - 1))
def test_played_objectives_are_revealed_at_the_end_and_hands_never(players: int, seed: int) -> None:
    s = walk(players, False, seed, 5000)
    assert s.finished
    public = view(s, None)
    for seat, p in enumerate(s.players):
        placed = [None if o < 0 else s.catalog.objectives[o].id for o in p.objectives]
        assert public["seats"][seat]["objectives"] == placed
        assert public["seats"][seat]["objective_hand"] == [HIDDEN] * len(p.objective_hand)


def test_the_solo_maharajahs_objective_is_public() -> None:
    s = walk(1, True, 3, 10)
    assert s.maharajah is not None and s.maharajah.objective >= 0
    objective_id = s.catalog.objectives[s.maharajah.objective].id
    assert view(s, None)["maharajah"]["objective"] == objective_id
