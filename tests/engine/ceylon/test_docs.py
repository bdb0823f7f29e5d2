"""Docstring examples stay true (the coverage document's references are checked for
all games in ``tests/engine/test_coverage_doc.py``)."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "ceylon-rules-coverage.md"
REFERENCE = re.compile(r"`(test_\w+\.py)?::(test_\w+)`")


@pytest.mark.parametrize(
    "name", ["engine.ceylon.catalog", "engine.ceylon.actions", "engine.ceylon.rules_object"]
)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
