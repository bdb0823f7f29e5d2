"""The setup taken from the table: dealt by the engine, laid out, rendered, read back.

Each game's setup is dealt at random by the engine, laid out on the table
(``truth_from_state``), rendered by the synthetic camera and read by the real
vision pipeline; the draws taken from that reading must rebuild exactly the
dealt setup. Tables that are not a legal setup (or not fully seen) give the
fix in English and Spanish and apply nothing.
"""

from __future__ import annotations

import json
import random
import signal
import urllib.request
from dataclasses import replace
from pathlib import Path

import pytest

from companion.games.amritsar.reconcile.camera import truth_from_state
from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.reconcile.setup_draws import (
    HIDDEN_DRAWS,
    SetupProblem,
    TableDraw,
    describe_setup,
    table_draw,
    visible_draws,
)
from companion.games.amritsar.reconcile.setup_table import (
    ALERT_CODE,
    REST_TITLE,
    SetupWatch,
    deal_hidden,
    setup_pending,
    take_setup,
)
from companion.games.amritsar.resume import open_session
from companion.games.amritsar.runner import TableRunner
from companion.games.amritsar.session import TableSession
from engine.amritsar import (
    Act,
    Action,
    Game,
    GameState,
    apply,
    describe_storehouse,
    legal_actions,
    new_game,
)
from engine.amritsar.board import District
from engine.amritsar.decisions import Pending
from tests.companion.test_run_command import _free_port, _start
from tests.companion.test_runner import _wait
from vision.pipeline import Pipeline
from vision.snapshot import SetupReading, TableSnapshot
from vision.synthetic import SyntheticCamera

NAMES = ["Ana", "Ben", "Cai", "Dee"]


def _names(players: int) -> list[str]:
    return NAMES[:players]


def _colours(players: int, solo: bool) -> tuple[str, ...]:
    session = TableSession.new(_names(players), solo=solo)
    return tuple(s.colour for s in session.seats)


def _dealt(players: int, solo: bool, seed: int) -> Game:
    return Game.new(players, solo=solo, seed=seed)


def _read(truth: TableSnapshot, seed: int) -> TableSnapshot:
    """Render the table and run the pipeline until the picture settles."""
    camera = SyntheticCamera(truth, seed=seed)
    pipeline = Pipeline(truth.players, focal_px=camera.focal_px)
    for _ in range(10):
        snapshot = pipeline.process(camera.read())
        if not snapshot.settling:
            return snapshot
    raise AssertionError("the picture never settled")


def _setup_of(state: GameState) -> tuple[object, ...]:
    return (
        state.temple,
        state.bridge,
        state.district_tiles,
        state.sections,
        state.maharajah_workers,
        state.revealed_storehouses,
    )


@pytest.mark.parametrize(
    "players,solo,seed",
    [(1, True, 3), (2, False, 4), (3, False, 5), (4, False, 6), (2, False, 17), (4, False, 23)],
)
def test_the_setup_read_through_the_camera_is_the_dealt_one(
    players: int, solo: bool, seed: int
) -> None:
    dealt = _dealt(players, solo, seed)
    colours = _colours(players, solo)
    snapshot = _read(truth_from_state(dealt.state, colours), seed)

    fresh = new_game(players, solo=solo)
    actions, problems = visible_draws(fresh, snapshot)
    assert problems == ()
    state = fresh
    for action in actions:
        state, _ = apply(state, action)  # checked again by the engine
    assert _setup_of(state) == _setup_of(dealt.state)
    # Exactly the visible draws were taken; the next one is a secret card.
    hidden = [e for e in dealt.entries if Pending(e.action.b) in HIDDEN_DRAWS]
    assert len(actions) == len(dealt.entries) - len(hidden)
    assert Pending(state.pending[-1].kind) is Pending.CHANCE_OBJECTIVE
    assert table_draw(state, snapshot).hidden
    # With the dealt game's secret draws the whole game is the dealt one.
    for entry in hidden:
        state, _ = apply(state, entry.action)
    assert state == dealt.state


def test_each_draw_alone_answers_the_pending_decision() -> None:
    dealt = _dealt(2, False, 8)
    truth = truth_from_state(dealt.state, _colours(2, False))
    state = new_game(2)
    taken = 0
    while True:
        draw = table_draw(state, truth)
        if draw.hidden:
            break
        assert draw.action is not None and not draw.problems
        assert draw.action == dealt.entries[taken].action
        state, _ = apply(state, draw.action)
        taken += 1
    assert taken == 3 + 3 + 12 + 12 + 4 + 6  # temple, bridge, tiles, workers, beside, stores
    assert _setup_of(state) == _setup_of(dealt.state)


