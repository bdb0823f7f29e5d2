"""Perft for Rajas of the Ganges: how many legal action sequences of each length lead from fixed positions.

A changed count says the move space changed (a rule added, removed or
altered). Counts live in ``perft.json`` beside this file, checked by
``tests/engine/test_perft.py``; after a deliberate rules change regenerate and review:

    .venv/bin/python -m tests.engine.rajas.perft --write

Chance draws (a die rolled, a tile turned up) count as actions, one per
outcome. The deepest count is also kept "divided" by first action, so a
mismatch names the branch that changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.rajas import RULES as R
from engine.rajas.state import State
from tests.engine import rules_perft
from tests.engine.rajas.build import position, put_tile, set_player, tile_on_top, to_move

DATA = Path(__file__).resolve().parent / "perft.json"


def opening_2p() -> State:
    return position(2, seed=2)


def opening_4p() -> State:
    return position(4, seed=5)


def quarry_3p() -> State:
    """A province with a road out of the residence, blue dice to pay, a karma to spend."""
    s = put_tile(position(3, seed=7), 0, "B8", "C2")
    s = tile_on_top(s, "B5")
    return to_move(set_player(s, 0, dice=["b2", "b3", "b5", "g4"], money=3, karma=1), 0)


def full_kali_4p() -> State:
    ten = ["b1", "b6", "g2", "g5", "o3", "o4", "p1", "p6", "b3", "g4"]
    return to_move(set_player(position(4, seed=8), 0, dice=ten, money=2), 0)


POSITIONS: dict[str, tuple[Callable[[], State], tuple[int, ...]]] = {
    "opening-2p": (opening_2p, (1, 2, 3)),
    "opening-4p": (opening_4p, (1, 2)),
    "quarry-3p": (quarry_3p, (1, 2, 3)),
    "full-kali-4p": (full_kali_4p, (1, 2)),
}


def perft(s: State, depth: int) -> int:
    return rules_perft.perft(R, s, depth)


def compute(name: str) -> dict[str, object]:
    return rules_perft.compute(R, POSITIONS, name)


if __name__ == "__main__":
    raise SystemExit(rules_perft.main(R, POSITIONS, DATA, __doc__.splitlines()[0]))
