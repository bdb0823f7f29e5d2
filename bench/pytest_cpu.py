"""A pytest plugin: CPU seconds per test, the test's own process and all it started.

Why: on a machine shared by many (load 25+), wall times say little about what
CI's two idle cores will take; CPU seconds do. Each test's figure is this
process's CPU plus that of every descendant (Chromium's renderers, the
Playwright driver, uvicorn or broker subprocesses, reaped or still running),
taken from /proc (Linux) before and after the test's setup, call and teardown.

    nice .venv/bin/pytest -q -p no:cacheprovider -p bench.pytest_cpu tests/vision
    PYTEST_CPU_OUT=/tmp/vision.tsv nice .venv/bin/pytest -p bench.pytest_cpu tests/vision

writes one line a test (CPU s, wall s, test id) to $PYTEST_CPU_OUT (default
test-output/pytest-cpu.tsv, appended) and prints the session's total and its
costliest tests. Not for ``-n`` (each worker would count only its own tests).
A process whose parent ends before it (Chromium's zygote and renderers when
the browser closes, in the last test's teardown) would leave the tree with its
CPU and make that test come out negative: on Linux this process makes itself
their subreaper (prctl PR_SET_CHILD_SUBREAPER), so they end as its unreaped
children, their CPU still counted (a bench run keeps those few zombies until
it exits). Should a figure still come out negative, the total counts the
tests' positive figures (a loss, not a gain, of accuracy).
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import resource
import time
from collections.abc import Generator
from pathlib import Path
from typing import Any

import pytest

TICK = os.sysconf("SC_CLK_TCK")
_RESULTS: list[tuple[float, float, str]] = []
_START: list[float] = []


def tree_cpu() -> float:
    """CPU seconds of this process, its reaped children and its live descendants."""
    me = os.getpid()
    children: dict[int, list[int]] = {}
    spent: dict[int, float] = {}
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            stat = Path(f"/proc/{name}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rfind(")") + 2 :].split()
        children.setdefault(int(fields[1]), []).append(int(name))
        # utime, stime, and the same for its reaped children
        spent[int(name)] = sum(int(f) for f in fields[11:15]) / TICK
    total = 0.0
    todo = list(children.get(me, []))
    while todo:
        pid = todo.pop()
        total += spent.get(pid, 0.0)
        todo.extend(children.get(pid, []))
    own = resource.getrusage(resource.RUSAGE_SELF)
    reaped = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + reaped.ru_utime + reaped.ru_stime + total


#: prctl's option: orphaned descendants become this process's children.
PR_SET_CHILD_SUBREAPER = 36


def adopt_orphans() -> bool:
    """Make this process the subreaper of its descendants (Linux); True if it is."""
    name = ctypes.util.find_library("c")
    if not name or not os.path.isdir("/proc"):
        return False
    libc = ctypes.CDLL(name, use_errno=True)
    return bool(libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0)


def pytest_sessionstart(session: pytest.Session) -> None:
    adopt_orphans()
    _START.append(tree_cpu())


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: Any) -> Generator[None, None, None]:
    cpu, wall = tree_cpu(), time.monotonic()
    yield
    _RESULTS.append((tree_cpu() - cpu, time.monotonic() - wall, item.nodeid))


def pytest_sessionfinish(session: pytest.Session) -> None:
    out = Path(os.environ.get("PYTEST_CPU_OUT", "test-output/pytest-cpu.tsv"))
    out.parent.mkdir(parents=True, exist_ok=True)
    with out.open("a", encoding="utf-8") as f:
        f.writelines(f"{cpu:.2f}\t{wall:.1f}\t{nodeid}\n" for cpu, wall, nodeid in _RESULTS)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if not _START:
        return
    tests = sum(max(cpu, 0.0) for cpu, _, _ in _RESULTS)
    write = terminalreporter.write_line
    write(f"CPU: {tests:.1f} s in {len(_RESULTS)} tests (setup, call and teardown)")
    write(f"     {tree_cpu() - _START[0]:.1f} s for the whole session (collection included)")
    for cpu, wall, nodeid in sorted(_RESULTS, reverse=True)[:15]:
        write(f"  {cpu:7.2f} CPU s {wall:7.1f} s  {nodeid}")
