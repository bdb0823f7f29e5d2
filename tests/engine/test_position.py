"""The position notation (engine.amritsar.position): text a person writes, read back exactly."""

from __future__ import annotations

import random

import pytest

from engine.amritsar.decisions import Pending
from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.position import (
    PositionError,
    at_turn,
    format_position,
    parse_position,
    position_problems,
)
from tests.engine.build import ledger, legal, pending, play, table


def edited(text: str, **lines: str) -> str:
    """Replace whole lines by name: ``edited(text, **{"seats.1.coins": "0"})``."""
    out = []
    for line in text.splitlines():
        name = line.partition(":")[0]
        out.append(f"{name}: {lines.pop(name)}" if name in lines else line)
    assert not lines, f"no such lines: {sorted(lines)}"
    return "\n".join(out) + "\n"


def test_format_then_parse_gives_the_same_state_all_game_long() -> None:
    for players, solo, seed in ((2, False, 4), (4, False, 5), (1, True, 6)):
        s = new_game(players, solo=solo, seed=seed, options=["skip_no_wrap"])
        rng = random.Random(seed)
        for _ in range(80):
            text = format_position(s)
            assert parse_position(text) == s
            assert format_position(parse_position(text)) == text
            if s.finished:
                break
            s, _ = apply(s, rng.choice(legal_actions(s)), check=False)


def test_the_pending_decision_reads_as_written() -> None:
    s = at_turn(table(3), 1, "actions", colour="W", district="E")
    text = format_position(s)
    top = len(s.pending) - 1
    assert f"pending.{top}.kind: ACTIONS" in text and f"pending.{top}.player: 1" in text
    assert "turn.active_colour: W" in text and "turn.active_district: E" in text
    assert pending(parse_position(text)) is Pending.ACTIONS


def test_a_rulebook_example_written_as_a_position() -> None:
    """Follow the Active Player: purple's worker was white; grey has the
    donation tile on white but no marble; pink a coin-and-marble tile there
    (its added tile raised its tax and uncovered a counter for its elephant)."""
    base = format_position(at_turn(table(3), 0, "actions", colour="W", district="N"))
    text = edited(
        base,
        **{
            "seats.1.mahouts.B": "-",
            "seats.1.mahouts.W": "donate",
            "seats.2.mahouts.W": "coin_marble",
            "seats.2.mahouts.G": "donate",
            "seats.2.mahout_hand": "[upgrade coin_pp market resource knowledge]",
            "seats.2.tax": "2",
            "seats.2.on_elephant": "3",
            "seats.2.coins": "0",
        },
    )
    s = play(parse_position(text), "end")
    assert s.pending[-1].player == 2 and legal(s) == {"follow", "pass"}
    s = play(s, "follow")
    assert ledger(s, 0, "follow") == 1 and s.players[2].resources == (1, 0, 0)


def test_every_problem_is_named_at_once() -> None:
    text = edited(
        format_position(table(2)),
        **{
            "decade": "[1",  # unreadable
            "seats.0.elephant": "Q",  # not a district
            "seats.1.coins": "-3",  # breaks a rule
        },
    )
    text += "not a line\n"
    problems = position_problems(text)
    assert any(p.startswith("line 5 (decade): a list is not closed") for p in problems)
    assert any("expected 'name: value'" in p for p in problems)
    assert any("seats[0].elephant" in p or "seats.0.elephant" in p for p in problems), problems
    with pytest.raises(PositionError) as caught:
        parse_position(text)
    assert caught.value.problems == problems and len(problems) >= 3
    assert position_problems(format_position(table(2))) == []


def test_the_builder_refuses_what_it_cannot_build() -> None:
    with pytest.raises(ValueError, match="colour= and district="):
        at_turn(table(2), 0, "actions")
    with pytest.raises(ValueError, match="seats 0 to 1"):
        at_turn(table(2), 2)
    with pytest.raises(ValueError, match="stage 'lunch'"):
        at_turn(table(2), 0, "lunch")
