"""A seat the companion plays, in every game served through its rules.

The seat has no phone link; its answers are taken as soon as they are pending,
written to the log like any other step (a resumed game is the same game), shown
to the table as moves to carry out, and it never sees what it may not: its
secret draws are dealt to it and named to nobody else.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.rules_session import RulesSession, replay_row, rules_session_from_config
from companion.store import EventStore


def play_out(session: RulesSession, rng: random.Random, limit: int = 400) -> int:
    """Answer every decision the person at seat 0 (or the table screen) is offered."""
    answers = 0
    while not session.rules.decision(session.state).is_over and answers < limit:
        seat: int | None = 0 if session.answers_for(0) else None
        offered = session.answers_for(seat)
        assert offered, f"nobody may answer {session.rules.decision(session.state)}"
        action = rng.choice(offered)
        assert session.answer(seat, session.rules.format_action(action), session.state_id).ok
        answers += 1
    return answers


@pytest.mark.parametrize("game", ["imhotep", "ceylon", "rajas"])
def test_a_whole_game_against_the_companion(game: str, tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    store = EventStore(path)
    session = RulesSession.new(
        game, ["Ana", "Companion"], companions={1: "easy"}, public_seed=5, store=store
    )
    companion = session.seats[1]
    assert companion.token == "" and companion.plays == "easy"
    assert session.seat_for_token("") is None
    answers = play_out(session, random.Random(5))
    assert session.rules.decision(session.state).is_over
    # the companion decided for its seat: more of its decisions than none were played
    decided = [e for e in session.game.entries if e.decider == 1]
    assert decided and answers > 0
    assert session.answers_for(1) == []
    store.close()
    # the log holds every answer: the resumed game is the same, with nothing thought again
    log = EventStore(path, create=False)
    rows = list(log.entries())
    log.close()
    assert rows[0].payload["companions"] == {"1": "easy"}
    resumed = rules_session_from_config(rows[0].payload)
    resumed.companion_seats.clear()  # a replay must not need the bot
    for row in rows[1:]:
        replay_row(resumed, row)
    assert [e.text for e in resumed.game.entries] == [e.text for e in session.game.entries]
    assert resumed.seats[1].plays == "easy"


def test_the_table_is_shown_the_companions_moves_to_carry_out() -> None:
    session = RulesSession.new("imhotep", ["Ana", "Companion"], companions={1: "easy"})
    rng = random.Random(2)
    while True:
        seat: int | None = 0 if session.answers_for(0) else None
        action = rng.choice(session.answers_for(seat))
        assert session.answer(seat, session.rules.format_action(action), session.state_id).ok
        moves = session.seat_view(None)["companion_moves"]
        if moves:
            break
    start = session.steps[-1]
    theirs = [e for e in session.game.entries[start:] if e.decider == 1]
    assert len(moves) == len(theirs)
    assert all(m["en"] and m["es"] for m in moves)


def test_a_companion_seats_secret_draw_is_dealt_even_when_phones_say_draws() -> None:
    session = RulesSession.new(
        "ceylon", ["Ana", "Companion"], companions={1: "easy"}, draws="phones"
    )
    # Ana's own cards wait for her phone; the companion's are dealt, named to nobody
    rng = random.Random(3)
    for _ in range(40):
        if any(e.private_to == 1 for e in session.game.entries):
            break
        seat: int | None = 0 if session.answers_for(0) else None
        action = rng.choice(session.answers_for(seat))
        assert session.answer(seat, session.rules.format_action(action), session.state_id).ok
    hidden = [e for e in session.game.entries if e.private_to == 1]
    assert hidden, "the companion's hand was not dealt"
    for seat in (0, None):
        for line in session.seat_view(seat)["log"]:
            for entry in hidden:
                before = session.game.states[session.game.entries.index(entry)]
                assert line["en"] != session.rules.describe_action(before, entry.action, "en")


def test_a_table_of_companions_only_is_refused() -> None:
    with pytest.raises(ValueError, match="person"):
        RulesSession.new("rajas", ["A", "B"], companions={0: "easy", 1: "easy"})
    with pytest.raises(ValueError, match="level"):
        RulesSession.new("rajas", ["A", "B"], companions={1: "grandmaster"})


def test_a_house_rule_the_companion_cannot_play_with_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="must know its own cards"):
        RulesSession.new("ceylon", ["A", "B"], options=["unknown_hands"], companions={1: "easy"})


def test_a_table_still_carrying_out_the_companions_moves_raises_no_alarm(tmp_path: Path) -> None:
    from companion.resume import open_any_session
    from companion.sim.fake_camera import FakeCamera

    session = open_any_session(
        tmp_path / "game.sqlite", "imhotep", ["Ana", "Companion"], public_seed=2,
        companions={1: "easy"},
    )  # fmt: skip
    assert isinstance(session, RulesSession)
    session.use_camera()
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0, seed=2)
    rng = random.Random(2)
    for _ in range(60):
        if session.seat_view(None)["companion_moves"]:
            break
        d = rules.decision(session.state)
        assert d.player == 0 or d.is_chance, d
        action = rng.choice(rules.legal_actions(session.state))
        if d.is_chance:
            assert session.answer(None, rules.format_action(action), session.state_id).ok
            continue
        assert session.answer(0, rules.format_action(action), session.state_id).ok
    else:
        raise AssertionError("the companion never moved")
    start = session.steps[-1]
    first_companion = next(
        i for i in range(start, len(session.game.entries)) if session.game.entries[i].decider == 1
    )
    behind = rules.observe(session.game.states[first_companion])  # Ana's move only
    if behind == rules.observe(session.state):
        return  # the companion's move changed nothing the camera sees: nothing owed
    # the table shows Ana's move but not yet the companion's: someone is carrying it out
    session.on_observation(camera.look(behind))
    assert not session.alerts
    # done: the table now matches the game
    session.on_observation(camera.look(rules.observe(session.state)))
    assert not session.alerts and not session._owes_companion
