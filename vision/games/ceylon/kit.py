"""Ceylon's physical kit as files: what ``companion markers --game ceylon`` writes."""

from __future__ import annotations

from .layout import LAYOUT
from .plan import rows
from .sheets import sheets

__all__ = ["layout_json", "plan_csv", "sheets"]


def plan_csv() -> str:
    """The marker plan (``hardware/ceylon/markers.csv``)."""
    return rows()


def layout_json() -> str:
    """The assumed board layout (``hardware/ceylon/layout.json``)."""
    return LAYOUT.to_json()
