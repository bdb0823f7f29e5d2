"""The Imhotep package stands alone: standard library and ``engine.core`` only, and it registers itself."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

from engine.core.registry import available, get_rules

PACKAGE = Path(__file__).resolve().parents[3] / "engine" / "imhotep"


def test_imports_only_the_standard_library_and_the_core():
    for path in PACKAGE.glob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                allowed = name.startswith(("engine.core", "engine.imhotep")) or (
                    top != "engine" and top in sys.stdlib_module_names
                )
                assert allowed or top == "__future__", f"{path.name} imports {name}"


def test_registered_by_name():
    rules = get_rules("imhotep")
    assert rules.name == "imhotep" and "imhotep" in available()
    assert (rules.min_players, rules.max_players, rules.solo) == (2, 4, False)
    assert rules.title_es.startswith("Imhotep")
