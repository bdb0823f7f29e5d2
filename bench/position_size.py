"""How long a written Amritsar position is: lines of the notation against the old long form.

Why: issue #15 asks for a compact, human-writable position notation (the FEN
of this game). This plays a few random games per table size and writes every
position on the way in both forms, printing the median and largest line
counts and the median characters. No timing: the figure is size.

    .venv/bin/python bench/position_size.py [--games 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.amritsar import apply, format_position, legal_actions, new_game
from engine.amritsar.position_long import format_position as long_form


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="random games per table size")
    args = parser.parse_args()
    for players, solo in ((2, False), (3, False), (4, False), (1, True)):
        lines: list[int] = []
        old: list[int] = []
        chars: list[int] = []
        for seed in range(args.games):
            state = new_game(players, solo=solo, seed=seed)
            rng = random.Random(seed)
            while not state.finished:
                text = format_position(state)
                lines.append(len(text.splitlines()))
                chars.append(len(text))
                old.append(len(long_form(state).splitlines()))
                state, _ = apply(state, rng.choice(legal_actions(state)), check=False)
        table = "solo" if solo else f"{players} players"
        print(
            f"{table}: {len(lines)} positions; lines median {statistics.median(lines)} "
            f"max {max(lines)} (long form median {statistics.median(old)}); "
            f"chars median {statistics.median(chars)}"
        )


if __name__ == "__main__":
    main()
