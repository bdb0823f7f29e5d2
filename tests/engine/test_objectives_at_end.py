"""House rule ``objectives_at_end``: objectives named when revealed at the end, never before."""

from __future__ import annotations

import json
import random

import pytest

from engine.amritsar import (
    UNNAMED,
    Act,
    Action,
    IllegalActionError,
    Pending,
    apply,
    decision,
    default_catalog,
    format_action,
    from_dict,
    legal_actions,
    new_game,
    parse_action,
    score_sheet,
    to_dict,
    view,
)
from engine.amritsar.rules_object import RULES
from engine.core.record import Record

OPTION = "objectives_at_end"
CATALOG = default_catalog()


def _play_to_reveal(seed: int, players: int = 3) -> Record:
    """A random game with the option, played until the first reveal is asked."""
    record = Record.new(RULES, players, seed=seed, options=(OPTION,))
    rng = random.Random(seed)
    while Pending[RULES.decision(record.state).kind] is not Pending.REVEAL_OBJECTIVE:
        assert not record.state.finished
        record.play(rng.choice(record.legal_actions()))
    return record


def test_no_deal_and_no_first_objective_is_asked_the_first_goes_face_down() -> None:
    plain = new_game(3, seed=4)
    state = new_game(3, seed=4, options=[OPTION])
    assert decision(plain).kind is Pending.SETUP_OBJECTIVE
    assert decision(state).kind is Pending.SETUP_MAHOUT  # the objective placed unasked
    for p in state.players:
        # the starting player's first: tax +1, its space's counter to the elephant
        placed = p.seat == state.starting_player
        assert p.objectives[0] == (UNNAMED if placed else -1)
        assert p.objective_hand == (UNNAMED,) * (3 if placed else 4)
    first = state.players[state.starting_player]
    assert (first.tax, first.on_elephant) == (1, 1)
    # and the same numbers in the plain game once its first objective is chosen
    chosen, _ = apply(plain, legal_actions(plain)[0])
    mine = chosen.players[chosen.starting_player]
    assert (mine.tax, mine.on_elephant) == (first.tax, first.on_elephant)


def test_an_objective_upgrade_places_a_face_down_objective_once_per_space() -> None:
    record = _play_to_reveal(14)
    played = [
        e.action
        for e in record.entries
        if isinstance(e.action, Action) and e.action.kind is Act.UPGRADE_OBJECTIVE
    ]
    assert played and all(a.a == UNNAMED for a in played)
    for state in record.states:
        if decision(state).kind is Pending.UPGRADE:
            upgrades = [a for a in legal_actions(state) if a.kind is Act.UPGRADE_OBJECTIVE]
            assert len(upgrades) == len(set(upgrades))  # alike objectives: one answer each
    text = format_action(played[0])
    assert "face-down" in text and parse_action(text) == played[0]


def test_the_end_asks_each_player_to_name_each_objective_played_then_scores_them() -> None:
    record = _play_to_reveal(27)
    state = record.state
    owed = [(p.seat, i) for p in state.players for i, o in enumerate(p.objectives) if o == UNNAMED]
    asked = []
    rng = random.Random(0)
    while not state.finished:
        top = state.pending[-1]
        assert top.kind == Pending.REVEAL_OBJECTIVE
        asked.append((top.player, top.a))
        action = rng.choice(legal_actions(state))
        assert parse_action(format_action(action)) == action
        record.play(action)
        state = record.state
    assert asked == owed  # seat order, space order, once each
    scored: list[str] = []
    for p in state.players:
        named = [o for o in p.objectives if o != -1]
        assert UNNAMED not in named
        assert len({CATALOG.objectives[o].type for o in named}) == len(named)
        lines = [line for line in score_sheet(state, p.seat).lines if line.category == "objective"]
        # an objective scores under its own name (a line only when it is worth PP)
        assert {line.component for line in lines} <= {CATALOG.objectives[o].id for o in named}
        scored.extend(line.component for line in lines)
    assert scored  # seed 27: some objectives met
    # a finished game with its names saves and reads back
    assert to_dict(from_dict(json.loads(json.dumps(to_dict(state))))) == to_dict(state)


def test_a_name_the_deal_cannot_give_is_refused_in_both_languages() -> None:
    record = _play_to_reveal(20)
    state = record.state
    seat, space = state.pending[-1].player, state.pending[-1].a
    first = legal_actions(state)[0]
    state, _ = apply(state, first)
    mine = CATALOG.objectives[first.a]
    # the same objective again, anywhere
    while state.pending[-1].kind == Pending.REVEAL_OBJECTIVE:
        top = state.pending[-1]
        with pytest.raises(IllegalActionError) as twice:
            apply(state, Action(Act.REVEAL_OBJECTIVE, first.a, top.a))
        assert twice.value.reason.code == "objective_named"
        assert mine.id in twice.value.reason.en and mine.id in twice.value.reason.es
        if top.player == seat:  # a second objective of one type for one player
            other = next(
                i for i, o in enumerate(CATALOG.objectives) if o.type == mine.type and i != first.a
            )
            with pytest.raises(IllegalActionError) as same_type:
                apply(state, Action(Act.REVEAL_OBJECTIVE, other, top.a))
            assert same_type.value.reason.code == "objective_type_twice"
            assert f"type {mine.type}" in same_type.value.reason.en
            assert f"tipo {mine.type}" in same_type.value.reason.es
        state, _ = apply(state, legal_actions(state)[0])
    assert space >= 0


def test_a_spectator_and_the_other_seats_learn_nothing_views_records_logs() -> None:
    """Nothing secret is ever held: every seat's view equals the public one until the
    reveal, the record hides nothing, and the saved game names no objective a player holds."""
    record = _play_to_reveal(16)
    maharajah = set()  # no Maharajah at 3 players; every objective id is a player's
    ids = {o.id for o in CATALOG.objectives} - maharajah
    assert all(e.private_to is None for e in record.entries)
    assert record.record_for(None) == record.record_for(0) == record.record_for(2)
    for state in record.states[:: max(1, len(record.states) // 15)]:
        public = view(state, None)
        for seat in range(3):
            own = view(state, seat)
            assert own["seats"][seat]["objective_hand"] == ["face-down"] * len(
                state.players[seat].objective_hand
            )
            # what a seat sees of its own objectives is what the table sees: face down
            mine = own["seats"][seat]
            mine["objective_hand"] = ["hidden"] * len(mine["objective_hand"])
            mine["objectives"] = [None if o is None else "hidden" for o in mine["objectives"]]
            own["viewer"] = None
            assert own == public
        assert not any(f'"{i}"' in json.dumps(public) for i in ids)
        saved = json.dumps(to_dict(state))
        assert not any(f'"{i}"' in saved for i in ids)
    log = json.dumps(record.to_dict())
    assert not any(f" {i}" in log or f'"{i}"' in log for i in ids)


def test_the_option_is_kept_by_a_saved_game_and_a_replayed_record() -> None:
    record = _play_to_reveal(15, players=2)
    again = Record.replay(RULES, json.loads(json.dumps(record.to_dict())))
    assert to_dict(again.state) == to_dict(record.state)
    middle = record.states[len(record.states) // 2]
    assert to_dict(from_dict(json.loads(json.dumps(to_dict(middle))))) == to_dict(middle)


def test_an_unnamed_objective_without_the_option_is_refused_on_load() -> None:
    state = new_game(2, seed=3, options=[OPTION])
    data = to_dict(state)
    data["options"] = []
    with pytest.raises(ValueError, match="unnamed"):
        from_dict(data)
