"""The loud start-up check of the camera stack, and the versions ``make pi`` pins."""

from __future__ import annotations

import sys
import tomllib
import types
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

from companion.checks import camera_problems, main

ROOT = Path(__file__).resolve().parents[2]


def _constraints(name: str) -> dict[str, Requirement]:
    lines = (ROOT / "constraints" / name).read_text().splitlines()
    reqs = [Requirement(line) for line in lines if line.strip() and not line.startswith("#")]
    return {r.name.lower(): r for r in reqs}


def test_an_opencv_without_aruco_detector_is_refused_loudly(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    old = types.ModuleType("cv2")
    old.__version__ = "4.6.0"  # type: ignore[attr-defined]
    old.aruco = types.SimpleNamespace(Dictionary_get=None)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "cv2", old)
    problems = camera_problems("auto")
    assert len(problems) == 1 and "OpenCV 4.6.0 has no cv2.aruco.ArucoDetector" in problems[0]
    assert "make pi" in problems[0]
    assert camera_problems("none") == []


def test_a_picamera2_broken_by_numpy_2_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    class BrokenFinder:
        """An import of picamera2 failing as apt's build does under numpy 2."""

        def find_spec(self, name: str, *args: object) -> None:
            if name == "picamera2":
                raise ValueError("numpy.dtype size changed, may indicate binary incompatibility")

    monkeypatch.delitem(sys.modules, "picamera2", raising=False)
    monkeypatch.setattr(sys, "meta_path", [BrokenFinder(), *sys.meta_path])
    problems = camera_problems("picamera")
    assert len(problems) == 1 and "numpy.dtype size changed" in problems[0]
    assert camera_problems("auto") == []  # only asked-for cameras must load
    assert main(["--picamera"]) == 1
    assert "PROBLEM: picamera2 is installed but fails to load" in capsys.readouterr().out


def test_the_pi_versions_keep_numpy_1_and_an_opencv_with_aruco_detector() -> None:
    pi = _constraints("pi.txt")
    assert not pi["numpy"].specifier.contains("2.0.0") and pi["numpy"].specifier.contains("1.26.4")
    opencv = next(iter(pi["opencv-python-headless"].specifier)).version
    assert Version("4.7") <= Version(opencv) < Version("4.12")  # ArucoDetector; numpy 1.x
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    needs = {Requirement(d).name.lower(): Requirement(d) for d in project["dependencies"]}
    assert needs["numpy"].specifier.contains("1.26.4")
    assert needs["opencv-python-headless"].specifier.contains(opencv)


def test_the_lock_pins_every_dependency_within_the_projects_ranges() -> None:
    lock = _constraints("lock.txt")
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    for line in project["dependencies"] + project["optional-dependencies"]["dev"]:
        need = Requirement(line)
        assert need.name.lower() in lock, f"{need.name} is not in constraints/lock.txt (make lock)"
        pinned = next(iter(lock[need.name.lower()].specifier)).version
        assert need.specifier.contains(pinned, prereleases=True), (need, pinned)
