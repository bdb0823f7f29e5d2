"""The ``open_page`` fixture for the browser tests."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.pages import PHONE, Opener


@pytest.fixture
def open_page(browser: Any) -> Iterator[Opener]:
    """Open a URL in a fresh context of the given size; closed after the test.

    Any script error in an opened page fails the test.
    """
    contexts: list[Any] = []
    pages: list[Any] = []

    def opener(url: str, viewport: dict[str, int] = PHONE, *, lang: str = "en") -> Any:
        context = browser.new_context(
            viewport=viewport, locale="es-ES" if lang == "es" else "en-GB"
        )
        contexts.append(context)
        page = context.new_page()
        page.errors = []
        page.on("pageerror", lambda error: page.errors.append(str(error)))
        page.goto(url)
        pages.append(page)
        return page

    yield opener
    errors = [error for page in pages for error in page.errors]
    for context in contexts:
        context.close()
    assert not errors, f"script errors in the pages: {errors}"
