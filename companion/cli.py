"""The ``companion`` command line: one entry point for everything a user runs.

Subcommands are added by the parts of the product that own them; each one is a
small function that parses its own options and returns an exit code.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence

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


def _cmd_demo(args: argparse.Namespace) -> int:
    print(DEMO_PLAN, end="")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table companion for Amritsar: The Golden Temple.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    demo = sub.add_parser("demo", help="play a simulated solo game without hardware")
    demo.set_defaults(func=_cmd_demo)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    result: int = args.func(args)
    return result
