"""The usage examples in the engine's docstrings run and stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "engine.actions",
    "engine.amritsar",
    "engine.catalog",
    "engine.catalog_report",
    "engine.effects",
    "engine.game",
    "engine.record",
    "engine.serialize",
    "engine.solo",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0
