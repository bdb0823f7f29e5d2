"""Generic games (Imhotep, Ceylon, Rajas) played to their end for the server tests.

Every answer goes through the session the way a phone's does (``session.answer``
with the deciding seat, the call ``POST /api/answer`` makes; a die rolled in the
open by the roller's phone), chosen by the demo's simulated phones
(``companion.sim.generic_demo.SimPhone``: mostly the answer that scores best one
move ahead, else any offered one) from a seed: the same seed plays the same game.
"""

from __future__ import annotations

import random
from pathlib import Path

from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.sim.generic_demo import SimPhone
from tests.server.games import PIN

NAMES = ("Ana", "Ben", "Cy", "Dee")


def new_game(game: str, players: int, log: Path, *, seed: int = 3) -> RulesSession:
    """A new logged game of ``game`` (public draws dealt from ``seed``)."""
    session = open_any_session(log, game, list(NAMES[:players]), public_seed=seed)
    assert isinstance(session, RulesSession)
    session.pin = PIN
    return session


def play_to_end(session: RulesSession, *, seed: int = 3, limit: int = 5000) -> int:
    """Answer every decision from the deciding seat's phone until the game is over."""
    phones = [
        SimPhone(session, s.index, None, random.Random(seed * 100 + s.index)) for s in session.seats
    ]
    for answers in range(limit):
        view = session.seat_view(None)
        if view["finished"] or view["ended"]:
            return answers
        seat = view["decision"]["seat"]
        assert seat is not None, f"nobody is offered an answer to {view['decision']['kind']}"
        option = phones[seat].choose()
        outcome = phones[seat].send(option["action"], session.state_id)
        assert outcome.ok, outcome
    raise AssertionError(f"{session.game_name} did not end in {limit} answers")
