"""How a test asks for a real part that may be missing on this machine.

Locally a missing broker or browser skips the test with a message saying what
to install. Under CI (``CI=true``) it fails instead: a skipped real-part test
would hide a missing install step in ``make test``.
"""

from __future__ import annotations

import os
import shutil

import pytest


def under_ci() -> bool:
    return os.environ.get("CI", "").lower() in {"1", "true", "yes"}


def require_executable(path_or_name: str, what: str) -> str:
    """Return the executable's path, or skip (locally) / fail (CI) without it."""
    found = shutil.which(path_or_name)
    if found:
        return found
    message = f"{what} not found ({path_or_name}); `make test` installs it"
    if under_ci():
        pytest.fail(message)
    pytest.skip(message)
