"""The rules engines (``engine/``) import the standard library and ``engine`` only.

Why it matters beyond tidiness: ``make test-pi`` runs the tests a second time
with the Raspberry Pi's pinned packages (``constraints/pi.txt``) on the same
Python. An engine that needs no installed package behaves the same whatever
versions are pinned, so that second run takes only the engine tests that reach
outside ``engine/`` (the Makefile's ``PI_ENGINE_TESTS``) and this check, which
fails the day an engine module starts importing a package.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[2] / "engine"


def imported(path: Path) -> list[str]:
    """Every absolute module name ``path`` imports, inside functions too."""
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_every_engine_module_imports_the_standard_library_and_engine_only() -> None:
    files = sorted(ENGINE.rglob("*.py"))
    assert len(files) > 50, f"only {len(files)} files under {ENGINE}"
    outside = [
        f"{path.relative_to(ENGINE.parent)} imports {name}"
        for path in files
        for name in imported(path)
        if (top := name.split(".")[0]) != "engine"
        and top != "__future__"
        and top not in sys.stdlib_module_names
    ]
    assert not outside, outside


def test_the_check_sees_a_package_import(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("import json\n\ndef f():\n    from numpy import array\n", encoding="utf-8")
    assert imported(module) == ["json", "numpy"]
