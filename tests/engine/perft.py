"""Perft: how many legal action sequences of each length lead from fixed positions.

Like chess engines' perft, a count that changes says the move space changed:
a rule added, removed or altered shows up here even when no other test looks
at that corner. The counts live in ``tests/engine/perft.json`` and are checked
by ``test_perft.py``; after a deliberate rules change, regenerate them and
review the difference like any other change:

    .venv/bin/python -m tests.engine.perft --write

A sequence is counted when it is exactly ``depth`` actions long (a game that
ends sooner adds nothing). Chance draws count as actions, one per outcome. The
file also keeps the "divide" of the deepest count (the count below each first
action), so a mismatch names the branch that changed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from engine.amritsar.game import apply, legal_actions, new_game
from engine.amritsar.state import GameState
from tests.engine.build import at_turn, change, play, seat, table

DATA = Path(__file__).resolve().parent / "perft.json"


def opening_2p() -> GameState:
    """Seat 0's first turn, phase 1, on the fixed 2-player board."""
    return at_turn(table(2), 0, "elephant")


def opening_4p() -> GameState:
    """Seat 2's turn in a 4-player game, from phase 1, holding a bit of everything."""
    s = seat(table(4, storehouses=("S01", "S07", "S13")), 2, coins=2, resources="MC")
    return at_turn(s, 2, "elephant")


def rich_menu() -> GameState:
    """A white worker in the South with the elephant there, storehouses that add choices."""
    s = table(3, storehouses=("S02", "S09"))
    s = seat(s, 0, elephant="S", coins=1, resources="MCG", storehouses=["S04", "S13"])
    s = seat(s, 0, mahouts={"W": "market", "B": "knowledge"})
    return at_turn(s, 0, "actions", colour="W", district="S")


def market() -> GameState:
    """Inside a market action with coins and one of each resource."""
    s = seat(table(2), 0, coins=3, resources="MCG", storehouses=["S07"])
    s = at_turn(s, 0, "actions", colour="Y", district="E")
    return play(s, "main L")


def end_of_round_2p() -> GameState:
    """The last turn of a 2-player round: the Maharajah token moves, both may follow."""
    s = seat(table(2), 1, mahouts={"Y": "coin_pp"}, resources="M")
    s = seat(s, 0, resources="M")
    s = change(s, starting_player=1)
    return at_turn(s, 0, "actions", colour="G", district="W")


def setup_draws() -> GameState:
    """A 3-player game before any draw: the table supplies every outcome."""
    return new_game(3)


#: name -> (position, depths counted)
POSITIONS: dict[str, tuple[Callable[[], GameState], tuple[int, ...]]] = {
    "opening-2p": (opening_2p, (1, 2, 3, 4, 5, 6)),
    "opening-4p": (opening_4p, (1, 2, 3, 4, 5, 6)),
    "rich-menu": (rich_menu, (1, 2, 3, 4)),
    "market": (market, (1, 2, 3, 4, 5)),
    "end-of-round-2p": (end_of_round_2p, (1, 2, 3, 4, 5, 6, 7)),
    "setup-draws": (setup_draws, (1, 2, 3, 4, 5)),
}


def perft(s: GameState, depth: int) -> int:
    if depth == 0:
        return 1
    actions = legal_actions(s)
    if depth == 1:
        return len(actions)
    return sum(perft(apply(s, action, check=False)[0], depth - 1) for action in actions)


def divide(s: GameState, depth: int) -> dict[str, int]:
    """The count below each first action."""
    return {
        str(action): perft(apply(s, action, check=False)[0], depth - 1)
        for action in legal_actions(s)
    }


def compute(name: str) -> dict[str, object]:
    """Counts at every depth of one position, and the divide of the deepest."""
    build, depths = POSITIONS[name]
    s = build()
    deepest = divide(s, max(depths))
    counts = {str(depth): perft(s, depth) for depth in depths[:-1]}
    counts[str(max(depths))] = sum(deepest.values())
    return {"counts": counts, "divide": deepest}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help=f"rewrite {DATA.name}")
    args = parser.parse_args()
    data = {name: compute(name) for name in POSITIONS}
    text = json.dumps(data, indent=2, sort_keys=True) + "\n"
    if args.write:
        DATA.write_text(text, encoding="utf-8")
        print(f"wrote {DATA}")
    else:
        print(text, end="")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
