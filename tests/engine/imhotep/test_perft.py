"""Perft counts from fixed positions match ``perft.json`` (see ``perft.py``)."""

from __future__ import annotations

import json

import pytest

from tests.engine.imhotep.perft import DATA, POSITIONS, divide, perft

EXPECTED = json.loads(DATA.read_text())


def test_every_position_has_recorded_counts():
    assert set(EXPECTED) == set(POSITIONS)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_counts(name):
    make, depths = POSITIONS[name]
    state = make()
    counts = {str(d): perft(state, d) for d in depths}
    if counts != EXPECTED[name]["counts"]:
        got = divide(state, depths[-1])
        changed = {
            k: (EXPECTED[name]["divide"].get(k), v)
            for k, v in got.items()
            if EXPECTED[name]["divide"].get(k) != v
        }
        pytest.fail(
            f"{name}: counts {counts} != {EXPECTED[name]['counts']}; branches changed: {changed}"
        )
