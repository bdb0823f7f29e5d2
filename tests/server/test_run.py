"""What the CLI calls: a server in a thread that starts, answers and stops."""

from __future__ import annotations

import json
import urllib.error
import urllib.request

import pytest

from companion.server import announce, start_server
from tests.server.games import PIN, new_table


def test_start_server_serves_until_stopped() -> None:
    session = new_table()
    server = start_server(session, "127.0.0.1", 0)
    try:
        with urllib.request.urlopen(f"{server.url}/api/health", timeout=5) as response:
            assert json.load(response)["state_id"] == session.state_id
        with urllib.request.urlopen(f"{server.url}/table", timeout=5) as response:
            page = response.read().decode()
        assert '<script type="module" src="/static/js/generic_table.js">' in page
    finally:
        server.stop()
    with pytest.raises(urllib.error.URLError):
        urllib.request.urlopen(f"{server.url}/api/health", timeout=2)


def test_announce_says_where_the_table_screen_is() -> None:
    text = announce(new_table(), "127.0.0.1", 8123)
    assert "http://127.0.0.1:8123/table" in text and PIN in text
    assert "http://127.0.0.1:8123/watch" in text
