"""Find and import the board's firmware so the simulator can run it under CPython.

The firmware is MicroPython code in ``firmware/`` at the top of the source
tree, not part of the ``companion`` package: the simulated board imports the
very files that go on the board. ``AMRITSAR_FIRMWARE`` overrides the folder.
Under CPython the vendored ``umqtt.simple`` needs MicroPython's ``usocket``,
``ustruct`` and ``ubinascii``; ``firmware/amritsar_sim/cpython_port`` supplies
them.
"""

from __future__ import annotations

import importlib
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from companion.games.amritsar.sensors.link import SensorLinkError


def firmware_dir() -> Path:
    override = os.environ.get("AMRITSAR_FIRMWARE")
    folder = Path(override) if override else Path(__file__).resolve().parents[4] / "firmware"
    if not (folder / "amritsar_fw" / "board.py").is_file():
        raise SensorLinkError(
            f"the sensor board firmware is not in {folder}; the simulated board runs it "
            "from the source tree (or set AMRITSAR_FIRMWARE to its folder)",
            f"el firmware de la placa de sensores no está en {folder}",
        )
    return folder


@dataclass(frozen=True)
class Firmware:
    """The firmware modules, imported from ``firmware/`` (untyped MicroPython code)."""

    folder: Path
    board: ModuleType
    links: ModuleType
    mqtt_link: ModuleType
    fake_hw: ModuleType
    messages: ModuleType


def load_firmware() -> Firmware:
    folder = firmware_dir()
    for path in (folder / "amritsar_sim" / "cpython_port", folder / "lib", folder):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))

    def load(name: str) -> ModuleType:
        return importlib.import_module(name)

    return Firmware(
        folder=folder,
        board=load("amritsar_fw.board"),
        links=load("amritsar_fw.links"),
        mqtt_link=load("amritsar_fw.mqtt_link"),
        fake_hw=load("amritsar_sim.fake_hw"),
        messages=load("amritsar_fw.messages"),
    )
