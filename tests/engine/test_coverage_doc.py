"""Every game's rules-coverage document names only tests that exist.

The documents walk each rulebook section by section and name the test that
covers each rule as ``test_file.py::test_name`` (or ``::test_name`` for the
file named last). A renamed or deleted test makes its reference fail here.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[2] / "docs"
REFERENCE = re.compile(r"`(test_\w+\.py)?::(test_\w+)`")

#: document -> (package of its tests, the fewest references it must hold)
COVERAGE = {
    "rules-coverage.md": ("tests.engine", 150),
    "imhotep-rules-coverage.md": ("tests.engine.imhotep", 60),
    "ceylon-rules-coverage.md": ("tests.engine.ceylon", 40),
    "rajas-rules-coverage.md": ("tests.engine.rajas", 40),
}


def named_tests(document: str) -> list[tuple[str, str]]:
    """(module file, test name) for every reference in ``document``."""
    module = None
    found = []
    for line in (DOCS / document).read_text(encoding="utf-8").splitlines():
        for file_name, test_name in REFERENCE.findall(line):
            module = file_name or module
            assert module, f"{document}: {test_name} is named before any module"
            found.append((module, test_name))
    return found


@pytest.mark.parametrize("document", sorted(COVERAGE))
def test_every_test_the_coverage_document_names_exists(document: str) -> None:
    package, fewest = COVERAGE[document]
    named = named_tests(document)
    for module, test_name in named:
        loaded = importlib.import_module(f"{package}.{module.removesuffix('.py')}")
        assert hasattr(loaded, test_name), f"{document}: {module}::{test_name} does not exist"
    assert len(named) > fewest


#: a source key in brackets as the Rajas notes and coverage cite them: [MRB], [UBG-GANGA]
SOURCE_KEY = re.compile(r"\[([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*)\]")


def test_every_rajas_source_key_resolves_in_its_sources_table() -> None:
    text = (DOCS / "rajas-rules-coverage.md").read_text(encoding="utf-8")
    _, _, after = text.partition("\n## Sources\n")
    table = after.split("\n## ", 1)[0]
    listed = {m.group(1) for m in re.finditer(r"^\| \[([A-Z0-9-]+)\] \|.*\| \S+", table, re.M)}
    data = DOCS.parent / "engine" / "rajas" / "data"
    cited = set(SOURCE_KEY.findall(text))
    for path in sorted(data.glob("*.toml")):
        cited |= set(SOURCE_KEY.findall(path.read_text(encoding="utf-8")))
    assert "MRB" in cited and "UBG-GANGA" in cited
    assert cited - listed == set(), "cited with no row in the Sources table"
