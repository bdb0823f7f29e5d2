"""TableSnapshot: JSON round trip, clear errors, comparison with a truth."""

from __future__ import annotations

import json
from dataclasses import replace

import numpy as np
import pytest

from vision.messages import problem
from vision.scenes import random_truth
from vision.snapshot import TableSnapshot, differences, observable


def test_snapshot_round_trips_through_json() -> None:
    truth = random_truth(np.random.default_rng(3), players=4)
    snap = replace(
        observable(truth),
        frame=12,
        time=1.2,
        settling=True,
        confidence={"section:N1": 0.5},
        unseen=("path:E",),
        problems=(problem("too-many", (), ("pink",), n=17, colour="pink", limit=16),),
    )
    again = TableSnapshot.from_dict(json.loads(json.dumps(snap.to_dict())))
    assert again == snap
    assert again.problems[0].es.startswith("Se ven 17")


def test_malformed_snapshots_name_the_field() -> None:
    data = TableSnapshot.empty(2).to_dict()
    del data["elephants"]
    with pytest.raises(ValueError, match="elephants"):
        TableSnapshot.from_dict(data)
    data = TableSnapshot.empty(2).to_dict()
    data["setup"]["temple_rotation"] = 45
    with pytest.raises(ValueError, match="temple_rotation"):
        TableSnapshot.from_dict(data)
    with pytest.raises(ValueError, match="players"):
        TableSnapshot.empty(5)


def test_observable_hides_coin_counts_and_differences_point_at_zones() -> None:
    truth = replace(TableSnapshot.empty(2), coins={**TableSnapshot.empty(2).coins, "E2": 3})
    seen = observable(truth)
    assert seen.coins["E2"] is None and seen.coins_present["E2"] is True
    assert seen.coins["N1"] == 0 and seen.coins_present["N1"] is False
    assert differences(seen, truth) == []
    wrong = replace(seen, sections={**seen.sections, "S1": ("Y1",)})
    assert differences(wrong, truth) == ["sections.S1: seen ['Y1'], truth []"]
