"""Random play over many seeds for 2, 3 and 4 players (OpenSpiel-style).

Every game is played from its setup draws to the end by picking uniformly
among the legal actions, through ``Game`` (the record with undo), with the
checked ``apply``. At every step:

- the rules' conservation laws hold (``tests/engine/invariants.py``),
- ``to_json`` round-trips and the state read back is validated,
- ``Game.undo`` restores a state equal to a snapshot taken before the action
  (so ``apply`` never changes the state it was given),
- every legal action's text and dict forms round-trip, and an action the
  decision could take but that is illegal is refused with a reason in words,
- no player's view, nor the public view, nor the record served to a player,
  holds another player's hidden objectives.
At the end: the game is over, scored, and replays from its record alone.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from engine.amritsar.actions import Action, parse_action
from engine.amritsar.decisions import Pending
from engine.amritsar.game import legal_actions, why_illegal
from engine.amritsar.record import Game
from engine.amritsar.rules.scoring import score, winners
from engine.amritsar.serialize import from_json, to_json
from engine.amritsar.state import GameState
from engine.amritsar.view import secrets_of, view
from tests.engine.could_take import could_take
from tests.engine.invariants import check_step

GAMES = [(players, seed) for players in (2, 3, 4) for seed in range(6)]


WORD = re.compile(r"[A-Za-z0-9_]+")


def strings(data: Any) -> set[str]:
    """Every word in every string (and key) of a JSON-like value."""
    return set(WORD.findall(json.dumps(data)))


def assert_no_leaks(state: GameState, game: Game | None = None) -> None:
    """Views (and, given the game, the record served to each viewer) hold no one
    else's secrets. Record entries never change once written, so checking the
    whole record at the end of a game covers every step."""
    seats = range(len(state.players))
    secrets = {seat: secrets_of(state, seat) for seat in seats}
    for viewer in (*seats, None):
        record = game.record_for(viewer) if game is not None else []
        words = strings(view(state, viewer)) | strings(record)
        for seat in seats:
            if seat != viewer:
                leaked = secrets[seat] & words
                assert not leaked, f"seat {viewer} sees seat {seat}'s {leaked}"
    # Not over-redacted: each player sees their own objectives.
    for seat in seats:
        assert secrets[seat] <= strings(view(state, seat))


def check_actions(state: GameState, actions: list[Action], rng: random.Random) -> None:
    for action in actions:
        assert parse_action(str(action)) == action, str(action)
        assert Action.from_dict(action.to_dict()) == action
    offered = could_take(state)
    refused = [a for a in offered if a not in actions]
    if refused:
        reason = why_illegal(state, rng.choice(refused))
        assert reason is not None
        for text in (reason.en, reason.es, reason.rule):
            assert text and "{" not in text, (reason.code, text)


def playout(players: int, seed: int) -> Game:
    rng = random.Random(seed * 1000 + players)
    game = Game.new(players, seed=seed)
    steps = 0
    while not game.state.finished:
        before = game.state
        snapshot = from_json(to_json(before))
        actions = legal_actions(before)
        assert actions, f"no legal action in {before!r}"
        check_actions(before, actions, rng)
        action = rng.choice(actions)
        events = game.play(action)  # checked: the action must pass why_illegal
        after = game.state
        check_step(before, action, after, events)
        assert from_json(to_json(after)) == after
        game.undo()
        assert game.state == snapshot, f"undo after {action} did not restore the state"
        game.play(action)
        assert game.state == after
        assert_no_leaks(after)
        steps += 1
        assert steps < 2000, "the game does not end"
    return game


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_random_games_reach_the_end_with_every_invariant_held(players: int, seed: int) -> None:
    game = playout(players, seed)
    final = game.state
    assert final.pending[-1].kind == Pending.GAME_OVER and legal_actions(final) == []
    assert final.decade == 3 and final.round == 4
    sheets = score(final)
    assert [sheet.total for sheet in sheets] == [p.pp for p in final.players]
    assert all(
        sheet.final and not any(line.provisional for line in sheet.lines) for sheet in sheets
    )
    assert winners(final) and all(sheets[w].winner for w in winners(final))
    # After the end, the objectives played are revealed to everyone; hands stay hidden.
    public = view(final, None)
    for seat, p in enumerate(final.players):
        assert public["seats"][seat]["objectives"] == to_json_ids(final, p.objectives)
    # Objectives dealt, chosen and played face down stay out of others' records.
    assert_no_leaks(final, game)
    middle = Game.from_record({**game.to_dict(), "actions": game.to_dict()["actions"][:150]})
    assert_no_leaks(middle.state, middle)
    # The record alone replays the game.
    assert Game.from_record(game.to_dict()).state == final


def to_json_ids(state: GameState, objectives: tuple[int, ...]) -> list[str | None]:
    return [None if o < 0 else state.catalog.objectives[o].id for o in objectives]
