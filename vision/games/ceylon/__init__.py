"""Ceylon's camera table: the main board read by ArUco markers.

What the camera reads and why, the marker plan and the measured figures are
in ``docs/ceylon-table.md``; ``hardware/ceylon/`` holds the marker list, the
assumed board geometry and the sticker sheets' description.
"""

from __future__ import annotations

from .. import TABLES
from .table import CeylonTable

TABLES["ceylon"] = CeylonTable

__all__ = ["CeylonTable"]
