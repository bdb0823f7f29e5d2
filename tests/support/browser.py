"""Debian's Chromium driven by Playwright, headless, with flags that work here.

The machine has no network beyond the package registries, so everything that
would phone home (background networking, component updates, sync) is off.
"""

from __future__ import annotations

CHROMIUM = "/usr/bin/chromium"

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
