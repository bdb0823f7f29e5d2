"""Each test module's camera tables and cached readings let go when the module ends.

A module keeps one table (``TABLE = table_for(game)``) so its scenes are drawn
once and reused by its tests, and some cache a reading (``@cache``). Both hold
frame-sized arrays; kept for the whole run, each module's added a few hundred
MB to one process running the vision tests (``make pi-check``, a Pi owner).
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from vision.games.base import GameTable


@pytest.fixture(autouse=True, scope="module")
def _forget_module_scenes(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    module = request.module
    for value in list(vars(module).values()):
        if isinstance(value, GameTable):
            value.forget()
        elif callable(value) and getattr(value, "__module__", None) == module.__name__:
            clear = getattr(value, "cache_clear", None)
            if clear is not None:
                clear()
