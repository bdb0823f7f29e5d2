"""Imhotep's physical kit as files: what ``companion markers --game imhotep`` writes."""

from __future__ import annotations

from .layout import LAYOUT
from .plan import PLAN
from .sheets import sheets

__all__ = ["layout_json", "plan_csv", "sheets"]


def plan_csv() -> str:
    """The marker plan (``hardware/imhotep/markers.csv``)."""
    return PLAN.to_csv()


def layout_json() -> str:
    """The assumed play-mat layout (``hardware/imhotep/layout.json``)."""
    return LAYOUT.to_json()
