"""What ``companion replay`` reports: the inputs of a log fed again, and where today's
companion would decide differently (any game; each game's adapter fills it)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Difference:
    seq: int  # log row of the input
    kind: str
    recorded: list[list[str]]
    now: list[list[str]]

    def describe(self) -> str:
        return f"row {self.seq} ({self.kind}): recorded {self.recorded or 'nothing'}, now {self.now or 'nothing'}"


@dataclass
class ReplayReport:
    inputs: int = 0
    steps_recorded: int = 0
    steps_now: int = 0
    differences: list[Difference] = field(default_factory=list)
    cases: dict[int, dict[str, Any]] = field(default_factory=dict)

    @property
    def same(self) -> bool:
        return not self.differences
