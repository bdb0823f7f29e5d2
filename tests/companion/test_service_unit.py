"""The systemd unit is hardened and still reaches the table's devices (deploy/).

``systemd-analyze security`` rated the unit 8.7 EXPOSED: it ran as the login
user with the whole home folder and every device in reach. Installed by
``deploy/install-service.sh`` (under ``ROOT``, as ``make service`` would), it
must now rate 4.0 or better, while the device list still lets in the camera
(V4L2, media controller, DMA heaps, VCHIQ), the sensor board on USB serial and
the GPIO, and the game logs live in the unit's own state folder.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
#: The device classes the camera, the sensor board and the GPIO need, read and write.
DEVICES = {
    "char-video4linux",  # /dev/video*, /dev/v4l-subdev*
    "char-media",  # /dev/media* (libcamera)
    "char-dma_heap",  # /dev/dma_heap/* (libcamera's buffers)
    "char-vchiq",  # /dev/vchiq (the Pi's camera firmware interface)
    "char-ttyACM",  # a Pico W on USB
    "char-ttyUSB",  # an ESP32's USB serial chip
    "char-gpiochip",  # /dev/gpiochip*
}


def install(tmp_path: Path, *user: str) -> Path:
    script = [str(ROOT / "deploy" / "install-service.sh"), *user]
    subprocess.run(script, env={"ROOT": str(tmp_path), "PATH": "/usr/bin:/bin"}, check=True)
    return tmp_path / "etc" / "systemd" / "system" / "amritsar.service"


def settings(unit: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for line in unit.read_text().splitlines():
        key, sep, value = line.partition("=")
        if sep and not key.startswith("#"):
            found.setdefault(key, []).append(value)
    return found


def test_the_installed_unit_rates_4_or_better(tmp_path: Path) -> None:
    unit = install(tmp_path)
    rated = subprocess.run(
        ["systemd-analyze", "security", "--offline=true", "--no-pager", str(unit)],
        capture_output=True,
        text=True,
    )
    found = re.search(r"Overall exposure level for \S+: (\d+\.\d)", rated.stdout)
    assert found, rated.stdout + rated.stderr
    assert float(found.group(1)) <= 4.0, rated.stdout
    verified = subprocess.run(["systemd-analyze", "verify", str(unit)], capture_output=True)
    # The checkout's companion may be missing here; nothing else may be wrong.
    complaints = [
        line
        for line in verified.stderr.decode().splitlines()
        if line.strip() and "is not executable" not in line
    ]
    assert complaints == []


def test_its_own_user_the_devices_and_a_state_folder(tmp_path: Path) -> None:
    unit = install(tmp_path)
    got = settings(unit)
    assert got["User"] == ["amritsar"] and got["Group"] == ["amritsar"]
    assert got["DevicePolicy"] == ["closed"] and "PrivateDevices" not in got
    allowed = {entry.split()[0]: entry.split()[1] for entry in got["DeviceAllow"]}
    assert set(allowed) >= DEVICES and all(allowed[d] == "rw" for d in DEVICES)
    assert got["ProtectSystem"] == ["strict"] and got["ProtectHome"] == ["tmpfs"]
    assert got["BindReadOnlyPaths"] == [str(ROOT)]  # this checkout, read only
    assert got["StateDirectory"] == ["amritsar"]
    assert f"ExecStart={ROOT}/.venv/bin/companion run" in unit.read_text()
    config = (tmp_path / "etc" / "amritsar" / "companion.toml").read_text()
    assert '\ngames = "/var/lib/amritsar/games"' in config


def test_a_home_games_folder_of_an_older_install_is_moved_to_the_state_folder(
    tmp_path: Path,
) -> None:
    config = tmp_path / "etc" / "amritsar" / "companion.toml"
    config.parent.mkdir(parents=True)
    config.write_text('camera = "auto"\ngames = "/home/pi/amritsar/games" # one log per game\n')
    install(tmp_path, "pi")
    assert (
        config.read_text()
        == 'camera = "auto"\ngames = "/var/lib/amritsar/games" # one log per game\n'
    )
    assert settings(tmp_path / "etc" / "systemd" / "system" / "amritsar.service")["User"] == ["pi"]
