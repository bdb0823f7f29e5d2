"""A camera that no longer sees the board reads nothing and says so (issue 34).

Amritsar's pipeline settles a rendered table, then takes frames that show none
of the board: the lights off (a black frame), and the camera slid off the
board (every row the frame's top strip of bare table). The registration is
lost, not held: no zone takes a new value (the last settled table stays, every
zone unsure), and after ``LOST_NOTICE_FRAMES`` such frames "the board is not
found" is a notice in English and Spanish, gone once the board is back. With
every corner under a hand but the pieces in view, the registration is held.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.support.vision_table import busy_table
from vision.detect import MarkerDetector
from vision.geometry import CameraPose
from vision.layout import default_layout
from vision.pipeline import LOST_NOTICE_FRAMES, Pipeline
from vision.plan import DEFAULT_PLAN
from vision.register import HOLD_MARKERS_MIN, Registrar
from vision.snapshot import TableSnapshot, differences
from vision.sources import Frame
from vision.synthetic import Effects, SyntheticCamera


def _no_board(image: np.ndarray, how: str) -> np.ndarray:
    if how == "dark":
        return np.zeros_like(image)
    return np.ascontiguousarray(
        np.tile(image[:8], (image.shape[0] // 8 + 1, 1, 1))[: image.shape[0]]
    )


@pytest.mark.parametrize("how", ["dark", "turned-away"])
def test_no_board_in_view_reads_nothing_new_and_says_so(how: str) -> None:
    table: TableSnapshot = busy_table()
    cam = SyntheticCamera(table, pose=CameraPose(tilt_deg=10), effects=Effects(noise_sigma=2))
    pipe = Pipeline(4, focal_px=cam.focal_px)
    frames = list(cam.frames(3))
    for f in frames:
        snap = pipe.process(f)
    assert not snap.settling and differences(snap, table) == []
    assert pipe.notices == ()
    gone = _no_board(frames[0].image, how)
    n = 3
    for k in range(LOST_NOTICE_FRAMES + 1):
        snap = pipe.process(Frame(image=gone, number=n, time=n / 10))
        n += 1
        # Nothing new: the last settled table, every zone unsure; never an empty.
        assert differences(snap, table) == []
        assert snap.settling and set(snap.unseen) == set(pipe.reader.keys)
        codes = [p.code for p in pipe.notices]
        if k >= 1:  # the first frame is motion (skipped); then the board is lost
            assert pipe.registration is not None and pipe.registration.status == "lost"
        assert ("board-not-found" in codes) == (k >= LOST_NOTICE_FRAMES), (k, codes)
    [notice] = [p for p in pipe.notices if p.code == "board-not-found"]
    assert "does not find the board" in notice.en and "turn on the light" in notice.en
    assert "no encuentra el tablero" in notice.es and "enciende la luz" in notice.es
    for f in frames:  # the board back in view: read again, the notice gone
        snap = pipe.process(replace(f, number=n, time=n / 10))
        n += 1
    assert pipe.registration is not None and pipe.registration.ok
    assert "board-not-found" not in [p.code for p in pipe.notices]
    assert differences(snap, table) == []


def test_no_corner_but_the_pieces_in_view_holds_and_nothing_in_view_loses() -> None:
    table = busy_table()
    cam = SyntheticCamera(table, pose=CameraPose(tilt_deg=10))
    image = cam.read().image
    grey = np.ascontiguousarray(image[:, :, 1])
    size = (image.shape[1], image.shape[0])
    dets = MarkerDetector(DEFAULT_PLAN).detect(grey)
    registrar = Registrar(default_layout(), DEFAULT_PLAN, cam.focal_px)
    assert registrar.update(dets, size, grey).status == "fresh"
    pieces = [d for d in dets if d.marker_id not in registrar.corner_ids]
    assert len(pieces) > HOLD_MARKERS_MIN
    # A hand over every corner, the pieces still where they were: held.
    assert registrar.update(pieces, size).status == "held"
    # Too few markers left to say the board is there: lost.
    assert registrar.update(pieces[: HOLD_MARKERS_MIN - 1], size).status == "lost"
    assert registrar.update(dets, size, grey).status == "fresh"
    # Nothing at all (lights off): lost.
    assert registrar.update([], size).status == "lost"
    assert registrar.update(dets, size, grey).status == "fresh"
    # The pieces shifted across the frame (the camera moved, no corner in view): lost.
    moved = [replace(d, corners=d.corners + np.array([0.0, 400.0])) for d in pieces]
    assert registrar.update(moved, size).status == "lost"
