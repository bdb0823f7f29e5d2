"""``companion demo``: a simulated solo game without hardware."""

from __future__ import annotations

import argparse
from typing import Any

DEMO_PLAN = """\
companion demo: a simulated solo game of Amritsar, no hardware needed.

What it will do:
  1. set up a solo game against the Maharajah;
  2. play the human's turns through the synthetic camera and a simulated
     sensor board on a pseudo-terminal;
  3. show each of the Maharajah's turns as instructions and carry them out;
  4. catch an illegal move and put it right, answer a choice as a phone would;
  5. print the live log and the final itemised scores.

The simulated table is not built yet; this command will run it once it is.
"""


def run(args: argparse.Namespace) -> int:
    print(DEMO_PLAN, end="")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("demo", help="play a simulated solo game without hardware")
    parser.set_defaults(func=run)
