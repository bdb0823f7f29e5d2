"""Firmware tests import ``amritsar_fw`` and ``amritsar_sim`` straight from ``firmware/``."""

from __future__ import annotations

import sys

from tests.firmware.runners import FIRMWARE

for path in (FIRMWARE / "lib", FIRMWARE):
    if str(path) not in sys.path:
        sys.path.insert(0, str(path))
