"""docs/rules-coverage.md names only tests that exist."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "rules-coverage.md"
REFERENCE = re.compile(r"`(test_\w+\.py)?::(test_\w+)`")


def test_every_test_the_coverage_document_names_exists() -> None:
    module = None
    named = 0
    for line in DOC.read_text(encoding="utf-8").splitlines():
        for file_name, test_name in REFERENCE.findall(line):
            module = file_name or module
            assert module, f"{test_name} is named before any module"
            loaded = importlib.import_module(f"tests.engine.{module.removesuffix('.py')}")
            assert hasattr(loaded, test_name), f"{module}::{test_name} does not exist"
            named += 1
    assert named > 150
