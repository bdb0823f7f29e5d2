"""An alert stays until the table is put right or the table screen dismisses it.

Both paths: Amritsar's reconciler (``TableSession``) and a game served through
its ``Rules`` with a camera (``RulesSession``, Imhotep here). An alert about a
broken rule goes to the table screen and to the phone of the seat whose move
broke it; it survives later view updates (the same wrong table seen again,
other changes announced); dismissing it is a table command behind the PIN,
after which the same cause is not raised again until the table is put right;
and at most ``MAX_ALERTS`` are open, the oldest dropped.
"""

from __future__ import annotations

import random
from pathlib import Path

from fastapi.testclient import TestClient

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.session import TableSession
from companion.resume import open_any_session
from companion.rules_session import RulesSession
from companion.server import create_app
from companion.sim.fake_camera import FakeCamera
from companion.table_session import MAX_ALERTS
from engine.amritsar import legal_actions, observe
from engine.amritsar.decisions import Pending
from engine.core.reasons import Reason

NAMES = ["Ana", "Ben", "Cy"]


def _amritsar_at_phase_one() -> tuple[TableSession, Reconciler]:
    session = TableSession.new(["Ana", "Ben"], seed=5, pin="424242")
    reconciler = Reconciler(session)
    state = session.state
    while not (
        state.pending[-1].kind == Pending.ELEPHANT and state.players[state.current].elephant >= 0
    ):
        session.apply_actions([legal_actions(state)[0]], "phone")
        state = session.state
    reconciler.on_seen(Seen.of(observe(state)))
    return session, reconciler


def _with_elephant(session: TableSession, seat: int, district: int) -> Seen:
    obs = observe(session.state)
    elephants = list(obs.elephants)
    elephants[seat] = district
    seen = Seen.of(obs)
    fields = {k: getattr(seen, k) for k in Seen.__dataclass_fields__}
    return Seen(**{**fields, "elephants": tuple(elephants)})


def test_amritsar_alert_stays_through_updates_until_the_table_is_put_right() -> None:
    session, reconciler = _amritsar_at_phase_one()
    mover = session.state.current
    other = 1 - mover
    wrong = _with_elephant(session, other, (session.state.players[other].elephant + 1) % 4)
    reconciler.on_seen(wrong)
    [alert] = session.alerts
    assert alert.code == "not_your_piece"
    assert alert.seat == mover  # the phone of the player who moved it
    assert [a["id"] for a in session.seat_view(None)["alerts"]] == [alert.id]
    assert [a["id"] for a in session.seat_view(mover)["alerts"]] == [alert.id]
    assert session.seat_view(other)["alerts"] == []
    for _ in range(4):  # later looks at the same table and other updates
        reconciler.on_seen(wrong)
        session.touch("checklist")
        assert [a.id for a in session.alerts] == [alert.id]
    reconciler.on_seen(Seen.of(observe(session.state)))  # put right
    assert session.alerts == [] and session.dismissed == []


def test_amritsar_dismissed_alert_needs_the_pin_and_is_not_raised_again() -> None:
    session, reconciler = _amritsar_at_phase_one()
    other = 1 - session.state.current
    wrong = _with_elephant(session, other, (session.state.players[other].elephant + 1) % 4)
    reconciler.on_seen(wrong)
    [alert] = session.alerts
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        body = {"alert_id": alert.id}
        refused = client.post("/api/table/dismiss-alert", json=body)
        assert refused.status_code == 403
        assert [a["id"] for a in client.get("/api/view").json()["alerts"]] == [alert.id]
        pin = {"X-Table-Pin": "424242"}
        assert client.post("/api/table/dismiss-alert", json=body, headers=pin).status_code == 200
        assert client.get("/api/view").json()["alerts"] == []
        again = client.post("/api/table/dismiss-alert", json=body, headers=pin)
        assert again.status_code == 409 and again.json()["code"] == "no_such_alert"
    for _ in range(3):  # the table is still wrong: dismissed, not raised again
        reconciler.on_seen(wrong)
        assert session.alerts == []
    reconciler.on_seen(Seen.of(observe(session.state)))
    assert session.dismissed == []  # its cause is gone
    reconciler.on_seen(wrong)  # the same mistake made again is a new alert
    assert [a.code for a in session.alerts] == ["not_your_piece"]
    assert session.alerts[0].id != alert.id


