"""Outside ``engine/``, Amritsar is used through its public names only.

What it is for: the companion, the camera code and the benches call
``engine.amritsar``'s package surface (``engine/amritsar/__init__.py``), never
one of its modules (``engine.amritsar.board``, ``.rules.core``...), so the
engine may move code between its modules without breaking them, as the core
(``engine.core``) and every other game are used through the registry. The
check reads each file's import statements (also the ones inside functions);
a docstring naming a module is not an import.

Exceptions, each with its reason, are listed in ``ALLOWED``; tests (``tests/``)
test the engine's modules themselves and are not checked.
"""

from __future__ import annotations

import ast
from pathlib import Path

import engine.amritsar as amritsar

ROOT = Path(__file__).resolve().parents[1]
#: top-level folders of product code outside the engine
CHECKED = ("companion", "vision", "bench", "firmware", "hardware", "deploy")
#: file -> (modules it may import, why)
ALLOWED: dict[str, tuple[frozenset[str], str]] = {
    "bench/engine.py": (
        frozenset({"engine.amritsar.game", "engine.amritsar.state"}),
        "with --against it times an older tree too, whose engine/amritsar/__init__.py "
        "may not export these yet; it falls back to the layout before engine/amritsar/",
    ),
    "bench/position_size.py": (
        frozenset({"engine.amritsar.position_long"}),
        "it measures the notation against the old long form, which is kept only to read "
        "old files and is deliberately not public",
    ),
}


def _internal_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) of every import of an ``engine.amritsar`` submodule in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for node in ast.walk(tree):
        modules: list[str] = []
        if isinstance(node, ast.Import):
            modules = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            modules = [node.module]
            if node.module == "engine.amritsar":  # "from engine.amritsar import board"
                # a public name wins over a module of the same name (``observe``)
                modules = [
                    f"engine.amritsar.{alias.name}"
                    for alias in node.names
                    if alias.name not in amritsar.__all__
                ]
                modules = [m for m in modules if _is_module(m)]
        found += [(node.lineno, m) for m in modules if m.startswith("engine.amritsar.")]
    return found


def _is_module(name: str) -> bool:
    relative = Path(*name.split("."))
    return (ROOT / relative).is_dir() or (ROOT / relative).with_suffix(".py").is_file()


def _files() -> list[Path]:
    return sorted(p for top in CHECKED for p in (ROOT / top).rglob("*.py"))


def test_no_module_outside_the_engine_imports_an_amritsar_submodule() -> None:
    files = _files()
    assert any(p.parts[-2:] == ("amritsar", "payload.py") for p in files)  # the scan sees them
    wrong = []
    for path in files:
        name = path.relative_to(ROOT).as_posix()
        allowed = ALLOWED.get(name, (frozenset(), ""))[0]
        wrong += [f"{name}:{line} imports {m}" for line, m in _internal_imports(path)]
        wrong = [w for w in wrong if not (w.startswith(f"{name}:") and w.split()[-1] in allowed)]
    assert not wrong, "use the names engine.amritsar exports instead:\n" + "\n".join(wrong)


def test_every_exception_is_still_needed_and_says_why() -> None:
    for name, (modules, why) in ALLOWED.items():
        assert len(why) > 20, name
        imported = {m for _, m in _internal_imports(ROOT / name)}
        assert modules <= imported, f"{name} no longer imports {sorted(modules - imported)}"


def test_the_check_catches_every_form_of_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(
        "import engine.amritsar.board\n"
        "from engine.amritsar.rules.core import capacity\n"
        "from engine.amritsar import board, District\n"
        "from engine.amritsar import score, observe\n"
        "def later():\n"
        "    from engine.amritsar.observe import observe\n"
        '"""from engine.amritsar.state import GameState"""\n',
        encoding="utf-8",
    )
    assert _internal_imports(sample) == [
        (1, "engine.amritsar.board"),
        (2, "engine.amritsar.rules.core"),
        (3, "engine.amritsar.board"),
        (6, "engine.amritsar.observe"),
    ]
