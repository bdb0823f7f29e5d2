"""Questions the companion does not ask a player (issue 16).

A forced answer (one legal option) that changes nothing the table shows is
taken by the session itself. Checked over whole seeded games, at every decision.
"""

from __future__ import annotations

import random

from companion.games.amritsar.session import TableSession
from engine.amritsar import apply, legal_actions, observe


def test_no_forced_unseen_answer_is_ever_pending() -> None:
    for seed in range(4):
        session = TableSession.new(["Ana", "Ben"], seed=seed, pin="0000")
        rng = random.Random(seed)
        while not session.state.finished:
            state = session.state
            top = state.pending[-1]
            actions = legal_actions(state)
            if 0 <= top.player < len(state.players) and len(actions) == 1:
                after, _ = apply(state, actions[0], check=False)
                assert observe(after) != observe(state), f"forced question: {top}"
            outcome = session.apply_actions([rng.choice(actions)], "camera")
            assert outcome.ok
        taken = [session.game.entries[i].action for i in session.auto_entries]
        assert taken, "the companion took no answer itself in a whole game"


def test_an_undone_step_forgets_the_answers_it_took() -> None:
    session = TableSession.new(["Ana", "Ben"], seed=0, pin="0000")
    rng = random.Random(0)
    while not session.auto_entries:
        assert not session.state.finished
        outcome = session.apply_actions([rng.choice(legal_actions(session.state))], "camera")
        assert outcome.ok
    (index,) = session.auto_entries
    assert session.undo().ok
    assert index >= len(session.game.entries)
    assert index not in session.auto_entries
