"""The marker plan: ids unique and well separated, files in step with the code."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.plan import DEFAULT_PLAN, USABLE_IDS, Kind, MarkerEntry, MarkerPlan

ROOT = Path(__file__).resolve().parents[2]


def _codes(ids: tuple[int, ...]) -> np.ndarray:
    d = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_100)
    bits = [cv2.aruco.Dictionary.getBitsFromByteList(d.bytesList[i : i + 1], 4) for i in ids]
    return np.array([[np.rot90(b, k).ravel() for k in range(4)] for b in bits])


def test_usable_ids_are_four_bits_apart_in_every_rotation_and_balanced() -> None:
    codes = _codes(USABLE_IDS)
    for i in range(len(codes)):
        assert min(int((codes[i, 0] != codes[i, k]).sum()) for k in (1, 2, 3)) >= 4
        assert 5 <= int(codes[i, 0].sum()) <= 11
        for j in range(i + 1, len(codes)):
            assert min(int((codes[i, 0] != codes[j, k]).sum()) for k in range(4)) >= 4


def test_plan_covers_every_component_once() -> None:
    plan = DEFAULT_PLAN
    assert len(plan.of_kind(Kind.WORKER)) == 16
    assert {e.component for e in plan.of_kind(Kind.ELEPHANT)} == {
        "purple",
        "grey",
        "pink",
        "orange",
    }
    assert sum(e.copies for e in plan.of_kind(Kind.COUNTER)) == 64
    assert len(plan.of_kind(Kind.DISTRICT_TILE)) == 12
    assert len(plan.of_kind(Kind.TEMPLE_TILE)) == 4
    assert len(plan.of_kind(Kind.BRIDGE_TILE)) == 12  # six tiles, two faces
    assert len(plan.of_kind(Kind.STOREHOUSE)) == 15
    assert {e.component for e in plan.of_kind(Kind.MAHARAJAH)} == {
        "maharajah-board",
        "maharajah-reminder",
    }
    assert len(set(plan.ids)) == len(plan.entries)
    assert plan.find(Kind.WORKER, "G4").marker_id in USABLE_IDS


def test_hardware_csv_matches_the_plan_and_round_trips() -> None:
    text = (ROOT / "hardware" / "markers.csv").read_text(encoding="utf-8")
    assert text == DEFAULT_PLAN.to_csv(), "run `companion markers plan --out hardware/markers.csv`"
    assert MarkerPlan.from_csv(text) == DEFAULT_PLAN


def test_bad_plans_are_refused_with_the_reason() -> None:
    entry = DEFAULT_PLAN.entries[0]
    with pytest.raises(ValueError, match="assigned twice"):
        MarkerPlan((entry, entry))
    with pytest.raises(ValueError, match="not usable"):
        MarkerPlan((MarkerEntry(62, Kind.WORKER, "Y1", 10, 16),))
    with pytest.raises(ValueError, match="line 2"):
        MarkerPlan.from_csv(
            "marker_id,kind,component,face,side_mm,height_mm,copies\nx,worker,Y1,,10,16,1\n"
        )
