"""``companion catalog``: print the component catalog and every assumed value.

Owners check the printed tables against their box and write corrections into
an override file (``--override FILE``); the same validation as at start-up
reports every problem in it at once. The work is done by
``engine.amritsar.catalog_report``, shared with ``python -m engine.amritsar.catalog``.
"""

from __future__ import annotations

import argparse
from typing import Any


def run(args: argparse.Namespace) -> int:
    from engine.amritsar import print_catalog as report

    return report(args.override, args.lang)


def register(subparsers: Any) -> None:
    from engine.amritsar import catalog_parser

    parser = subparsers.add_parser(
        "catalog",
        help="print the component catalog and every assumed value",
        description="Print the Amritsar component catalog as tables, then every assumed "
        "value with its reason and every value an override file changed.",
    )
    catalog_parser(parser)
    parser.set_defaults(func=run)
