"""The game-independent core: reasons, observations, the registry."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from engine.core.observation import Observation
from engine.core.reasons import IllegalActionError, ReasonTable
from engine.core.registry import UnknownGameError, get_rules

TABLE = ReasonTable(
    "test",
    {"full": ("Sailing", "{boat} is full: {stones} stones.", "{boat_es} está lleno.")},
)


def test_reason_words_and_rule() -> None:
    reason = TABLE.reason("full", boat="The boat", boat_es="El barco", stones=4)
    assert reason.rule == "Sailing"
    assert reason.en == "The boat is full: 4 stones."
    assert reason.es == "El barco está lleno."
    assert reason.to_dict()["code"] == "full"


def test_spanish_field_falls_back_to_english_twin() -> None:
    assert TABLE.reason("full", boat="B2").es == "B2 está lleno."


def test_unknown_code_is_refused() -> None:
    with pytest.raises(KeyError, match="no reason"):
        TABLE.reason("nope")


def test_illegal_action_error_carries_reason() -> None:
    error = IllegalActionError("sail 2", TABLE.reason("full", boat="B", stones=1))
    assert "B is full" in str(error)
    assert error.reason.code == "full"


@dataclass(frozen=True)
class _Seen(Observation):
    boats: tuple[int, ...] | None
    docked: int | None


def test_observation_differences_skip_unseen_fields() -> None:
    state = _Seen(boats=(1, 2), docked=3)
    assert state.differences(_Seen(boats=(1, 2), docked=None)) == []
    assert state.differences(_Seen(boats=(2, 1), docked=3)) == ["boats"]
    assert not state.matches(_Seen(boats=None, docked=4))
    assert state.field_values() == {"boats": (1, 2), "docked": 3}


def test_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(UnknownGameError, match="amritsar"):
        get_rules("monopoly")
