"""Unknown hands (option ``unknown_hands``): draws are counted, a card is named when played."""

from __future__ import annotations

import json
import random

from engine.ceylon.hands import UNKNOWN_HANDS, pile
from engine.ceylon.state import ACT, DEAL, DRAW, PLAY, State
from engine.core.record import Record, UndoError
from tests.engine.ceylon.build import CAT, R, edit, face, opened

OPTS = (UNKNOWN_HANDS,)


def _random_game(seed: int, players: int = 3) -> Record:
    record = Record.new(R, players, seed=seed, options=OPTS)
    rng = random.Random(seed)
    while not R.decision(record.state).is_over:
        if R.decision(record.state).is_chance:
            record.draw_chance(rng)
        else:
            record.play(rng.choice(record.legal_actions()))
    return record


def test_the_deal_is_counted_and_no_draw_is_ever_a_decision() -> None:
    state = opened(3, seed=2, options=OPTS)
    assert [p.unknown for p in state.players] == [3, 3, 3]
    assert all(p.hand == [] for p in state.players)
    assert pile(state) == sum(f.count for f in CAT.faces) - 9
    record = _random_game(4)
    kinds = {R.decision(s).kind for s in record.states}
    assert DEAL not in kinds and DRAW not in kinds
    assert all(R.decision(s).secret_for is None for s in record.states)


def test_a_play_may_be_any_face_with_a_copy_not_seen() -> None:
    state = opened(3, seed=2, options=OPTS)
    plays = {a.a for a in R.legal_actions(state)}  # type: ignore[attr-defined]
    assert plays == {f for f in range(len(CAT.faces))}
    card = R.legal_actions(state)[0]
    after, _ = R.apply(state, card)
    assert after.phase == ACT and after.players[state.active].unknown == 2
    assert after.deck[card.a] == state.deck[card.a] - 1  # type: ignore[attr-defined]


def test_a_face_whose_copies_are_all_played_is_refused_with_its_reason() -> None:
    state = edit(opened(3, seed=2, options=OPTS))
    gone = face("plant/harvest")
    state.discards += state.deck[gone]
    state.deck[gone] = 0
    assert state.phase == PLAY
    assert all(a.a != gone for a in R.legal_actions(state))  # type: ignore[attr-defined]
    reason = R.why_illegal(state, R.parse_action("play plant/harvest as plant"))
    assert reason is not None and reason.code == "card_all_seen"
    assert "plant / harvest" in reason.en and "discard pile" in reason.en
    assert "plantar / cosechar" in reason.es  # in words, never "plant/harvest"
    assert "descartes" in reason.es and "discard" not in reason.es
    assert str(CAT.faces[gone].count) in reason.en


def test_the_last_card_drawn_ends_the_game_as_with_known_hands() -> None:
    record = _random_game(6)
    final = record.state
    assert pile(final) == 0 and final.ending
    assert final.discards + sum(p.unknown for p in final.players) == sum(f.count for f in CAT.faces)


def test_a_record_replays_to_the_same_state_and_serialises() -> None:
    record = _random_game(8)
    again = Record.replay(R, json.loads(json.dumps(record.to_dict())))
    assert R.to_dict(again.state) == R.to_dict(record.state)
    middle: State = record.states[len(record.states) // 2]
    assert R.from_dict(json.loads(json.dumps(R.to_dict(middle)))) == middle
    text = R.write_position(middle)
    assert "unknown cards" in text and R.to_dict(R.read_position(text)) == R.to_dict(middle)


def test_nothing_is_private_and_no_view_names_a_card_in_a_hand() -> None:
    record = _random_game(9)
    assert all(e.private_to is None for e in record.entries)
    assert record.record_for(None) == record.record_for(0)
    for state in record.states[:: max(1, len(record.states) // 12)]:
        own = R.view(state, 1)
        public = R.view(state, None)
        assert "hand" not in own["seats"][1] and own["seats"][1]["hand_count"] >= 0
        own["viewer"] = public["viewer"]
        assert own == public  # a seat learns nothing the table does not


def test_an_undo_takes_back_a_play_and_the_count_of_its_draw() -> None:
    record = Record.new(R, 3, seed=3, options=OPTS)
    while R.decision(record.state).kind != PLAY:
        record.play(record.legal_actions()[0])
    active = record.state.active
    record.play(record.legal_actions()[0])  # a card
    while record.state.phase != PLAY:
        record.play(record.legal_actions()[-1])  # every player's action on it
    assert record.state.players[active].unknown == 3  # drawn back up, no decision asked
    try:
        record.undo()
    except UndoError as error:  # pragma: no cover - the failure says why
        raise AssertionError(f"an undo was refused: {error}") from error
    assert record.state.phase != PLAY
