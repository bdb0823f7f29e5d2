"""The reconciler bound to a session: whole games, alerts, buttons, replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.replay import replay
from companion.games.amritsar.resume import open_session
from companion.games.amritsar.session import TableSession
from companion.games.amritsar.sim.simulate import PerfectTable, ScriptedTable
from companion.store import EventStore
from engine.amritsar import Act, Game, legal_actions, observe, score
from engine.amritsar.decisions import Pending


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_game_through_the_table_equals_the_engine(players: int) -> None:
    session = TableSession.new(["Ana", "Ben", "Cai", "Dev"][:players], seed=players)
    table = ScriptedTable(session, Reconciler(session), PerfectTable(), seed=players)
    report = table.play()
    # The same actions applied to the engine directly give the same game.
    direct = Game.new(players, seed=players)
    for entry in session.game.entries[len(direct.entries) :]:
        direct.play(entry.action)
    assert direct.state == session.state == table.truth
    assert [s.total for s in score(direct.state)] == [s.total for s in score(session.state)]
    assert session.state.finished and not session.alerts
    assert report.camera_inferences > report.actions / 4  # most moves came from the camera


def _session_at_phase_one() -> tuple[TableSession, Reconciler]:
    session = TableSession.new(["Ana", "Ben"], seed=5)
    reconciler = Reconciler(session)
    state = session.state
    while not (
        state.pending[-1].kind == Pending.ELEPHANT and state.players[state.current].elephant >= 0
    ):
        session.apply_actions([legal_actions(state)[0]], "phone")
        state = session.state
    reconciler.on_seen(Seen.of(observe(state)))
    return session, reconciler


def _seen_elephant(session: TableSession, seat: int, district: int) -> Seen:
    obs = observe(session.state)
    elephants = list(obs.elephants)
    elephants[seat] = district
    seen = Seen.of(obs)
    return Seen(
        **{
            **{k: getattr(seen, k) for k in Seen.__dataclass_fields__},
            "elephants": tuple(elephants),
        }
    )


def test_illegal_move_raises_an_alert_that_clears_when_put_right() -> None:
    session, reconciler = _session_at_phase_one()
    other = 1 - session.state.current
    wrong = (session.state.players[other].elephant + 1) % 4
    reconciler.on_seen(_seen_elephant(session, other, wrong))
    assert len(session.alerts) == 1
    alert = session.alerts[0]
    assert alert.code == "not_your_piece"
    assert "Move the" in alert.fix_en and "elefante" in alert.fix_es
    # The same wrong table seen again does not pile up alerts.
    reconciler.on_seen(_seen_elephant(session, other, wrong))
    assert len(session.alerts) == 1
    reconciler.on_seen(Seen.of(observe(session.state)))
    assert session.alerts == []


def test_turn_done_closes_the_turn_and_refuses_before_sowing() -> None:
    session, reconciler = _session_at_phase_one()
    refused = reconciler.on_button("done")
    assert not refused.ok and "workers" in refused.en
    seat = session.state.current
    # Sow by phone, then close with the button.
    while session.state.pending[-1].kind != Pending.ACTIONS:
        session.apply_actions([legal_actions(session.state)[0]], "phone")
        reconciler.on_seen(Seen.of(observe(session.state)))
    outcome = reconciler.on_button("done")
    assert outcome.ok
    assert session.state.current != seat or session.state.pending[-1].kind == Pending.FOLLOW


def test_undo_puts_the_table_in_debt_until_the_pieces_are_back() -> None:
    session, reconciler = _session_at_phase_one()
    seat = session.state.current
    before = session.state
    target = next(a for a in legal_actions(before) if a.kind is Act.ELEPHANT and a.b == 0)
    moved_table = _seen_elephant(session, seat, target.a)
    reconciler.on_seen(moved_table)  # the camera sees the move and applies it
    assert session.state.players[seat].elephant == target.a
    assert reconciler.on_button("undo").ok
    assert session.state == before
    checklist = reconciler.checklist()
    assert checklist is not None
    assert [item["done"] for item in checklist["items"]] == [False]
    assert "elephant" in checklist["items"][0]["en"]
    reconciler.on_seen(moved_table)  # not yet put back: still owed, no illegal-move alert
    assert reconciler.checklist() is not None and not session.alerts
    reconciler.on_seen(Seen.of(observe(before)))
    assert reconciler.checklist() is None


def test_replay_of_a_recorded_game_decides_the_same(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    session = open_session(path, ["Ana", "Ben"], seed=9)
    ScriptedTable(session, Reconciler(session), PerfectTable(), seed=9).play()
    report = replay(EventStore(path))
    assert report.inputs > 100 and report.steps_recorded == report.steps_now
    assert report.same


def test_replay_finds_where_a_decision_would_now_differ(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    session = open_session(path, ["Ana", "Ben"], seed=9)
    ScriptedTable(session, Reconciler(session), PerfectTable(), seed=9).play()
    store = EventStore(path)
    # Pretend one camera observation had been misread at the table: an elephant
    # seen one district further on than it was.
    seen_rows = [
        e for e in store.entries(kinds=("seen",)) if e.payload["elephants"][0] not in (None, -1)
    ]
    victim = seen_rows[len(seen_rows) // 2]
    payload = dict(victim.payload)
    elephants = list(payload["elephants"])
    elephants[0] = (elephants[0] + 2) % 4
    payload["elephants"] = elephants
    import json

    store._db.execute("UPDATE log SET payload=? WHERE seq=?", (json.dumps(payload), victim.seq))
    report = replay(store)
    assert not report.same
    assert report.differences[0].seq == victim.seq


def test_legal_play_never_raises_an_illegal_move_alert() -> None:
    # Players who move pieces before answering their phones run ahead of the
    # companion; that earns at most a "press turn done" notice, never a rule alert.
    raised: list[str] = []
    for seed in range(4):
        session = TableSession.new(["Ana", "Ben", "Cai"][: 2 + seed % 2], seed=seed)
        original = session.raise_alert

        def spy(reason, *args, _original=original, **kwargs):  # type: ignore[no-untyped-def]
            raised.append(reason.code)
            return _original(reason, *args, **kwargs)

        session.raise_alert = spy  # type: ignore[method-assign]
        ScriptedTable(
            session, Reconciler(session), PerfectTable(), seed=seed, phone_first=0.3
        ).play()
    assert set(raised) <= {"turn_not_closed"}


def test_a_resumed_game_waits_for_the_table_to_be_laid_out(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    first = open_session(path, ["Ana", "Ben"], seed=4)
    ScriptedTable(first, Reconciler(first), PerfectTable(), seed=4).play(max_actions=60)
    resumed = open_session(path, ["Ana", "Ben"])
    assert resumed.resumed and resumed.state == first.state
    reconciler = Reconciler(resumed)
    reconciler.expect_layout("Lay the table out", "Prepara la mesa")
    # Someone knocked an elephant off its path while the companion was off.
    table = Seen.of(observe(resumed.state))
    elephants = list(table.elephants or ())
    elephants[0] = -1
    disturbed = Seen(**{**table.__dict__, "elephants": tuple(elephants)})
    reconciler.on_seen(disturbed)
    checklist = reconciler.checklist()
    assert checklist is not None and [i["done"] for i in checklist["items"]] == [False]
    assert "elephant" in checklist["items"][0]["en"]
    assert not resumed.alerts  # owed pieces, not a rule broken
    reconciler.on_seen(table)
    assert reconciler.checklist() is None


def test_camera_thread_and_phone_requests_do_not_deadlock() -> None:
    # The camera thread feeds observations while phones read views and answer:
    # every path takes the table's one lock, so neither can wait on the other.
    import threading

    session = TableSession.new(["Ana", "Ben"], seed=8)
    reconciler = Reconciler(session)
    table = ScriptedTable(session, reconciler, PerfectTable(), seed=8, phone_first=0.5)
    stop = threading.Event()
    views = 0

    def phones() -> None:
        nonlocal views
        while not stop.is_set():
            session.seat_view(0)
            session.seat_view(None)
            views += 1

    reader = threading.Thread(target=phones, daemon=True)
    reader.start()
    worker = threading.Thread(target=table.play, daemon=True)
    worker.start()
    worker.join(timeout=120)
    stop.set()
    reader.join(timeout=10)
    assert not worker.is_alive() and not reader.is_alive(), "a thread is stuck"
    assert session.state.finished and views > 10


def test_an_elephant_moved_as_the_game_now_asks_is_not_flagged_while_moves_are_owed() -> None:
    # Placement seed 1's game at the bench: moves entered on the phone were
    # owed to the table (a worker the camera then missed), and the next
    # player's legal elephant move was flagged as a misplaced piece.
    from companion.games.amritsar.reconcile.reconciler import Reconciler as _Reconciler
    from companion.games.amritsar.session import TableSession as _Session
    from engine.amritsar import Act, Pending, legal_actions, observe

    for seed in range(20):
        session = _Session.new(["Ana", "Ben"], seed=seed)
        reconciler = _Reconciler(session)
        table = observe(session.state)
        reconciler.on_seen(Seen.of(table))
        for _ in range(300):
            state = session.state
            top = state.pending[-1]
            if top.kind == Pending.ELEPHANT and reconciler.checklist() is not None:
                now = observe(state).elephants[top.player]
                moves = [
                    a.a
                    for a in legal_actions(state)
                    if a.kind is Act.ELEPHANT and a.a not in (now, table.elephants[top.player])
                ]
                if moves:
                    break
            session.apply_actions([legal_actions(state)[-1]], "phone")
        else:
            continue
        elephants = list(table.elephants)
        elephants[top.player] = moves[0]
        reconciler.on_seen(Seen(**{**Seen.of(table).__dict__, "elephants": tuple(elephants)}))
        assert not [a for a in session.alerts if a.code == "misplaced_piece"]
        # An elephant where no move of the game's puts it is still flagged.
        stray = (
            next(
                d
                for d in range(4)
                if d not in moves and d not in (now, table.elephants[top.player])
            )
            if len(moves) < 3
            else None
        )
        if stray is not None:
            elephants[top.player] = stray
            reconciler.on_seen(Seen(**{**Seen.of(table).__dict__, "elephants": tuple(elephants)}))
            assert [a for a in session.alerts if a.code == "misplaced_piece"]
        return
    raise AssertionError("no seed reached an elephant move with moves owed to the table")
