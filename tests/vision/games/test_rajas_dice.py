"""Rajas of the Ganges' dice read from their pips: right, or unknown, never a guess.

Cut-outs are drawn here directly (a die's top at true size on the Kali
statue's strip, as the reader straightens it), so every colour, face and turn
is tried in milliseconds; the rendered frames are tested in
``test_rajas_table.py`` (an ideal frame reads every statue exactly) and
measured per harsh condition in ``bench/rajas_dice.py``.
"""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from vision.games.rajas import dice as D


def _patch(
    colour: int,
    face: int | None,
    angle: float,
    *,
    offset: tuple[float, float] = (0.0, 0.0),
    light: float = 1.0,
    glare: float = 0.0,
    blur: float = 0.8,
    pips: list[tuple[int, int]] | None = None,
) -> np.ndarray:
    """A straightened cut-out: the strip, a shaded side, the die's top with its pips."""
    k = D.PATCH_PX_MM
    side = round(D.PATCH_MM * k)
    img = np.zeros((side, side, 3), np.float64)
    img[:] = D.STRIP_BGR
    centre = (D.PATCH_MM / 2 + offset[0], D.PATCH_MM / 2 + offset[1])
    a = math.radians(angle)
    u = np.array([math.cos(a), math.sin(a)])
    v = np.array([-u[1], u[0]])

    def square(c: tuple[float, float], half: float) -> np.ndarray:
        pts = [
            np.array(c) + u * x + v * y
            for x, y in ((-half, -half), (half, -half), (half, half), (-half, half))
        ]
        return (np.array(pts) * k * 16).astype(np.int32)

    if face is not None or pips is not None:
        bgr = np.array(D.DIE_BGR[colour], np.float64)
        cv2.fillPoly(img, [square((centre[0] + 3, centre[1] + 4), 8)], bgr * 0.55, cv2.LINE_AA, 4)
        cv2.fillPoly(img, [square(centre, 8)], bgr, cv2.LINE_AA, 4)
        where = (
            D.pip_points(face, centre, angle)
            if pips is None
            else [
                (
                    centre[0] + D.PIP_STEP * (c * u[0] + r * v[0]),
                    centre[1] + D.PIP_STEP * (c * u[1] + r * v[1]),
                )
                for c, r in pips
            ]
        )
        for x, y in where:
            at = (int(x * k * 16), int(y * k * 16))
            cv2.circle(img, at, int(D.PIP_MM / 2 * k * 16), D.PIP_BGR, -1, cv2.LINE_AA, 4)
    img = cv2.GaussianBlur(img, (0, 0), blur * k / 1.5) * light + glare
    out: np.ndarray = np.clip(img, 0, 255).astype(np.uint8)
    return out


@pytest.mark.parametrize("colour", range(4))
def test_every_colour_and_face_is_read_turned_and_off_its_arm(colour: int) -> None:
    for face in range(1, 7):
        for angle, offset in ((0.0, (0.0, 0.0)), (23.0, (1.5, -1.0)), (61.0, (-2.0, 1.5))):
            got = D.die_from_patch(_patch(colour, face, angle, offset=offset))
            assert got == D.Die(colour, face), (colour, face, angle)


def test_shade_and_a_colour_cast_change_nothing() -> None:
    for colour in range(4):
        assert D.die_from_patch(_patch(colour, 5, 30.0, light=0.55)) == D.Die(colour, 5)
    cast = _patch(1, 4, 10.0).astype(np.float64) * np.array([1.12, 0.9, 0.85])
    assert D.die_from_patch(np.clip(cast, 0, 255).astype(np.uint8)) == D.Die(1, 4)


def test_an_empty_arm_a_glare_or_a_smeared_die_is_unknown() -> None:
    assert D.die_from_patch(_patch(0, None, 0.0)) is None
    assert D.die_from_patch(_patch(1, 3, 15.0, glare=200.0)) is None
    for colour in range(4):
        for face in range(1, 7):
            got = D.die_from_patch(_patch(colour, face, 40.0, blur=3.0))
            assert got is None or got == D.Die(colour, face)
    assert D.die_from_patch(_patch(3, 6, 40.0, blur=3.0)) is None


def test_pips_in_no_face_pattern_are_unknown() -> None:
    assert D.die_from_patch(_patch(0, None, 12.0, pips=[(-1, -1), (0, -1)])) is None
    assert D.die_from_patch(_patch(1, None, 12.0, pips=[(-1, -1), (1, -1), (0, 0)])) is None
    assert D.die_from_patch(_patch(2, None, 12.0, pips=[])) is None


def test_a_die_off_its_arm_is_not_read_there() -> None:
    assert D.die_from_patch(_patch(3, 2, 0.0, offset=(13.0, 0.0))) is None


def test_the_counts_are_the_observations_form() -> None:
    counts = D.counts([D.Die(0, 1), D.Die(3, 6), D.Die(3, 6)])
    assert len(counts) == 24 and counts[0] == 1 and counts[23] == 2 and sum(counts) == 3
