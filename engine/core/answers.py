"""An answer split into the taps that reach it: menu words and places.

Why: a decision may have dozens of legal answers (a Ceylon tile has 72 ways
onto the map, a Rajas worker 55 spaces and dice). A phone shows them as a
short path instead of one long list: first a kind of answer ("Move your
pawn"), then a place on the board drawing (the hex D1, tapped on the
picture), then what tells apart the answers at that place ("slot 2",
"turned 90°"). A game gives each action its path through the optional
``answer_parts(state, action)`` of its rules (``engine.core.game.PartsAnswers``);
the server (``companion.server.answer_menu``) folds the paths of all the
legal answers into menus of at most eight buttons.

A step that is a place names it with the key its board drawing marks
(``data-place``): ``<kind>:<id>`` with the id written as in the game's action
notation (``hex:D1``, ``district:uva``, ``space:M1``, ``square:B1``,
``boat:3``, ``site:temple``).

Example:
    >>> parts = AnswerParts((Step("Move your pawn", "Mueve tu peón"), place("hex:D1", "D1", "D1")))
    >>> parts.place
    'hex:D1'
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Step:
    """One tap on the way to an answer: its words, and the place it is, if one.

    ``place`` is the drawing's key of a place (``"boat:3"``) or ``""`` for a
    menu word ("Sail a boat", "slot 2") that is a button only. ``ask``: the
    answer ending on this place says what tapping the place does not show
    (Ceylon's move that costs rupees), so a tap on the drawing shows its words
    with one button to send it, never sends it at once.
    """

    en: str
    es: str
    place: str = ""
    ask: bool = False


def place(key: str, en: str, es: str) -> Step:
    """A step that is a place on the board drawing (``key`` as the drawing marks it)."""
    if ":" not in key:
        raise ValueError(f"a place key is kind:id, not {key!r}")
    return Step(en, es, key)


@dataclass(frozen=True)
class AnswerParts:
    """The taps that reach one answer, in order (at least one).

    Answers that share their first steps share those menus; the steps after
    a place tell apart the answers at that place. Every legal answer of a
    decision must have a different path.
    """

    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        if not self.steps:
            raise ValueError("an answer takes at least one step")

    @property
    def place(self) -> str:
        """The first place on the way (``""`` if none)."""
        return next((step.place for step in self.steps if step.place), "")
