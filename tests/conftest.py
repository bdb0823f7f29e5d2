"""Shared fixtures: real Mosquitto, a live uvicorn server, headless Chromium.

Each fixture talks to a real part. Under CI a missing part fails the test
(see ``tests/support/realparts.py``); locally it is skipped with a message.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, ExitStack
from pathlib import Path
from typing import Any

import pytest

from tests.support.broker import MosquittoBroker
from tests.support.browser import CHROMIUM, CHROMIUM_ARGS
from tests.support.realparts import require_executable
from tests.support.web import serve

#: Where tests leave files for a person to look at (screenshots, logs).
TEST_OUTPUT = Path(__file__).resolve().parent.parent / "test-output"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "browser: uses Chromium (set on every test that asks for the browser fixture)"
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test that drives Chromium, whatever its file, so ``make test-pi`` can leave
    them all out (``-m "not browser"``)."""
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture
def mosquitto(tmp_path: Path) -> Iterator[MosquittoBroker]:
    """A running broker with password file and ACL; ``.stop()``/``.start()`` keep the port."""
    broker = MosquittoBroker(workdir=tmp_path / "mosquitto")
    broker.start()
    try:
        yield broker
    finally:
        broker.stop()


@pytest.fixture
def live_server() -> Iterator[Callable[[Any], str]]:
    """Call with an ASGI app; returns its base URL. Servers stop after the test."""
    with ExitStack() as stack:

        def start(app: Any) -> str:
            context: AbstractContextManager[str] = serve(app)
            return stack.enter_context(context)

        yield start


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Debian Chromium through Playwright (one per test session)."""
    require_executable(CHROMIUM, "Chromium (Debian: chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
        )
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    """A fresh browser context and page for one test."""
    context = browser.new_context()
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def test_output() -> Path:
    TEST_OUTPUT.mkdir(exist_ok=True)
    return TEST_OUTPUT
