"""The simulated table running ahead of the companion: moves made that no camera has shown yet.

Why: a real player who takes Ceylon's 2 rupees touches nothing the camera
reads and does not reach for a phone; the next player simply moves on. The
camera demo plays the same way: after a move that leaves no trace
(``companion.reconcile.traceless.leaves_no_trace``) the next player moves at
once, on the table's own position, and the companion is to work out what
happened when it sees that next move. ``TableAhead`` keeps those moves in
order, drops the ones the companion has taken (counting how), and says when
the table cannot wait any more: a visible move is not taken yet (the camera
missed it, or asked about it: moving on past it would let two moves trade
places unseen), the turn did not pass, the game is over or a draw is due, or
``DEPTH`` quiet moves are waiting. Then the first waiting move is said on its player's phone.
If the companion ever takes a move the table did not make, it raises: a
wrong decision is an error of the demo, never a figure.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from companion.reconcile.traceless import DEPTH

#: steps the companion took from the table without a phone
INFERRED = "move with no trace, inferred when the next move was seen"
READ = "move read by the camera"


@dataclass
class Made:
    """A move made at the table: where, what, and whether it left a trace."""

    state: Any
    action: Hashable
    quiet: bool
    answered: bool = False


class TableAhead:
    """Moves the table has made and the companion has not taken, in order."""

    def __init__(self, rules: Any) -> None:
        self.rules = rules
        self.moves: list[Made] = []
        self.table: Any = None

    def _key(self, state: Any) -> str:
        return json.dumps(self.rules.to_dict(state), sort_keys=True, default=str)

    def position(self, session: Any) -> Any:
        """The table's position: past the waiting moves, else the companion's."""
        return self.table if self.moves else session.state

    def add(self, state: Any, action: Hashable, after: Any, quiet: bool) -> None:
        self.moves.append(Made(state, action, quiet))
        self.table = after

    def catch_up(self, session: Any, steps: Counter[str]) -> None:
        """Drop the moves the companion has taken, counting those no phone said."""
        if not self.moves:
            return
        keys = [self._key(m.state) for m in self.moves] + [self._key(self.table)]
        now = self._key(session.state)
        if now not in keys:
            said = ", ".join(self.rules.format_action(m.action) for m in self.moves)
            raise RuntimeError(f"the companion took a move the table did not make (made: {said})")
        taken = keys.index(now)
        for made in self.moves[:taken]:
            if not made.answered:
                steps[INFERRED if made.quiet else READ] += 1
        self.moves = self.moves[taken:]

    def first(self) -> Made | None:
        return self.moves[0] if self.moves else None

    def stalled(self) -> bool:
        """The table cannot wait: its first waiting move must be said on a phone."""
        if not self.moves:
            return False
        d = self.rules.decision(self.table)
        quiet = sum(m.quiet for m in self.moves)
        seen = len(self.moves) - quiet  # visible moves the camera has not shown yet
        passed = d.player != self.rules.decision(self.moves[-1].state).player
        return seen > 0 or not passed or d.is_over or d.is_chance or quiet >= DEPTH
