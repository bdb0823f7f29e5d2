"""Refusals: a stable code, the rulebook section, and plain words in EN and ES.

Each game keeps its own table of reasons (``ReasonTable``) so two games may use
the same code with different words. A ``Reason`` carries the table it was made
from; its sentences take named fields filled from the position.

Example:
    >>> TABLE = ReasonTable("demo", {"full": ("Boats", "{boat} is full.", "{boat} está lleno.")})
    >>> TABLE.reason("full", boat="The boat").en
    'The boat is full.'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


class _Missing(dict[str, Any]):
    """Format helper: a missing ``x_es`` field falls back to ``x``; else ``{x}``."""

    def __missing__(self, key: str) -> Any:
        if key.endswith("_es") and key[:-3] in self:
            return self[key[:-3]]
        return "{" + key + "}"


@dataclass(frozen=True)
class ReasonTable:
    """One game's refusals: code -> (rulebook section, English, Spanish).

    ``derived`` (optional) adds fields a sentence may name but callers do not
    pass, computed from the ones they do (Amritsar's ``{coins_en}``: "1 coin",
    "2 coins"); it returns only the fields it adds. ``sections`` (optional)
    names each rulebook section in English and Spanish, for a game whose
    entries name them in one language (the Spanish rulebook's titles).
    """

    game: str
    entries: dict[str, tuple[str, str, str]]
    derived: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    sections: dict[str, tuple[str, str]] = field(default_factory=dict)

    def reason(self, code: str, **fields: Any) -> Reason:
        if code not in self.entries:
            raise KeyError(f"{self.game}: no reason {code!r}")
        return Reason(code, fields, self)


@dataclass(frozen=True)
class Reason:
    """A refusal: what rule, where in the rulebook, and the words for players."""

    code: str
    fields: dict[str, Any] = field(default_factory=dict)
    table: ReasonTable | None = field(default=None, compare=False, repr=False)

    def _entry(self) -> tuple[str, str, str]:
        if self.table is None or self.code not in self.table.entries:
            return ("", self.code, self.code)
        return self.table.entries[self.code]

    @property
    def rule(self) -> str:
        return self._entry()[0]

    @property
    def rule_en(self) -> str:
        """The rulebook section in English (``rule`` when the table has no words for it)."""
        return self._section()[0]

    @property
    def rule_es(self) -> str:
        """The rulebook section in Spanish (``rule`` when the table has no words for it)."""
        return self._section()[1]

    def _section(self) -> tuple[str, str]:
        rule = self.rule
        if self.table is not None and rule in self.table.sections:
            return self.table.sections[rule]
        return (rule, rule)

    def _fill(self) -> _Missing:
        if self.table is None or self.table.derived is None:
            return _Missing(self.fields)
        return _Missing({**self.table.derived(self.fields), **self.fields})

    @property
    def en(self) -> str:
        return self._entry()[1].format_map(self._fill())

    @property
    def es(self) -> str:
        return self._entry()[2].format_map(self._fill())

    def text(self, language: str = "en") -> str:
        return self.es if language == "es" else self.en

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "rule_en": self.rule_en,
            "rule_es": self.rule_es,
            "en": self.en,
            "es": self.es,
        }


class IllegalActionError(ValueError):
    """An action the rules refuse; ``reason`` says which rule and why."""

    def __init__(self, action: object, reason: Reason):
        super().__init__(f"{action}: {reason.en}")
        self.action = action
        self.reason = reason
