"""``companion replay LOG``: where would the companion now decide differently?"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any


def run(args: argparse.Namespace) -> int:
    from companion.replay import export_case, replay
    from companion.resume import ResumeError
    from companion.store import EventStore, StoreError

    try:
        store = EventStore(args.log, create=False)
        report = replay(store)
    except (StoreError, ResumeError) as error:
        print(f"companion replay: {error}")
        return 2
    print(
        f"{report.inputs} inputs, {report.steps_recorded} steps recorded, "
        f"{report.steps_now} steps now"
    )
    if report.same:
        print("Every input leads to the same decisions as when it was recorded.")
        return 0
    count = len(report.differences)
    print(f"{count} input{'s' * (count != 1)} now lead{'s' * (count == 1)} to different decisions:")
    for difference in report.differences:
        print("  " + difference.describe())
        if args.export and difference.seq in report.cases:
            target = Path(args.export) / f"case-{difference.seq}.json"
            export_case(report, difference.seq, target)
            print(f"    saved as a test case: {target}")
    return 1


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("replay", help="re-run a recorded game through reconciliation")
    parser.add_argument("log", type=Path, help="the game's log file (SQLite)")
    parser.add_argument(
        "--export", metavar="DIR", help="save each differing observation as a test case"
    )
    parser.set_defaults(func=run)
