"""``companion demo --game NAME --camera``: a whole game whose table reaches the session by camera.

For Imhotep, Ceylon and Rajas, through the observation-level fake camera
(``--camera fake``; rendering 12 MP frames of a whole game takes minutes, so
the rendered path is tested on a stamped table at the lowest layer): the game is played to its final
sheets, most moves and public draws are read from the table, one move the
rules refuse is caught with its rule and fix and put right, no alert is
raised on legal play, and the phones answer only what the table cannot show.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from companion.cli import main
from companion.sim.camera_demo import (
    AVOIDABLE,
    FORCED,
    READ_KINDS,
    run_camera_demo,
    why_on_phone,
)
from companion.sim.fake_camera import BLIND, FakeCamera

PHONE_KINDS = {
    "secret draw on the drawer's phone",
    "move the camera missed, on the phone",
    "question on the phone (the table fits several moves)",
    "roll entered on the roller's phone",
    "draw entered on the table screen",
    "draw the table moved past, asked on the phone",
    "move no camera sees, on the phone",  # the table ran ahead, then stalled
}


@pytest.mark.parametrize("game", ["imhotep", "ceylon", "rajas"])
def test_a_whole_game_through_the_camera(game: str, tmp_path: Path) -> None:
    report = run_camera_demo(
        game,
        players=2,
        seed=1,
        log_path=tmp_path / "g.sqlite",
        out=io.StringIO(),
        eye=FakeCamera(game, seed=1),
    )
    assert report.session.seat_view(None)["finished"]
    assert report.through == "fake camera"
    assert report.illegal_caught and report.illegal_put_right
    assert report.alerts_on_legal_play == 0 and report.session.alerts == []
    camera = report.steps["move read by the camera"]
    asked = sum(n for kind, n in report.steps.items() if kind in PHONE_KINDS)
    assert set(report.steps) <= PHONE_KINDS | READ_KINDS
    assert sum(report.phone.values()) == asked == report.phone_answers()
    avoidable = sum(n for (why, _), n in report.phone.items() if why == AVOIDABLE)
    assert camera > 3 * avoidable  # the phones answer mostly what the table cannot show


def test_rajas_rolls_colours_and_karma_are_read_from_the_dice(tmp_path: Path) -> None:
    """The camera table reads the dice's pips: with a camera that never misses, no
    roll, no die's colour and no karma use reaches a phone (a colour is told by
    the die rolled at once); what is left is forced (upgrade cubes: levels)."""
    report = run_camera_demo(
        "rajas",
        players=2,
        seed=1,
        log_path=tmp_path / "g.sqlite",
        out=io.StringIO(),
        eye=FakeCamera("rajas", miss=0.0, seed=1),
    )
    assert report.session.seat_view(None)["finished"]
    assert report.steps["draw read by the camera"] > 50
    words = {word for _, word in report.phone}
    assert not words & {"roll", "colour", "karma"}
    assert report.steps["roll entered on the roller's phone"] == 0
    assert all(why.startswith(FORCED) for why, _ in report.phone)
    assert any(why == f"{FORCED} (levels)" for why, word in report.phone if word == "upgrade")
    assert report.phone_answers() <= 12


def test_a_roll_is_avoidable_now_that_pips_are_read_and_forced_without() -> None:
    from engine.rajas import RajasRules

    rules = RajasRules()
    state = rules.new_game(2)
    blind = frozenset(BLIND["rajas"])
    assert "dice" not in blind
    while (
        not rules.decision(state).is_chance
        or rules.format_action(rules.legal_actions(state)[0]).split()[0] != "roll"
    ):
        state, _ = rules.apply(state, rules.legal_actions(state)[0])
    roll = rules.legal_actions(state)[0]
    assert why_on_phone(rules, state, roll, blind) == AVOIDABLE
    assert why_on_phone(rules, state, roll, blind | {"dice"}) == f"{FORCED} (dice)"
    while rules.decision(state).is_chance:
        state, _ = rules.apply(state, rules.legal_actions(state)[0])
    take = next(
        a for a in rules.legal_actions(state) if rules.format_action(a) == "place take-blue"
    )
    assert why_on_phone(rules, state, take, blind) == AVOIDABLE


def test_ceylon_tech_steps_are_read_from_the_track(tmp_path: Path) -> None:
    """The camera table reads the disc topping each tech track space (``tech_tops``):
    with a camera that never misses, no tech step reaches a phone."""
    assert "tech_tops" not in BLIND["ceylon"]
    report = run_camera_demo(
        "ceylon",
        players=2,
        seed=1,
        log_path=tmp_path / "g.sqlite",
        out=io.StringIO(),
        eye=FakeCamera("ceylon", miss=0.0, seed=1),
    )
    assert report.session.seat_view(None)["finished"]
    assert sum(p.tech for p in report.session.state.players) >= 2  # steps were taken
    assert not [word for _, word in report.phone if word == "tech"]


def test_a_tech_step_is_avoidable_with_the_track_read_and_forced_without() -> None:
    from engine.ceylon import CeylonRules

    rules = CeylonRules()
    state = rules.new_game(2, seed=4)
    blind = frozenset(BLIND["ceylon"])
    for _ in range(400):
        tech = [a for a in rules.legal_actions(state) if rules.format_action(a).startswith("tech")]
        if tech and not rules.decision(state).is_chance:
            break
        state, _ = rules.apply(state, rules.legal_actions(state)[-1])
    assert tech, "no tech step offered in 400 moves"
    assert why_on_phone(rules, state, tech[0], blind) == AVOIDABLE
    assert why_on_phone(rules, state, tech[0], blind | {"tech_tops"}).startswith(FORCED)


def test_the_command_prints_the_refused_move_and_the_sheets(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    assert (
        main(
            [
                "demo",
                "--game",
                "imhotep",
                "--simulated",
                "casual",
                "--camera",
                "fake",
                "--no-server",
                "--players",
                "2",
                "--seed",
                "2",
                "--log",
                str(tmp_path / "g.sqlite"),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "read by the camera (fake camera)" in out
    assert "makes a move the rules refuse" in out and "puts it right; the alert is gone" in out
    assert "move read by the camera" in out and "The game is over" in out
    finals = [line for line in out.splitlines() if line.endswith(("points", "<- winner"))]
    assert [line.split()[0] for line in finals] == ["Ana", "Ben"]


def test_a_game_with_a_camera_table_is_played_through_rendered_frames(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    import vision.games
    from tests.support.stamped_table import StampedTable

    table = StampedTable()
    monkeypatch.setitem(vision.games.TABLES, "imhotep", lambda: table)
    report = run_camera_demo(
        "imhotep", players=2, seed=4, log_path=tmp_path / "g.sqlite", out=io.StringIO(), miss=0.0
    )
    assert report.through == "rendered frames"
    assert report.session.seat_view(None)["finished"] and report.illegal_put_right
    assert len(table.shown) > 50 and report.steps["move read by the camera"] > 50
