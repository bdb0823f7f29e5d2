"""Ceylon rules engine speed: random full games, 2 and 4 players.

A game runs from ``new_game(seed)`` (every setup draw made at random) to the
end: the players' decisions (elevation tiles, starting hexes, every card and
action) chosen uniformly among the legal actions with the unchecked ``apply``,
chance drawn by ``random_chance`` (what a playout or a solver does). Each game
is timed alone; the figure is the median over all games of all runs.

A fixed pure-Python workload (sorting 200k floats), measured in the same run,
is printed too, so figures from a shared, noisy machine compare as ratios.

Target (issue 18): a random 4-player game in at most 10 ms median.

Usage (the shared ``bench/rules_playout.py`` does the work):
    nice -n 10 .venv/bin/python bench/ceylon_playout.py [--runs 5] [--games 40] [--cpu 0]
        [--clock wall|cpu] [--against rajas]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.rules_playout import main

if __name__ == "__main__":
    raise SystemExit(main("ceylon", __doc__.splitlines()[0]))
