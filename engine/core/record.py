"""A game's record for any game: every action in order, undo, a redacted copy per seat.

What it is for: the log a table keeps. ``Record`` holds the states a game went
through, so ``undo`` restores the exact previous one. Each entry notes who
decided and what ``Rules.privacy`` says of the action: the seat whose secret
it holds (a card dealt, an objective chosen face down) and whether it revealed
something new (a draw). ``record_for(seat)`` replaces other seats' secrets with
``HIDDEN``, so no log or undo history served to a phone leaks them; ``undo``
refuses to take back a draw unless told to, since that would allow a redraw.

The record alone replays the game: ``Record.replay`` applies the saved
actions (chance outcomes included) to a fresh setup, checking each again.

Example (any registered game):
    >>> from engine.core.registry import get_rules
    >>> record = Record.new(get_rules("amritsar"), 2, seed=3)
    >>> before = record.state                  # the setup draws are in the record
    >>> events = record.play(record.legal_actions()[0])
    >>> record.undo() is before
    True
    >>> Record.replay(get_rules("amritsar"), record.to_dict()).state == record.state
    True
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

from engine.core.game import Event, Filter, Rules

HIDDEN = "hidden"


class UndoError(ValueError):
    """Nothing to undo, or the last action revealed something."""


@dataclass(frozen=True)
class Entry:
    """One action of the record: what, who decided, and what it keeps secret."""

    action: Hashable
    decider: int
    private_to: int | None  # the action holds a secret of this seat
    reveals: bool  # a chance draw: something new became known
    text: str = ""  # the action in the game's notation

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.text,
            "decider": self.decider,
            "private_to": self.private_to,
            "reveals": self.reveals,
        }


class Record:
    """A game in progress with its record, for the game ``rules`` describes."""

    def __init__(
        self, rules: Rules, initial: Any, *, players: int = 0, options: Iterable[str] = ()
    ):
        self.rules = rules
        self.players = players  # as given to ``new_game``, kept for replay
        self.options = tuple(options)
        self.states: list[Any] = [initial]
        self.entries: list[Entry] = []

    @classmethod
    def new(
        cls, rules: Rules, players: int, *, seed: int | None = None, options: Iterable[str] = ()
    ) -> Record:
        """A game whose setup draws (with a seed) are part of the record."""
        chosen = tuple(options)
        record = cls(
            rules, rules.new_game(players, options=chosen), players=players, options=chosen
        )
        if seed is not None:
            record.draw_chance(random.Random(seed))
        return record

    @property
    def state(self) -> Any:
        return self.states[-1]

    def legal_actions(self, only: Filter | None = None) -> list[Hashable]:
        return self.rules.legal_actions(self.state, only)

    def draw_chance(self, rng: random.Random) -> None:
        """Play every pending chance decision with an outcome drawn from ``rng``."""
        while self.rules.decision(self.state).is_chance:
            self.play(self.rules.random_chance(self.state, rng), check=False)

    def play(self, action: Hashable, *, check: bool = True) -> list[Event]:
        before = self.state
        private_to, reveals = self.rules.privacy(before, action)
        decider = self.rules.decision(before).player
        after, events = self.rules.apply(before, action, check=check)
        self.states.append(after)
        text = self.rules.format_action(action)
        self.entries.append(Entry(action, decider, private_to, reveals, text))
        return events

    def undo(self, *, allow_reveal: bool = False) -> Any:
        """Step back one action; the exact previous state is restored."""
        if not self.entries:
            raise UndoError("nothing to undo")
        if self.entries[-1].reveals and not allow_reveal:
            raise UndoError("the last action was a draw; undoing it would allow a redraw")
        self.entries.pop()
        self.states.pop()
        return self.state

    def record_for(self, seat: int | None) -> list[dict[str, Any]]:
        """The record as ``seat`` may see it (``None``: the public record)."""
        result = []
        for entry in self.entries:
            data = entry.to_dict()
            if entry.private_to is not None and entry.private_to != seat:
                data["action"] = HIDDEN
            result.append(data)
        return result

    def to_dict(self) -> dict[str, Any]:
        return {
            "game": self.rules.name,
            "players": self.players,
            "options": list(self.options),
            "actions": [e.text for e in self.entries],
        }

    @classmethod
    def replay(cls, rules: Rules, data: dict[str, Any]) -> Record:
        """Replay a saved record; every action is checked again (``ValueError``
        naming the first entry that fails)."""
        if data.get("game", rules.name) != rules.name:
            raise ValueError(f"a record of {data['game']!r}, not {rules.name!r}")
        options = [str(o) for o in data.get("options", [])]
        record = cls(
            rules,
            rules.new_game(int(data["players"]), options=options),
            players=int(data["players"]),
            options=options,
        )
        record.play_texts(data["actions"])
        return record

    def play_texts(self, actions: Iterable[str]) -> None:
        for index, text in enumerate(actions):
            try:
                self.play(self.rules.parse_action(text))
            except ValueError as error:
                raise ValueError(f"record entry {index} ({text!r}): {error}") from error
