"""docs/imhotep-rules-coverage.md names only tests that exist, and walks every section."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

DOC = Path(__file__).resolve().parents[3] / "docs" / "imhotep-rules-coverage.md"
REFERENCE = re.compile(r"`(test_\w+\.py)?::(test_\w+)`")
SECTIONS = ["Componentes", "Preparación de la partida", "Turno", "Final de la ronda", "Final de la partida",
            "Cara A", "caras B", "ira del faraón", "cartas de mercado"]  # fmt: skip


def test_every_test_the_coverage_document_names_exists():
    module, named = None, 0
    text = DOC.read_text(encoding="utf-8")
    for line in text.splitlines():
        for file_name, test_name in REFERENCE.findall(line):
            module = file_name or module
            assert module, f"{test_name} is named before any module"
            loaded = importlib.import_module(f"tests.engine.imhotep.{module.removesuffix('.py')}")
            assert hasattr(loaded, test_name), f"{module}::{test_name} does not exist"
            named += 1
    assert named > 60
    for section in SECTIONS:
        assert section in text, section
