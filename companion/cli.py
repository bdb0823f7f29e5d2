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
    "companion.commands.catalog",
    "companion.commands.demo",
    "companion.commands.games",
    "companion.commands.markers",
    "companion.commands.position",
    "companion.commands.replay",
    "companion.commands.run",
    "companion.commands.sensors",
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table companion for Amritsar: The Golden Temple.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    result: int = args.func(args)
    return result
