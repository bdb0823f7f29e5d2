"""Ceylon at the table with unknown hands: no phone for a draw, a card named once when
played, and a move that leaves no trace inferred from the next move the camera sees."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.resume import open_any_session
from companion.rules_session import RulesSession
from engine.ceylon.actions import Action
from engine.ceylon.catalog import MAIN

NAMES = ["Ana", "Ben", "Cy"]


def _session(tmp_path: Path, *, camera: bool, seed: int = 2) -> RulesSession:
    session = open_any_session(
        tmp_path / "game.sqlite",
        "ceylon",
        NAMES,
        options=["unknown_hands"],
        public_seed=seed,
        draws="phones",
    )
    assert isinstance(session, RulesSession)
    if camera:
        session.use_camera()
    return session


def _answer(session: RulesSession, action: Hashable) -> None:
    seat = session.seat_view(None)["decision"]["seat"]
    outcome = session.answer(seat, session.rules.format_action(action), session.state_id)
    assert outcome.ok, outcome.en


def _play_until(session: RulesSession, wanted: Callable[[Any], bool], seed: int = 5) -> None:
    """Answer on the phones (a draw is never asked) until ``wanted(state)``."""
    rng = random.Random(seed)
    rules = session.rules
    for _ in range(2000):
        if wanted(session.state):
            return
        d = rules.decision(session.state)
        assert not d.is_over and not d.is_chance, d.kind
        _answer(session, rng.choice(rules.legal_actions(session.state)))
    raise AssertionError("the position wanted never came")


def test_a_draw_asks_no_phone_and_a_card_is_named_once(tmp_path: Path) -> None:
    session = _session(tmp_path, camera=False)
    rules = session.rules
    asked: list[str] = []
    rng = random.Random(3)
    for _ in range(400):
        state = session.state
        d = rules.decision(state)
        assert not d.is_chance and d.secret_for is None  # no draw ever waits on a phone
        assert not session.seat_view(d.player)["decision"]["secret_draw"]
        if state.turn == 4 and state.phase == "PLAY":
            break
        action = rng.choice(rules.legal_actions(state))
        asked.append(d.kind)
        _answer(session, action)
    state = session.state
    assert state.turn == 4 and asked.count("PLAY") == 4  # one answer per card played
    assert [p.unknown for p in state.players] == [3, 3, 3]  # drawn back up, just counted
    plays = [line.en for line in session.log if "played a card" in line.en]
    assert len(plays) == 4
    view = session.seat_view(0)
    assert "hand" not in view["game"]["seats"][0] and view["game"]["seats"][0]["hand_count"] == 3


def test_a_card_whose_copies_are_all_played_is_refused_with_the_reason(tmp_path: Path) -> None:
    session = _session(tmp_path, camera=False)
    faces = session.rules.catalog.faces
    face = min(range(len(faces)), key=lambda f: faces[f].count)
    name, first = faces[face].id, MAIN[faces[face].first]
    for _ in range(faces[face].count):  # every copy played, by whoever plays next
        _play_until(session, lambda s: s.phase == "PLAY")
        _answer(session, Action("play", face, faces[face].first))
    assert session.state.deck[face] == 0
    _play_until(session, lambda s: s.phase == "PLAY")
    seat = session.seat_view(None)["decision"]["seat"]
    outcome = session.answer(seat, f"play {name} as {first}", session.state_id)
    assert not outcome.ok and outcome.code == "card_all_seen"
    assert f"All {faces[face].count}" in outcome.en and "discard pile" in outcome.en
    assert "descartes" in outcome.es and "discard" not in outcome.es
    offered = {o["action"] for o in session.seat_view(seat)["options"]}
    assert offered and not any(text.startswith(f"play {name} ") for text in offered)


def _quiet_position(session: RulesSession, quiet_kinds: set[str]) -> None:
    """Play until a player acts on another's card and its main action is ``quiet_kinds``'
    other kind, or only rupees leave the board as it is (``quiet_kinds`` = {"rupees"})."""
    rules = session.rules

    def wanted(state: Any) -> bool:
        if state.phase != "ACT" or state.actor == state.active:
            return False
        quiet = _quiet_unless_track(rules, state)
        return {a.kind for a in quiet} == quiet_kinds and len(quiet) == len(quiet_kinds)

    _play_until(session, wanted)


def _off_track(seen: Any) -> Any:
    """The table as a look that did not read the tech track sees it."""
    return replace(seen.as_seen(), tech_tops=None)


def _quiet_unless_track(rules: Any, state: Any) -> list[Hashable]:
    """The answers that leave the table as it is but for the tech track."""
    before = _off_track(rules.observe(state))
    return [
        a
        for a in rules.legal_actions(state)
        if _off_track(rules.observe(rules.apply(state, a, check=False)[0])) == before
    ]


def _visible_next(session: RulesSession, after: Any) -> Hashable:
    """A move of the next player that the camera sees (a pawn moved)."""
    from companion.reconcile.traceless import leaves_no_trace

    rules = session.rules
    for action in rules.legal_actions(after):
        if not leaves_no_trace(rules, after, action) and action.kind == "move":  # type: ignore[attr-defined]
            return action
    raise AssertionError("no visible move for the next player")


def test_taking_rupees_is_inferred_when_the_next_players_move_is_seen(tmp_path: Path) -> None:
    session = _session(tmp_path, camera=True)
    _quiet_position(session, {"rupees"})
    rules = session.rules
    seat = session.state.actor
    rupees = Action("rupees")
    after, _ = rules.apply(session.state, rupees)
    assert rules.decision(after).player != seat  # the turn passes
    unchanged = session.on_observation(rules.observe(after).as_seen())
    assert unchanged.kind == "unchanged" and session.state.actor == seat
    nxt = _visible_next(session, after)
    table, _ = rules.apply(after, nxt)
    verdict = session.on_observation(rules.observe(table).as_seen())
    assert verdict.kind == "moves" and list(verdict.actions) == [rupees, nxt]
    assert rules.to_dict(session.state) == rules.to_dict(table)
    assert not session.alerts and session._open_question() is None
    assert any("took rupees" in line.en for line in session.log[-3:])


def test_two_invisible_actions_ask_one_question_of_their_player(tmp_path: Path) -> None:
    session = _session(tmp_path, camera=True)
    _quiet_position(session, {"rupees", "tech"})
    rules = session.rules
    seat = session.state.actor
    tech = Action("tech")
    after, _ = rules.apply(session.state, tech)
    nxt = _visible_next(session, after)
    table, _ = rules.apply(after, nxt)
    verdict = session.on_observation(_off_track(rules.observe(table)))  # the track unread
    assert verdict.kind == "ambiguous" and verdict.asker == seat
    assert set(verdict.candidates) == {tech, Action("rupees")}
    assert rules.to_dict(session.state) != rules.to_dict(table)  # nothing taken for them
    offered = {o["action"] for o in session.seat_view(seat)["options"]}
    assert offered == {"tech", "rupees"}
    _answer(session, tech)  # one answer; the table's next move follows from the camera
    assert rules.to_dict(session.state) == rules.to_dict(table)
    assert not session.alerts


def test_an_advance_on_the_tech_track_is_read_and_rupees_then_inferred(tmp_path: Path) -> None:
    session = _session(tmp_path, camera=True)
    _quiet_position(session, {"rupees", "tech"})
    rules = session.rules
    start = session.state
    tech = Action("tech")
    after, _ = rules.apply(start, tech)
    verdict = session.on_observation(rules.observe(after).as_seen())
    assert verdict.kind == "moves" and list(verdict.actions) == [tech]  # the disc on top
    assert session._open_question() is None and not session.alerts
    # the other answer, 2 rupees, is now the only one that leaves the track as it is
    (tmp_path / "again").mkdir()
    session2 = _session(tmp_path / "again", camera=True)
    _quiet_position(session2, {"rupees", "tech"})
    rupees = Action("rupees")
    after2, _ = rules.apply(session2.state, rupees)
    table, _ = rules.apply(after2, _visible_next(session2, after2))
    verdict2 = session2.on_observation(rules.observe(table).as_seen())
    assert verdict2.kind == "moves" and verdict2.actions[0] == rupees
    assert rules.to_dict(session2.state) == rules.to_dict(table)
