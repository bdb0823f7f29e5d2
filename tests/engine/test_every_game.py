"""What every registered game must pass, through the core ``Rules`` protocol only.

One test over every game the registry can import (as OpenSpiel runs its
random-simulation test over every registered game): a seeded random game
from setup to the end, where at every step the decision, the legal actions,
``why_illegal``, the notation, serialisation, views, observations, score
sheets and the record with undo and redaction agree with each other. A new
game gets these checks by registering itself (docs/architecture.md, "How a
game is added"). A private chance draw must leave the public view
(``view(None)``) unchanged whichever outcome it had, so nobody at the table
can derive it.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.core import seats
from engine.core.game import Decision, Rules
from engine.core.observation import Observation
from engine.core.reasons import IllegalActionError
from engine.core.record import HIDDEN, Record, UndoError
from engine.core.registry import available, get_rules
from engine.core.scoring import ScoreSheet

GAMES = available()
MAX_STEPS = 5000
#: games with a draw only one seat may learn (Amritsar's dealt objectives,
#: Imhotep's face-down side-B market pair, Ceylon's cards into a hand)
SECRET_DRAWS = {"amritsar", "imhotep", "ceylon"}
#: options under which a game has no secret draw left: Ceylon's unknown hands
#: (a card drawn is counted, never named, so nobody is asked and nothing is secret)
NO_SECRET_DRAWS = {"unknown_hands"}


def test_the_games_built_so_far_are_registered() -> None:
    assert {"amritsar", "imhotep", "ceylon", "rajas"} <= set(GAMES)
    assert all(get_rules(name).name == name for name in GAMES)


def _check_step(rules: Rules, state: Any, step: int) -> None:
    d = rules.decision(state)
    assert isinstance(d, Decision) and d.prompt_en and d.prompt_es
    # a phone shows the prompt as its question: a sentence, capitalised (¿/¡ may open it)
    for prompt in (d.prompt_en, d.prompt_es):
        assert prompt.lstrip("¿¡")[0].isupper(), (
            f"step {step}: prompt {prompt!r} starts in lower case"
        )
    actions = rules.legal_actions(state)
    assert actions, f"step {step}: {d.kind} has no legal action before the end"
    assert d.is_chance == (d.player == seats.CHANCE)
    for action in actions[:20]:
        assert rules.why_illegal(state, action) is None
        assert rules.parse_action(rules.format_action(action)) == action
    if step % 40 == 0:
        assert rules.from_dict(json.loads(json.dumps(rules.to_dict(state)))) == state
        json.dumps(rules.view(state, None))
        assert isinstance(rules.observe(state), Observation)
        assert rules.observe(state).matches(rules.observe(state))


@pytest.mark.parametrize("name", GAMES)
def test_a_random_game_keeps_every_promise(name: str) -> None:
    rules = get_rules(name)
    players = max(2, rules.min_players)
    record = Record.new(rules, players, seed=5)
    assert not rules.decision(record.state).is_chance  # the seed made every setup draw
    rng = random.Random(5)
    for step in range(MAX_STEPS):
        state = record.state
        if rules.decision(state).is_over:
            break
        _check_step(rules, state, step)
        action = rng.choice(rules.legal_actions(state))
        events = record.play(action)
        assert all(isinstance(e.kind, str) for e in events)
    else:
        pytest.fail(f"{name}: no end after {MAX_STEPS} actions")
    final = record.state
    assert rules.legal_actions(final) == []
    assert rules.why_illegal(final, record.entries[-1].action) is not None
    sheets = rules.score(final)
    assert len(sheets) >= players and all(s.final for s in sheets)
    assert any(s.winner for s in sheets)
    for sheet in sheets:
        assert sheet.total == sum(line.amount for line in sheet.lines if not line.provisional)
    # The record replays to the same end, and shows no seat another's secret.
    assert Record.replay(rules, record.to_dict()).state == final
    for seat in range(players):
        for entry, shown in zip(record.entries, record.record_for(seat), strict=True):
            secret = entry.private_to is not None and entry.private_to != seat
            assert (shown["action"] == HIDDEN) == secret


@pytest.mark.parametrize("name", GAMES)
def test_illegal_actions_are_refused_with_a_reason_and_undo_is_exact(name: str) -> None:
    rules = get_rules(name)
    record = Record.new(rules, max(2, rules.min_players), seed=8)
    first = record.state
    action = rules.legal_actions(first)[0]
    record.play(action)
    # The same action again is illegal now or leads on; an action of a later
    # decision played too early is refused with words for players.
    later = rules.legal_actions(record.state)[0]
    reason = rules.why_illegal(first, later)
    if reason is not None:
        assert reason.en and reason.es and reason.code
        with pytest.raises(IllegalActionError):
            rules.apply(first, later)
    assert record.undo() is first
    with pytest.raises(UndoError):
        record.undo()


@pytest.mark.parametrize("name", GAMES)
def test_bad_input_is_a_clear_value_error(name: str) -> None:
    rules = get_rules(name)
    with pytest.raises(ValueError):
        rules.parse_action("")
    with pytest.raises(ValueError):
        rules.new_game(rules.max_players + 1)
    with pytest.raises(ValueError, match="no-such-option"):
        rules.new_game(rules.min_players, options=["no-such-option"])
    with pytest.raises(ValueError):
        rules.from_dict({"nonsense": True})


def _check_observation(observation: Observation) -> None:
    """Derived fields are real fields; a snapshot blanks exactly those."""
    values = observation.field_values()
    derived = type(observation).DERIVED
    assert derived <= set(values), f"DERIVED names no field: {sorted(derived - set(values))}"
    seen = observation.as_seen()
    assert seen.matches(observation)
    for field, value in seen.field_values().items():
        assert value == (None if field in derived else values[field]), field
    assert set(observation.seen_fields()) == set(values) - derived


def _options(rules: Rules, variant: int) -> tuple[str, ...]:
    return rules.option_names() if variant else ()


def _new(rules: Rules, players: int, seed: int, variant: int) -> Any:
    try:
        return rules.new_game(players, seed=seed, options=_options(rules, variant))
    except ValueError:  # options that exclude each other: the game's own tests cover them
        return rules.new_game(players, seed=seed)


def _check_private_chance(rules: Rules, state: Any, options: list[Any]) -> int:
    """Every outcome of a private draw leaves the same public view and is the
    secret of the seat the decision named beforehand; returns draws checked."""
    secret_for = rules.decision(state).secret_for
    seats_told = {rules.privacy(state, a)[0] for a in options}
    assert seats_told == {secret_for}, (
        f"{rules.name}: the decision says the draw is secret for {secret_for}, "
        f"its outcomes are private to {seats_told}"
    )
    if secret_for is None:
        return 0
    views = {
        json.dumps(rules.view(rules.apply(state, a)[0], None), sort_keys=True) for a in options
    }
    assert len(views) == 1, f"{rules.name}: a private draw shows in the public view"
    return 1


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize(("players", "variant"), [(2, 0), (4, 1)])
def test_random_games_keep_the_protocol(name: str, players: int, variant: int) -> None:
    rules = get_rules(name)
    players = max(rules.min_players, min(players, rules.max_players))
    rng = random.Random(1000 + players)
    state = _new(rules, players, seed=players, variant=variant)
    for step in range(MAX_STEPS):
        decision = rules.decision(state)
        assert isinstance(decision, Decision)
        options = rules.legal_actions(state)
        if decision.is_over:
            assert decision.player == seats.NOBODY and options == []
            break
        assert options, f"{name}: no legal action at step {step}"
        assert decision.is_chance == (decision.player == seats.CHANCE)
        for action in rng.sample(options, min(4, len(options))):
            assert rules.why_illegal(state, action) is None, (name, action)
            text = rules.format_action(action)
            assert rules.parse_action(text) == action, text
            assert rules.describe_action(state, action, "en") and rules.describe_action(
                state, action, "es"
            )
        if decision.is_chance:
            _check_private_chance(rules, state, options)
        else:
            assert decision.secret_for is None, f"{name}: {decision.kind} is not a draw"
        if decision.is_chance:
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
            _check_observation(rules.observe(state))
    else:
        pytest.fail(f"{name}: no end after {MAX_STEPS} actions")
    sheets = rules.score(state)
    assert len(sheets) == players and all(isinstance(s, ScoreSheet) and s.final for s in sheets)
    assert any(s.winner for s in sheets)
    assert rules.from_dict(json.loads(json.dumps(rules.to_dict(state)))) == state


@pytest.mark.parametrize("name", GAMES)
def test_a_secret_draw_names_its_seat_before_the_outcome_exists(name: str) -> None:
    """From an unseeded setup (the table supplies every draw) with every option,
    the first secret draws name the seat a caller must ask, and that seat is
    the one each outcome is private to."""
    rules = get_rules(name)
    rng = random.Random(11)
    options = tuple(o for o in _options(rules, 1) if o not in NO_SECRET_DRAWS)
    try:
        state = rules.new_game(min(3, rules.max_players), seed=None, options=options)
    except ValueError:  # options that exclude each other: the game's own tests cover them
        state = rules.new_game(min(3, rules.max_players), seed=None)
    found = 0
    for _ in range(MAX_STEPS):
        decision = rules.decision(state)
        if decision.is_over or found >= 3:
            break
        if decision.is_chance:
            found += _check_private_chance(rules, state, rules.legal_actions(state))
            if decision.secret_for is not None:
                assert 0 <= decision.secret_for < min(3, rules.max_players)
            action = rules.random_chance(state, rng)
        else:
            action = rng.choice(rules.legal_actions(state))
        state, _ = rules.apply(state, action, check=False)
    if name in SECRET_DRAWS:
        assert found >= 3, f"{name}: fewer than 3 secret draws in a game"
