"""Rajas of the Ganges at the table by camera: plan, layout, renderer, reader.

Registers :class:`vision.games.rajas.table.RajasTable` as ``TABLES["rajas"]``.
What is read and what is left to the phone: ``docs/rajas-table.md``.
"""

from __future__ import annotations

from .. import TABLES
from .table import RajasTable

TABLES["rajas"] = RajasTable

__all__ = ["RajasTable"]
