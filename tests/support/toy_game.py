"""A tiny game over the ``Rules`` protocol, for testing the table session alone.

What it is for: the session's generic behaviour (answers taken unasked, seats the
companion plays, replay) is checked on a game small enough to reason about by
hand, with no rulebook of its own. A pile of stones; on their turn a player first
"catches their breath" (their only answer, which changes nothing on the table),
then takes one or two stones. Whoever takes the last stone wins.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterable
from dataclasses import dataclass, replace
from typing import Any

from engine.core.game import Decision, Event, Filter
from engine.core.observation import Observation
from engine.core.reasons import Reason, ReasonTable
from engine.core.registry import register
from engine.core.scoring import ScoreLine, ScoreSheet
from engine.core.seats import NOBODY

WORDS = ReasonTable("toy", {"not_now": ("", "Not your move now.", "Ahora no toca eso.")})


@dataclass(frozen=True)
class Pile:
    players: int
    stones: int
    turn: int = 0
    rested: bool = False
    last_taker: int | None = None


@dataclass(frozen=True)
class PileSeen(Observation):
    stones: int | None = None


class PileRules:
    name = "toy-pile"
    title_en = "Pile"
    title_es = "Montón"
    min_players = 2
    max_players = 3
    solo = False

    def new_game(
        self, players: int, *, seed: int | None = None, options: Iterable[str] = ()
    ) -> Pile:
        return Pile(players, 7)

    def option_names(self) -> tuple[str, ...]:
        return ()

    def decision(self, state: Any) -> Decision:
        if state.stones == 0:
            return Decision("OVER", NOBODY, "Over", "Fin", is_over=True)
        return Decision("TURN", state.turn, "Take stones", "Toma piedras")

    def legal_actions(self, state: Any, only: Filter | None = None) -> list[Hashable]:
        if state.stones == 0:
            return []
        if not state.rested:
            return ["rest"]
        return [f"take {n}" for n in (1, 2) if n <= state.stones]

    def why_illegal(self, state: Any, action: Hashable) -> Reason | None:
        if action in self.legal_actions(state):
            return None
        return WORDS.reason("not_now")

    def apply(
        self, state: Any, action: Hashable, *, check: bool = True
    ) -> tuple[Pile, list[Event]]:
        if action == "rest":
            return replace(state, rested=True), []
        taken = int(str(action).split()[1])
        after = replace(
            state,
            stones=state.stones - taken,
            turn=(state.turn + 1) % state.players,
            rested=False,
            last_taker=state.turn,
        )
        return after, [Event("take", state.turn, taken)]

    def random_chance(self, state: Any, rng: random.Random) -> Hashable:
        raise ValueError("no chance in this game")

    def privacy(self, state: Any, action: Hashable) -> tuple[int | None, bool]:
        return None, False

    def score(self, state: Any) -> list[ScoreSheet]:
        over = state.stones == 0
        return [
            ScoreSheet(
                seat,
                "",
                (ScoreLine("last", int(won), "", "", "Last stone", "Última piedra"),),
                int(won),
                int(won),
                over,
                winner=won,
            )
            for seat in range(state.players)
            for won in [over and state.last_taker == seat]
        ]

    def view(self, state: Any, seat: int | None) -> dict[str, Any]:
        return {"stones": state.stones, "turn": state.turn}

    def observe(self, state: Any) -> PileSeen:
        return PileSeen(state.stones)

    def format_action(self, action: Hashable) -> str:
        return str(action)

    def parse_action(self, text: str) -> Hashable:
        if text == "rest" or text in ("take 1", "take 2"):
            return text
        raise ValueError(f"not a move: {text!r}")

    def describe_action(self, state: Any, action: Hashable, language: str = "en") -> str:
        return str(action)

    def to_dict(self, state: Any) -> dict[str, Any]:
        return dict(state.__dict__)

    def from_dict(self, data: Any) -> Pile:
        return Pile(**data)


RULES = register(PileRules())
