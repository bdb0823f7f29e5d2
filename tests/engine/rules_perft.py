"""Perft for a game behind the core ``Rules`` protocol: counts, the divide, the command line.

Each game's ``tests/engine/<game>/perft.py`` names its fixed positions and
where its counts live; this module does what is the same for every game:
counting legal action sequences of each length (chance outcomes count as
actions), keeping the deepest count "divided" by first action so a mismatch
names the branch that changed, and the ``--write`` command that regenerates
``perft.json`` after a deliberate rules change.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from engine.core.game import Rules

#: name -> (a function building the position, the depths to count)
Positions = Mapping[str, tuple[Callable[[], Any], tuple[int, ...]]]


def perft(rules: Rules, state: Any, depth: int) -> int:
    """The number of legal action sequences of length ``depth`` from ``state``."""
    actions = rules.legal_actions(state)
    if depth == 1:
        return len(actions)
    return sum(perft(rules, rules.apply(state, a, check=False)[0], depth - 1) for a in actions)


def compute(rules: Rules, positions: Positions, name: str) -> dict[str, object]:
    """Counts at each depth of position ``name``, and the deepest one divided."""
    build, depths = positions[name]
    state = build()
    deepest = max(depths)
    divided = {
        rules.format_action(a): perft(rules, rules.apply(state, a, check=False)[0], deepest - 1)
        if deepest > 1
        else 1
        for a in rules.legal_actions(state)
    }
    counts = {str(d): perft(rules, state, d) for d in depths[:-1]}
    counts[str(deepest)] = sum(divided.values())
    return {"counts": counts, "divide": divided}


def main(rules: Rules, positions: Positions, data: Path, description: str) -> int:
    """Print every position's counts, or with ``--write`` rewrite ``data``."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--write", action="store_true", help=f"rewrite {data.name}")
    args = parser.parse_args()
    found = {name: compute(rules, positions, name) for name in positions}
    text = json.dumps(found, indent=2, sort_keys=True) + "\n"
    if args.write:
        data.write_text(text, encoding="utf-8")
        print(f"wrote {data}")
    else:
        print(text, end="")
    return 0
