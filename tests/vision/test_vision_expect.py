"""Unknown, never a silent empty: fewer pieces than the game expects, with no
hand seen, reads unknown; a piece a hand took away reads gone."""

from __future__ import annotations

from dataclasses import replace

import pytest

from tests.support.vision_table import busy_table
from vision.expect import counts, pieces_in
from vision.geometry import CameraPose
from vision.pipeline import Pipeline
from vision.read import is_global, known_when_seen
from vision.snapshot import TableSnapshot, compare
from vision.synthetic import Effects, Hand, SyntheticCamera


def _camera(shown: TableSnapshot) -> SyntheticCamera:
    return SyntheticCamera(shown, pose=CameraPose(tilt_deg=12), effects=Effects(noise_sigma=2))


def _missing_counter(table: TableSnapshot) -> TableSnapshot:
    """The table as a camera that misses one purple counter and one worker sees it."""
    return replace(
        table,
        market_counters={**table.market_counters, "purple": 4},
        sections={**table.sections, "N1": ("Y1",)},
    )


def test_pieces_the_game_expects_but_the_camera_misses_read_unknown() -> None:
    table = busy_table()
    pipe = Pipeline(4)
    pipe.expect(counts(table))
    cam = _camera(_missing_counter(table))  # the missed pieces are simply not drawn
    for frame in cam.frames(3):
        snap = pipe.process(frame)
    assert "market-space:purple" in snap.unseen and "section:N1" in snap.unseen
    assert snap.market_counters["purple"] != 4 and snap.sections["N1"] != ("Y1",)
    looked = [p for p in snap.problems if p.code == "clear-the-board"]
    assert looked and set(looked[0].zones) == {"market-space:purple", "section:N1"}
    assert "section:N1" in looked[0].en and "tablero" in looked[0].es
    wrong, _ = compare(snap, table)
    assert wrong == []
    # Every other zone is read as usual.
    assert set(snap.unseen) == {"market-space:purple", "section:N1"}


def test_a_piece_a_hand_took_away_reads_gone() -> None:
    table = busy_table()
    pipe = Pipeline(4)
    pipe.expect(counts(table))
    cam = _camera(table)
    for frame in cam.frames(3):
        snap = pipe.process(frame)
    assert snap.market_counters["purple"] == 5 and not snap.unseen
    moved = _missing_counter(table)
    cam.move(moved, hand_frames=2)
    for frame in cam.frames(6):
        snap = pipe.process(frame)
    assert not snap.settling
    assert snap.market_counters["purple"] == 4 and snap.sections["N1"] == ("Y1",)
    assert not [p for p in snap.problems if p.code == "clear-the-board"]


@pytest.mark.parametrize("expect", [True, False], ids=["expected", "no-expectation"])
def test_a_hand_over_the_board_at_start_up_gives_no_values_until_it_goes(expect: bool) -> None:
    """The first calm table is not assumed calm: with or without the game's
    expectation (the setup read from the table has none), a hand held still
    across the board's edge from the first frame gives no values at all and
    says "clear the board"; once it has gone, the table is read whole."""
    table = busy_table()
    pipe = Pipeline(4)
    if expect:
        pipe.expect(counts(table))
    cam = _camera(table)
    # A hand already over the east sections when the companion starts, held still.
    cam.hold_hand(Hand(centre=(470.0, 330.0), from_deg=90.0), 5)
    for frame in cam.frames(5):
        snap = pipe.process(frame)
        assert snap.settling and set(snap.unseen) == set(pipe.reader.keys)
        assert snap.sections["E1"] == () and snap.market_counters["purple"] is None
    assert not pipe.startup.verified
    (clear,) = [p for p in snap.problems if p.code == "clear-the-board-start"]
    assert "clear the board" in clear.en and "despejad el tablero" in clear.es
    # The hand goes: the calm table is read whole.
    for frame in cam.frames(5):
        snap = pipe.process(frame)
    assert pipe.startup.verified
    assert not snap.settling and compare(snap, table) == ([], [])
    assert not snap.unseen and not snap.problems


def test_a_calm_table_at_start_up_is_read_at_once() -> None:
    """Nothing across the board's edge: the first look is verified at once."""
    table = busy_table()
    pipe = Pipeline(4)
    for frame in _camera(table).frames(3):
        snap = pipe.process(frame)
    assert pipe.startup.verified and not pipe.startup.crossings
    assert not snap.settling and compare(snap, table) == ([], [])


def test_pieces_in_counts_every_counted_zone() -> None:
    table = busy_table()
    expected = counts(table)
    assert expected["market-space:orange"] == 6 and expected["section:E1"] == 4
    assert expected["donation:N:1:0"] == 1 and expected["donation:N:4:0"] == 0
    assert expected["storehouses"] == 4 and expected["temple:active"] == 1
    assert pieces_in("section:E1", ("G1", "G2")) == 2
    assert pieces_in("market-space:pink", 3) == 3
    assert pieces_in("donation:N:1:0", None) == 0
    assert pieces_in("temple:active", ("T2", 90)) == 1
    assert pieces_in("coins:N1", True) == 1 and pieces_in("market:gold:2", None) is None
    assert pieces_in("elephant:grey", "off") == 1 and pieces_in("elephant:grey", None) == 0
    assert pieces_in("bridge:I", None) == 0 and pieces_in("setup", 3) is None


def test_a_hand_over_one_side_leaves_the_maharajahs_far_worker_spaces_read() -> None:
    """A Maharajah worker's space is one zone, not a piece that may be anywhere:
    a hand over the east sections hides the elephants (each may be anywhere) but
    not the worker spaces in the west corners."""
    table = busy_table()
    pipe = Pipeline(4)
    cam = _camera(table)
    for frame in cam.frames(3):
        snap = pipe.process(frame)
    assert not snap.unseen
    cam.hold_hand(Hand(centre=(470.0, 330.0), from_deg=90.0), 4)
    for frame in cam.frames(4):
        snap = pipe.process(frame)
    assert "elephant:purple" in snap.unseen
    assert not {"maharajah-worker:SW", "maharajah-worker:WN"} & set(snap.unseen)
    assert snap.maharajah_workers["SW"] is None and snap.maharajah_workers["WN"] is None


def test_only_the_elephants_and_the_maharajah_token_are_whole_board_keys() -> None:
    assert is_global("elephant:grey") and is_global("maharajah")
    assert not is_global("maharajah-worker:ES") and not is_global("section:N1")
    assert known_when_seen("maharajah-worker:ES") and not known_when_seen("section:N1")


def test_a_worker_read_in_two_places_leaves_both_zones_unknown() -> None:
    """A misread sticker can decode as a worker that stands elsewhere (a hand at
    start-up made a phantom white worker in E2 at the whole-game bench). The
    reading cannot say which place is right: both zones are unknown, never a
    worker added to a section."""
    table = busy_table()
    (worker, *_) = table.sections["N1"]
    twice = replace(table, sections={**table.sections, "E2": (*table.sections["E2"], worker)})
    pipe = Pipeline(4)
    for frame in _camera(twice).frames(3):
        snap = pipe.process(frame)
    assert {"section:N1", "section:E2"} <= set(snap.unseen)
    assert [p for p in snap.problems if p.code == "seen-twice"]
    wrong, _ = compare(snap, table)
    assert wrong == []
