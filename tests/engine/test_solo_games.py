"""Complete solo games against a random human: they end and stay sound.

At every Maharajah turn: the state passes ``status`` (his 16 counters, his
resources between quarry and storehouse, his PP against his ledger), the
moves of his report turn the observed board before into the board after, a
preview equals the turn played, and his PP moves add up to what he gained.
At the end: his score is reproduced by replaying the record, and each PP of
his ledger is accounted for by his turns, the majorities and his end scoring.
"""

from __future__ import annotations

import random

import pytest

from engine.amritsar.observe import observe
from engine.amritsar.record import Game
from engine.amritsar.rules.scoring import score
from engine.amritsar.serialize import status
from engine.amritsar.solo import (
    MAHARAJAH_ACTION,
    is_maharajah_turn,
    maharajah_turn,
    turn_from_events,
)
from engine.amritsar.state import GameState
from tests.engine.solo_positions import HIM, predict

#: Ledger categories he earns at the end of a decade or of the game.
AFTER_HIS_TURNS = {"majority", "objective", "maharajah_end"}


def _check_his_turn(game: Game, before: GameState, events: list, preview: bool) -> int:
    after = game.state
    turn = turn_from_events(events, after)
    assert turn is not None
    assert not status(after), status(after)
    assert predict(observe(before), turn, before) == observe(after)
    assert set(observe(before).differences(observe(after))) <= set(turn.observed())
    his_moves = [i for i in turn.instructions if i.kind == "pp" and i.seat == HIM]
    assert sum(i.amount for i in his_moves) == turn.pp_gained
    if his_moves:
        assert his_moves[-1].target == f"pp_track:{turn.pp_after}"
    if preview:
        assert maharajah_turn(before) == turn
    return turn.pp_gained


def _play(seed: int, hard: bool) -> None:
    rng = random.Random(seed)
    game = Game.new(1, solo=True, hard=hard, seed=seed)
    gained = 0
    turns = 0
    while game.state.pending and not game.state.finished:
        before = game.state
        if is_maharajah_turn(before):
            events = game.play(MAHARAJAH_ACTION)
            gained += _check_his_turn(game, before, events, preview=turns % 4 == 0)
            turns += 1
        else:
            game.play(rng.choice(game.legal_actions()), check=False)
    final = game.state
    assert final.finished and turns == 12
    assert not status(final)
    m = final.maharajah
    assert m is not None
    ledger = m.ledger
    assert m.pp == final.catalog.rules.starting_pp + sum(amount for _, _, amount in ledger)
    after_turns = sum(a for c, _, a in ledger if c in AFTER_HIS_TURNS)
    assert m.pp - final.catalog.rules.starting_pp == (
        gained + after_turns + _below_outside_his_turns(game)
    )
    objective = final.catalog.objectives[m.objective].id
    times = final.catalog.maharajah.hard_objective_times if hard else 1
    assert [c for c, comp, _ in ledger if c == "objective" and comp == objective] == [
        "objective"
    ] * times
    replayed = Game.from_record(game.to_dict())
    assert replayed.state == final
    assert [sheet.total for sheet in score(replayed.state)] == [
        sheet.total for sheet in score(final)
    ]


def _below_outside_his_turns(game: Game) -> int:
    """PP he got from counters under the human's donations."""
    total = 0
    for before, after in zip(game.states, game.states[1:], strict=False):
        if is_maharajah_turn(before):
            continue
        assert before.maharajah is not None and after.maharajah is not None
        new = after.maharajah.ledger[len(before.maharajah.ledger) :]
        total += sum(a for c, _, a in new if c == "donation_below")
    return total


@pytest.mark.parametrize("first_seed", range(0, 40, 8))
def test_random_solo_games_end_sound(first_seed: int) -> None:
    for seed in range(first_seed, first_seed + 8):
        _play(seed, hard=False)


@pytest.mark.parametrize("first_seed", [100, 108])
def test_random_hard_solo_games_end_sound(first_seed: int) -> None:
    for seed in range(first_seed, first_seed + 8):
        _play(seed, hard=True)
