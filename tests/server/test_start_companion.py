"""The start form's choice of seats the companion plays, checked field by field."""

from __future__ import annotations

from typing import Any

import pytest

from companion.server.start import StartBody, StartChoice, StartProblem, check, served_offers


def _check(**fields: Any) -> StartChoice:
    return check(StartBody(**fields), served_offers(), [])


def test_the_seats_follow_the_colours_and_keep_who_the_companion_plays() -> None:
    choice = _check(
        game="rajas", names=["Ana", "Bot"], colours=["blue", "red"],
        companion=[False, True], level="strong",
    )  # fmt: skip
    # seats follow the game's colour order (red, blue): Bot took red and sits first
    assert choice.names == ("Bot", "Ana")
    assert choice.companion_seats() == {0: "strong"}


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"game": "amritsar", "names": ["Ana", "Bo"], "companion": [False, True]},
         "companion", "solo"),
        ({"game": "imhotep", "names": ["Ana", "Bo"], "companion": [True, True]},
         "companion", "person"),
        ({"game": "imhotep", "names": ["Ana", "Bo"], "companion": [False, True, True]},
         "companion", "each of the 2"),
        ({"game": "imhotep", "names": ["Ana", "Bo"], "companion": [False, True], "level": "god"},
         "level", "not 'god'"),
        ({"game": "ceylon", "names": ["Ana", "Bo"], "companion": [False, True],
          "options": ["unknown_hands"]}, "companion", "own cards"),
    ],
)  # fmt: skip
def test_a_wrong_choice_names_its_field(fields: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(StartProblem) as refused:
        _check(**fields)
    assert refused.value.field == field
    assert words in refused.value.en and refused.value.es


def test_only_games_the_companion_can_play_fairly_offer_it() -> None:
    offers = {o.name: o.to_dict() for o in served_offers()}
    assert not offers["amritsar"]["companion"]  # its opponent is the Maharajah
    for game in ("imhotep", "ceylon", "rajas"):
        assert offers[game]["companion"] and [lv["name"] for lv in offers[game]["levels"]] == [
            "easy", "normal", "strong",
        ]  # fmt: skip
    assert offers["ceylon"]["companion_excludes"] == ["unknown_hands"]
