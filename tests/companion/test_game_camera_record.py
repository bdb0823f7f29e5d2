"""The camera loop tells a reader that takes it the game's record whenever the game moves on.

A real ``RulesSession`` on a real SQLite log; the reader is the lowest-layer
fake (no camera here): it notes what it is told and sees nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from companion.game_camera import GameCameraLoop
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from vision.games.base import tell_record
from vision.sources import Frame


class Told:
    """A reader that takes the record and reads nothing."""

    def __init__(self) -> None:
        self.told: list[Any] = []

    def expect(self, observation: Any) -> None:
        self.told.append(observation)

    def read(self, frame: Frame) -> None:
        return None

    def problems(self) -> list[str]:
        return []


class Blind:
    """A reader of a game whose table takes no record."""

    def read(self, frame: Frame) -> None:
        return None

    def problems(self) -> list[str]:
        return []


def test_the_reader_is_told_the_record_when_the_game_moves_on(tmp_path: Path) -> None:
    session = open_any_session(tmp_path / "g.sqlite", "imhotep", ["Ana", "Ben"], public_seed=1)
    assert isinstance(session, RulesSession)
    rules = session.rules
    reader = Told()
    loop = GameCameraLoop(session, None, reader)
    frame = Frame(np.zeros((4, 4, 3), np.uint8), 0, 0.0)
    loop.step(frame)
    loop.step(frame)
    assert reader.told == [rules.observe(session.state)]  # once: nothing moved
    assert reader.told[0].obelisk_heights is not None  # derived fields included
    import random

    d = rules.decision(session.state)
    rng = random.Random(1)
    action = (
        rules.random_chance(session.state, rng)
        if d.is_chance
        else rules.legal_actions(session.state)[0]
    )
    before = session.state
    assert session.apply_actions([action], "phone").ok
    assert session.state is not before
    loop.step(frame)
    assert len(reader.told) == 2 and reader.told[1] == rules.observe(session.state)
    # a reader that takes no record is never told, and reads on
    assert not tell_record(Blind(), rules.observe(session.state))
    blind = GameCameraLoop(session, None, Blind())
    assert blind.step(frame) is False
