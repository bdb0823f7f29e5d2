"""The camera rig and ``Registrar.for_board`` serve a board that is not Amritsar's.

A plain 400 x 300 mm board with four corner stickers and one sticker in the
middle is drawn through a tilted, distorted camera; the shared detector finds
the stickers and ``for_board`` maps the middle one back to where it was drawn.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from vision.detect import MarkerDetector
from vision.harsh import CONDITIONS
from vision.lens import PointLens
from vision.register import Registrar
from vision.rig import CameraRig, camera_for, hand_mask, rng

CORNERS = {
    0: ("NW", (20.0, 20.0)),
    1: ("NE", (380.0, 20.0)),
    2: ("SE", (380.0, 280.0)),
    3: ("SW", (20.0, 280.0)),
}
MIDDLE_ID, MIDDLE_AT = 21, (230.0, 140.0)
EDGE_ID, EDGE_AT = 22, (200.0, 22.0)  # where a lens bends most from the corners' fit


class _Plan:
    ids = (0, 1, 2, 3, MIDDLE_ID, EDGE_ID)


def _frame(condition_name: str, seed: int) -> tuple[np.ndarray, CameraRig]:
    cond = replace(CONDITIONS[condition_name], size=(1600, 1200))
    extent = (0.0, 0.0, 400.0, 300.0)
    pose, lens, _calibration = camera_for(seed, cond, extent)
    rig = CameraRig(seed, cond, pose, lens, extent)
    tex = rig.blank()
    r = rng("test", seed)
    import cv2

    cv2.fillPoly(
        tex, [rig.tex([(0, 0), (400, 0), (400, 300), (0, 300)])], (120, 172, 205), cv2.LINE_8, 4
    )
    for marker_id, (_name, centre) in CORNERS.items():
        rig.sticker(tex, marker_id, centre, 24.0, 0.0, r)
    rig.sticker(tex, MIDDLE_ID, MIDDLE_AT, 14.0, 30.0, r)
    rig.sticker(tex, EDGE_ID, EDGE_AT, 14.0, 0.0, r)
    return rig.finish(rig.lit(rig.view(tex)), 0), rig


def test_for_board_registers_another_games_board() -> None:
    image, _rig = _frame("ideal", 7)
    found = MarkerDetector(_Plan()).detect(image)  # type: ignore[arg-type]
    assert {d.marker_id for d in found} == set(_Plan.ids)
    registrar = Registrar.for_board(
        {mid: (name, centre, 24.0) for mid, (name, centre) in CORNERS.items()},
        (0.0, 0.0, 400.0, 300.0),
        (400.0, 300.0),
    )
    reg = registrar.update(found, (1600, 1200))
    assert reg.ok and set(reg.corners_seen) == {"NW", "NE", "SE", "SW"}
    middle = next(d for d in found if d.marker_id == MIDDLE_ID)
    at = reg.to_board(middle.corners.astype(np.float64).mean(axis=0, keepdims=True))[0]
    assert np.hypot(*(at - np.array(MIDDLE_AT))) < 2.0


def test_wide_lens_bends_the_board_and_calibration_straightens_it() -> None:
    image, rig = _frame("wide-lens", 7)
    found = MarkerDetector(_Plan()).detect(image)  # type: ignore[arg-type]
    corners = {mid: (name, centre, 24.0) for mid, (name, centre) in CORNERS.items()}
    raw = Registrar.for_board(corners, (0.0, 0.0, 400.0, 300.0), (400.0, 300.0)).update(
        found, (1600, 1200)
    )
    edge = next(d for d in found if d.marker_id == EDGE_ID)
    centre = edge.corners.astype(np.float64).mean(axis=0, keepdims=True)
    bent = float(np.hypot(*(raw.to_board(centre)[0] - np.array(EDGE_AT))))
    lens = PointLens(rig.lens, (1600, 1200))
    straight_found = lens.detections(found)
    fixed = Registrar.for_board(corners, (0.0, 0.0, 400.0, 300.0), (400.0, 300.0)).update(
        straight_found, (1600, 1200)
    )
    ideal_centre = lens.to_ideal(centre)
    straight = float(np.hypot(*(fixed.to_board(ideal_centre)[0] - np.array(EDGE_AT))))
    assert straight < 0.5 < bent and straight < bent / 2


def test_people_and_daylight_change_the_light_and_leave_the_lamp() -> None:
    # The "shadows" group of the whole-game bench: after ``relight`` the light is
    # the lamp's (vignetting, glare, cast: the first draw, kept) times a new
    # daylight level and, mostly, a person's shadow; before any, the old frames.
    cond = replace(CONDITIONS["shadows"], size=(320, 240))
    extent = (0.0, 0.0, 400.0, 300.0)
    pose, lens, _calibration = camera_for(3, cond, extent)
    rig = CameraRig(3, cond, pose, lens, extent)
    light = CameraRig(3, replace(cond, name="light", frames_of=None), pose, lens, extent)
    lamp, glare = rig.light_gain()
    assert np.array_equal(lamp, light.light_gain()[0]) and np.array_equal(
        glare, light.light_gain()[1]
    )
    ratios = []
    for _ in range(6):
        rig.relight()
        gain, add = rig.light_gain()
        assert np.array_equal(add, glare)  # the lamp's glare stays where it is
        ratio = gain / lamp
        assert np.allclose(ratio[..., 0], ratio[..., 1], atol=1e-4)  # no new cast
        assert float(ratio.min()) >= 0.4 and float(ratio.max()) <= 1.1 + 1e-4
        ratios.append(ratio[..., 0])
    # A shadow darkens part of the board more than the rest, in some epochs.
    assert any(float(r.max() - r.min()) > 0.15 for r in ratios)
    assert len({round(float(r.mean()), 3) for r in ratios}) == len(ratios)


def test_the_lamps_glare_is_on_the_board_not_on_a_hand_over_it() -> None:
    # Light seed 8 (2p): the glare washed out the hand that put a counter down
    # too, so no hand was seen there and the new counter read as an empty
    # space. The glare is the lamp's reflection off the glossy board.
    cond = replace(CONDITIONS["light"], size=(320, 240))
    extent = (0.0, 0.0, 400.0, 300.0)
    pose, lens, _calibration = camera_for(8, cond, extent)
    rig = CameraRig(8, cond, pose, lens, extent)
    _gain, add = rig.light_gain()
    assert float(add.max()) > 150  # glare to saturation somewhere
    tex = rig.blank()
    plain = tex.copy()
    rig.hand(tex, (200.0, 150.0), rng("hand", 8))
    mask = hand_mask(tex, plain)
    above = rig.above(mask)
    assert 0.05 < float((above > 0.5).mean()) < 0.9  # the hand covers part of the view
    view = rig.view(tex)
    with_hand, washed = rig.lit(view, above), rig.lit(view)
    hand = above > 0.99
    glared = hand & (add[..., 0] > 50)
    assert glared.any()
    # Where the hand is, no glare: the view lit by the lamp's gain alone,
    # darker than the glare would make it.
    no_glare = rig.lit(view, np.ones_like(above))
    assert np.array_equal(with_hand[hand], no_glare[hand])
    darker = with_hand[glared].astype(int) < washed[glared].astype(int) - 20
    assert darker.all(axis=-1).mean() > 0.5
    # Off the hand, the board's glare as before.
    off = above == 0
    assert np.array_equal(with_hand[off], washed[off])
