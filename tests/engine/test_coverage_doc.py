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


def test_every_option_is_listed_with_the_text_that_makes_it_one() -> None:
    """Issue 37: each game's coverage doc lists every option with the rulebook's text."""
    from engine.core.registry import get_rules

    rulebooks = {
        "imhotep": "imhotep-reglamento-es.txt",
        "ceylon": "ceylon-reglamento-es.txt",
    }
    for game, book in rulebooks.items():
        doc = (DOCS / f"{game}-rules-coverage.md").read_text(encoding="utf-8")
        _, _, options = doc.partition("\n## Options" if game == "ceylon" else "\n## House rules")
        section = options.split("\n## ", 1)[0]
        # the rulebooks sit beside the repository (../shared/rules), not in it: where a
        # clone has them, every quote must be their words
        path = DOCS.parent.parent / "shared" / "rules" / book
        text = (
            " ".join(path.read_text(encoding="utf-8").replace("**", "").split())
            if path.exists()
            else None
        )
        rules = get_rules(game)
        names = [n for n in rules.option_names() if n not in _SIDES_AND_VARIANTS]
        assert names, game
        for name in names:
            row = next((r for r in section.splitlines() if r.startswith(f"| `{name}`")), None)
            assert row is not None, f"{game}: option {name} has no row"
            quotes = re.findall(r"«([^»]+)»", row)
            assert quotes or "names no" in row, f"{game}: {name} quotes no text"
            for quote in quotes:
                for part in quote.split(" … "):
                    assert len(part) > 10, f"{game}: {name}: {part!r} is too short to check"
                    if text is not None:
                        assert part in text, f"{game}: {name}: {part!r} is not the rulebook's"


#: Imhotep's board sides and variant are the game's own choices, listed in its setup rows
_SIDES_AND_VARIANTS = {
    "pharaohs-wrath", "market-b", "pyramid-b", "temple-b", "burial-b", "obelisk-b", "all-b",
}  # fmt: skip


def test_each_rajas_value_issue_37_names_is_cited_or_marked_assumed() -> None:
    doc = (DOCS / "rajas-rules-coverage.md").read_text(encoding="utf-8")
    _, _, after = doc.partition("\n## Assumed values searched for again")
    section = after.split("\n## ", 1)[0]
    standings = ("follows from the text", "confirmed", "supported", "assumed", "unconfirmed")
    for value in (
        "Residence roads",
        "Quarry prices",
        "Harbour prices",
        "Money bonus at 12",
        "3-player cover tiles",
        "Mixed-goods limit with 2 players",
    ):
        row = next((r for r in section.splitlines() if r.startswith(f"| {value} |")), None)
        assert row is not None, value
        standing = row.rstrip(" |").rsplit(" | ", 1)[-1].lower()
        assert any(word in standing for word in standings), row
        assert "[ES]" in row, f"{value}: the Spanish text's words come first"
