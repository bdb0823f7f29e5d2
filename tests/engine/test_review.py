"""The review after a game (``engine.core.review``): its claims hold when replayed.

A seeded Imhotep game between a greedy and a random player is reviewed with
small settings. Each stated finding must give the same gain when its better
answer is replayed over the same sampled futures (the seeds it names), and a
fresh set of futures must agree with it within the two stated errors; the
words name the round and both answers as the phone's buttons do, in English
and Spanish.
"""

from __future__ import annotations

import random

import pytest

from engine.core.game import option_text
from engine.core.record import Record
from engine.core.registry import get_rules
from engine.core.review import hints, replay_gain, review_record, review_saved, reviewed_decisions
from engine.core.search.determinize import determinize
from engine.core.search.ismcts import Settings
from engine.core.search.players import make_bot

SMALL = {"screen": Settings(iterations=16, depth=6), "futures": 10, "confirm": 40, "depth": 20}


def _record(seed: int) -> Record:
    rules = get_rules("imhotep")
    record = Record.new(rules, 2, seed=seed)
    rng = random.Random(seed)
    bots = [make_bot("greedy"), make_bot("random")]
    while True:
        record.draw_chance(rng)
        decision = rules.decision(record.state)
        if decision.is_over:
            return record
        record.play(bots[decision.player].choose(rules, record.state, rng), check=False)


def test_the_stated_gains_replay_within_their_error() -> None:
    rules = get_rules("imhotep")
    record = _record(4)
    bar: list[tuple[int, int]] = []
    review = review_record(rules, record, seed=2, progress=lambda d, t: bar.append((d, t)), **SMALL)
    assert bar and bar[-1][0] == bar[-1][1] == review.examined
    assert review.skipped == 0
    findings = [f for found in review.by_seat.values() for f in found]
    assert findings, "a random player's game has answers worth changing"
    for seat, found in review.by_seat.items():
        assert len(found) <= 3
        assert [f.gain for f in found] == sorted((f.gain for f in found), reverse=True)
        assert all(f.seat == seat for f in found)
    for finding in findings[:3]:
        state = record.states[finding.index]
        assert record.entries[finding.index].action == finding.chosen
        assert finding.better in rules.legal_actions(state)
        assert finding.gain >= 0.5 and finding.error > 0
        same = replay_gain(
            rules, state, finding.seat, finding.chosen, finding.better, finding.seeds, 20
        )
        assert same == (finding.gain, finding.error)
        fresh_rng = random.Random(99 + finding.index)
        fresh_seeds = tuple(fresh_rng.randrange(2**62) for _ in range(60))
        fresh, fresh_error = replay_gain(
            rules, state, finding.seat, finding.chosen, finding.better, fresh_seeds, 20
        )
        assert abs(fresh - finding.gain) <= finding.error + fresh_error
        assert finding.text_en.startswith(f"Round {state.round}: “")
        assert finding.text_es.startswith(f"Ronda {state.round}: «")
        assert option_text(rules, state, finding.better, "en") in finding.text_en
        assert option_text(rules, state, finding.chosen, "es") in finding.text_es
        assert f"(± {finding.error:.1f})" in finding.text_en


def test_a_saved_record_is_reviewed_and_exported() -> None:
    rules = get_rules("imhotep")
    record = _record(6)
    tiny = {"screen": Settings(iterations=6, depth=4), "futures": 4, "confirm": 6, "depth": 8}
    review = review_saved(rules, record.to_dict(), seed=1, **tiny)
    data = review.to_dict(rules)
    assert data["examined"] == review.examined > 0
    for found in data["seats"].values():
        for finding in found:
            assert set(finding) >= {"chosen", "better", "gain", "error", "en", "es"}
            rules.parse_action(finding["better"])
    with pytest.raises(ValueError, match="budget"):
        review_record(rules, record, budget=0)


def test_hints_name_three_legal_answers_and_ignore_the_others_secrets() -> None:
    rules = get_rules("ceylon")
    rng = random.Random(3)
    state = rules.new_game(2, seed=3)
    for _ in range(400):  # a card to play, some way into the game
        decision = rules.decision(state)
        if decision.kind == "PLAY" and decision.player >= 0 and state.turn > 3:
            break
        action = (
            rules.random_chance(state, rng)
            if decision.is_chance
            else rng.choice(rules.legal_actions(state))
        )
        state, _ = rules.apply(state, action, check=False)
    seat = rules.decision(state).player
    small = {"screen": Settings(iterations=24, depth=6), "futures": 8, "depth": 12}
    given = hints(rules, state, seat, seed=4, **small)
    assert 1 <= len(given) <= 3
    assert len({h.action for h in given}) == len(given)
    assert all(h.action in rules.legal_actions(state) for h in given)
    assert all(h.text_en.startswith("“") and h.text_es.startswith("«") for h in given)
    others = determinize(rules, state, seat, random.Random(8))
    assert rules.to_dict(others) != rules.to_dict(state)
    assert hints(rules, others, seat, seed=4, **small) == given
    with pytest.raises(ValueError, match="count"):
        hints(rules, state, seat, count=0)


def test_a_decision_kept_private_to_its_seat_is_never_reviewed() -> None:
    # Amritsar's kept objectives are private to their seat: the review, shown to the
    # whole table, must not weigh them (its better answer would name a hidden card).
    rules = get_rules("amritsar")
    record = Record.new(rules, 2, seed=3)
    rng = random.Random(3)
    bot = make_bot("random")
    while not rules.decision(record.state).is_over:
        record.draw_chance(rng)
        if rules.decision(record.state).is_over:
            break
        record.play(bot.choose(rules, record.state, rng), check=False)
    examined = {index for index, _ in reviewed_decisions(rules, record)}
    private = {
        i
        for i, e in enumerate(record.entries)
        if e.private_to is not None and not rules.decision(record.states[i]).is_chance
    }
    public = {
        i
        for i, e in enumerate(record.entries)
        if e.private_to is None
        and not rules.decision(record.states[i]).is_chance
        and rules.decision(record.states[i]).player >= 0
        and len(rules.legal_actions(record.states[i])) > 1
    }
    assert private, "the game kept objectives, privately"
    assert not examined & private
    assert examined == public
