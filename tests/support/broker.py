"""A real Mosquitto broker on a free loopback port, for MQTT tests.

The broker gets a generated configuration: one loopback listener, no anonymous
access, a password file made with ``mosquitto_passwd`` and an ACL file. It can
be stopped and started again on the same port, so tests can cut the broker
mid-stream and check that nothing is lost or doubled.
"""

from __future__ import annotations

import getpass
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.realparts import require_executable

#: Default accounts: the companion reads everything and may command the board;
#: the board publishes its own topics; the spectator may only read.
DEFAULT_USERS: dict[str, str] = {
    "companion": "companion-secret",
    "board": "board-secret",
    "spectator": "spectator-secret",
}

DEFAULT_ACL = """\
user companion
topic readwrite amritsar/#
topic read $SYS/#

user board
topic readwrite amritsar/board/#
topic write homeassistant/#

user spectator
topic read amritsar/#
"""


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _port_open(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=0.2):
            return True
    except OSError:
        return False


@dataclass
class MosquittoBroker:
    """A Mosquitto process with its own config in ``workdir``."""

    workdir: Path
    users: dict[str, str] = field(default_factory=lambda: dict(DEFAULT_USERS))
    acl: str = DEFAULT_ACL
    host: str = "127.0.0.1"
    port: int = field(default_factory=free_port)
    _process: subprocess.Popen[bytes] | None = None

    @property
    def log_path(self) -> Path:
        return self.workdir / "mosquitto.log"

    def write_config(self) -> Path:
        passwd_tool = require_executable("mosquitto_passwd", "mosquitto_passwd (Debian: mosquitto)")
        self.workdir.mkdir(parents=True, exist_ok=True)
        password_file = self.workdir / "passwd"
        password_file.write_text("")
        for user, password in self.users.items():
            subprocess.run(
                [passwd_tool, "-b", str(password_file), user, password],
                check=True,
                capture_output=True,
            )
        acl_file = self.workdir / "acl"
        acl_file.write_text(self.acl)
        config = self.workdir / "mosquitto.conf"
        config.write_text(
            # Run as the current user: as root, Mosquitto would otherwise drop to
            # the "mosquitto" user, who cannot read the test's private tmp dir.
            f"user {getpass.getuser()}\n"
            f"listener {self.port} {self.host}\n"
            "allow_anonymous false\n"
            f"password_file {password_file}\n"
            f"acl_file {acl_file}\n"
            "persistence false\n"
            "log_dest stderr\n"
            "log_type error\nlog_type warning\nlog_type notice\n"
        )
        # Mosquitto 2 warns when these files are readable by others.
        for path in (password_file, acl_file):
            path.chmod(0o600)
        return config

    def start(self, timeout: float = 10.0) -> None:
        if self._process is not None:
            raise RuntimeError("broker already running")
        binary = require_executable("mosquitto", "Mosquitto broker (Debian: mosquitto)")
        config = self.write_config()
        log = self.log_path.open("ab")
        self._process = subprocess.Popen(
            [binary, "-c", str(config)], stdout=log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self._process.poll() is not None:
                raise RuntimeError(f"mosquitto exited early:\n{self.log_path.read_text()}")
            if _port_open(self.host, self.port):
                return
            time.sleep(0.02)
        self.stop()
        raise RuntimeError(f"mosquitto did not listen on {self.port}:\n{self.log_path.read_text()}")

    def stop(self) -> None:
        process, self._process = self._process, None
        if process is None:
            return
        process.terminate()
        try:
            process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        deadline = time.monotonic() + 5
        while _port_open(self.host, self.port) and time.monotonic() < deadline:
            time.sleep(0.02)

    def restart(self) -> None:
        self.stop()
        self.start()

    @property
    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None

    def credentials(self, user: str = "companion") -> tuple[str, str]:
        return user, self.users[user]
