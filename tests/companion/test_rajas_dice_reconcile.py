"""Rajas of the Ganges with the dice read: a roll, a die's colour and a karma use come from the table.

A die "of any colour" is chosen, then rolled at once: the choice leaves no
trace but the roll shows its colour, so the table after both tells the
choice (``companion.reconcile.traceless``); with the statue unread nothing is
taken: the choice is the chooser's to say, never a guess.
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from companion.reconcile.traceless import reconcile_settled
from engine.rajas import RajasRules


def _at_colour_choice() -> tuple[RajasRules, Any]:
    rules = RajasRules()
    for seed in range(200):
        rng = random.Random(seed)
        state = rules.new_game(2, seed=seed)
        for _ in range(400):
            d = rules.decision(state)
            if d.is_over:
                break
            legal = rules.legal_actions(state)
            colour = not d.is_chance and rules.format_action(legal[0]).startswith("colour")
            if colour and len(legal) > 1:
                return rules, state
            action = rules.random_chance(state, rng) if d.is_chance else rng.choice(legal)
            state, _ = rules.apply(state, action, check=False)
    raise AssertionError("no colour choice in 200 random games")


def test_the_roll_on_the_statue_tells_the_colour_chosen() -> None:
    rules, state = _at_colour_choice()
    colours = rules.legal_actions(state)
    chosen = colours[-1]
    after, _ = rules.apply(state, chosen, check=False)
    assert rules.decision(after).is_chance  # rolled at once, by the chooser
    roll = rules.legal_actions(after)[2]
    table, _ = rules.apply(after, roll, check=False)
    seen = rules.observe(table).as_seen()
    verdict = reconcile_settled(rules, state, seen)
    assert verdict.kind == "moves"
    assert verdict.actions[:2] == (chosen, roll)


def test_with_the_statue_unread_no_colour_is_chosen_for_the_player() -> None:
    rules, state = _at_colour_choice()
    colours = rules.legal_actions(state)
    after, _ = rules.apply(state, colours[0], check=False)
    table, _ = rules.apply(after, rules.legal_actions(after)[0], check=False)
    seen = replace(rules.observe(table).as_seen(), dice=None)
    verdict = reconcile_settled(rules, state, seen)
    assert verdict.kind == "unchanged" and verdict.actions == ()  # the chooser's phone says it
