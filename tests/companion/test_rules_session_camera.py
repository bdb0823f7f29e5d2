"""A game served through its ``Rules`` with a camera reading the table.

``RulesSession.on_observation`` with observations from the observation-level
fake camera (``companion.sim.fake_camera``, never a wrong value): moves the
table shows are applied and logged, so a restart replays them from the real
SQLite log; a refused physical move raises an alert with the rule and the fix
that goes once the table is put right; a table that fits several moves asks
the deciding phone with only those answers; public draws come from the table
(or the table screen), never dealt; an undo waits for the table to be put
back. ``companion run``'s choice between the camera loop and manual mode.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from companion.game_camera import attach_camera
from companion.resume import open_any_session, resume_any
from companion.rules_session import WHICH_EN, RulesSession
from companion.sim.fake_camera import FakeCamera
from companion.store import EventStore
from tests.support.stamped_table import StampedTable
from vision.sources import Frame

NAMES = ["Ana", "Ben", "Cy"]


def camera_session(tmp_path: Path, game: str = "imhotep", seed: int = 1) -> RulesSession:
    session = open_any_session(tmp_path / "game.sqlite", game, NAMES, public_seed=seed)
    assert isinstance(session, RulesSession)
    session.use_camera()
    return session


def until(session: RulesSession, wanted: Any, rng: random.Random, camera: FakeCamera) -> None:
    """Play through the camera (a move made on the table, then seen) until ``wanted(session)``."""
    rules = session.rules
    for _ in range(400):
        if wanted(session):
            return
        d = rules.decision(session.state)
        assert not d.is_over
        if d.is_chance:
            action = rules.random_chance(session.state, rng)
        else:
            action = rng.choice(rules.legal_actions(session.state))
        after, _ = rules.apply(session.state, action, check=False)
        before = session.state_id
        session.on_observation(camera.look(rules.observe(after)))
        if session.state_id == before or session._open_question() is not None:
            seat = session.seat_view(None)["decision"]["seat"]
            outcome = session.answer(seat, rules.format_action(action), session.state_id)
            assert outcome.ok, outcome.en
        assert not session.alerts, session.alerts
    raise AssertionError("the wanted position never came")


def test_moves_the_table_shows_are_applied_logged_and_replayed(tmp_path: Path) -> None:
    session = camera_session(tmp_path)
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0)
    until(session, lambda s: len(s.game.entries) > 30, random.Random(2), camera)
    store = session.store
    assert store is not None
    rows = [e for e in store.entries() if e.kind == "step"]
    assert sum(r.payload["source"] == "camera" for r in rows) >= 10
    kept = rules.to_dict(session.state)
    store.close()
    again = resume_any(EventStore(tmp_path / "game.sqlite"))
    assert rules.to_dict(again.state) == kept


def test_a_refused_move_raises_the_rule_and_fix_until_put_right(tmp_path: Path) -> None:
    session = camera_session(tmp_path)
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0)
    until(session, lambda s: bool(rules.physical_moves(s.state)), random.Random(3), camera)
    state, moves = session.state, rules.physical_moves(session.state)
    session.on_observation(camera.look(moves[0].seen))
    assert rules.to_dict(session.state) == rules.to_dict(state)  # nothing applied
    mover = rules.decision(state).player
    for seat in (None, 0, 1, 2):  # the table screen and the phone of the seat that moved
        alerts = session.seat_view(seat)["alerts"]
        if seat not in (None, mover):
            assert alerts == []
            continue
        assert len(alerts) == 1
        assert alerts[0]["en"] == moves[0].reason.en and alerts[0]["rule"]
        assert alerts[0]["fix_en"] == moves[0].fix.en and alerts[0]["fix_es"] == moves[0].fix.es
    session.on_observation(camera.look(moves[0].seen))  # seen again: one alert, not two
    assert len(session.alerts) == 1
    session.on_observation(camera.look(rules.observe(state)))
    assert session.alerts == []


def test_an_ambiguous_table_asks_the_deciding_phone_with_only_the_fitting_answers(
    tmp_path: Path,
) -> None:
    session = camera_session(tmp_path)
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0)

    def can_place(s: RulesSession) -> bool:
        d = rules.decision(s.state)
        return (
            d.kind == "TURN"
            and s.state.sled[s.state.current] > 0
            and any(
                rules.format_action(a).startswith("place") for a in rules.legal_actions(s.state)
            )
        )

    until(session, can_place, random.Random(4), camera)
    seat = session.state.current
    place = next(
        a for a in rules.legal_actions(session.state) if rules.format_action(a).startswith("place")
    )
    after, _ = rules.apply(session.state, place, check=False)
    session.on_observation(replace(camera.look(rules.observe(after)), boats=None))
    view = session.seat_view(seat)
    offered = {o["action"] for o in view["options"]}
    assert view["decision"]["en"] == WHICH_EN and view["decision"]["seat"] == seat
    assert rules.format_action(place) in offered and "take" not in offered
    assert all(session.seat_view(other)["options"] == [] for other in range(3) if other != seat)
    refused = session.answer(seat, "take", session.state_id)
    assert not refused.ok and refused.code == "not_on_table"
    assert session.answer(seat, rules.format_action(place), session.state_id).ok
    assert session._open_question() is None
    assert rules.to_dict(session.state) == rules.to_dict(after)


def test_public_draws_come_from_the_table_not_dealt(tmp_path: Path) -> None:
    session = camera_session(tmp_path, seed=5)
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0)
    until(
        session, lambda s: rules.decision(s.state).kind == "MARKET_CARD", random.Random(5), camera
    )
    table = session.seat_view(None)
    assert table["decision"]["chance"] and table["decision"]["seat"] is None
    assert table["options"] and all(session.seat_view(s)["options"] == [] for s in range(3))
    card = rules.random_chance(session.state, random.Random(1))
    after, _ = rules.apply(session.state, card, check=False)
    session.on_observation(replace(camera.look(rules.observe(after)), market=None))
    assert rules.decision(session.state).kind == "MARKET_CARD"  # unread: still waiting
    session.on_observation(camera.look(rules.observe(after)))
    assert session.game.entries[-1].action == card


def test_an_undo_waits_for_the_table_to_be_put_back(tmp_path: Path) -> None:
    session = camera_session(tmp_path)
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0)
    until(
        session,
        lambda s: rules.decision(s.state).kind == "TURN" and len(s.steps) > 3,
        random.Random(6),
        camera,
    )
    before = session.state
    action = next(a for a in rules.legal_actions(before) if rules.format_action(a) == "take")
    after, _ = rules.apply(before, action, check=False)
    session.on_observation(camera.look(rules.observe(after)))
    assert rules.to_dict(session.state) == rules.to_dict(after)
    assert session.undo().ok
    assert [a.code for a in session.alerts] == ["undo_table"]
    session.on_observation(camera.look(rules.observe(after)))  # not put back yet: not replayed
    assert rules.to_dict(session.state) == rules.to_dict(before)
    session.on_observation(camera.look(rules.observe(before)))
    assert session.alerts == [] and rules.to_dict(session.state) == rules.to_dict(before)


def test_run_reads_the_table_when_the_game_has_a_camera_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import vision.games

    session = camera_session(tmp_path)
    session.camera = False
    monkeypatch.delitem(vision.games.TABLES, "imhotep", raising=False)
    loop, line = attach_camera(session, None)
    assert loop is None and "manual mode" in line and "no camera table" in line
    table = StampedTable()
    monkeypatch.setitem(vision.games.TABLES, "imhotep", lambda: table)
    loop, line = attach_camera(session, None)
    assert loop is None and "manual mode" in line and "--camera" in line
    lens = object()  # what --calibration loaded
    loop, line = attach_camera(session, object(), calibration=lens)  # frames fed by hand here
    assert loop is not None and "camera reads the table" in line and session.camera
    # the reader is told the lens, the number of players and the variants in play
    assert table.told == (lens, len(session.seats), tuple(session.game.options))
    loop.stop()
    rules = session.rules
    until(
        session,
        lambda s: rules.decision(s.state).kind == "TURN",
        random.Random(1),
        FakeCamera("imhotep", miss=0),
    )
    take = next(a for a in rules.legal_actions(session.state) if rules.format_action(a) == "take")
    after, _ = rules.apply(session.state, take, check=False)
    frame = table.render(rules.observe(after))
    assert loop.step(Frame(frame, 1, 0.1)) is False  # settling
    assert loop.step(Frame(frame, 2, 0.2)) is True
    assert rules.to_dict(session.state) == rules.to_dict(after)
    assert session.store is not None
    assert [e for e in session.store.entries() if e.kind == "step"][-1].payload[
        "source"
    ] == "camera"


def test_a_table_ahead_of_a_secret_draw_waits_for_the_drawers_phone(tmp_path: Path) -> None:
    from engine.core.physical import distance

    session = open_any_session(
        tmp_path / "c.sqlite", "ceylon", NAMES, public_seed=2, draws="phones"
    )
    assert isinstance(session, RulesSession)
    session.use_camera()
    rules = session.rules
    camera = FakeCamera("ceylon", miss=0.0)
    rng = random.Random(8)

    def next_is_visible(s: RulesSession) -> bool:
        d = rules.decision(s.state)
        if not (d.is_chance and d.secret_for is not None and len(s.steps) > 6):
            return False
        after, _ = rules.apply(s.state, rules.random_chance(s.state, random.Random(0)), check=False)
        return not rules.decision(after).is_chance

    for _ in range(400):  # played through the camera, the drawers' phones saying their draws
        if next_is_visible(session):
            break
        d = rules.decision(session.state)
        if d.is_chance and d.secret_for is not None:
            outcome = rules.random_chance(session.state, rng)
            assert session.answer(d.secret_for, rules.format_action(outcome), session.state_id).ok
            continue
        action = rng.choice(rules.legal_actions(session.state))
        after, _ = rules.apply(session.state, action, check=False)
        before = session.state_id
        session.on_observation(camera.look(rules.observe(after)))
        if session.state_id == before or session._open_question() is not None:
            seat = session.seat_view(None)["decision"]["seat"]
            assert session.answer(seat, rules.format_action(action), session.state_id).ok
    drawer = rules.decision(session.state).secret_for
    assert drawer is not None
    card = rules.random_chance(session.state, random.Random(0))
    drawn, _ = rules.apply(session.state, card, check=False)
    move = next(
        a for a in rules.legal_actions(drawn)
        if distance(camera.look(rules.observe(rules.apply(drawn, a, check=False)[0])), rules.observe(drawn))
    )  # fmt: skip
    ahead, _ = rules.apply(drawn, move, check=False)
    waiting = session.state
    session.on_observation(
        camera.look(rules.observe(ahead))
    )  # the next move, before the draw is said
    assert session.alerts == [] and rules.to_dict(session.state) == rules.to_dict(waiting)
    assert session.answer(drawer, rules.format_action(card), session.state_id).ok
    if session._open_question() is None:
        assert rules.to_dict(session.state) == rules.to_dict(ahead)
    else:
        assert move in session.answers_for(rules.decision(session.state).player)


def test_the_camera_loop_reads_frames_from_its_source_until_it_ends(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import threading

    import vision.games
    from vision.sources import SourceEnded

    session = camera_session(tmp_path)
    rules = session.rules
    until(
        session,
        lambda s: rules.decision(s.state).kind == "TURN",
        random.Random(1),
        FakeCamera("imhotep", miss=0),
    )
    take = next(a for a in rules.legal_actions(session.state) if rules.format_action(a) == "take")
    after, _ = rules.apply(session.state, take, check=False)
    table = StampedTable()
    monkeypatch.setitem(vision.games.TABLES, "imhotep", lambda: table)
    image = table.render(rules.observe(after))
    ended = threading.Event()

    class Recording:
        """Three frames of the table after the move, then the end of the recording."""

        def __init__(self) -> None:
            self.frames = [Frame(image, n, n / 10) for n in range(3)]

        def read(self) -> Frame | None:
            if not self.frames:
                ended.set()
                raise SourceEnded("the recording is over")
            return self.frames.pop(0)

        def close(self) -> None:
            pass

    loop, _ = attach_camera(session, Recording())
    assert loop is not None
    assert ended.wait(5)
    loop.stop()
    assert loop.frames == 3 and loop.observations == 1 and loop.failed == 0
    assert rules.to_dict(session.state) == rules.to_dict(after)


def test_a_finished_game_does_not_check_the_table_being_cleared(tmp_path: Path) -> None:
    from companion.sim.camera_demo import run_camera_demo
    from companion.sim.fake_camera import FakeCamera

    report = run_camera_demo(
        "imhotep",
        players=2,
        seed=3,
        log_path=tmp_path / "g.sqlite",
        out=io.StringIO(),
        eye=FakeCamera("imhotep", seed=3),
    )
    session = report.session
    assert session.seat_view(None)["finished"]
    rules = session.rules
    cleared = rules.observe(rules.new_game(2, seed=1))  # the pieces back in the box, another layout
    before = session.state_id
    assert session.on_observation(cleared.as_seen()).kind == "unchanged"
    assert session.alerts == [] and session.state_id == before
