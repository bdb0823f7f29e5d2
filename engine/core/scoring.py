"""Itemised score sheets, the same shape for every game.

A sheet lists where each point came from (a line per category and component,
with the rulebook section and words in English and Spanish), so the phones
and the end-of-game screen can show any game's scoring without knowing it.
``provisional`` lines are what an end-of-game item would be worth now.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class ScoreLine:
    category: str  # stable key, e.g. "pyramid", "majority"
    amount: int
    component: str  # what on the table earned it ("" if nothing in particular)
    rule: str  # rulebook section
    label_en: str
    label_es: str
    provisional: bool = False


@dataclass(frozen=True)
class ScoreSheet:
    seat: int
    colour: str
    lines: tuple[ScoreLine, ...]
    total: int  # points now, final lines included at the end of the game
    provisional_total: int  # total plus what end-of-game items are worth now
    final: bool
    winner: bool = False
    extra: dict[str, int] = field(default_factory=dict)  # tie-break values and the like
    #: The total in a player's words where a bare number would mislead (Rajas:
    #: "12 to go before your markers meet"); "" when the number says it all.
    total_en: str = ""
    total_es: str = ""

    def by_category(self) -> dict[str, int]:
        result: dict[str, int] = {}
        for line in self.lines:
            if not line.provisional:
                result[line.category] = result.get(line.category, 0) + line.amount
        return result


@dataclass(frozen=True)
class TieBreak:
    """How a game's rulebook breaks a tie on the total: the ``ScoreSheet.extra`` key
    holding each player's value (more is better), the rulebook section and words.
    A ``Rules`` may name it as its optional ``tie_break`` (``EndWords``)."""

    key: str
    rule: str
    en: str
    es: str


ROMAN = ("", "I", "II", "III", "IV", "V")


@dataclass(frozen=True)
class Period:
    """Longer spans whose rounds count from 1 again (Amritsar's decades): how to read a
    state's span and its name in the rulebooks, numbered in Roman numerals as printed.
    A ``Rules`` may name it as its optional ``period`` (``EndWords``)."""

    read: Callable[[Any], int]
    en: str
    es: str

    def label(self, number: int) -> dict[str, str]:
        roman = ROMAN[number] if 0 < number < len(ROMAN) else str(number)
        return {"en": f"{self.en} {roman}", "es": f"{self.es} {roman}"}
