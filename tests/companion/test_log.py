"""The game log cannot lie (issue 14, item 9) and survives a power cut.

Every damaged or foreign file is refused with one line naming the file and
what to do, untouched; a log cut short or edited never resumes into another
game; the log is owner-only; and every row is synced to disk before the
companion acts on it (checked on the real system calls, with strace).
"""

from __future__ import annotations

import hashlib
import json
import random
import sqlite3
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from companion.games.amritsar.resume import open_session
from companion.resume import ResumeError
from engine.amritsar.actions import Act
from tests.support.realparts import require_executable

NAMES = ["Ana", "Ben"]


def _played_log(path: Path, steps: int = 6) -> list[object]:
    """A real game's log: setup, a few steps, a new phone link. Returns the states."""
    session = open_session(path, NAMES, seed=4)
    states = [session.state]
    for _ in range(steps):
        legal = [a for a in session.game.legal_actions() if a.kind is not Act.CHANCE]
        assert session.apply_actions([legal[0]], "phone").ok
        states.append(session.state)
    session.new_token(1)
    assert session.store is not None
    session.store.close()
    return states


def _refused(path: Path) -> str:
    with pytest.raises(ResumeError) as caught:
        open_session(path, NAMES, seed=4)
    text = str(caught.value)
    assert "\n" not in text and str(path) in text
    return text


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_an_empty_file_is_refused_not_started_over(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    path.touch()
    assert "empty" in _refused(path)
    assert path.stat().st_size == 0  # nothing written into it


def test_a_foreign_sqlite_file_is_refused_untouched(tmp_path: Path) -> None:
    path = tmp_path / "photos.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE photos (name TEXT)")
        db.execute("INSERT INTO photos VALUES ('beach.jpg')")
    db.close()
    path.chmod(0o644)
    before = _digest(path)
    assert "not a companion log" in _refused(path)
    assert _digest(path) == before
    assert stat.S_IMODE(path.stat().st_mode) == 0o644  # not even its mode changed
    with sqlite3.connect(path) as db:
        tables = {r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    db.close()
    assert tables == {"photos"}


def test_a_file_of_another_kind_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("shopping: rice, lentils\n")
    assert "not a companion log" in _refused(path)
    assert path.read_text() == "shopping: rice, lentils\n"


def _edit(path: Path, sql: str) -> None:
    with sqlite3.connect(path) as db:
        db.execute(sql)
    db.close()


def test_a_deleted_last_row_is_refused_not_resumed_a_step_back(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    _played_log(path)
    _edit(path, "DELETE FROM log WHERE seq = (SELECT MAX(seq) FROM log)")
    assert "damaged or was edited" in _refused(path)


def test_a_deleted_seat_row_cannot_bring_back_a_revoked_link(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    _played_log(path)
    _edit(path, "DELETE FROM log WHERE kind = 'seat'")
    _refused(path)


def test_an_edited_action_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    _played_log(path)
    with sqlite3.connect(path) as db:
        rows = db.execute(
            "SELECT seq, payload FROM log WHERE kind = 'step' ORDER BY seq"
        ).fetchall()
        seq = rows[-1][0]
        other = next(payload for _, payload in rows if payload != rows[-1][1])
        db.execute("UPDATE log SET payload = ? WHERE seq = ?", (other, seq))  # another action
    db.close()
    assert f"row {seq}" in _refused(path)


def test_damage_anywhere_is_refused_or_harmless(tmp_path: Path) -> None:
    """Cut the file short and flip bytes at random places: every result is a
    one-line refusal or exactly a state the game had, never another game."""
    good = tmp_path / "good.sqlite"
    states = _played_log(good)
    data = good.read_bytes()
    rng = random.Random(14)
    cases: list[bytes] = [data[:cut] for cut in (100, 4096, len(data) // 2, len(data) - 1)]
    for _ in range(24):
        damaged = bytearray(data)
        where = rng.randrange(100, len(data))  # past the SQLite header's magic
        damaged[where] ^= 1 << rng.randrange(8)
        cases.append(bytes(damaged))
    refused = 0
    for index, content in enumerate(cases):
        path = tmp_path / f"damaged-{index}.sqlite"
        path.write_bytes(content)
        try:
            session = open_session(path, NAMES, seed=4)
        except ResumeError as error:
            assert "\n" not in str(error) and str(path) in str(error)
            refused += 1
            continue
        assert session.resumed and session.state == states[-1], f"case {index} resumed wrongly"
        assert session.store is not None
        session.store.close()
    assert refused >= 4  # at least every file cut short


def test_the_log_is_owner_only(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    _played_log(path)
    path.chmod(0o644)  # a log copied with a wider mode is narrowed when opened
    session = open_session(path, NAMES, seed=4)
    assert session.resumed
    for name in ("game.sqlite", "game.sqlite-wal", "game.sqlite-shm"):
        mode = stat.S_IMODE((tmp_path / name).stat().st_mode)
        assert mode == 0o600, f"{name} is {oct(mode)}: it holds the seats' links and the PIN"
    assert session.store is not None
    session.store.close()


def test_companion_run_and_replay_refuse_a_damaged_log_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    _played_log(path)
    _edit(path, "DELETE FROM log WHERE seq = (SELECT MAX(seq) FROM log)")
    for argv in (
        ["run", "--players", "Ana,Ben", "--camera", "none", "--serial", "none", "--log"],
        ["replay"],
    ):
        done = subprocess.run(
            [sys.executable, "-m", "companion", *argv, str(path)],
            capture_output=True,
            text=True,
            timeout=60,
        )
        output = (done.stdout + done.stderr).strip()
        assert done.returncode == 2, output
        assert "Traceback" not in output and len(output.splitlines()) == 1, output
        assert str(path) in output and "move it away" in output


_WRITER = """
import os, sys
from companion.store import EventStore
store = EventStore(sys.argv[1])
for i in range(5):
    store.append("button", {"button": "done", "n": i})
    os.write(1, b"ACKNOWLEDGED\\n")
store.close()
"""


def test_every_row_is_on_disk_before_the_companion_acts_on_it(tmp_path: Path) -> None:
    """Power loss keeps what was synced and nothing else. Trace the writer's
    real system calls: after each append returns (the companion then acts on
    the row), no write to the log's files may still be waiting for a sync."""
    strace = require_executable("strace", "strace (Debian: strace)")
    trace = tmp_path / "trace.txt"
    path = tmp_path / "game.sqlite"
    subprocess.run(
        [strace, "-f", "-qq", "-y", "-e", "trace=write,pwrite64,fsync,fdatasync", "-o",
         str(trace), sys.executable, "-c", _WRITER, str(path)],
        check=True, capture_output=True, timeout=60,
    )  # fmt: skip
    unsynced: set[str] = set()
    acknowledged = 0
    for line in trace.read_text().splitlines():
        if "ACKNOWLEDGED" in line:
            acknowledged += 1
            assert not unsynced, f"append {acknowledged} returned before {unsynced} was synced"
            continue
        if str(path) not in line or "-shm>" in line:  # shared memory: rebuilt, never synced
            continue
        target = line[line.index("<") + 1 : line.index(">")]
        if line.split()[1].startswith(("write(", "pwrite64(")):
            unsynced.add(target)
        elif line.split()[1].startswith(("fsync(", "fdatasync(")):
            unsynced.discard(target)
    assert acknowledged == 5


def test_an_exported_replay_case_is_owner_only(tmp_path: Path) -> None:
    """A case holds the whole position, every hidden objective with it."""
    from companion.games.amritsar.replay import export_case
    from companion.replay_report import ReplayReport
    from engine.amritsar import new_game, to_dict

    state = to_dict(new_game(2, seed=3))
    report = ReplayReport(cases={7: {"state": state, "seen": {}}})
    target = tmp_path / "case-7.json"
    export_case(report, 7, target)
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert json.loads(target.read_text())["state"] == state


def test_replay_can_open_the_log_of_a_running_game(tmp_path: Path) -> None:
    """Opening checks meta and rows in one snapshot: rows appended meanwhile
    by the running companion are not taken for damage."""
    import threading

    from companion.store import EventStore

    path = tmp_path / "game.sqlite"
    writer = EventStore(path)
    stop = threading.Event()

    def keep_appending() -> None:
        while not stop.is_set():
            writer.append("button", {"button": "done"})

    thread = threading.Thread(target=keep_appending)
    thread.start()
    try:
        for _ in range(30):
            reader = EventStore(path, create=False)
            assert reader.count() >= 0
            reader.close()
    finally:
        stop.set()
        thread.join()
    assert writer.count() > 0
    writer.close()
