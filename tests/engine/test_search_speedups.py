"""The search's hot paths made cheaper (issue 38) give what the plain rules give.

Rajas' ``placements`` finds each empty cell's incoming road ends once for
the four turns: it must list exactly the (cell, turn) pairs ``connects``
accepts. Amritsar's and Imhotep's ``decision`` hand out one made object per
kind of decision: it must equal the decision built afresh at every step of a
game. Ceylon draws a card by its copies without listing the outcomes first, and
makes a face's plays once: the same card for the same ``rng``, the same plays.
"""

from __future__ import annotations

import random
from typing import Any

from engine.amritsar import game as amritsar_game
from engine.amritsar.decisions import Pending
from engine.amritsar.rules_object import secret_for
from engine.ceylon import hands as ceylon_hands
from engine.ceylon import play as ceylon_play
from engine.ceylon.actions import Action as CeylonAction
from engine.core.game import Decision
from engine.core.registry import get_rules
from engine.core.seats import CHANCE
from engine.imhotep import play as imhotep_play
from engine.imhotep import rules_object as imhotep_rules
from engine.rajas import province as prov


def _random_states(name: str, seed: int, players: int = 2) -> list[Any]:
    """Every state of one seeded random game."""
    rules = get_rules(name)
    rng = random.Random(seed)
    state = rules.new_game(players, seed=seed)
    states = [state]
    while not rules.decision(state).is_over:
        if rules.decision(state).is_chance:
            action = rules.random_chance(state, rng)
        else:
            action = rng.choice(rules.legal_actions(state))
        state, _ = rules.apply(state, action, check=False)
        states.append(state)
    return states


def test_rajas_placements_are_exactly_the_cells_and_turns_that_meet_a_road() -> None:
    rules: Any = get_rules("rajas")
    cat = rules.catalog
    checked = 0
    for state in _random_states("rajas", 5)[::7]:
        for player in state.players:
            for tile in range(len(cat.tiles)):
                expected = [
                    (cell, turns)
                    for cell, value in enumerate(player.province)
                    if value == prov.EMPTY
                    for turns in range(4)
                    if prov.connects(
                        cat, player.province, cell, prov.rotate(cat.tiles[tile].roads, turns)
                    )
                ]
                assert prov.placements(cat, player.province, tile) == expected
                checked += bool(expected)
    assert checked > 100  # provinces with roads to meet, not only empty ones


def test_amritsar_decisions_equal_the_ones_built_afresh() -> None:
    rules = get_rules("amritsar")
    kinds: set[tuple[str, int, int | None]] = set()
    for state in _random_states("amritsar", 3):
        d = amritsar_game.decision(state)
        fresh = Decision(
            d.kind.name,
            d.player,
            d.prompt_en,
            d.prompt_es,
            is_chance=d.is_chance,
            is_over=d.kind is Pending.GAME_OVER,
            secret_for=secret_for(state),
        )
        assert rules.decision(state) == fresh
        kinds.add((fresh.kind, fresh.player, fresh.secret_for))
    assert len(kinds) > 10


def test_imhotep_decisions_equal_the_ones_built_afresh() -> None:
    rules = get_rules("imhotep")
    seen: set[tuple[str, int, int | None]] = set()
    for state in _random_states("imhotep", 4, players=3):
        p = imhotep_play.pending(state)
        task = state.queue[0] if state.queue and p.player == CHANCE else None
        fresh = Decision(
            p.kind,
            p.player,
            *imhotep_rules._PROMPTS[p.kind],
            is_chance=p.player == CHANCE,
            is_over=state.over,
            secret_for=task.seat if task is not None and task.kind == "pair" else None,
        )
        assert rules.decision(state) == fresh
        seen.add((fresh.kind, fresh.player, fresh.secret_for))
    assert len(seen) > 6  # turns, picks, draws and the end, for several seats


def test_ceylon_draws_and_plays_equal_the_listed_ones() -> None:
    rules: Any = get_rules("ceylon")
    cat = rules.catalog
    draws = plays = 0
    for state in _random_states("ceylon", 6):
        if state.phase in (ceylon_play.DEAL, ceylon_play.DRAW):
            for seed in range(5):
                # the listed way: every face left, the pick counted down by copies
                outcomes = ceylon_play._chance_outcomes(cat, state)
                pick = random.Random(seed).randrange(sum(state.deck))
                for expected in outcomes:
                    pick -= state.deck[expected.a]
                    if pick < 0:
                        break
                assert ceylon_play.random_chance(cat, state, random.Random(seed)) == expected
                draws += 1
        elif state.phase == ceylon_play.PLAY:
            listed = [
                CeylonAction("play", face, side)
                for face in ceylon_hands.may_hold(state, state.actor)
                for side in sorted(cat.faces[face].actions())
            ]
            assert rules.legal_actions(state) == listed
            plays += 1
    assert draws > 20 and plays > 10
