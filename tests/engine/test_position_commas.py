"""Amritsar's position notation: the grammar's commas, and a line named by every problem.

``docs/position-notation.md`` says a line's items are separated by commas
(``items = item { "," item }``) with free spaces, and that reading names
"every problem at once, each with its line". Lines whose items are single
words (house rules, donations, tiles) read the same with commas or spaces,
the writer puts the commas, and a rule a position breaks names the line of
the area it concerns.
"""

from __future__ import annotations

import random
import re

from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.position import format_position, parse_position, position_problems
from tests.engine.build import table

DOC = "docs/position-notation.md"


def test_the_documented_grammar_separates_items_by_commas() -> None:
    with open(DOC, encoding="utf-8") as doc:
        text = doc.read()
    assert 'items     = item { "," item } ;' in text


def test_donations_read_with_commas_and_spaces_alike_and_are_written_with_commas() -> None:
    base = format_position(table(3))
    with_commas = parse_position(base + "\ndonations: N1.1=1, N1.2=2\n")
    with_spaces = parse_position(base + "\ndonations: N1.1=1 N1.2=2\n")
    assert with_commas == with_spaces
    assert "donations: N1.1=1, N1.2=2" in format_position(with_commas)
    assert parse_position(format_position(with_commas)) == with_commas


def test_house_rules_read_with_commas_and_an_unknown_one_names_its_line() -> None:
    base = format_position(table(3))
    state = parse_position(base + "\nhouse rules: skip_no_wrap, free_skip_once\n")
    assert set(state.options) == {"skip_no_wrap", "free_skip_once"}
    assert "house rules: " in format_position(state)
    assert parse_position(format_position(state)) == state
    lines = len(base.splitlines())
    problems = position_problems(base + "\nhouse rules: skip_no_wrap, no_such_rule\n")
    assert problems == [
        f"line {lines + 2}: house rules: there is no house rule 'no_such_rule' ("
        + problems[0].split("(", 1)[1]
    ]
    assert position_problems(base + "\nhouse rules: no_such_rule\n", "es")[0].startswith(
        f"línea {lines + 2}: reglas de la casa"
    )


def test_every_problem_of_a_broken_position_names_its_line() -> None:
    rng = random.Random(7)
    base = format_position(table(3))
    edits = [
        ("coins 1", "coins -4"),
        ("pp 5", "pp 9"),
        ("elephant N", "elephant Q"),
        ("market: marble 3", "market: marble 9"),
        ("maharajah token: WN", "maharajah token: XX"),
        ("decade 1", "decade 7"),
        ("temple tiles: T1 T2 T3", "temple tiles: T1 T1 T3"),
    ]
    for _ in range(12):
        text = base
        for old, new in rng.sample(edits, 3):
            text = text.replace(old, new, 1)
        for problem in position_problems(text) + position_problems(text, "es"):
            assert re.match(r"(line|línea) \d+: ", problem), problem


def test_positions_of_random_games_with_house_rules_read_back_equal() -> None:
    for seed in (3, 4):
        rng = random.Random(seed)
        state = new_game(3, seed=seed, options=("skip_no_wrap", "free_skip_once"))
        for _ in range(40):
            assert parse_position(format_position(state)) == state
            actions = legal_actions(state)
            if not actions:
                break
            state, _ = apply(state, rng.choice(actions))
