"""The table session takes, for every game, the answers nobody needs to give.

A forced answer that changes nothing on the table, and every answer of a seat
the companion plays, are taken at once; the step's log row holds them, so a
resumed game is the same game. Checked on a tiny game (``tests/support/toy_game``)
where each turn starts with such a forced answer.
"""

from __future__ import annotations

from pathlib import Path

from companion.rules_session import RulesSession, replay_row, rules_session_from_config
from companion.store import EventStore
from tests.support import toy_game

GAME = toy_game.RULES.name


def test_a_forced_answer_that_moves_nothing_is_never_asked() -> None:
    session = RulesSession.new(GAME, ["Ana", "Ben"])
    # the first turn's "rest" was taken at the start: Ana is asked only what she takes
    assert [str(a) for a in session.answers_for(0)] == ["take 1", "take 2"]
    assert session.auto_entries == {0}
    outcome = session.answer(0, "take 2", session.state_id)
    assert outcome.ok
    # Ben's "rest" followed at once, in the same step, and is marked as taken unasked
    assert session.state.turn == 1 and session.state.rested
    assert [e.text for e in session.game.entries] == ["rest", "take 2", "rest"]
    assert session.auto_entries == {0, 2}
    # an undo takes the step back whole, the forced answer with it
    assert session.undo().ok
    assert [e.text for e in session.game.entries] == ["rest"]
    assert session.auto_entries == {0}


def test_a_forced_answer_is_in_the_log_and_a_resumed_game_is_the_same(tmp_path: Path) -> None:
    path = tmp_path / "pile.sqlite"
    store = EventStore(path)
    session = RulesSession.new(GAME, ["Ana", "Ben"], store=store)
    for _ in range(3):
        seat = session.state.turn
        assert session.answer(seat, "take 1", session.state_id).ok
    store.close()
    log = EventStore(path, create=False)
    rows = list(log.entries())
    log.close()
    assert rows[0].kind == "game" and rows[0].payload["setup"] == ["rest"]
    assert [r.payload["actions"] for r in rows if r.kind == "step"] == [
        ["take 1", "rest"],
        ["take 1", "rest"],
        ["take 1", "rest"],
    ]
    resumed = rules_session_from_config(rows[0].payload)
    for row in rows[1:]:
        replay_row(resumed, row)
    assert [e.text for e in resumed.game.entries] == [e.text for e in session.game.entries]
    assert resumed.state == session.state
    assert resumed.seat_view(1)["options"] == session.seat_view(1)["options"]


def test_a_seat_the_companion_plays_answers_at_once() -> None:
    session = RulesSession.new(GAME, ["Ana", "Ben"])
    session.companion_seats[1] = lambda state: toy_game.RULES.legal_actions(state)[0]
    assert session.answer(0, "take 1", session.state_id).ok
    # Ben (the companion) rested and took one in the same step; Ana decides again
    assert [e.text for e in session.game.entries][-3:] == ["rest", "take 1", "rest"]
    assert session.state.turn == 0 and session.state.stones == 5
    assert session.answers_for(1) == []


def test_a_phone_is_never_offered_another_seats_decision() -> None:
    session = RulesSession.new(GAME, ["Ana", "Ben", "Cy"])
    assert session.answers_for(1) == [] and session.answers_for(2) == []
    refused = session.answer(1, "take 1", session.state_id)
    assert not refused.ok and refused.code == "not_your_decision"


def test_a_wrong_answer_from_the_companion_is_never_played() -> None:
    session = RulesSession.new(GAME, ["Ana", "Ben"])
    session.companion_seats[1] = lambda state: "take 2"  # "rest" comes first
    assert session.answer(0, "take 1", session.state_id).ok
    assert session.state.turn == 1 and not session.state.rested
    assert [str(a) for a in session.answers_for(1)] == ["rest"]
