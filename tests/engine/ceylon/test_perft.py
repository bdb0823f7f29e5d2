"""Ceylon perft counts from fixed positions match the recorded ones (tests/engine/ceylon/perft.py).

A difference means the set of legal action sequences changed. If the change
is intended, regenerate with ``.venv/bin/python -m tests.engine.ceylon.perft --write``
and commit the new ``perft.json`` with the rules change.
"""

from __future__ import annotations

import json

import pytest

from tests.engine.ceylon.perft import DATA, POSITIONS, compute

RECORDED = json.loads(DATA.read_text(encoding="utf-8"))


def test_every_position_has_recorded_counts() -> None:
    assert set(RECORDED) == set(POSITIONS)


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_perft_counts_match(name: str) -> None:
    found = compute(name)
    expected = RECORDED[name]
    changed = {
        action: (expected["divide"].get(action), count)
        for action, count in found["divide"].items()
        if expected["divide"].get(action) != count
    }
    missing = set(expected["divide"]) - set(found["divide"])
    assert found["counts"] == expected["counts"], (
        f"{name}: counts {found['counts']} != recorded {expected['counts']}; "
        f"first actions whose count changed (recorded, now): {changed}; gone: {missing}"
    )
    assert not changed and not missing
