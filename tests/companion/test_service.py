"""Running under systemd: journal output through a real pipe, sd_notify on a real socket."""

from __future__ import annotations

import logging
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.service import Watchdog, notify, setup_output, watchdog_period

ROOT = Path(__file__).resolve().parents[2]


def _notify_socket(path: Path) -> socket.socket:
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(str(path))
    sock.settimeout(5)
    return sock


def test_notify_sends_a_datagram_to_the_socket_systemd_gives(tmp_path: Path) -> None:
    with _notify_socket(tmp_path / "notify") as sock:
        assert notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "notify")})
        assert sock.recv(4096) == b"READY=1"
    abstract = f"amritsar-test-{os.getpid()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + abstract)
        sock.settimeout(5)
        assert notify("WATCHDOG=1", {"NOTIFY_SOCKET": "@" + abstract})
        assert sock.recv(4096) == b"WATCHDOG=1"
    assert not notify("READY=1", {})  # not under systemd: nothing to tell
    assert not notify("READY=1", {"NOTIFY_SOCKET": str(tmp_path / "gone")})


def test_watchdog_period_is_systemds_and_only_for_this_process() -> None:
    assert watchdog_period({"WATCHDOG_USEC": "30000000"}) == 30.0
    assert watchdog_period({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": str(os.getpid())}) == 30
    assert watchdog_period({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}) is None
    assert watchdog_period({}) is None


def test_the_watchdog_is_fed_only_while_every_loop_is_alive() -> None:
    now = [0.0]
    sent: list[str] = []
    dog = Watchdog(10.0, send=sent.append, clock=lambda: now[0])
    dog.beat("camera")
    dog.beat("sensors")
    now[0] = 8.0
    dog.beat("sensors")
    assert dog.check() and sent == ["WATCHDOG=1"]
    now[0] = 12.0  # the camera loop has hung for 12 s
    dog.beat("sensors")
    assert not dog.check() and dog.stale() == ["camera"] and len(sent) == 1
    dog.beat("camera")
    dog.retire("sensors")  # stopped on purpose (link refused, alert shown)
    now[0] = 30.0
    dog.beat("camera")
    assert dog.check() and len(sent) == 2


def test_log_lines_carry_the_journal_priority(monkeypatch: pytest.MonkeyPatch) -> None:
    script = (
        "import logging; from companion.service import setup_output; setup_output(); "
        "logging.getLogger('companion.camera').warning('camera lost\\nreopening')"
    )
    env = {**os.environ, "JOURNAL_STREAM": "8:1234"}
    done = subprocess.run(
        [sys.executable, "-c", script], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert done.stderr.splitlines() == ["<4>companion.camera: camera lost", "<4>reopening"]
    setup_output(logging.WARNING)  # in this process too: one handler however often called
    setup_output(logging.WARNING)
    ours = [h for h in logging.getLogger().handlers if getattr(h, "_companion", False)]
    assert len(ours) == 1


def _read_until(proc: subprocess.Popen[bytes], text: str, seconds: float) -> str:
    """What the child wrote to the pipe until ``text`` appeared (while it keeps running)."""
    assert proc.stdout is not None
    seen = b""
    deadline = time.monotonic() + seconds
    while text.encode() not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"{text!r} did not come through the pipe; got {seen.decode()!r}"
        ready, _, _ = select.select([proc.stdout], [], [], left)
        if ready:
            chunk = os.read(proc.stdout.fileno(), 65536)
            assert chunk, f"the pipe closed before {text!r}; got {seen.decode()!r}"
            seen += chunk
    return seen.decode()


def test_under_systemd_the_address_reaches_the_journal_and_the_watchdog_is_fed(
    tmp_path: Path,
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    sock = _notify_socket(tmp_path / "notify")
    env = {
        **os.environ,
        "NOTIFY_SOCKET": str(tmp_path / "notify"),
        "WATCHDOG_USEC": "1000000",
        "JOURNAL_STREAM": "8:1234",
    }
    env.pop("PYTHONUNBUFFERED", None)
    proc = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "companion",
            "run",
            "--camera",
            "none",
            "--serial",
            "none",
            "--log",
            str(tmp_path / "game.sqlite"),
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        output = _read_until(proc, "Scan to open it", 60)
        assert proc.poll() is None  # still serving: the lines came out as printed
        assert "PIN " in output and f"http://127.0.0.1:{port}/table" in output
        messages = [sock.recv(4096).decode()]
        assert messages[0].startswith("READY=1")
        messages.append(sock.recv(4096).decode())
        assert messages[1] == "WATCHDOG=1"  # fed every half period (no loops to wait for)
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0
        while "STOPPING=1" not in messages:
            messages.append(sock.recv(4096).decode())
    finally:
        if proc.poll() is None:
            proc.kill()
        sock.close()
        assert proc.stdout is not None
        proc.stdout.close()


def test_the_unit_file_is_a_watched_notify_service(tmp_path: Path) -> None:
    unit = (ROOT / "deploy" / "amritsar.service").read_text()
    lines = {line.partition("=")[0]: line.partition("=")[2] for line in unit.splitlines()}
    assert lines["Type"] == "notify" and lines["NotifyAccess"] == "main"
    assert int(lines["WatchdogSec"]) >= 10 and int(lines["LimitNOFILE"]) >= 4096
    assert lines["Restart"] == "on-failure"
    assert "--config /etc/amritsar/companion.toml" in lines["ExecStart"]
    assert "--players" not in lines["ExecStart"]  # per game settings live in the config file
    # The install script fills in this checkout and user; run twice, it keeps the settings.
    env = {**os.environ, "ROOT": str(tmp_path)}
    user = subprocess.run(["id", "-un"], capture_output=True, text=True, check=True).stdout
    script = [str(ROOT / "deploy" / "install-service.sh"), user.strip()]
    subprocess.run(script, env=env, check=True, capture_output=True)
    config = tmp_path / "etc" / "amritsar" / "companion.toml"
    assert "\nplayers" not in config.read_text()  # chosen on the table screen's start page
    config.write_text(config.read_text() + 'players = ["Eva"]\n')
    subprocess.run(script, env=env, check=True, capture_output=True)
    assert '"Eva"' in config.read_text()
    assert (tmp_path / "etc" / "amritsar" / "secrets.env").stat().st_mode & 0o077 == 0
    installed = tmp_path / "etc" / "systemd" / "system" / "amritsar.service"
    assert f"ExecStart={ROOT}/.venv/bin/companion run" in installed.read_text()
    if shutil.which("systemd-analyze") and (ROOT / ".venv" / "bin" / "companion").exists():
        check = subprocess.run(
            ["systemd-analyze", "verify", str(installed)], capture_output=True, text=True
        )
        assert check.returncode == 0, check.stderr
