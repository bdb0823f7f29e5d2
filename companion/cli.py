"""The ``companion`` command line: one entry point for everything a user runs.

Each subcommand lives in its own module under ``companion.commands`` and is
listed in ``COMMAND_MODULES``; a module exposes ``register(subparsers)``, which
adds its parser and sets ``func`` to a function returning an exit code. Modules
are imported only when the command line is built, so a command's heavy
dependencies (OpenCV, FastAPI) load only for the commands that need them.
"""

from __future__ import annotations

import argparse
import importlib
from collections.abc import Sequence

COMMAND_MODULES: tuple[str, ...] = (
    "companion.commands.calibrate",
    "companion.games.amritsar.catalog_command",
    "companion.commands.demo",
    "companion.commands.games",
    "companion.commands.markers",
    "companion.commands.position",
    "companion.commands.replay",
    "companion.commands.run",
    "companion.games.amritsar.sensors.command",
)

#: What ``companion --help`` says first: the four games and the two ways to play.
DESCRIPTION = """\
A table companion for four board games: Amritsar: The Golden Temple,
Imhotep: Builder of Egypt, Ceylon, and Rajas of the Ganges. It serves the game
to every player's phone and to a table screen on the table's Wi-Fi, checks
every move against the rules and keeps the score.

Two ways to play: with a camera above the table, which reads the moves (the
phones answer only what it cannot see), or without a camera, in manual mode:
every decision is answered on the players' phones."""

EPILOG = """\
examples:
  companion demo                                  Amritsar, simulated, no hardware
  companion demo --game imhotep --players 2       Imhotep, simulated phones
  companion run                                   the start page: choose the game
  companion run --game ceylon --players Ana,Ben --camera none
                                                  Ceylon in manual mode, no camera
  companion games                                 the four games and how each is served"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    from companion.heap import fix_mmap_threshold

    fix_mmap_threshold()  # freed frame buffers leave resident memory (companion/heap.py)
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
