"""An arm over Imhotep's mat edge stops the reading, whatever covers the guard (issue 34).

A missing edge guard is excused only by evidence of the guard itself: an
undecoded square of its own size at its place (blur, glare), or its printed
pattern still seen around a lamp's saturated reflection. Before, any square
the detector kept whose outline covered the guard excused it: a white sleeve
over a guard (an outline of some 1,400 px) went unseen and the table was read.
The glare case is ``test_imhotep_stacks``'s
``test_a_guard_washed_out_by_glare_does_not_stop_the_reading``.
"""

from __future__ import annotations

import cv2
import numpy as np

from tests.vision.games.test_imhotep_stacks import _obs, _read
from vision.games.imhotep.layout import LAYOUT
from vision.games.imhotep.read import ImhotepReader


def _sleeve(colour: tuple[int, int, int]):  # type: ignore[no-untyped-def]
    guard = LAYOUT.guards[3]  # (220, 22): on the north edge

    def edit(image: np.ndarray, reader: ImhotepReader) -> np.ndarray:
        reg = reader.registrar.last
        assert reg is not None
        # a sleeve 70 mm wide from beyond the north edge over the guard
        mm = np.array(
            [
                (guard[0] - 35, -150.0),
                (guard[0] + 35, -150.0),
                (guard[0] + 35, 45.0),
                (guard[0] - 35, 45.0),
            ]
        )
        px = reader.to_raw(reg.to_image(mm)).astype(np.int32)
        out = image.copy()
        cv2.fillConvexPoly(out, px, colour)
        return out

    return edit, guard


def test_a_white_sleeve_over_an_edge_guard_stops_the_reading() -> None:
    for colour in ((235, 238, 240), (255, 255, 255)):  # plain white, and white clipped
        edit, guard = _sleeve(colour)
        got, reader = _read(_obs(), _obs(), edit=edit)
        assert got is None, colour
        hidden = [p for p in reader.problems() if "covers the table" in p]
        assert hidden and f"the edge marker at {guard[0]:.0f}, {guard[1]:.0f} mm" in hidden[0]
