"""Put the firmware on a sensor board over USB: ``make flash`` (runs on the computer, not the board).

    python firmware/flash.py [--port /dev/ttyACM0] [--board pico_w|esp32]
                             [--micropython FILE] [--dry-run]

Safe to run again: the folders are made only when missing (on the board,
by a few lines of MicroPython run with ``mpremote exec``), every file is
copied over the old one, files the firmware no longer has are removed from
``amritsar_fw/``, and the board is reset. ``config.json`` (copy
``config.example.json`` and edit it) must exist beside this script; its
``"hardware"`` must name the board given with ``--board``.

``--micropython FILE`` first puts MicroPython itself on the board: on an
ESP32 with ``esptool`` (erase, then write the ``.bin`` at 0x1000); a Pico W
takes a ``.uf2`` file copied to the ``RPI-RP2`` drive it shows while BOOTSEL
is held, which the script does when it finds that drive mounted.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BOARDS = ("pico_w", "esp32")
#: Folders made on the board (parents first).
FOLDERS = ("lib", "lib/umqtt", "amritsar_fw")


def board_files(config: Path, here: Path = HERE) -> list[tuple[Path, str]]:
    """(file on this computer, path on the board) for everything the board runs.

    ``main.py`` comes last: a board reset halfway through never starts it
    without the modules it imports.
    """
    files = [(here / "lib" / "umqtt" / "simple.py", "lib/umqtt/simple.py")]
    files += [(p, f"amritsar_fw/{p.name}") for p in sorted((here / "amritsar_fw").glob("*.py"))]
    files += [(config, "config.json"), (here / "main.py", "main.py")]
    return files


def prepare_script(files: list[tuple[Path, str]]) -> str:
    """MicroPython run on the board first: make missing folders, drop stale firmware files."""
    keep = sorted(
        remote.split("/", 1)[1] for _, remote in files if remote.startswith("amritsar_fw/")
    )
    return "\n".join(
        [
            "import os",
            f"for d in {list(FOLDERS)!r}:",
            "    try:",
            "        os.mkdir(d)",
            "    except OSError:",
            "        pass",
            f"keep = {keep!r}",
            "for name in os.listdir('amritsar_fw'):",
            "    if name.endswith('.py') and name not in keep:",
            "        os.remove('amritsar_fw/' + name)",
            "print('folders ready')",
        ]
    )


def check_config(path: Path, board: str) -> str | None:
    """Why ``config.json`` cannot go on the board as it is, or None."""
    if not path.exists():
        return (
            f"{path} is missing: copy config.example.json to config.json and set the "
            "board id, the link (serial or mqtt) and, for MQTT, the Wi-Fi and the broker"
        )
    try:
        config = json.loads(path.read_text())
    except ValueError as error:
        return f"{path} is not valid JSON: {error}"
    hardware = config.get("hardware", "pico_w")
    if hardware != board:
        return (
            f'{path} says "hardware": "{hardware}" but the board is {board}: the pins differ '
            "(hardware/sensor-board-pinmap.md); set it to match"
        )
    return None


def mpremote_command(port: str, files: list[tuple[Path, str]]) -> list[str]:
    """One ``mpremote`` call: prepare, copy every file, reset."""
    command = ["mpremote", "connect", port, "exec", prepare_script(files)]
    for local, remote in files:
        command += ["+", "cp", str(local), f":{remote}"]
    return [*command, "+", "reset"]


def micropython_commands(board: str, port: str, image: Path) -> list[list[str]]:
    """The commands that put MicroPython itself on the board (esptool for an ESP32)."""
    if board == "esp32":
        # esptool 5 (pinned: pyproject's extra "board"; make flash puts the
        # venv's first on PATH) names its commands with dashes.
        esptool = ["esptool"]
        return [
            [*esptool, "--chip", "esp32", "--port", port, "erase-flash"],
            [
                *esptool,
                "--chip",
                "esp32",
                "--port",
                port,
                "write-flash",
                "-z",
                "0x1000",
                str(image),
            ],
        ]
    return []


def rp2_drive() -> Path | None:
    """The mounted drive a Pico shows while BOOTSEL is held, if any."""
    for root in (Path("/media"), Path("/run/media")):
        for drive in root.glob("*/RPI-RP2"):
            return drive
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="put the sensor board firmware on a board")
    parser.add_argument("--port", default="auto", help="serial port (default: mpremote finds it)")
    parser.add_argument("--board", choices=BOARDS, default="pico_w")
    parser.add_argument("--micropython", type=Path, help="first flash this MicroPython image")
    parser.add_argument("--config", type=Path, default=HERE / "config.json")
    parser.add_argument("--dry-run", action="store_true", help="print the commands only")
    args = parser.parse_args(argv)
    problem = check_config(args.config, args.board)
    if problem:
        print(f"flash: {problem}", file=sys.stderr)
        return 2
    steps: list[list[str]] = []
    if args.micropython is not None:
        if args.board == "pico_w":
            drive = rp2_drive()
            if drive is None:
                print(
                    "flash: hold BOOTSEL while plugging the Pico in, so that its RPI-RP2 drive "
                    "appears, then run this again",
                    file=sys.stderr,
                )
                return 2
            print(f"Copying {args.micropython} to {drive}")
            if not args.dry_run:
                shutil.copy(args.micropython, drive)
                print("Wait until the Pico restarts, then run `make flash` without MICROPYTHON=.")
                return 0
        if args.port == "auto" and args.board == "esp32":
            print(
                "flash: give the ESP32's --port (e.g. /dev/ttyUSB0) to flash MicroPython",
                file=sys.stderr,
            )
            return 2
        steps += micropython_commands(args.board, args.port, args.micropython)
    steps.append(mpremote_command(args.port, board_files(args.config)))
    for step in steps:
        print("$ " + " ".join(step if step[0] != "mpremote" else step[:4] + ["…"] + step[-2:]))
        if args.dry_run:
            continue
        if shutil.which(step[0]) is None:
            print(f"flash: {step[0]} is not installed (make flash installs it)", file=sys.stderr)
            return 2
        if subprocess.run(step).returncode != 0:
            print(
                f"flash: {step[0]} failed. Is the board plugged in and no other program using "
                "it? A board already running the firmware answers mpremote only when started "
                'with the "undo" button held while plugging it in.',
                file=sys.stderr,
            )
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
