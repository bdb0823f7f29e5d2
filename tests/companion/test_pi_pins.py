"""constraints/pi.txt pins every package a Pi installs, within the project's ranges.

``make pi`` installs ``pip install -c constraints/pi.txt -e .`` and ``make
flash`` the extra ``board``; a package left out of pi.txt would float to
whatever is newest on the day, untested (``make test-pi`` runs the tests with
exactly these). The closure of the project's runtime requirements is read
from the installed packages' own metadata.
"""

from __future__ import annotations

import tomllib
from importlib.metadata import distribution
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]


def pins(path: Path) -> dict[str, str]:
    found = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        text = line.split("#", 1)[0].strip()
        if text:
            need = Requirement(text)
            assert str(need.specifier).startswith("=="), f"{text}: pinned with == only"
            found[canonicalize_name(need.name)] = str(need.specifier)[2:]
    return found


def runtime_closure() -> set[str]:
    seen: set[str] = set()
    todo = ["amritsar-companion"]
    while todo:
        name = canonicalize_name(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        for line in distribution(name).requires or []:
            need = Requirement(line)
            if need.marker is None or need.marker.evaluate({"extra": ""}):
                todo.append(need.name)
    return seen - {"amritsar-companion"}


def test_every_runtime_package_and_the_board_tools_are_pinned_for_the_pi() -> None:
    pi = pins(ROOT / "constraints" / "pi.txt")
    closure = runtime_closure()
    assert {"numpy", "opencv-python-headless", "uvicorn", "h11", "starlette"} <= closure
    assert closure - set(pi) == set()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for line in project["dependencies"] + project["optional-dependencies"]["board"]:
        need = Requirement(line)
        name = canonicalize_name(need.name)
        assert name in pi, f"{need.name} is not pinned in constraints/pi.txt"
        assert need.specifier.contains(pi[name], prereleases=True), (need, pi[name])
