"""Perft for Ceylon: how many legal action sequences of each length lead from fixed positions.

A changed count says the move space changed (a rule added, removed or
altered). Counts live in ``perft.json`` beside this file, checked by
``test_perft.py``; after a deliberate rules change regenerate and review:

    .venv/bin/python -m tests.engine.ceylon.perft --write

Chance draws count as actions, one per outcome. The deepest count is also
kept "divided" by first action, so a mismatch names the branch that changed.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from engine.ceylon.state import State
from tests.engine import rules_perft
from tests.engine.ceylon.build import CAT, R, advisor, edit, levels, opened, play, seat, table

DATA = Path(__file__).resolve().parent / "perft.json"


def opening_2p() -> State:
    return opened(2, seed=2)


def setup_elevation_4p() -> State:
    return R.new_game(4, seed=3)


def harvest_trade_3p() -> State:
    """Plantations at three levels around the pawn, a train to trade with, a token."""
    s = levels(table(3), D2=1, D7=2)
    s = seat(s, 0, plantations=["D6", "D2"], pawn="D6", cubes=[1, 2, 1], tokens=1)
    s = seat(s, 1, plantations=["D7", "D5"])
    s = edit(s)
    s.train = [CAT.contracts.index(CAT.contract(i)) for i in ("C2-1", "C1-3", "C4-2")]
    s.advisors[0] = advisor("plant_adjacent")
    s.players[0].hired = 1
    s.players[0].hand[0] = next(i for i, f in enumerate(CAT.faces) if f.id == "harvest/trade")
    s.players[0].hand.sort()
    return s


def start_tiles_3p() -> State:
    s = opened(3, seed=6, options=("start_tiles",))
    return play(s, R.format_action(R.legal_actions(s)[0]))


POSITIONS: dict[str, tuple[Callable[[], State], tuple[int, ...]]] = {
    "opening-2p": (opening_2p, (1, 2, 3)),
    "setup-elevation-4p": (setup_elevation_4p, (1, 2)),
    "harvest-trade-3p": (harvest_trade_3p, (1, 2, 3, 4)),
    "start-tiles-3p": (start_tiles_3p, (1, 2, 3)),
}


def perft(s: State, depth: int) -> int:
    return rules_perft.perft(R, s, depth)


def compute(name: str) -> dict[str, object]:
    return rules_perft.compute(R, POSITIONS, name)


if __name__ == "__main__":
    raise SystemExit(rules_perft.main(R, POSITIONS, DATA, __doc__.splitlines()[0]))
