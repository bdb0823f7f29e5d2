"""Itemised score sheets, the same shape for every game.

A sheet lists where each point came from (a line per category and component,
with the rulebook section and words in English and Spanish), so the phones
and the end-of-game screen can show any game's scoring without knowing it.
``provisional`` lines are what an end-of-game item would be worth now.
"""

from __future__ import annotations

from dataclasses import dataclass, field


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