def test_no_draw_pending_is_refused() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(ValueError, match="no setup draw"):
        table_draw(state, TableSnapshot.empty(2))


# -- tables that are not a legal setup ---------------------------------------------------


def _table(players: int = 2, seed: int = 9) -> tuple[Game, TableSnapshot]:
    dealt = _dealt(players, False, seed)
    return dealt, truth_from_state(dealt.state, _colours(players, False))


def _with_setup(truth: TableSnapshot, **changes: object) -> TableSnapshot:
    return replace(truth, setup=replace(truth.setup, **changes))  # type: ignore[arg-type]


def _problems(truth: TableSnapshot, players: int = 2) -> tuple[SetupProblem, ...]:
    actions, problems = visible_draws(new_game(players), truth)
    assert actions == ()  # nothing is taken from a table with something to fix
    assert problems
    for p in problems:
        assert p.en and p.es and p.fix_en and p.fix_es
        assert p.en != p.es and p.fix_en != p.fix_es
    return problems


def _swap_tiles(
    setup: SetupReading, a: tuple[str, int], b: tuple[str, int]
) -> dict[str, tuple[str | None, str | None, str | None]]:
    tiles = {k: list(v) for k, v in setup.district_tiles.items()}
    tiles[a[0]][a[1]], tiles[b[0]][b[1]] = tiles[b[0]][b[1]], tiles[a[0]][a[1]]
    return {k: (v[0], v[1], v[2]) for k, v in tiles.items()}


def test_two_tiles_of_one_colour_in_a_district_name_the_district_and_colour() -> None:
    dealt, truth = _table()
    catalog = dealt.state.catalog
    tiles = truth.setup.district_tiles
    colour = {t.id: t.colour for t in catalog.district_tiles}
    # Move North's centre tile's colour into North again: swap North's right tile
    # with a tile of the centre's colour from another district.
    centre = colour[tiles["N"][1]]  # type: ignore[index]
    other = next(
        (d, s)
        for d in "ESW"
        for s in range(3)
        if colour[tiles[d][s]] is centre  # type: ignore[index]
        and colour[tiles["N"][2]] not in {colour[t] for t in tiles[d] if t}  # type: ignore[index]
    )
    bad = _with_setup(truth, district_tiles=_swap_tiles(truth.setup, ("N", 2), other))
    problems = _problems(bad)
    assert [p.code for p in problems] == ["district-colours"]
    assert "North" in problems[0].en and centre.name.lower() in problems[0].en
    assert "Norte" in problems[0].es and centre.es in problems[0].es


def test_left_tiles_of_one_colour_break_the_first_tile_rule() -> None:
    dealt, truth = _table()
    catalog = dealt.state.catalog
    colour = {t.id: t.colour for t in catalog.district_tiles}
    tiles = truth.setup.district_tiles
    north_left = colour[tiles["N"][0]]  # type: ignore[index]
    # Within another district, bring a tile of North's left colour to the left space.
    district, slot = next(
        (d, s)
        for d in "ESW"
        for s in (1, 2)
        if colour[tiles[d][s]] is north_left  # type: ignore[index]
    )
    bad = _with_setup(
        truth, district_tiles=_swap_tiles(truth.setup, (district, 0), (district, slot))
    )
    problems = _problems(bad)
    assert [p.code for p in problems] == ["first-tiles"]
    other = District.parse(district)
    assert "North" in problems[0].en and other.title in problems[0].en
    assert "Norte" in problems[0].es and other.es in problems[0].es


def test_the_active_temple_tile_must_face_north() -> None:
    _, truth = _table()
    problems = _problems(_with_setup(truth, temple_rotation=90))
    assert [p.code for p in problems] == ["temple-turned"]
    assert "90°" in problems[0].en and "90°" in problems[0].es
    assert "anticlockwise" in problems[0].fix_en and "antihorario" in problems[0].fix_es


