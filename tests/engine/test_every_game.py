"""What every registered game's ``Rules`` must hold, checked by random games to the end.

Like OpenSpiel's basic tests over all registered games: each game in
``engine.core.registry.available()`` is played from ``new_game`` to its end
with random legal actions, and at every step the protocol's promises are
checked: legal actions apply without error and ``why_illegal`` finds nothing
against them, notation round-trips, the state survives ``to_dict``/``from_dict``,
and a private chance draw leaves the public view (``view(None)``) unchanged
whichever outcome it had, so nobody at the table can derive it.
"""

from __future__ import annotations

import json
import random

import pytest

from engine.core.game import Decision, Rules
from engine.core.observation import Observation
from engine.core.registry import available, get_rules
from engine.core.scoring import ScoreSheet
from engine.core.seats import CHANCE, NOBODY

GAMES = available()
MAX_STEPS = 5000


def test_the_games_built_so_far_are_registered():
    assert "imhotep" in GAMES


def _options(rules: Rules, variant: int) -> tuple[str, ...]:
    return rules.option_names() if variant else ()


def _new(rules: Rules, players: int, seed: int, variant: int):
    try:
        return rules.new_game(players, seed=seed, options=_options(rules, variant))
    except ValueError:  # options that exclude each other: the game's own tests cover them
        return rules.new_game(players, seed=seed)


def _check_private_chance(rules: Rules, state, options: list) -> int:
    """Every outcome of a private draw leaves the same public view; returns draws checked."""
    private = [a for a in options if rules.privacy(state, a)[0] is not None]
    if not private:
        return 0
    views = {
        json.dumps(rules.view(rules.apply(state, a)[0], None), sort_keys=True) for a in options
    }
    assert len(views) == 1, f"{rules.name}: a private draw shows in the public view"
    return 1


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("players", "variant"), [(2, 0), (4, 1)])
def test_random_games_keep_the_protocol(name, players, variant):
    rules = get_rules(name)
    players = max(rules.min_players, min(players, rules.max_players))
    rng = random.Random(1000 + players)
    state = _new(rules, players, seed=players, variant=variant)
    for step in range(MAX_STEPS):
        decision = rules.decision(state)
        assert isinstance(decision, Decision)
        options = rules.legal_actions(state)
        if decision.is_over:
            assert decision.player == NOBODY and options == []
            break
        assert options, f"{name}: no legal action at step {step}"
        assert decision.is_chance == (decision.player == CHANCE)
        for action in rng.sample(options, min(4, len(options))):
            assert rules.why_illegal(state, action) is None, (name, action)
            text = rules.format_action(action)
            assert rules.parse_action(text) == action, text
            assert rules.describe_action(state, action, "en") and rules.describe_action(
                state, action, "es"
            )
        if decision.is_chance:
            _check_private_chance(rules, state, options)
            action = rules.random_chance(state, rng)
            assert action in options
        else:
            action = rng.choice(options)
        state, events = rules.apply(state, action)
        assert isinstance(events, list)
        if step % 25 == 0:
            data = json.loads(json.dumps(rules.to_dict(state)))
            assert rules.from_dict(data) == state
            json.dumps(rules.view(state, None))
            assert isinstance(rules.observe(state), Observation)
    else:
        pytest.fail(f"{name}: no end after {MAX_STEPS} actions")
    sheets = rules.score(state)
    assert len(sheets) == players and all(isinstance(s, ScoreSheet) and s.final for s in sheets)
    assert any(s.winner for s in sheets)
    assert rules.from_dict(json.loads(json.dumps(rules.to_dict(state)))) == state
