"""The usage examples in the engine's docstrings run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "engine.amritsar.actions",
    "engine.amritsar",
    "engine.amritsar.catalog",
    "engine.amritsar.catalog_report",
    "engine.amritsar.effects",
    "engine.amritsar.game",
    "engine.amritsar.reasons",
    "engine.amritsar.record",
    "engine.amritsar.serialize",
    "engine.amritsar.solo",
    "engine.amritsar.rules_object",
    "engine.core.record",
    "engine.core.reasons",
    "engine.core.chance",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
