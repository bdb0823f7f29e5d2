"""Helpers for the browser tests: page sizes and waiting for a state to show."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

PHONE = {"width": 390, "height": 844}
TABLET = {"width": 1024, "height": 1366}

Opener = Callable[..., Any]


def wait_state(page: Any, state_id: int, timeout: float = 5000) -> None:
    """Until the page shows ``state_id`` or later (polled: the pages' CSP forbids eval)."""
    deadline = time.monotonic() + timeout / 1000
    while True:
        shown = page.locator("body").get_attribute("data-state-id")
        if shown is not None and int(shown) >= state_id:
            return
        assert time.monotonic() < deadline, f"the page still shows state {shown}, not {state_id}"
        time.sleep(0.01)
