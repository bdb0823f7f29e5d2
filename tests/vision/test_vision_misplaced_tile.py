"""A tile's marker read on another kind's slot leaves that slot unknown (issue 34).

A scuffed district tile's sticker on the second renderer (sloppy development
seed 2005) decoded as a bridge tile's id. The reader refuses a tile's marker
more than 12 mm from every place of its kind, and the district slot under it,
with no district tile read, read empty at full confidence. A marker decoded
there is evidence of a piece: the slot reads unknown, never empty.
"""

from __future__ import annotations

from dataclasses import replace

from tests.support.vision_table import busy_table
from vision.geometry import CameraPose
from vision.pipeline import Pipeline
from vision.plan import DEFAULT_PLAN, Kind
from vision.synthetic import SyntheticCamera


def test_a_district_tile_read_as_a_bridge_tile_leaves_its_slot_unknown() -> None:
    truth = busy_table()  # S's centre slot holds DW2
    cam = SyntheticCamera(truth, pose=CameraPose(tilt_deg=10), size=(3200, 2400))
    pipe = Pipeline(truth.players, focal_px=cam.focal_px)
    pipe.process(cam.read())
    reg = pipe.registration
    assert reg is not None and reg.ok
    dets = list(pipe.markers_read)
    dw2 = DEFAULT_PLAN.find(Kind.DISTRICT_TILE, "DW2").marker_id
    bridge = DEFAULT_PLAN.of_kind(Kind.BRIDGE_TILE)[0].marker_id
    at = next(i for i, d in enumerate(dets) if d.marker_id == dw2)
    before = pipe.reader.read(dets, reg).values
    slot = next(k for k, v in before.items() if k.startswith("district-slot:") and v == "DW2")
    # The same sticker decoded as a bridge tile's id (a scuff across it).
    dets[at] = replace(dets[at], marker_id=bridge)
    after = pipe.reader.read(dets, reg).values
    assert slot not in after  # unknown, not empty
    # Every other tile slot reads as before.
    others = [k for k in before if k.startswith("district-slot:") and k != slot]
    assert len(others) == 11
    assert all(after[k] == before[k] for k in others)
