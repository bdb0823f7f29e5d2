"""Perft counts from fixed positions match the recorded ones, for every game.

Each game keeps its positions and counts beside its tests: Amritsar in
``tests/engine/perft.py``, the others in ``tests/engine/<game>/perft.py``.
A difference means the set of legal action sequences changed. If the change
is intended, regenerate with ``.venv/bin/python -m tests.engine.perft --write``
(or ``tests.engine.<game>.perft``) and commit the new ``perft.json`` with the
rules change.
"""

from __future__ import annotations

import json
from types import ModuleType
from typing import Any

import pytest

from tests.engine import perft as amritsar
from tests.engine.ceylon import perft as ceylon
from tests.engine.imhotep import perft as imhotep
from tests.engine.rajas import perft as rajas

GAMES: dict[str, ModuleType] = {
    "amritsar": amritsar,
    "ceylon": ceylon,
    "imhotep": imhotep,
    "rajas": rajas,
}
CASES = [(game, name) for game, module in GAMES.items() for name in sorted(module.POSITIONS)]


def _recorded(game: str) -> dict[str, Any]:
    recorded: dict[str, Any] = json.loads(GAMES[game].DATA.read_text(encoding="utf-8"))
    return recorded


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_position_has_recorded_counts(game: str) -> None:
    assert set(_recorded(game)) == set(GAMES[game].POSITIONS)


@pytest.mark.parametrize(("game", "name"), CASES)
def test_perft_counts_match(game: str, name: str) -> None:
    found: dict[str, Any] = GAMES[game].compute(name)
    expected = _recorded(game)[name]
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
