"""Each reason the reconciler gives for a table the rules do not allow."""

from __future__ import annotations

from typing import Any

from companion.games.amritsar.reconcile.diagnose import diagnose
from companion.games.amritsar.reconcile.fusion import SensorTable
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.search import infer
from companion.games.amritsar.reconcile.seen import Seen
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.sensors.events import BoardState, Elephant
from companion.games.amritsar.session import TableSession
from engine.amritsar import Act, GameState, apply, legal_actions, observe
from engine.amritsar.board import District, WorkerColour, parse_section
from engine.amritsar.decisions import Pending
from engine.amritsar.reasons import TABLE_REASONS
from tests.companion.test_reconcile import COLOURS, NAMES, _sowing_example

B, W = WorkerColour.BLUE, WorkerColour.WHITE


def _seen(state: GameState, **fields: Any) -> Seen:
    seen = Seen.of(observe(state))
    return Seen(**{**{k: getattr(seen, k) for k in Seen.__dataclass_fields__}, **fields})


def _after_sowing() -> GameState:
    state = _sowing_example()
    for step in ("elephant W", "sow E1", "place B", "skip", "place W"):
        state = apply(state, next(a for a in legal_actions(state) if str(a) == step))[0]
    assert state.pending[-1].kind == Pending.ACTIONS
    return state


def _reason(state: GameState, seen: Seen) -> str:
    assert infer(state, seen).kind == "none"
    return diagnose(state, seen, COLOURS, NAMES).reason.code


def test_elephant_moved_after_sowing_without_the_movement_token() -> None:
    state = _after_sowing()
    elephants = list(observe(state).elephants)
    elephants[0] = District.NORTH
    assert _reason(state, _seen(state, elephants=tuple(elephants))) == "elephant_phase"


def test_workers_taken_from_two_sections() -> None:
    state = _sowing_example()
    sections = [list(s) for s in state.sections]
    sections[parse_section("N1")] = []
    sections[parse_section("E1")] = []
    sections[parse_section("S1")] = [B, B]
    sections[parse_section("S2")] = [W]
    seen = _seen(state, sections=tuple(tuple(s) for s in sections), section_coins=None)
    assert _reason(state, seen) == "sow_one_section"


def test_workers_moved_outside_phase_2() -> None:
    state = _after_sowing()
    sections = [list(s) for s in state.sections]
    sections[parse_section("N2")], sections[parse_section("E1")] = (
        [],
        list(state.sections[parse_section("N2")]),
    )
    assert (
        _reason(state, _seen(state, sections=tuple(tuple(s) for s in sections))) == "sow_wrong_time"
    )


def _donating(state: GameState) -> GameState:
    """Purple, after sowing, chooses her donation mahout tile by elephant."""
    donate = next(a for a in legal_actions(state) if a.kind is Act.ELEPHANT_MAHOUT)
    state = apply(state, donate)[0]
    assert state.pending[-1].kind == Pending.DONATE
    return state


def _with_resources(state: GameState) -> GameState:
    from tests.support.positions import edit

    return edit(state, lambda d: d["seats"][0]["resources"].update(marble=1, copper=1, gold=1))


def test_counter_placed_where_her_elephant_is_not() -> None:
    state = _donating(_with_resources(_after_sowing()))
    rows = [list(r) for r in state.donations]
    rows[District.NORTH][0] = 0  # her counter on the North tile; her elephant is in the West
    assert (
        _reason(state, _seen(state, donations=tuple(tuple(r) for r in rows))) == "donation_elephant"
    )


def test_counter_placed_without_a_donation_action() -> None:
    state = _sowing_example()
    rows = [list(r) for r in state.donations]
    rows[District.EAST][0] = 0
    assert (
        _reason(state, _seen(state, donations=tuple(tuple(r) for r in rows)))
        == "donation_wrong_time"
    )


def test_market_touched_outside_a_market_action() -> None:
    state = _sowing_example()
    market = list(state.market)
    market[0] -= 1
    assert _reason(state, _seen(state, market=tuple(market))) == "market_wrong_time"