def test_an_empty_or_unseen_slot_is_named() -> None:
    _, truth = _table()
    tiles = dict(truth.setup.district_tiles)
    tiles["S"] = (tiles["S"][0], None, tiles["S"][2])
    empty = _problems(_with_setup(truth, district_tiles=tiles))
    assert [(p.code, p.zones) for p in empty] == [("empty", ("district-slot:S:centre",))]
    assert "centre" in empty[0].en and "South" in empty[0].en
    assert "central" in empty[0].es and "Sur" in empty[0].es
    hidden = _problems(replace(truth, unseen=("district-slot:W:left", "bridge:II")))
    assert {(p.code, p.zones) for p in hidden} == {
        ("unseen", ("district-slot:W:left",)),
        ("unseen", ("bridge:II",)),
    }
    assert all("cannot see" in p.en and "no ve" in p.es for p in hidden)


def test_bridges_start_face_up_and_all_three_are_needed() -> None:
    _, truth = _table()
    bridges = dict(truth.setup.bridges)
    ident = bridges["II"][0]  # type: ignore[index]
    bridges["II"] = (ident, False)
    bridges["III"] = None
    problems = _problems(_with_setup(truth, bridges=bridges))
    assert [p.code for p in problems] == ["bridge-face-down", "empty"]
    assert ident in problems[0].en and "boca abajo" in problems[0].es


def test_workers_on_the_marked_spaces_three_of_each_colour() -> None:
    _, truth = _table()
    sections = dict(truth.sections)
    # One worker too many in N1 (it starts with its marked spaces filled).
    crowded = replace(truth, sections={**sections, "N1": (*sections["N1"], "Y4")})
    problems = _problems(crowded)
    assert [p.code for p in problems] == ["section-count"]
    assert "N1" in problems[0].en and "Take 1 worker out" in problems[0].fix_en
    # A worker of the wrong colour: four of one colour, two of another.
    first = sections["N1"][0]
    other = next(w for s in sections.values() for w in s if w[0] != first[0])
    recoloured = replace(truth, sections={**sections, "N1": (other[0] + "9", *sections["N1"][1:])})
    problems = _problems(recoloured)
    assert [p.code for p in problems] == ["worker-colours"]
    assert "4 " in problems[0].en and "2 " in problems[0].en


def test_workers_beside_the_maharajah_spaces() -> None:
    _, truth = _table(2)
    beside = dict(truth.maharajah_workers)
    beside["NE"], beside["ES"] = beside["ES"], beside["ES"]
    problems = _problems(replace(truth, maharajah_workers=beside))
    assert [p.code for p in problems] == ["maharajah-workers"]
    # Three players: the extra workers leave the game.
    _, three = _table(3, seed=2)
    extra = replace(three, maharajah_workers={**three.maharajah_workers, "SW": "G4"})
    problems = _problems(extra, players=3)
    assert [p.code for p in problems] == ["extra-workers"]
    assert "SW" in problems[0].en and "SW" in problems[0].es


def test_the_number_of_revealed_storehouses_follows_the_players() -> None:
    _, truth = _table(2)
    stores = truth.setup.storehouses
    problems = _problems(_with_setup(truth, storehouses=stores[:4]))
    assert [p.code for p in problems] == ["storehouse-count"]
    assert "4 storehouses" in problems[0].en and "reveals 6" in problems[0].en
    assert "Reveal 2 more" in problems[0].fix_en and "Revela 2" in problems[0].fix_es


def test_a_table_that_differs_from_draws_already_made() -> None:
    dealt, truth = _table()
    state = new_game(2)
    other = next(i for i in range(4) if i != dealt.state.temple[0])
    state, _ = apply(state, Action(Act.CHANCE, other, int(Pending.CHANCE_TEMPLE)))
    draw = table_draw(state, truth)
    assert draw.action is None and [p.code for p in draw.problems] == ["differs-from-game"]
    assert state.catalog.temple_tiles[other].id in draw.problems[0].en
    assert state.catalog.temple_tiles[other].id in draw.problems[0].es


def test_an_unreadable_table_read_through_the_camera_applies_nothing(tmp_path: Path) -> None:
    """Rendered and read for real: a turned temple tile and a bridge face down."""
    _, truth = _table(2, seed=12)
    bridges = dict(truth.setup.bridges)
    bridges["I"] = (bridges["I"][0], False)  # type: ignore[index]
    snapshot = _read(_with_setup(truth, temple_rotation=180, bridges=bridges), 12)
    session = open_session(tmp_path / "game.sqlite", ["Ana", "Ben"])
    before = session.state
    taken = take_setup(session, snapshot)
    assert not taken.ok and taken.actions == ()
    assert [p.code for p in taken.problems] == ["temple-turned", "bridge-face-down"]
    assert "180°" in taken.problems[0].en
    assert session.state is before and session.steps == []


