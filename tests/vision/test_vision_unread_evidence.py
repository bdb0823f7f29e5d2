"""Positive evidence at the printed spots and the tile slots (issue 34).

On the second renderer's frames with pieces off their spots, two kinds of zone
read a confident value the frame did not show:

- a clear market cell whose sticker a cube beside it half hides read
  "covered": the whole sticker correlated like a covered one, though one half
  of it showed its print clean;
- a tile slot whose tile's sticker was scuffed so that no look decoded it read
  "empty", though the slot held a marker's black and white.

Both now read unknown; a cube squarely on its cell still reads covered. And
the other way: a printed spot whose sticker no look decodes but whose whole
print shows clean is clear (it read unknown), never a guess either way.
"""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np

from tests.support.vision_table import busy_table
from vision.detect import Detection, MarkerDetector
from vision.geometry import CameraPose
from vision.pipeline import Pipeline
from vision.plan import DEFAULT_PLAN, Kind
from vision.snapshot import TableSnapshot
from vision.sources import Frame
from vision.synthetic import SyntheticCamera


def _settle(pipe: Pipeline, frame: Frame, image: np.ndarray) -> TableSnapshot:
    snap = pipe.snapshot
    for n in range(6):
        snap = pipe.process(replace(frame, image=image, number=n, time=n / 10))
        if not snap.settling:
            break
    assert not snap.settling
    return snap


def _at(corners: np.ndarray, u: float, v: float) -> np.ndarray:
    """The point at (u, v) of a marker's sticker (quiet zone included), 0..1
    across each way, from its black square's corners (TL, TR, BR, BL)."""
    centre = corners.mean(axis=0)
    outer = (corners - centre) * (8 / 6) + centre
    top = outer[0] + (outer[1] - outer[0]) * u
    bottom = outer[3] + (outer[2] - outer[3]) * u
    out: np.ndarray = top + (bottom - top) * v
    return out


def _scene() -> tuple[TableSnapshot, float, Frame, list[Detection]]:
    truth = busy_table()
    cam = SyntheticCamera(truth, pose=CameraPose(tilt_deg=10), size=(3200, 2400))
    frame = cam.read()
    return truth, cam.focal_px, frame, MarkerDetector().detect(frame.image)


def test_a_clear_market_cell_half_hidden_by_a_cube_beside_it_is_unknown_not_covered() -> None:
    _, focal, frame, found = _scene()
    pipe = Pipeline(4, focal_px=focal)
    _settle(pipe, frame, frame.image)
    reg = pipe.registration
    assert reg is not None and reg.ok
    cell = DEFAULT_PLAN.find(Kind.MARKET_CELL, "market-cell").marker_id
    anchor = reg.to_image(np.array([pipe.reader.printed_anchor("market:gold:3")]))[0]
    d = min(
        (x for x in found if x.marker_id == cell),
        key=lambda x: float(np.hypot(*(np.array(x.centre) - anchor))),
    )
    assert np.hypot(*(np.array(d.centre) - anchor)) < d.side_px / 2
    # A copper cube pushed over the cell's east 55 % (its centre stays clear).
    image = frame.image.copy()
    sides = ((0.45, -0.2), (1.3, -0.2), (1.3, 1.2), (0.45, 1.2))
    cube = np.array([_at(d.corners, u, v) for u, v in sides], dtype=np.int32)
    cv2.fillConvexPoly(image, cube, (40, 110, 190))
    assert all(
        np.hypot(*(np.array(x.centre) - anchor)) > d.side_px
        for x in MarkerDetector().detect(image)
        if x.marker_id == cell
    )
    pipe = Pipeline(4, focal_px=focal)
    snap = _settle(pipe, frame, image)
    assert snap.market["gold"][2] is None  # not "covered": half its print is in view
    # A cube squarely on its cell still reads covered; the clear cells, clear.
    assert snap.market["marble"][:3] == (True, True, True)
    assert snap.market["gold"][:2] == (False, False)