def test_anything_else_the_rules_do_not_explain() -> None:
    state = _sowing_example()
    revealed = frozenset(state.revealed_storehouses) - {state.revealed_storehouses[0]}
    assert _reason(state, _seen(state, revealed_storehouses=revealed)) == "table_changed"


def _runner_with_sensors() -> tuple[TableSession, TableRunner]:
    """A session with both elephants placed, and a runner whose sensor board
    reports them where the game has them."""
    session = TableSession.new(["Ana", "Ben"], seed=2)
    while session.state.players[1].elephant < 0:
        session.apply_actions([legal_actions(session.state)[0]], "phone")
    runner = TableRunner(session, Reconciler(session))
    runner.sensors = SensorTable()
    placed: dict[District, tuple[Elephant, ...]] = {}
    for p in session.state.players:  # two elephants may share a path
        tag = Elephant(f"04{p.seat}", session.seats[p.seat].colour)
        placed[District(p.elephant)] = (*placed.get(District(p.elephant), ()), tag)
    token = frozenset({session.state.maharajah_space})
    runner.sensors.apply(
        BoardState(board="b", boot="x", seq=1, elephants=placed, token_spaces=token, presses={})
    )
    return session, runner


def test_camera_and_sensor_board_disagreeing_is_reported() -> None:
    session, runner = _runner_with_sensors()
    camera = Seen.of(observe(session.state))
    elephants = list(camera.elephants or ())
    elephants[0] = (elephants[0] + 1) % 4
    runner._camera_seen = Seen(**{**camera.__dict__, "elephants": tuple(elephants)})
    runner._observe()
    codes = [a.code for a in session.alerts]
    assert "sensors_disagree" in codes
    assert "purple elephant" in next(a.en for a in session.alerts if a.code == "sensors_disagree")


def test_every_table_reason_is_produced_by_a_test_here_or_in_test_reconcile() -> None:
    import inspect

    import tests.companion.test_reconcile as other

    text = inspect.getsource(
        inspect.getmodule(test_every_table_reason_is_produced_by_a_test_here_or_in_test_reconcile)
    ) + inspect.getsource(other)
    tested_elsewhere = {
        "turn_not_closed",
        "misplaced_piece",
        "table_behind",
        "setup_from_table",
        "sensor_report_refused",
        "camera_notice",
    }  # test_reconciler, test_solo_table, test_setup_draws, tests/sensors/test_hardening,
    # test_camera_notices
    missing = {code for code in TABLE_REASONS - tested_elsewhere if f'"{code}"' not in text}
    assert not missing, f"no test produces {sorted(missing)}"


def test_a_lasting_disagreement_is_one_alert_withdrawn_when_it_ends() -> None:
    session, runner = _runner_with_sensors()
    camera = Seen.of(observe(session.state))
    wrong = list(camera.elephants or ())
    wrong[0] = (wrong[0] + 1) % 4
    runner._camera_seen = Seen(**{**camera.__dict__, "elephants": tuple(wrong)})
    for _ in range(3):
        runner._observe()
    assert [a.code for a in session.alerts].count("sensors_disagree") == 1
    runner._camera_seen = camera
    runner._observe()
    assert "sensors_disagree" not in [a.code for a in session.alerts]


def test_a_stopped_sensor_link_is_reported() -> None:
    from companion.games.amritsar.sensors import LinkRefused

    class RefusedLink:
        def get(self, timeout: float | None = None) -> None:
            raise LinkRefused("the broker refused the password", "el broker rechazó la contraseña")

        def close(self) -> None:
            pass

    session = TableSession.new(["Ana", "Ben"], seed=2)
    runner = TableRunner(session, Reconciler(session), link=RefusedLink())  # type: ignore[arg-type]
    runner._sensor_loop()
    alert = next(a for a in session.alerts if a.code == "sensor_link_stopped")
    assert "refused the password" in alert.en and "rechazó la contraseña" in alert.es
