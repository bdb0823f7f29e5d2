"""Rajas of the Ganges rules engine speed: random full games, 2 and 4 players.

A game runs from ``new_game(seed)`` (every setup draw made at random: the
tiles turned up on the 12 stacks, the 4 dice each player rolls) to the end:
the players' decisions (every worker, tile, die paid, upgrade) chosen
uniformly among the legal actions with the unchecked ``apply``, chance (every
die rolled, every tile turned up) drawn by ``random_chance`` (what a playout
or a solver does). Each game is timed alone; the figure is the median over
all games of all runs.

A fixed pure-Python workload (sorting 200k floats), measured in the same run,
is printed too, so figures from a shared, noisy machine compare as ratios.

Target (issue 18): a random 4-player game in at most 10 ms median.

``--clock cpu`` times this process's CPU time (steadier on a loaded shared
machine); ``--against ceylon`` also plays another game's random 4-player
games interleaved with Rajas ones, game by game, and prints the ratio of the
medians, a baseline that load drift affects alike.

Usage:
    nice -n 10 .venv/bin/python bench/rajas_playout.py [--runs 5] [--games 40] [--cpu 0]
        [--clock wall|cpu] [--against ceylon]
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.rules_playout import main

if __name__ == "__main__":
    raise SystemExit(main("rajas", __doc__.splitlines()[0]))
