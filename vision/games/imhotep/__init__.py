"""Imhotep's camera table: marker plan, assumed mat layout, renderer and reader.

Registers :class:`ImhotepTable` in :data:`vision.games.TABLES` under
``"imhotep"``. See ``docs/imhotep-table.md`` for what the camera reads and
what it leaves to the game's record and the phones.
"""

from __future__ import annotations

from .. import TABLES
from .render import ImhotepTable

TABLES["imhotep"] = ImhotepTable

__all__ = ["ImhotepTable"]