# -- the session: one logged step, dealt secrets, resume ----------------------------------


@pytest.mark.parametrize("players,solo", [(1, True), (3, False)])
def test_the_session_takes_the_setup_as_one_logged_step_and_resumes_it(
    tmp_path: Path, players: int, solo: bool
) -> None:
    dealt = _dealt(players, solo, 41)
    colours = _colours(players, solo)
    snapshot = _read(truth_from_state(dealt.state, colours), 41)
    log = tmp_path / "game.sqlite"
    session = open_session(log, _names(players), solo=solo)
    assert setup_pending(session)
    taken = take_setup(session, snapshot)
    assert taken.ok and taken.actions
    assert _setup_of(session.state) == _setup_of(dealt.state)
    assert session.step_log == [("camera", taken.actions)]
    dealt_secret = deal_hidden(session, random.Random(5))
    assert dealt_secret and all(a.b in {int(k) for k in HIDDEN_DRAWS} for a in dealt_secret)
    assert not setup_pending(session)
    assert Pending(session.state.pending[-1].kind) is Pending.SETUP_OBJECTIVE
    again = open_session(log, _names(players), solo=solo)
    assert again.resumed and again.state == session.state


def test_the_watch_shows_what_to_fix_then_takes_the_setup(tmp_path: Path) -> None:
    dealt, truth = _table(2, seed=14)
    session = open_session(tmp_path / "game.sqlite", ["Ana", "Ben"])
    reconciler = Reconciler(session)
    said: list[str] = []
    watch = SetupWatch(session, reconciler, random.Random(1), say=said.append)
    watch.begin()
    assert reconciler.checklist() is not None
    turned = _with_setup(truth, temple_rotation=270)
    assert not watch.on_snapshot(turned)
    alerts = [a for a in session.alerts if a.code == ALERT_CODE == "setup_from_table"]
    assert len(alerts) == 1 and "270°" in alerts[0].en and "270°" in alerts[0].es
    assert "anticlockwise" in alerts[0].fix_en and "antihorario" in alerts[0].fix_es
    assert not watch.on_snapshot(turned)  # the same picture: the same single alert
    assert len([a for a in session.alerts if a.code == ALERT_CODE]) == 1
    assert watch.on_snapshot(truth)
    assert not session.alerts and not setup_pending(session)
    assert _setup_of(session.state) == _setup_of(dealt.state)
    assert session.log[-1].en.startswith("Setup read from the table:")
    assert session.log[-1].es.startswith("Preparación leída de la mesa:")
    checklist = reconciler.checklist()
    assert checklist is not None and checklist["title_en"] == REST_TITLE[0]
    assert said and "temple" in said[-1]


def test_describe_setup_names_every_part() -> None:
    state = _dealt(2, False, 3).state
    en, es = describe_setup(state)
    catalog = state.catalog
    for ident in (
        catalog.temple_tiles[state.temple[0]].id,
        catalog.bridge_tiles[state.bridge[2]].id,
        catalog.district_tiles[state.district_tiles[3][2]].id,
    ):
        assert ident in en and ident in es
    assert "temple" in en and "templo" in es
    # Storehouses by what is printed on them, never by catalogue id (issue 16).
    store = catalog.storehouses[state.revealed_storehouses[-1]]
    assert describe_storehouse(store, "en") in en and describe_storehouse(store, "es") in es
    assert store.id not in en and store.id not in es


def test_a_hidden_draw_is_left_to_the_dealing() -> None:
    state = new_game(2, seed=None)
    while Pending(state.pending[-1].kind) not in HIDDEN_DRAWS:
        state, _ = apply(state, legal_actions(state)[0])
    assert table_draw(state, TableSnapshot.empty(2)) == TableDraw(None)


# -- the runner and ``companion run --setup table`` ----------------------------------------