def _imhotep_with_a_refused_move(tmp_path: Path) -> tuple[RulesSession, FakeCamera]:
    session = open_any_session(tmp_path / "game.sqlite", "imhotep", NAMES, public_seed=1)
    assert isinstance(session, RulesSession)
    session.use_camera()
    rules = session.rules
    camera = FakeCamera("imhotep", miss=0.0)
    rng = random.Random(3)
    for _ in range(400):
        if rules.physical_moves(session.state):
            return session, camera
        d = rules.decision(session.state)
        if d.is_chance:
            action = rules.random_chance(session.state, rng)
        else:
            action = rng.choice(rules.legal_actions(session.state))
        after, _ = rules.apply(session.state, action, check=False)
        before = session.state_id
        session.on_observation(camera.look(rules.observe(after)))
        if session.state_id == before or session._open_question() is not None:
            seat = session.seat_view(None)["decision"]["seat"]
            assert session.answer(seat, rules.format_action(action), session.state_id).ok
    raise AssertionError("no refused physical move came up")


def test_generic_alert_goes_to_the_mover_and_stays_until_dismissed(tmp_path: Path) -> None:
    session, camera = _imhotep_with_a_refused_move(tmp_path)
    rules = session.rules
    state, move = session.state, rules.physical_moves(session.state)[0]
    mover = rules.decision(state).player
    session.on_observation(camera.look(move.seen))
    [alert] = session.alerts
    assert alert.seat == mover and alert.rule and alert.fix_en and alert.fix_es
    for seat in (None, mover):
        assert [a["id"] for a in session.seat_view(seat)["alerts"]] == [alert.id]
    others = [s for s in range(len(NAMES)) if s != mover]
    assert all(session.seat_view(s)["alerts"] == [] for s in others)
    for _ in range(3):
        session.on_observation(camera.look(move.seen))
        session.touch("later update")
        assert [a["id"] for a in session.seat_view(mover)["alerts"]] == [alert.id]
    with TestClient(create_app(session), base_url="http://127.0.0.1") as client:
        body = {"alert_id": alert.id}
        assert client.post("/api/table/dismiss-alert", json=body).status_code == 403
        wrong_pin = {"X-Table-Pin": "000000" if session.pin != "000000" else "111111"}
        assert (
            client.post("/api/table/dismiss-alert", json=body, headers=wrong_pin).status_code == 403
        )
        assert session.alerts == [alert]
        pin = {"X-Table-Pin": session.pin}
        assert client.post("/api/table/dismiss-alert", json=body, headers=pin).status_code == 200
    session.on_observation(camera.look(move.seen))  # still wrong, dismissed: not again
    assert session.alerts == []
    session.on_observation(camera.look(rules.observe(state)))  # put right
    assert session.dismissed == []
    session.on_observation(camera.look(move.seen))
    assert [a.seat for a in session.alerts] == [mover]


def test_at_most_a_few_alerts_are_open_the_oldest_dropped() -> None:
    session = TableSession.new(["Ana", "Ben"], seed=5)
    raised = [
        session.raise_alert(Reason("game_over"), f"fix {n}", f"arreglo {n}").id
        for n in range(MAX_ALERTS + 4)
    ]
    assert [a.id for a in session.alerts] == raised[-MAX_ALERTS:]
    session.clear_alerts()
    assert session.alerts == [] and len(session.dismissed) == MAX_ALERTS
    more = [session.raise_alert(Reason("game_over")).id for _ in range(3)]
    session.clear_alerts()
    assert [a.id for a in session.dismissed] == (raised + more)[-MAX_ALERTS:]
