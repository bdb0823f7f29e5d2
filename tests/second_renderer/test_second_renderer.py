"""The second renderer (bench/second_renderer): its truth is consistent and each condition does what it names.

Quick: most scenes are rendered at reduced scale (same scene, same camera pose); one
full-size ideal frame checks that a plain OpenCV ArUco detector finds the visible
markers where the truth says they are.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

import cv2
import numpy as np
import pytest

from bench.second_renderer import CONDITIONS, GAMES, HELD_OUT_SEEDS, Scene, render_scene
from bench.second_renderer.hardware import inside, markers

SEED = 4242  # a development seed, far from the held-out range


@lru_cache(maxsize=32)
def scene(game: str, condition: str, scale: float = 0.5, seed: int = SEED) -> Scene:
    return render_scene(game, seed, condition, scale=scale)


def detect(img: np.ndarray) -> list[tuple[int, np.ndarray]]:
    params = cv2.aruco.DetectorParameters()
    params.minMarkerPerimeterRate = (
        0.01  # OpenCV's default (0.03) skips markers under ~24 px at 3200 px
    )
    det = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_100), params)
    corners, ids, _ = det.detectMarkers(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY))
    if ids is None:
        return []
    return [
        (int(i), np.asarray(c, dtype=np.float64).reshape(4, 2))
        for i, c in zip(ids.ravel(), corners, strict=True)
    ]


def test_held_out_range_and_names() -> None:
    assert range(900000, 1000000) == HELD_OUT_SEEDS
    assert SEED not in HELD_OUT_SEEDS
    assert set(CONDITIONS) == {
        "ideal", "12mp", "glare", "blur_noise_jpeg", "sloppy", "everything_calibrated",
        "wide_calibrated", "wide_uncalibrated", "1080p", "hand_at_start",
    }  # fmt: skip
    assert GAMES == ("amritsar", "imhotep", "ceylon", "rajas")


@pytest.mark.parametrize(
    ("game", "condition", "seed", "field"),
    [
        ("chess", "ideal", 1, "game"),
        ("amritsar", "fog", 1, "condition"),
        ("amritsar", "ideal", -3, "seed"),
    ],
)
def test_bad_input_names_the_field(game: str, condition: str, seed: int, field: str) -> None:
    with pytest.raises(ValueError, match=field):
        render_scene(game, seed, condition)


@pytest.mark.parametrize("game", GAMES)
def test_truth_is_consistent(game: str) -> None:
    s = scene(game, "ideal", 0.35)
    copies = {r.marker_id: r.copies for r in markers(game)}
    counts = Counter(i for ids in s.truth.values() for i in ids)
    assert counts, "no piece on the table"
    for marker_id, n in counts.items():
        assert n <= copies[marker_id], f"id {marker_id} placed {n} times, {copies[marker_id]} exist"
    assert set(s.truth) == set(s.zones)
    assert all(ids == sorted(ids) for ids in s.truth.values())
    piece_markers = [m for m in s.markers if not m.printed]
    # every piece sticker is in the truth of its zone, once per sticker
    assert Counter((m.zone, m.marker_id) for m in piece_markers) == Counter(
        (z, i) for z, ids in s.truth.items() for i in ids
    )
    for m in piece_markers:
        assert m.zone is not None
        assert inside(s.zones[m.zone], m.board_xy_mm), (
            f"{m.marker_id} at {m.board_xy_mm} outside {m.zone}"
        )
        if m.in_frame:
            # the sticker's centre in the frame lies in the zone's outline seen from the camera, lifted to the sticker's height
            poly = np.array([(x, y, -m.height_mm) for x, y in s.zones[m.zone]])
            px = s.camera.project(poly).astype(np.float32)
            c = m.corners_px.mean(axis=0)
            assert (
                cv2.pointPolygonTest(px.reshape(-1, 1, 2), (float(c[0]), float(c[1])), True) > -2.0
            )
    # the projection of a sticker's board position matches its corners
    for m in s.markers[:40]:
        c = s.camera.project(np.array([[m.board_xy_mm[0], m.board_xy_mm[1], -m.height_mm - 0.1]]))[
            0
        ]
        assert np.linalg.norm(c - m.corners_px.mean(axis=0)) < 1.0
    assert any(m.printed and m.kind in ("board-corner", "corner") for m in s.markers)


def test_plain_detector_reads_the_ideal_frame_where_the_truth_says() -> None:
    s = scene("amritsar", "ideal", 1.0, 11)
    assert s.image.shape == (2400, 3200, 3)
    found = detect(s.image)
    visible = [m for m in s.markers if m.in_frame and m.occluded < 0.05 and m.side_px >= 20]
    assert len(visible) >= 40
    hit = 0
    offsets = []
    for m in visible:
        c = m.corners_px.mean(axis=0)
        near = [(i, q) for i, q in found if np.linalg.norm(q.mean(axis=0) - c) < 0.3 * m.side_px]
        if near:
            i, q = near[0]
            assert i == m.marker_id, f"detector read {i} where the truth has {m.marker_id}"
            # same corner order, each corner within the detector's own pixel error
            assert np.abs(q - m.corners_px).max() < 3.5
            offsets.append(q - m.corners_px)
            hit += 1
    assert hit >= 0.9 * len(visible), f"{hit} of {len(visible)} visible markers read"
    # no systematic shift between the truth and what the detector sees
    off = np.asarray(offsets)
    assert np.abs(off.mean(axis=(0, 1))).max() < 0.25
    assert float(np.median(np.abs(off).max(axis=(1, 2)))) < 1.5
    # nothing read where the truth has no marker
    truth_centres = np.array([m.corners_px.mean(axis=0) for m in s.markers])
    for _, q in found:
        assert np.linalg.norm(truth_centres - q.mean(axis=0), axis=1).min() < 5.0


def test_deterministic_and_seeded() -> None:
    a = render_scene("ceylon", 7, "blur_noise_jpeg", scale=0.3)
    b = render_scene("ceylon", 7, "blur_noise_jpeg", scale=0.3)
    c = render_scene("ceylon", 8, "blur_noise_jpeg", scale=0.3)
    assert np.array_equal(a.image, b.image)
    assert a.truth == b.truth and a.notes == b.notes
    assert not np.array_equal(a.image, c.image)


def test_same_table_under_every_condition() -> None:
    base = scene("rajas", "ideal", 0.3)
    for cond in ("glare", "1080p", "hand_at_start"):
        assert scene("rajas", cond, 0.3).truth == base.truth
    # sloppy moves pieces within their zones: same contents, other places
    sloppy = scene("rajas", "sloppy", 0.3)
    assert sloppy.truth == base.truth
    moved = [
        np.hypot(a.board_xy_mm[0] - b.board_xy_mm[0], a.board_xy_mm[1] - b.board_xy_mm[1])
        for a, b in zip(
            [m for m in base.markers if not m.printed],
            [m for m in sloppy.markers if not m.printed],
            strict=True,
        )
    ]
    assert np.median(moved) > 1.5 and max(moved) < 12.0


def test_glare_saturates_and_marks_stickers() -> None:
    ideal, glare = scene("amritsar", "ideal"), scene("amritsar", "glare")

    def sat(img: np.ndarray) -> int:
        return int((img.min(axis=2) >= 250).sum())

    assert sat(ideal.image) < 50
    assert sat(glare.image) > 2000
    assert any(m.glare > 0.5 for m in glare.markers)
    assert all(m.glare == 0.0 for m in ideal.markers)
    # the warm cast: the table is redder against blue than in daylight
    b_i, _, r_i = ideal.image.reshape(-1, 3).mean(axis=0)
    b_g, _, r_g = glare.image.reshape(-1, 3).mean(axis=0)
    assert r_g / b_g > 1.1 * r_i / b_i


def _steepness(s: Scene, angle_deg: float) -> float:
    """Mean steepness of the stickers' print along one direction, relative to their contrast."""
    grey = cv2.cvtColor(s.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = cv2.GaussianBlur(grey, (0, 0), 0.8)  # the same noise damping for both frames
    gx, gy = cv2.Sobel(grey, cv2.CV_32F, 1, 0) / 8, cv2.Sobel(grey, cv2.CV_32F, 0, 1) / 8
    a = np.radians(angle_deg)
    along = np.abs(gx * np.cos(a) + gy * np.sin(a))
    out = []
    for m in s.markers:
        if not m.in_frame or m.occluded > 0 or m.side_px < 12:
            continue
        x0, y0 = np.floor(m.corners_px.min(axis=0)).astype(int)
        x1, y1 = np.ceil(m.corners_px.max(axis=0)).astype(int)
        patch = grey[y0:y1, x0:x1]
        contrast = float(np.percentile(patch, 95) - np.percentile(patch, 5))
        if contrast > 40:
            out.append(float(np.percentile(along[y0:y1, x0:x1], 90)) / contrast)
    return float(np.median(out))


def test_motion_blur_softens_edges_and_noise_rises() -> None:
    ideal, harsh = scene("amritsar", "ideal"), scene("amritsar", "blur_noise_jpeg")
    assert harsh.notes["motion_blur_px"] and harsh.notes["jpeg_quality"]
    ang = float(harsh.notes["motion_angle_deg"])  # type: ignore[arg-type]
    # print edges get soft along the motion, much less across it
    ratio_along = _steepness(harsh, ang) / _steepness(ideal, ang)
    ratio_across = _steepness(harsh, ang + 90) / _steepness(ideal, ang + 90)
    assert ratio_along < 0.9
    assert ratio_along < 0.93 * ratio_across

    def board_noise(s: Scene) -> float:
        # robust spread of the fine residual over the main board (mostly plain paper)
        g = cv2.cvtColor(s.image, cv2.COLOR_BGR2GRAY).astype(np.float32)
        r = g - cv2.GaussianBlur(g, (0, 0), 2.0)
        corners = s.camera.project(
            np.array([[20.0, 20, 0], [620, 20, 0], [620, 620, 0], [20, 620, 0]])
        )
        mask = np.zeros(g.shape, np.uint8)
        cv2.fillConvexPoly(mask, corners.astype(np.int32), 1)
        return 1.4826 * float(np.median(np.abs(r[mask > 0])))

    assert board_noise(harsh) > 1.4 * board_noise(ideal)


def test_wide_lens_bends_and_calibration_flag() -> None:
    cal, uncal = (
        scene("amritsar", "wide_calibrated", 0.3),
        scene("amritsar", "wide_uncalibrated", 0.3),
    )
    assert np.array_equal(cal.image, uncal.image)
    assert cal.camera.calibrated and not uncal.camera.calibrated
    assert cal.camera.dist[0] < -0.2

    def bend(s: Scene) -> float:
        # how far the projected middle of the board's north edge is from the chord between its corners
        a, b, mid = s.camera.project(
            np.array([[0.0, 0.0, 0.0], [640.0, 0.0, 0.0], [320.0, 0.0, 0.0]])
        )
        d = b - a
        return (
            float(abs(d[0] * (mid[1] - a[1]) - d[1] * (mid[0] - a[0])) / np.linalg.norm(d))
            / s.camera.width
        )

    assert bend(cal) > 5 * bend(scene("amritsar", "ideal", 0.3)) and bend(cal) > 0.005


def test_hand_hides_markers_and_they_are_not_read() -> None:
    s = scene("imhotep", "hand_at_start", 0.5, 7)
    ideal = scene("imhotep", "ideal", 0.5, 7)
    assert [m.board_xy_mm for m in s.markers] == [m.board_xy_mm for m in ideal.markers]
    # stickers in plain sight without the hand, partly or wholly under it with it
    under = [
        m
        for m, o in zip(s.markers, ideal.markers, strict=True)
        if m.occluded > 0.3 and o.occluded < 0.05 and m.in_frame
    ]
    assert len(under) >= 3
    found = detect(s.image)
    for m in [m for m in under if m.occluded > 0.6]:
        c = m.corners_px.mean(axis=0)
        assert all(np.linalg.norm(q.mean(axis=0) - c) > 0.3 * m.side_px for _, q in found)


def test_resolutions() -> None:
    s = scene("ceylon", "1080p", 1.0)
    assert s.image.shape == (1080, 1920, 3)
    ideal = scene("ceylon", "ideal", 0.35)  # sizes scale with the frame: / 0.35 at full size
    full_size = np.median([m.side_px for m in ideal.markers]) / 0.35
    assert np.median([m.side_px for m in s.markers]) < 0.7 * full_size