def test_the_runner_waits_for_a_legal_table_then_takes_the_setup_and_plays_on(
    tmp_path: Path,
) -> None:
    dealt, truth = _table(2, seed=19)
    session = open_session(tmp_path / "game.sqlite", ["Ana", "Ben"])
    reconciler = Reconciler(session)
    watch = SetupWatch(session, reconciler, random.Random(2))
    watch.begin()
    short = _with_setup(truth, storehouses=truth.setup.storehouses[:4])
    camera = SyntheticCamera(short, seed=19)
    runner = TableRunner(
        session,
        reconciler,
        source=camera,
        pipeline=Pipeline(2, focal_px=camera.focal_px),
        setup=watch,
    ).start()
    try:
        assert _wait(lambda: any(a.code == ALERT_CODE for a in session.alerts))
        assert setup_pending(session) and session.steps == []
        alert = next(a for a in session.alerts if a.code == ALERT_CODE)
        assert "Reveal 2 more" in alert.fix_en and "Revela 2 más" in alert.fix_es
        camera.move(truth, hand_frames=2)  # a player reveals the two missing storehouses
        assert _wait(lambda: not setup_pending(session))
        assert _setup_of(session.state) == _setup_of(dealt.state)
        # The rest of the table (market, counters) is as the game starts: the
        # checklist is ticked off and the reconciler takes over.
        assert _wait(lambda: reconciler.debt is None)
        assert not session.alerts and not runner.stats.errors
    finally:
        runner.stop()


def test_companion_run_setup_table_refuses_without_a_camera(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from companion.cli import main

    log = tmp_path / "game.sqlite"
    code = main(
        ["run", "--setup", "table", "--camera", "none", "--serial", "none", "--log", str(log)]
    )
    assert code == 2 and not log.exists()
    assert "--setup table" in capsys.readouterr().out
    code = main(
        ["run", "--setup", "table", "--camera", str(tmp_path / "nothing"), "--log", str(log)]
    )
    assert code == 2 and not log.exists()
    assert "needs the camera" in capsys.readouterr().out


def test_companion_run_setup_table_reads_the_setup_from_recorded_frames(tmp_path: Path) -> None:
    import cv2

    dealt, truth = _table(3, seed=27)
    frames = tmp_path / "frames"
    frames.mkdir()
    camera = SyntheticCamera(truth, seed=27)
    for n in range(4):
        assert cv2.imwrite(str(frames / f"{n:03d}.png"), camera.read().image)
    log = tmp_path / "game.sqlite"
    port = _free_port()
    process = _start(
        log, port, "--players", "Ana,Ben,Cai", "--setup", "table", "--camera", str(frames)
    )
    try:

        def decided() -> bool:
            try:
                url = f"http://127.0.0.1:{port}/api/view"
                with urllib.request.urlopen(url, timeout=2) as response:
                    view = json.loads(response.read())
            except OSError:
                return False
            return bool(view["decision"]["kind"] == "SETUP_OBJECTIVE")

        assert _wait(decided, 60), "the setup was not taken from the frames"
    finally:
        process.send_signal(signal.SIGINT)
        output = process.communicate(timeout=20)[0]
    assert "Setup taken from the table: temple" in output
    resumed = open_session(log, ["Ana", "Ben", "Cai"])
    assert _setup_of(resumed.state) == _setup_of(dealt.state)


def test_a_doubtful_reading_of_a_setup_zone_is_passed_on() -> None:
    from vision.snapshot import Problem

    _, truth = _table()
    doubt = Problem("seen-twice", ("section:N1", "section:S2"), ("Y1",), "Y1 twice.", "Y1 dos.")
    problems = _problems(replace(truth, problems=(doubt,)))
    assert [(p.code, p.en, p.es) for p in problems] == [("seen:seen-twice", "Y1 twice.", "Y1 dos.")]


def test_a_tile_shown_twice_is_refused_by_the_setup_rules() -> None:
    _, truth = _table()
    active = truth.setup.temple_active
    twice = _with_setup(truth, temple_stack={**truth.setup.temple_stack, "lower": active})
    problems = _problems(twice)
    assert [p.code for p in problems] == ["rule:chance_outcome"]
    assert "already placed" in problems[0].en and "ya está colocada" in problems[0].es


def test_a_watch_resumed_after_the_camera_step_deals_only_the_secrets(tmp_path: Path) -> None:
    dealt, truth = _table(2, seed=30)
    log = tmp_path / "game.sqlite"
    first = open_session(log, ["Ana", "Ben"])
    assert take_setup(first, truth).ok  # then the companion stopped before dealing
    session = open_session(log, ["Ana", "Ben"])
    assert session.resumed and setup_pending(session)
    SetupWatch(session, Reconciler(session), random.Random(3)).begin()
    assert not setup_pending(session)
    assert session.step_log[-1][0] == "dealt"
    assert _setup_of(session.state) == _setup_of(dealt.state)
