"""The views of one state share what it gave once (``companion.state_memo``)."""

from __future__ import annotations

import random

from companion.games.amritsar.payload import Payloads
from companion.games.amritsar.session import TableSession
from companion.state_memo import StateMemo
from engine.amritsar import legal_actions


def test_a_value_is_made_once_a_state_and_anew_for_the_next() -> None:
    memo, made = StateMemo(), []
    first, second = object(), object()
    for state in (first, first, second, second, first):
        memo.get(state, "x", lambda s=state: made.append(s) or len(made))
    assert made == [first, second, first]


def test_every_view_of_a_state_shows_one_drawing_and_a_renamed_seat_draws_anew() -> None:
    session = TableSession.new(["Ana", "Ben", "Cy"], seed=5)
    payloads = Payloads(session)
    rng = random.Random(3)
    for _ in range(8):
        session.apply_actions([rng.choice(legal_actions(session.state))], "camera")
    views = [payloads.view(seat) for seat in (0, 1, 2, None)]
    drawings = [view["board"]["drawing"] for view in views]
    assert all(drawing is drawings[0] for drawing in drawings)  # drawn once
    session.rename_seat(1, "Bea")
    names = [o["name"]["en"] for o in payloads.view(0)["board"]["drawing"]["seats"]]
    assert names[1] == "Bea"
    # A new state, a new drawing, with what changed on the board.
    session.apply_actions([rng.choice(legal_actions(session.state))], "camera")
    assert payloads.view(0)["board"]["drawing"] is not drawings[0]
