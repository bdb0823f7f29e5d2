"""Camera-wide notices: an uncalibrated wide lens is refused with advice, and a
resolution that leaves much of the table unknown is said, in English and Spanish."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from vision.expect import counts
from vision.harsh import harsh_scene
from vision.pipeline import Pipeline
from vision.snapshot import TableSnapshot, compare
from vision.stabilise import MEASURED


def _run(
    condition: str, seed: int, frames: int, calibrated: bool
) -> tuple[Pipeline, TableSnapshot]:
    scene = harsh_scene(seed, condition)
    calibration = harsh_scene(seed, "wide-lens-calibrated").calibration if calibrated else None
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=calibration)
    pipe.expect(counts(scene.truth))
    snap = None
    for frame in scene.frames(frames):
        snap = pipe.process(frame)
    assert snap is not None
    return pipe, snap


def test_an_uncalibrated_wide_lens_is_refused_with_advice_to_calibrate() -> None:
    pipe, snap = _run("wide-lens", 50000, 4, calibrated=False)
    # Nothing is read: no zone has a value, every zone is unknown.
    assert snap.settling
    assert set(snap.unseen) == set(pipe.reader.keys)
    assert pipe.stabiliser.accepted == {}
    [notice] = [n for n in pipe.notices if n.code == "lens-uncalibrated"]
    assert notice in snap.problems
    for text in (notice.en, notice.es):
        assert "companion calibrate" in text and "--calibration" in text
    assert "mm" in notice.en and "calibración" in notice.es


def test_a_board_edge_the_bend_moves_is_refused_as_a_lens_not_taken_for_an_arm() -> None:
    # Wide-lens seed 50031 (and 50035, 50046, 50052, 50059, 50062 alike): the
    # bend puts the board's edge mm from where one homography draws it, so the
    # start-up check saw "an arm across the edge" in every frame. The table
    # said "clear the board" for ever, with nobody's hand there, and was never
    # refused: the refusal was judged only after the start-up check.
    pipe, snap = _run("wide-lens", 50031, 4, calibrated=False)
    assert pipe.startup.crossings and not pipe.startup.verified
    assert snap.settling and pipe.stabiliser.accepted == {}
    assert set(snap.unseen) == set(pipe.reader.keys)
    assert [n.code for n in pipe.notices] == ["lens-uncalibrated"]
    assert "companion calibrate" in pipe.notices[0].en
    assert "companion calibrate" in pipe.notices[0].es
    # Calibrated, the same camera's edge is where the view looks: no arm, and
    # the table is read.
    pipe, snap = _run("wide-lens", 50031, 6, calibrated=True)
    assert pipe.startup.verified and pipe.startup.crossings == []
    assert not snap.settling and pipe.notices == ()


def test_the_same_lens_calibrated_reads_and_gives_no_refusal() -> None:
    pipe, snap = _run("wide-lens", 50000, 6, calibrated=True)
    assert not snap.settling
    assert not [n for n in pipe.notices if n.code == "lens-uncalibrated"]
    assert len(pipe.stabiliser.accepted) > len(pipe.reader.keys) // 2


def test_1080p_says_half_the_table_is_left_to_the_phones_and_what_to_use() -> None:
    pipe, snap = _run("1080p", 50001, 5, calibrated=False)
    [notice] = [n for n in pipe.notices if n.code == "resolution"]
    assert len(notice.zones) >= 0.3 * len(pipe.reader.keys)
    assert "1920x1080" in notice.en and "1920x1080" in notice.es
    assert "12 MP" in notice.en and "12 MP" in notice.es
    assert "4608x2592" in notice.en and "phones" in notice.en and "móviles" in notice.es
    # Unknown, never a value: the pieces' zones it names are unseen (printed
    # spots keep a sticker actually decoded there: that is proof of "clear").
    pieces = {k for k in notice.zones if not k.startswith(MEASURED)}
    assert pieces and pieces <= set(snap.unseen)


def test_a_12_mp_camera_gives_no_notice() -> None:
    pipe, snap = _run("ideal", 50001, 4, calibrated=False)
    assert not snap.settling and pipe.notices == ()


def _arm_over(seed: int, condition: str, board: list[list[float]]) -> Pipeline:
    """A scene read calm, then with an arm (a still patch) over ``board`` (a
    polygon in board mm): never a lens refusal, never a wrong zone."""
    scene = harsh_scene(seed, condition)
    pipe = Pipeline(scene.truth.players, focal_px=scene.focal_px, calibration=scene.calibration)
    pipe.expect(counts(scene.truth))
    frames = list(scene.frames(8))
    for frame in frames[:4]:
        pipe.process(frame)
    arm = pipe.registration.to_image(np.array(board)).astype(np.int32)
    for frame in frames[4:]:
        image = frame.image.copy()
        cv2.fillConvexPoly(image, arm, (120, 150, 200))
        snap = pipe.process(replace(frame, image=image))
        assert "lens-uncalibrated" not in [n.code for n in pipe.notices]
        wrong, _ = compare(snap, scene.truth)
        assert wrong == []
    return pipe


def test_an_arm_over_two_corners_is_not_taken_for_a_bent_lens() -> None:
    # Light seed 1's whole game at the bench (frame 537): an arm across the
    # board's north edge hid both north corner markers; the fit from the two
    # south ones, extrapolated north, put printed markers 15 mm off and the
    # table screen told the players to calibrate a lens that needs nothing.
    # Here the same with a band over light seed 50005's north edge (10 mm).
    pipe = _arm_over(50005, "light", [[-40.0, -40.0], [680.0, -40.0], [680.0, 60.0], [-40.0, 60.0]])
    # Once the arm is still, the board is registered from the south corners
    # alone, and its far side fits poorly.
    reg = pipe.registration
    assert reg.corners_seen == ("SE", "SW")
    assert reg.fit is not None and not reg.fit.good
    # What the poor fit says, when a player is told: the corners, not the lens.
    fit = pipe.registration.fit
    advice = fit.advice(("NE", "NW"))
    assert advice is not None
    assert "NE, NW" in advice[0] and "calibrat" not in advice[0].lower()
    assert "NE, NW" in advice[1] and "calibra" not in advice[1].lower()


def test_an_arm_over_one_corner_is_not_taken_for_a_bent_lens() -> None:
    # Placement seed 3's whole game at the bench: an arm over the NW corner
    # marker; the fit from the other three, reaching into the NW quarter, put
    # printed markers there 15 mm off (3-6 mm elsewhere) through a perfect lens,
    # and the table screen told the players to calibrate. Here the same with a
    # patch over placement seed 50000's NW corner (stickers +-8 %).
    pipe = _arm_over(
        50000, "placement", [[-60.0, -60.0], [70.0, -60.0], [70.0, 70.0], [-60.0, 70.0]]
    )
    reg = pipe.registration
    assert reg.corners_seen == ("NE", "SE", "SW")
    # The NW quarter fits poorly (its zones unknown), the others well.
    assert reg.fit is not None and not reg.fit.ok["NW"]
    assert reg.fit.ok["SE"]
