"""Serialisation, notation, descriptions and the camera's observation."""

from __future__ import annotations

import json

import pytest

from engine.ceylon.serialize import to_dict
from engine.ceylon.view import CeylonObservation
from engine.core.registry import get_rules
from tests.engine.ceylon.build import CAT, R, opened, play, table


def test_registered_by_name() -> None:
    assert get_rules("ceylon") is R and R.min_players == 2 and R.max_players == 4


def test_round_trip_through_json() -> None:
    state = opened(4, options=("start_tiles",))
    state, _ = R.apply(state, R.legal_actions(state)[0])
    data = json.loads(json.dumps(R.to_dict(state)))
    assert R.from_dict(data) == state


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("phase", "LUNCH", "phase"),
        ("level", [0] * 31, "level"),
        ("train", [0, 1, 99], "train"),
        ("ending", "yes", "ending"),
        ("players", [], "players"),
    ],
)
def test_a_broken_state_names_the_field(field: str, value: object, named: str) -> None:
    data = to_dict(opened(2))
    data[field] = value
    with pytest.raises(ValueError, match=named):
        R.from_dict(data)


def test_a_broken_player_names_seat_and_field() -> None:
    data = to_dict(opened(2))
    data["players"][1]["rupees"] = -3
    with pytest.raises(ValueError, match=r"players\[1\]\.rupees"):
        R.from_dict(data)
    data = to_dict(opened(2))
    data["players"][0]["hand"].append(0)
    with pytest.raises(ValueError, match=r"hand|deck"):
        R.from_dict(data)
    data = to_dict(opened(2))
    data["players"][0]["markers"] = 3
    with pytest.raises(ValueError, match=r"players\[0\]\.markers"):
        R.from_dict(data)
    with pytest.raises(ValueError, match="game"):
        R.from_dict({"game": "amritsar"})


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("plant Z9", "unknown hex"),
        ("fly", "unknown action"),
        ("trade 4 points", "unknown wagon"),
        ("play plant/harvest plant", "takes 3 word"),
        ("play plant/harvest to plant", "play <card> as"),
        ("trade 1 points start", "unknown reward|needs the tea colour|takes"),
        ("x" * 300, "200 characters"),
    ],
)
def test_bad_notation_says_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        R.parse_action(text)


def test_descriptions_are_past_tense_in_both_languages() -> None:
    state = table(2)
    action = R.parse_action("play plant/harvest as plant")
    assert (
        R.describe_action(state, action)
        == "Red played a card to plant, leaving harvest to the others."
    )
    assert (
        R.describe_action(state, action, "es")
        == "Rojo jugó la carta para plantar y dejó cosechar a los demás."
    )
    state = play(state, "play plant/harvest as plant")
    assert R.describe_action(state, R.parse_action("move D2")) == "Red moved to D2."
    assert R.describe_action(state, R.parse_action("move D2"), "es") == "Rojo movió su peón a D2."


def test_observation_shows_the_card_and_its_rotation_and_the_map() -> None:
    state = play(table(2), "play plant/harvest as harvest")
    seen = R.observe(state)
    assert isinstance(seen, CeylonObservation)
    assert seen.card == state.card and seen.rotation == 1
    moved = play(state, "move D2")
    diff = R.observe(moved).differences(seen)
    assert "pawns" in diff and "rupees" not in diff
    partial = CeylonObservation(pawns=R.observe(moved).pawns)
    assert partial.matches(R.observe(moved)) and not partial.matches(seen)


def test_the_personal_boards_and_the_tech_order_are_derived_never_seen() -> None:
    # Taking 2 rupees changes only a personal board: the record knows it, a
    # camera snapshot of the table holds nothing of it.
    state = play(table(2), "play plant/harvest as harvest")
    after = play(state, "rupees")
    full = R.observe(after).differences(R.observe(state))
    assert full == ["rupees"]
    assert R.observe(after).as_seen().differences(R.observe(state).as_seen()) == []
    snapshot = R.observe(after).as_seen()
    for name in ("rupees", "cubes", "tokens", "companies", "tech"):
        assert getattr(R.observe(after), name) is not None
        assert getattr(snapshot, name) is None, name
    assert "tech" not in CeylonObservation.seen_fields()


def test_the_last_card_stays_seen_on_the_discard_pile_until_the_next() -> None:
    state = play(table(2), "play plant/harvest as harvest", "rupees", "rupees", "draw trade/tech")
    assert state.phase == "PLAY" and state.active == 1
    seen = R.observe(state)
    assert seen.card == CAT.faces.index(next(f for f in CAT.faces if f.id == "plant/harvest"))
    assert seen.rotation == 1
    after = play(state, "play hire/tech as tech")
    assert R.observe(after).card != seen.card and R.observe(after).rotation == 4


def test_a_seeded_game_is_the_same_every_time() -> None:
    assert R.to_dict(R.new_game(3, seed=8)) == R.to_dict(R.new_game(3, seed=8))
    assert R.to_dict(R.new_game(3, seed=8)) != R.to_dict(R.new_game(3, seed=9))


def test_fuzzed_saves_load_cleanly_or_are_refused_by_field() -> None:
    import random

    rng = random.Random(5)
    bases = [to_dict(opened(3)), to_dict(play(table(3), "play plant/harvest as harvest"))]
    values: list[object] = [-1, 0, 1, 2, 7, 31, 99, 10**9, None, "x", True, [], [0], {}]
    for _ in range(300):
        data = json.loads(json.dumps(rng.choice(bases)))
        if rng.random() < 0.5:
            key = rng.choice(sorted(data))
            data[key] = rng.choice(values)
        else:
            player = rng.choice(data["players"])
            player[rng.choice(sorted(player))] = rng.choice(values)
        try:
            state = R.from_dict(data)
        except ValueError as error:
            assert str(error)
            continue
        for action in R.legal_actions(state):  # a loaded state never crashes the rules
            R.apply(state, action, check=False)
