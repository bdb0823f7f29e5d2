"""``companion run`` without hardware: deals a game, serves the phones, resumes it."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def _start(log: Path, port: int, *extra: str) -> subprocess.Popen[str]:
    """``companion run`` without hardware; ``extra`` options override the defaults."""
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--players",
            "Ana,Ben",
            "--camera",
            "none",
            "--serial",
            "none",
            "--log",
            str(log),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            *extra,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )


def _state(port: int) -> dict:  # type: ignore[type-arg]
    deadline = time.monotonic() + 30
    while True:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/view", timeout=2) as response:
                return json.loads(response.read())  # type: ignore[no-any-return]
        except OSError:
            assert time.monotonic() < deadline, "companion run did not serve the phones"
            time.sleep(0.2)


def test_run_deals_serves_and_resumes_the_same_game(tmp_path: Path) -> None:
    log = tmp_path / "game.sqlite"
    port = _free_port()
    first = _start(log, port)
    try:
        view = _state(port)
        assert (
            view["decision"]["kind"] == "SETUP_OBJECTIVE"
        )  # dealt: the first choice is on a phone
        dealt = view["game"]["board"]
    finally:
        first.send_signal(signal.SIGINT)
        first.wait(timeout=20)
    assert log.exists() and os.path.getsize(log) > 0
    second = _start(log, port)
    try:
        again = _state(port)
        assert again["game"]["board"] == dealt  # the same deal, resumed from the log
    finally:
        second.send_signal(signal.SIGINT)
        output = second.communicate(timeout=20)[0]
    assert "Resumed the game" in output
