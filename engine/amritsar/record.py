"""A game's record: every action in order, with undo and a redacted copy per player.

``Game`` keeps the states it went through, so ``undo`` restores the exact
previous state. Each entry notes who decided and whether the action carries a
secret (an objective dealt, chosen or played face down): ``record_for(seat)``
replaces other players' secrets with ``hidden`` so no log or undo history
served to a phone leaks them. Chance draws are marked as revealing: undoing
one would let a table redraw, so ``undo`` refuses it unless told otherwise.

The record alone replays the game: ``Game.from_record`` applies the saved
actions (chance outcomes included) to a fresh setup.

Example:
    >>> game = Game.new(2, seed=3)
    >>> game.play(game.legal_actions()[0])  # doctest: +ELLIPSIS
    [...]
    >>> game.undo().pending == Game.new(2, seed=3).state.pending
    True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.amritsar.actions import Act, Action, format_action, parse_action
from engine.amritsar.catalog import Catalog, default_catalog
from engine.amritsar.decisions import CHANCE_KINDS, Pending
from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.rules.core import Event
from engine.amritsar.state import GameState

HIDDEN = "hidden"


class UndoError(ValueError):
    """Nothing to undo, or the last action revealed something."""


@dataclass(frozen=True)
class Entry:
    action: Action
    decider: int
    private_to: int | None  # the action holds a secret of this seat
    reveals: bool  # a chance draw: something new became known

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": format_action(self.action),
            "decider": self.decider,
            "private_to": self.private_to,
            "reveals": self.reveals,
        }


def _privacy(state: GameState, action: Action) -> tuple[int | None, bool]:
    top = state.pending[-1]
    if action.kind is Act.CHANCE:
        if top.kind == Pending.CHANCE_OBJECTIVE:
            return top.a, True
        return None, True
    if action.kind in (Act.SETUP_OBJECTIVE, Act.UPGRADE_OBJECTIVE):
        return top.player, False
    return None, False


class Game:
    """A game in progress with its record."""

    def __init__(self, initial: GameState, *, players: int, solo: bool, hard: bool):
        self.players = players
        self.solo = solo
        self.hard = hard
        self.options = initial.options  # house rules, kept by the record for replay
        self.states: list[GameState] = [initial]
        self.entries: list[Entry] = []

    @classmethod
    def new(
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
            import random

            from engine.amritsar.game import random_chance

            rng = random.Random(seed)
            while game.state.pending and game.state.pending[-1].kind in CHANCE_KINDS:
                game.play(random_chance(game.state, rng))
        return game

    @property
    def state(self) -> GameState:
        return self.states[-1]

    def legal_actions(self) -> list[Action]:
        return legal_actions(self.state)

    def play(self, action: Action, *, check: bool = True) -> list[Event]:
        before = self.state
        private_to, reveals = _privacy(before, action)
        decider = before.pending[-1].player
        after, events = apply(before, action, check=check)
        self.states.append(after)
        self.entries.append(Entry(action, decider, private_to, reveals))
        return events

    def undo(self, *, allow_reveal: bool = False) -> GameState:
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
            "players": self.players,
            "solo": self.solo,
            "hard": self.hard,
            "options": list(self.options),
            "actions": [format_action(e.action) for e in self.entries],
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
        for index, text in enumerate(data["actions"]):
            try:
                game.play(parse_action(text))
            except ValueError as error:
                raise ValueError(f"record entry {index} ({text!r}): {error}") from error
        return game
