"""A bare donation space under a counter reads empty only showing its own print (issue 34).

The rulebook puts a counter on a higher level only over two taken spaces, so a
space below a counter that reads "empty" is more likely a counter missed: the
reader leaves it unknown (``read._check_donations``). But a hidden counter
hides the space's printed icon too: a space below that shows its print clean
(``CloserLook.print_clean``, learned from the frame's empty spaces by
``vision/art.py``) is seen bare, and reads empty. On the second renderer's
ideal frames such spaces were 12.5 % of all zones, every one of them unknown.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from tests.support.vision_table import busy_table, settled
from vision.geometry import CameraPose
from vision.layout import ZoneKind
from vision.pipeline import Pipeline
from vision.snapshot import TableSnapshot
from vision.sources import Frame
from vision.synthetic import SyntheticCamera

#: A counter on level 2 over two bare spaces of level 1.
ABOVE, BELOW = "E:2:0", ("E:1:0", "E:1:1")


def _table() -> TableSnapshot:
    truth = busy_table()
    return replace(truth, donations={**truth.donations, ABOVE: "pink"})


@pytest.fixture(scope="module")
def frame_and_pipe() -> tuple[Frame, float, Pipeline]:
    truth = _table()
    cam = SyntheticCamera(truth, pose=CameraPose(tilt_deg=10), size=(3200, 2400))
    frame = cam.read()
    return frame, cam.focal_px, settled(truth.players, cam.focal_px, frame)


def _painted(frame: Frame, pipe: Pipeline, space: str, colour: tuple[int, int, int]) -> np.ndarray:
    """The frame with a disc of ``colour`` over a donation space: a counter whose
    sticker no look decodes."""
    reg = pipe.registration
    assert reg is not None
    zone = pipe.reader.layout.zone(ZoneKind.DONATION, space, pipe.players)
    x, y = zone.anchors[0] if zone.anchors else zone.centre
    ring = np.array([(x + 7 * np.cos(a), y + 7 * np.sin(a)) for a in np.linspace(0, 6.28, 24)])
    image = frame.image.copy()
    cv2.fillConvexPoly(image, reg.to_image(ring).round().astype(np.int32), colour)
    return image


def test_bare_spaces_below_a_counter_read_empty(frame_and_pipe) -> None:  # type: ignore[no-untyped-def]
    _, _, pipe = frame_and_pipe
    snap = pipe.snapshot
    assert snap.donations[ABOVE] == "pink"
    assert 0 in pipe.closer.art.learned  # the donation spaces' print
    for b in BELOW:
        assert f"donation:{b}" in pipe.closer.print_clean
        assert f"donation:{b}" not in snap.unseen
        assert snap.donations[b] is None
    # The player is still told the counter above lies over bare spaces.
    assert any(p.code == "unsupported-donation" for p in snap.problems)


def test_a_counter_not_read_below_stays_unknown(frame_and_pipe) -> None:  # type: ignore[no-untyped-def]
    frame, focal, pipe = frame_and_pipe
    truth = _table()
    image = _painted(frame, pipe, BELOW[0], (90, 60, 200))
    snap = settled(truth.players, focal, frame, image).snapshot
    # Never empty where the print does not show: unknown.
    assert f"donation:{BELOW[0]}" in snap.unseen
    assert f"donation:{BELOW[1]}" not in snap.unseen
    assert snap.donations[BELOW[1]] is None
    assert snap.donations[ABOVE] == "pink"
    # Every other space holding a counter still reads it.
    assert all(snap.donations[k] == v for k, v in truth.donations.items() if v)
