"""Amritsar's personal boards in the camera's view: layout, plan, renderer and reader."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from engine.amritsar import new_game
from vision.games.amritsar_boards import kit
from vision.games.amritsar_boards import layout as L
from vision.games.amritsar_boards.plan import NEW, boards_plan
from vision.games.amritsar_boards.read import BoardsReader, Seen, merge
from vision.games.amritsar_boards.render import BoardsRenderer
from vision.games.amritsar_boards.view import FLIPPED, BoardView, boards_of
from vision.plan import DEFAULT_PLAN, USABLE_IDS
from vision.sources import Frame

ROOT = Path(__file__).resolve().parents[3]
SIZE = (3200, 2400)  # the design camera: the boards need its resolution
TRUTH = BoardView(
    tracks=(3, 0, 6),
    tax=9,
    storage=(4, -1, FLIPPED),
    mahouts=(True, False, False, True),
    objectives=(False, True, False, False),
)


def test_kit_files_are_in_step() -> None:
    assert (ROOT / "hardware/amritsar-boards/layout.json").read_text() == kit.layout_json()
    assert (ROOT / "hardware/amritsar-boards/markers.csv").read_text() == kit.plan_csv()


def test_new_ids_are_usable_and_unused_by_the_main_plan() -> None:
    used = set(DEFAULT_PLAN.ids)
    for mid, _side, _height in NEW.values():
        assert mid in USABLE_IDS and mid not in used
    assert len(set(boards_plan().ids)) == len(boards_plan().ids)


@pytest.mark.parametrize("seat", range(4))
def test_pose_from_marks_finds_the_board(seat: int) -> None:
    pose = L.Pose(
        (L.seat_pose(seat).origin[0] + 7, L.seat_pose(seat).origin[1] - 4),
        L.seat_pose(seat).angle_deg + 2,
    )
    a, b = (pose.to_table(p) for p in L.MARKS)
    got = L.pose_from_marks(a, b)
    assert np.allclose(got.origin, pose.origin, atol=1e-6)
    assert abs((got.angle_deg - pose.angle_deg + 180) % 360 - 180) < 1e-6


def test_a_new_game_starts_at_the_bottom_of_every_track() -> None:
    board = boards_of(new_game(2, seed=4))[1]
    assert board.tracks == (0, 0, 0) and board.tax == 0
    assert board.storage == (-1, -1, -1)
    assert board.mahouts == (False,) * 4 and board.objectives == (False,) * 4


@pytest.fixture(scope="module")
def renderer() -> BoardsRenderer:
    return BoardsRenderer(5, "ideal", 1, size=SIZE)


def test_every_zone_kind_is_read_from_a_rendered_frame(renderer: BoardsRenderer) -> None:
    reader = BoardsReader(1)
    got = None
    for n in range(6):
        got = reader.read(Frame(image=renderer.frame((TRUTH,), False, n), number=n, time=n / 10))
        if got is not None:
            break
    assert got is not None
    board = got[0]
    assert board.tracks == TRUTH.tracks
    assert board.tax == TRUTH.tax
    # a flipped storehouse's back carries no sticker: unknown, never guessed
    assert board.storage == (4, -1, None)
    assert board.mahouts == TRUTH.mahouts
    assert board.objectives == TRUTH.objectives


def test_an_unseen_spot_is_not_an_empty_space(renderer: BoardsRenderer) -> None:
    """Paint over the second storage space's spot: that space is unknown, not free."""
    reader = BoardsReader(1)
    image = renderer.frame((TRUTH,), False, 0)
    assert reader.snapshot(image) is not None
    reg = reader.registrar.update(
        reader.detector.detect(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)), SIZE, None
    )
    assert reg.ok
    pose = renderer.poses(1)[0]
    x, y = L.storage_local(1)
    corners = [pose.to_table((x + dx, y + dy)) for dx, dy in ((-9, -9), (9, -9), (9, 9), (-9, 9))]
    px = reg.to_image(np.array(corners, dtype=np.float64)).astype(np.int32)
    covered = image.copy()
    cv2.fillConvexPoly(covered, px, (40, 60, 80))
    board = reader.snapshot(covered)
    assert board is not None
    assert board[0].storage[1] is None
    assert board[0].storage[0] == 4


def test_a_counter_of_another_colour_is_refused_and_its_track_unknown() -> None:
    reader = BoardsReader(2)
    pose = L.seat_pose(0)
    reader.poses = {0: pose, 1: None}
    on = pose.to_table(L.track_local(1, 2))
    pieces = [
        Seen("counter", "purple", pose.to_table(L.track_local(0, 3)), 0.0),
        Seen("counter", "grey", on, 0.0),  # seat 1's colour on seat 0's board
    ]
    board = reader._board(0, pieces)
    assert board.tracks[0] == 3
    assert board.tracks[1] is None
    assert any("grey counter on purple's board" in p for p in reader.problems())
    assert reader._board(1, pieces) == BoardView.unknown()


def test_a_counter_between_two_spaces_is_read_on_neither() -> None:
    reader = BoardsReader(1)
    pose = L.seat_pose(0)
    reader.poses = {0: pose}
    a, b = L.tax_local(4), L.tax_local(5)
    between = pose.to_table(((a[0] + b[0]) / 2, a[1]))
    board = reader._board(0, [Seen("counter", "purple", between, 0.0)])
    assert board.tax is None


def test_a_spot_and_a_counter_on_one_space_contradict() -> None:
    reader = BoardsReader(1)
    pose = L.seat_pose(0)
    reader.poses = {0: pose}
    at = pose.to_table(L.track_local(2, 4))
    board = reader._board(0, [Seen("counter", "purple", at, 0.0), Seen("spot", "spot", at, 0.0)])
    assert board.tracks[2] is None


def test_readings_that_disagree_do_not_merge() -> None:
    other = BoardView((3, 1, 6), 9, (4, -1, None), (True, None, False, True), (None,) * 4)
    assert merge(TRUTH, other) is None
    partial = BoardView((3, None, None), None, (None,) * 3, (None,) * 4, (None,) * 4)
    assert merge(partial, TRUTH) == TRUTH


def test_bad_player_counts_are_refused() -> None:
    with pytest.raises(ValueError, match="players"):
        BoardsReader(5)
