"""Which games offer a table layout with the players' personal boards in the camera's view.

``companion run --boards-in-view`` (or ``boards-in-view = true`` in its TOML
file) and ``companion demo --boards-in-view`` tell a game that the players'
boards lie beside the main board where the camera sees them, so what lands
on them is read instead of asked. Only a game with such a layout (its printed
plan under ``hardware/``) can use the option; any other refuses it with one
line, so that a table does not believe its boards are read when they are not.
"""

from __future__ import annotations

#: game -> the folder of its boards' layout (plan, markers, README)
LAYOUTS: dict[str, str] = {"amritsar": "hardware/amritsar-boards"}

OPTION = "--boards-in-view"


def layout_refusal(game: str) -> str:
    """One line saying why ``game`` cannot take the option, or "" when it can."""
    if game in LAYOUTS:
        return ""
    from engine.core.registry import get_rules

    offered = ", ".join(get_rules(g).title_en for g in sorted(LAYOUTS))
    return (
        f"{OPTION}: {get_rules(game).title_en} has no layout with the players' boards in "
        f"the camera's view (only {offered} has one)"
    )


def layout_refusal_es(game: str) -> str:
    """:func:`layout_refusal` in Spanish, for the start page."""
    if game in LAYOUTS:
        return ""
    from engine.core.registry import get_rules

    return (
        f"{get_rules(game).title_es} no tiene una disposición con los tableros de los "
        "jugadores a la vista de la cámara"
    )
