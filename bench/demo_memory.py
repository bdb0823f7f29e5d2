"""Peak resident memory of ``companion demo --no-server`` (goal: <= 150 MB).

Runs the demo (Amritsar solo, its default seed; extra arguments are passed
on) in a process of its own and prints that process's peak RSS as the kernel
counted it (``getrusage``'s ``ru_maxrss`` of the waited-for child: the same
figure as ``/usr/bin/time -f %M``, in KiB), in KiB, MiB and MB, with the
demo's last line and how long it took. ``--check`` exits 1 when the goal is
not met (or the demo failed).

Run (about 2-8 minutes on the shared machine, nice'd):
    nice .venv/bin/python bench/demo_memory.py [--check] [-- --seed 3]
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_BYTES = 150e6


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 unless peak <= 150 MB")
    args, rest = parser.parse_known_args()
    rest = [a for a in rest if a != "--"]
    print(
        f"machine: {platform.machine()} {os.cpu_count()} cores, python {platform.python_version()}"
    )
    print("load average at the start: " + " ".join(f"{x:.1f}" for x in os.getloadavg()))
    command = [sys.executable, "-m", "companion", "demo", "--no-server", *rest]
    began = time.monotonic()
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    took = time.monotonic() - began
    kib = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    lines = done.stdout.strip().splitlines()
    print(f"demo exit {done.returncode} after {took:.0f} s: {lines[-2] if len(lines) > 1 else ''}")
    met = kib * 1024 <= GOAL_BYTES
    print(
        f"peak RSS {kib:,} KiB = {kib / 1024:.1f} MiB = {kib * 1024 / 1e6:.1f} MB "
        f"(goal <= 150 MB: {'met' if met else 'NOT met'})"
    )
    if done.returncode != 0:
        print(done.stderr[-2000:])
    return 1 if args.check and (not met or done.returncode != 0) else 0


if __name__ == "__main__":
    raise SystemExit(main())
