"""Pieces the components allow, at setup too (issue 34, ``vision/conserve.py``).

With no expectation fed (the setup read, a restart), a reading the kit cannot
make is not reported: two counters on one donation space, a section of five
workers, seventeen counters of one colour make the zones concerned unknown.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from tests.support.vision_table import busy_table
from vision.conserve import over_bounds
from vision.detect import Detection
from vision.geometry import CameraPose
from vision.layout import ZoneKind
from vision.pipeline import Pipeline
from vision.plan import DEFAULT_PLAN, Kind
from vision.read import Seen
from vision.synthetic import SyntheticCamera


def test_over_bounds_names_zones_over_capacity_and_pieces_over_copies() -> None:
    counter = ("donation-counter", "purple", "")
    worker = ("worker", "W1", "")
    held = {
        "donation:N:1:0": [counter, ("donation-counter", "grey", "")],
        "donation:N:1:1": [counter],
        "section:N1": [worker],
        "market-space:purple": [counter] * 3,
    }
    capacity = {"donation:N:1:0": 1, "donation:N:1:1": 1, "section:N1": 4}
    copies = {counter: 16, worker: 1}
    # Within every bound: nothing.
    assert over_bounds(held, capacity, copies, [counter] * 5 + [worker]) == {"donation:N:1:0"}
    # Seventeen purple counters on the board: every zone holding one.
    assert over_bounds(held, capacity, copies, [counter] * 17 + [worker]) == {
        "donation:N:1:0",
        "donation:N:1:1",
        "market-space:purple",
    }


@pytest.fixture(scope="module")
def reading():  # type: ignore[no-untyped-def]
    truth = busy_table()
    cam = SyntheticCamera(truth, pose=CameraPose(tilt_deg=10), size=(3200, 2400))
    frame = cam.read()
    pipe = Pipeline(truth.players, focal_px=cam.focal_px)
    for n in range(4):
        snap = pipe.process(replace(frame, number=n))
    assert not snap.settling
    reg = pipe.registration
    assert reg is not None
    seen, clear = pipe.reader.place(list(pipe.markers_read), reg)
    return pipe.reader, reg, seen, clear, list(pipe.markers_read)


def _like(s: Seen, component: str, zone_kind: ZoneKind, name: str, reader) -> Seen:  # type: ignore[no-untyped-def]
    zone = (
        reader.layout.zone(zone_kind, name, reader.players)
        if zone_kind is ZoneKind.DONATION
        else reader.layout.zone(zone_kind, name)
    )
    return replace(
        s, component=component, zone=zone, foot=zone.anchors[0] if zone.anchors else zone.centre
    )


def test_the_reading_as_seen_is_within_the_kit(reading) -> None:  # type: ignore[no-untyped-def]
    reader, reg, seen, clear, _ = reading
    vals = reader.read([], reg, (seen, clear)).values
    assert vals["donation:N:1:0"] == "purple"
    assert vals["section:E1"] == ("G1", "G2", "Y2", "B1")
    assert vals["market-space:purple"] == 5


def test_two_counters_on_one_donation_space_read_unknown(reading) -> None:  # type: ignore[no-untyped-def]
    reader, reg, seen, clear, _ = reading
    counter = next(s for s in seen if s.kind is Kind.COUNTER and s.component == "grey")
    extra = _like(counter, "grey", ZoneKind.DONATION, "N:1:0", reader)
    vals = reader.read([], reg, ([*seen, extra], clear)).values
    # Before: the first counter read there, "purple", at full confidence.
    assert "donation:N:1:0" not in vals
    assert vals["donation:N:1:1"] == "grey"


def test_a_section_over_capacity_reads_unknown(reading) -> None:  # type: ignore[no-untyped-def]
    reader, reg, seen, clear, _ = reading
    worker = next(s for s in seen if s.kind is Kind.WORKER and s.component == "G3")
    fifth = _like(worker, "W4", ZoneKind.SECTION, "E1", reader)
    out = reader.read([], reg, ([*seen, fifth], clear))
    assert "section:E1" not in out.values
    assert any(p.code == "section-overfull" for p in out.problems)  # still said


def test_more_counters_of_a_colour_than_the_kit_has_read_unknown(reading) -> None:  # type: ignore[no-untyped-def]
    reader, reg, seen, clear, _ = reading
    counter = next(s for s in seen if s.kind is Kind.COUNTER and s.component == "purple")
    # 6 purple counters read (N:1:0 and 5 on the market space); 11 more on
    # bare first-level donation spaces.
    spaces = [f"S:1:{i}" for i in range(6)] + [f"W:1:{i}" for i in range(5)]
    more = [_like(counter, "purple", ZoneKind.DONATION, name, reader) for name in spaces]
    vals = reader.read([], reg, ([*seen, *more], clear)).values
    assert vals["market-space:purple"] is None  # a count not measured
    assert "donation:N:1:0" not in vals
    assert not any(f"donation:{name}" in vals for name in spaces)
    assert vals["donation:N:1:1"] == "grey"  # another colour: as read
    # Sixteen are within the kit: read as seen.
    vals = reader.read([], reg, ([*seen, *more[:10]], clear)).values
    assert vals["market-space:purple"] == 5
    assert vals["donation:S:1:0"] == "purple"


def test_a_counter_read_just_off_its_space_makes_the_spaces_around_unknown(reading) -> None:  # type: ignore[no-untyped-def]
    reader, reg, _, _, detections = reading
    # The orange counter on E:1:5 (4 players: anchor 386, 367.5 mm, the end
    # of its row), pushed 11 mm south off the row: its foot lies on no space.
    orange = DEFAULT_PLAN.find(Kind.COUNTER, "orange").marker_id
    detections = list(detections)
    at = next(
        i
        for i, d in enumerate(detections)
        if d.marker_id == orange and reg.to_board(np.array([d.centre]))[0][0] > 370.0
    )
    d = detections[at]
    board = reg.to_board(d.corners.astype(np.float64)) + np.array([0.0, 11.0])
    detections[at] = Detection(d.marker_id, reg.to_image(board).astype(np.float32))
    placed = reader.place(detections, reg)
    assert not any(
        s.component == "orange" and s.zone is not None and s.zone.kind is ZoneKind.DONATION
        for s in placed[0]
    )
    vals = reader.read(detections, reg, placed).values
    # Not "empty" (before: E:1:5 read empty at full confidence).
    assert "donation:E:1:5" not in vals
    assert vals["donation:E:1:4"] is None  # 19 mm away: out of reach, read as seen
    # Taken away altogether, the space reads empty.
    gone = [x for i, x in enumerate(detections) if i != at]
    assert reader.read(gone, reg).values["donation:E:1:5"] is None
