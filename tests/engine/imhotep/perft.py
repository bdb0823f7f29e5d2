"""Imhotep perft: how many legal action sequences of each length lead from fixed positions.

A count that changes says the move space changed (a rule added, removed or
altered), even in a corner no other test looks at. The counts live in
``tests/engine/imhotep/perft.json`` and ``test_perft.py`` checks them; after a
deliberate rules change, regenerate and review the difference:

    .venv/bin/python -m tests.engine.imhotep.perft --write

Chance draws count as actions, one per distinct outcome (a market card kind,
a round card). The file keeps the "divide" of the deepest count (the count
under each first action) so a mismatch names the branch that changed.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path

from engine.imhotep import RULES
from engine.imhotep.state import State
from tests.engine.imhotep.build import give, load, play, table

DATA = Path(__file__).resolve().parent / "perft.json"


def perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    actions = RULES.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(RULES.apply(state, a, check=False)[0], depth - 1) for a in actions)


def divide(state: State, depth: int) -> dict[str, int]:
    return {
        RULES.format_action(a): perft(RULES.apply(state, a, check=False)[0], depth - 1)
        for a in RULES.legal_actions(state)
    }


def opening_2p() -> State:
    return table(2)


def opening_4p() -> State:
    return table(4)


def market_unload() -> State:
    """Three owners' stones sail to the market: picks in unload order."""
    return play(
        load(table(4, market=("statue", "lever", "entrance", "sail")), 1, "wrg"), "sail 1 market"
    )


def blue_cards() -> State:
    """Black holds one of each blue card with boats part loaded."""
    s = give(load(load(table(3), 3, "w"), 1, "rw"), 0, "hammer", "chisel", "sail", "lever")
    return s


def b_sides() -> State:
    return table(4, options=("all-b",), market=("statue", "lever", "sail"))


def setup_draws() -> State:
    return RULES.new_game(3)


POSITIONS: dict[str, tuple[Callable[[], State], tuple[int, ...]]] = {
    "opening-2p": (opening_2p, (1, 2, 3, 4)),
    "opening-4p": (opening_4p, (1, 2, 3)),
    "market-unload": (market_unload, (1, 2, 3, 4)),
    "blue-cards": (blue_cards, (1, 2)),
    "b-sides": (b_sides, (1, 2, 3)),
    "setup-draws": (setup_draws, (1, 2, 3)),
}


def compute(name: str) -> dict[str, dict[str, int]]:
    """One position's counts per depth and the deepest count split by first action."""
    make, depths = POSITIONS[name]
    state = make()
    split = divide(state, depths[-1])
    counts = {str(d): perft(state, d) for d in depths[:-1]}
    counts[str(depths[-1])] = sum(split.values())
    return {"counts": counts, "divide": split}


def measure() -> dict[str, dict[str, dict[str, int]]]:
    return {name: compute(name) for name in POSITIONS}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--write", action="store_true", help="rewrite perft.json")
    args = parser.parse_args()
    data = measure()
    text = json.dumps(data, indent=2, sort_keys=True) + "\n"
    if args.write:
        DATA.write_text(text)
    print(json.dumps({k: v["counts"] for k, v in data.items()}, indent=1))


if __name__ == "__main__":
    main()
