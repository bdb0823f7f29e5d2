"""A game's record: every action in order, with undo and a redacted copy per player.

``Game`` keeps the states it went through, so ``undo`` restores the exact
previous state. Each entry notes who decided and whether the action carries a
secret (an objective dealt, chosen or played face down): ``record_for(seat)``
replaces other players' secrets with ``hidden`` so no log or undo history
served to a phone leaks them. Chance draws are marked as revealing: undoing
one would let a table redraw, so ``undo`` refuses it unless told otherwise.

The record alone replays the game: ``Game.from_record`` applies the saved
actions (chance outcomes included) to a fresh setup.

``Game`` is the game-independent ``engine.core.record.Record`` driven by
Amritsar's rules object (``Rules.privacy`` says what is secret); this module
only keeps Amritsar's constructor and saved form.

Example:
    >>> game = Game.new(2, seed=3)
    >>> game.play(game.legal_actions()[0])  # doctest: +ELLIPSIS
    [...]
    >>> game.undo().pending == Game.new(2, seed=3).state.pending
    True
"""

from __future__ import annotations

import random
from typing import Any

from engine.amritsar.actions import Action
from engine.amritsar.catalog import Catalog, default_catalog
from engine.amritsar.game import new_game
from engine.amritsar.rules.core import Event
from engine.amritsar.rules_object import RULES
from engine.amritsar.state import GameState
from engine.core.record import HIDDEN, Entry, Record, UndoError

__all__ = ["HIDDEN", "Entry", "Game", "UndoError"]


class Game(Record):
    """A game of Amritsar in progress with its record (a core ``Record``).

    Amritsar's record keeps ``solo`` and ``hard`` beside the players and house
    rules (its saved form is unchanged), and ``new``/``from_record`` take a
    catalog for tests with edited components.
    """

    def __init__(self, initial: GameState, *, players: int, solo: bool, hard: bool):
        super().__init__(RULES, initial, players=players, options=initial.options)
        self.solo = solo
        self.hard = hard

    @classmethod
    def new(  # type: ignore[override]
        cls,
        players: int,
        *,
        solo: bool = False,
        hard: bool = False,
        seed: int | None = None,
        catalog: Catalog | None = None,
        options: tuple[str, ...] = (),
    ) -> Game:
        """A game whose setup draws (with a seed) are part of the record."""
        game = cls(
            new_game(players, solo=solo, hard=hard, catalog=catalog, options=options),
            players=players,
            solo=solo,
            hard=hard,
        )
        if seed is not None:
            game.draw_chance(random.Random(seed))
        return game

    @property
    def state(self) -> GameState:
        state: GameState = self.states[-1]
        return state

    def legal_actions(self, only: Any = None) -> list[Action]:  # type: ignore[override]
        return [a for a in super().legal_actions(only) if isinstance(a, Action)]

    def play(self, action: Any, *, check: bool = True) -> list[Event]:
        return super().play(action, check=check)

    def action_at(self, index: int) -> Action:
        """The action of entry ``index`` (always an Amritsar ``Action`` here)."""
        action = self.entries[index].action
        assert isinstance(action, Action)
        return action

    def undo(self, *, allow_reveal: bool = False) -> GameState:
        state: GameState = super().undo(allow_reveal=allow_reveal)
        return state

    def to_dict(self) -> dict[str, Any]:
        return {
            "players": self.players,
            "solo": self.solo,
            "hard": self.hard,
            "options": list(self.options),
            "actions": [e.text for e in self.entries],
        }

    @classmethod
    def from_record(cls, data: dict[str, Any], catalog: Catalog | None = None) -> Game:
        """Replay a saved record; every action is checked again."""
        game = cls(
            new_game(
                int(data["players"]),
                solo=bool(data["solo"]),
                hard=bool(data["hard"]),
                catalog=catalog or default_catalog(),
                options=[str(o) for o in data.get("options", [])],
            ),
            players=int(data["players"]),
            solo=bool(data["solo"]),
            hard=bool(data["hard"]),
        )
        game.play_texts(data["actions"])
        return game
