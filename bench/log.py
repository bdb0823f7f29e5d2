"""What durability and the tamper check cost the game log.

Prints, for the same machine and disk in one run:

- the time of one ``EventStore.append`` (synced with ``synchronous=FULL``,
  hash chained) against the bare insert the log did before (WAL with
  ``synchronous=NORMAL``, no chain): median, p95, and their ratio;
- the time to open (check the whole chain of) a log of ``--rows`` rows.

The log lives on the disk under the repository (not /tmp, which may be a
RAM file system where a sync costs nothing). Run:
``.venv/bin/python bench/log.py [--appends 300] [--rows 20000]``.
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import statistics
import tempfile
import time
from pathlib import Path

from companion.store import EventStore

PAYLOAD = {"button": "done", "seen": {"pieces": [[i, i * 3, "worker"] for i in range(40)]}}


def _percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def _baseline(path: Path, appends: int) -> list[float]:
    """The log before: one insert, WAL, synchronous=NORMAL, no chain."""
    db = sqlite3.connect(path, isolation_level=None)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE log (seq INTEGER PRIMARY KEY, time REAL, kind TEXT, payload TEXT)")
    times = []
    for _ in range(appends):
        text = json.dumps(PAYLOAD, separators=(",", ":"))
        start = time.perf_counter()
        db.execute(
            "INSERT INTO log (time, kind, payload) VALUES (?, ?, ?)", (time.time(), "seen", text)
        )
        times.append(time.perf_counter() - start)
    db.close()
    return times


def _store(path: Path, appends: int) -> list[float]:
    store = EventStore(path)
    times = []
    for _ in range(appends):
        start = time.perf_counter()
        store.append("seen", PAYLOAD)
        times.append(time.perf_counter() - start)
    store.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--appends", type=int, default=300)
    parser.add_argument("--rows", type=int, default=20_000)
    args = parser.parse_args()
    here = Path(__file__).resolve().parent
    with tempfile.TemporaryDirectory(dir=here) as folder:
        base = _baseline(Path(folder) / "baseline.sqlite", args.appends)
        full = _store(Path(folder) / "store.sqlite", args.appends)
        print(f"append, {args.appends} rows of {len(json.dumps(PAYLOAD))} bytes:")
        for name, values in (("before (NORMAL, no chain)", base), ("now (FULL, chained)", full)):
            print(
                f"  {name:26} median {statistics.median(values) * 1e3:7.3f} ms"
                f"  p95 {_percentile(values, 0.95) * 1e3:7.3f} ms"
            )
        print(
            f"  ratio now/before: median {statistics.median(full) / statistics.median(base):.1f}"
            f"  p95 {_percentile(full, 0.95) / _percentile(base, 0.95):.1f}"
        )
        big = Path(folder) / "big.sqlite"
        EventStore(big).close()
        _fill(big, args.rows)  # the real chain, written in one transaction
        start = time.perf_counter()
        EventStore(big).close()
        opened = time.perf_counter() - start
        size = big.stat().st_size / 1e6
        print(f"open (check the chain of) {args.rows} rows, {size:.1f} MB: {opened * 1e3:.0f} ms")


def _fill(path: Path, rows: int) -> None:
    """Append ``rows`` chained rows in one transaction (a long game's log, quickly)."""
    from companion.store import row_hash

    db = sqlite3.connect(path, isolation_level=None)
    (count,) = db.execute("SELECT COUNT(*) FROM log").fetchone()
    head = dict(db.execute("SELECT key, value FROM meta").fetchall())["head"]
    text = json.dumps(PAYLOAD, separators=(",", ":"), ensure_ascii=False)
    db.execute("BEGIN")
    for seq in range(count + 1, count + rows + 1):
        when = time.time()
        head = row_hash(head, seq, when, "seen", text)
        db.execute("INSERT INTO log VALUES (?, ?, ?, ?, ?)", (seq, when, "seen", text, head))
    db.execute("UPDATE meta SET value = ? WHERE key = 'rows'", (str(count + rows),))
    db.execute("UPDATE meta SET value = ? WHERE key = 'head'", (head,))
    db.execute("COMMIT")
    db.close()


if __name__ == "__main__":
    main()
