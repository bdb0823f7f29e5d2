"""The coverage document names only tests that exist; docstring examples stay true."""

from __future__ import annotations

import doctest
import importlib
import re
from pathlib import Path

import pytest

DOC = Path(__file__).resolve().parents[3] / "docs" / "ceylon-rules-coverage.md"
REFERENCE = re.compile(r"`(test_\w+\.py)?::(test_\w+)`")


def test_every_test_the_coverage_document_names_exists() -> None:
    module = None
    named = 0
    for line in DOC.read_text(encoding="utf-8").splitlines():
        for file_name, test_name in REFERENCE.findall(line):
            module = file_name or module
            assert module, f"{test_name} is named before any module"
            loaded = importlib.import_module(f"tests.engine.ceylon.{module.removesuffix('.py')}")
            assert hasattr(loaded, test_name), f"{module}::{test_name} does not exist"
            named += 1
    assert named > 40


@pytest.mark.parametrize(
    "name", ["engine.ceylon.catalog", "engine.ceylon.actions", "engine.ceylon.rules_object"]
)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0