def test_a_market_cell_showing_its_whole_print_clean_reads_clear_though_not_decoded() -> None:
    _, focal, frame, found = _scene()
    pipe = Pipeline(4, focal_px=focal)
    _settle(pipe, frame, frame.image)
    reg = pipe.registration
    assert reg is not None and reg.ok
    cell = DEFAULT_PLAN.find(Kind.MARKET_CELL, "market-cell").marker_id
    anchor = reg.to_image(np.array([pipe.reader.printed_anchor("market:marble:5")]))[0]
    d = min(
        (x for x in found if x.marker_id == cell),
        key=lambda x: float(np.hypot(*(np.array(x.centre) - anchor))),
    )
    # Three dark scratches from its black border out through its margin: no
    # detector finds the square, the print is all there.
    image = frame.image.copy()
    width = max(1, round(d.side_px * 0.1))
    scratches = (((1.0, 0.5), (1.5, 0.5)), ((0.5, 1.0), (0.5, 1.5)), ((0.0, 0.5), (-0.5, 0.5)))
    for (u0, v0), (u1, v1) in scratches:
        cv2.line(
            image, _square_at(d.corners, u0, v0), _square_at(d.corners, u1, v1), (20, 20, 20), width
        )
    assert all(
        np.hypot(*(np.array(x.centre) - anchor)) > d.side_px
        for x in MarkerDetector().detect(image)
        if x.marker_id == cell
    )
    pipe = Pipeline(4, focal_px=focal)
    snap = _settle(pipe, frame, image)
    assert snap.market["marble"][4] is False  # clear, as its print shows (was unknown)
    assert snap.market["marble"][:3] == (True, True, True)


def test_a_tile_whose_sticker_no_look_decodes_leaves_its_slot_unknown_not_empty() -> None:
    truth, focal, frame, found = _scene()
    tile = DEFAULT_PLAN.find(Kind.DISTRICT_TILE, "DY2").marker_id  # E's centre slot
    d = next(x for x in found if x.marker_id == tile)
    image = frame.image.copy()
    # A tile as light as its sticker's margin (no outline around the sticker)...
    centre = d.corners.mean(axis=0)
    around = np.zeros(image.shape[:2], np.uint8)
    inner = around.copy()
    cv2.fillConvexPoly(around, ((d.corners - centre) * 2.0 + centre).astype(np.int32), 1)
    cv2.fillConvexPoly(inner, ((d.corners - centre) * (8 / 6) + centre).astype(np.int32), 1)
    image[(around > 0) & (inner == 0)] = (190, 205, 215)
    # ... and its sticker scuffed: two scratches corner to corner.
    width = max(1, round(d.side_px * 0.08))
    for (u0, v0), (u1, v1) in (((-0.15, -0.15), (1.15, 1.15)), ((1.15, -0.15), (-0.15, 1.15))):
        a = _square_at(d.corners, u0, v0)
        b = _square_at(d.corners, u1, v1)
        cv2.line(image, a, b, (200, 220, 200), width, lineType=cv2.LINE_AA)
    assert all(x.marker_id != tile for x in MarkerDetector().detect(image))
    pipe = Pipeline(4, focal_px=focal)
    snap = _settle(pipe, frame, image)
    assert "district-slot:E:centre" in snap.unseen  # not "empty": a sticker lies there
    tiles = snap.setup.district_tiles["E"]
    assert (tiles[0], tiles[2]) == (
        truth.setup.district_tiles["E"][0],
        truth.setup.district_tiles["E"][2],
    )


def _square_at(corners: np.ndarray, u: float, v: float) -> tuple[int, int]:
    """The pixel at (u, v) of a marker's black square (0..1 across each way)."""
    p = corners[0] + (corners[1] - corners[0]) * u + (corners[3] - corners[0]) * v
    return int(p[0]), int(p[1])
