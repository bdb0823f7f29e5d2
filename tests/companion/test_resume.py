"""Kill the companion at random instants; each resume restores the same game.

A child process plays a logged game (``fork``, so nothing is imported twice)
and is killed with SIGKILL at a random instant of its play, again and again:
the child says through a pipe when it has resumed, and the kill follows
0-5 ms later, however loaded the machine is. After every
kill the log is resumed in the parent: the state must be exactly one the
uninterrupted game passed through, with the same record. The last child plays
to the end, and the final state equals the uninterrupted game's.
"""

from __future__ import annotations

import os
import random
import select
import signal
import time
from pathlib import Path

import pytest

from companion.games.amritsar.reconcile.reconciler import Reconciler
from companion.games.amritsar.resume import open_session, resume
from companion.games.amritsar.sim.simulate import PerfectTable, ScriptedTable
from companion.store import EventStore

NAMES = ["Ana", "Ben", "Cai", "Dev"]
SEED = 11


def _play(path: Path, ready: int | None = None) -> None:
    session = open_session(path, NAMES, seed=SEED)
    if ready is not None:
        os.write(ready, b"r")  # resumed: from here on every instant is fair game
    ScriptedTable(session, Reconciler(session), PerfectTable(), seed=SEED).play()


def _reference(tmp_path: Path) -> tuple[dict[int, object], object]:
    session = open_session(tmp_path / "reference.sqlite", NAMES, seed=SEED)
    by_length: dict[int, object] = {}
    session.on_step.append(
        lambda before, after, source: by_length.__setitem__(len(session.game.entries), after)
    )
    by_length[len(session.game.entries)] = session.state
    ScriptedTable(session, Reconciler(session), PerfectTable(), seed=SEED).play()
    return by_length, session.state


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork (Linux, macOS)")
def test_sigkill_at_100_random_instants_resumes_identically(tmp_path: Path) -> None:
    by_length, final = _reference(tmp_path)
    rng = random.Random(2024)
    kills = 0
    games = 0
    lengths: set[int] = set()
    path = tmp_path / "game-0.sqlite"
    while kills < 100:
        ready, signal_ready = os.pipe()
        pid = os.fork()
        if pid == 0:  # the child plays until it is killed (or the game ends)
            try:
                os.close(ready)
                _play(path, signal_ready)
            finally:
                os._exit(0)
        os.close(signal_ready)
        readable, _, _ = select.select([ready], [], [], 60)
        assert readable, "the child did not resume within 60 s"
        os.read(ready, 1)
        os.close(ready)
        time.sleep(rng.uniform(0.0, 0.06))  # a random instant of play
        os.kill(pid, signal.SIGKILL)
        _, status = os.waitpid(pid, 0)
        if os.WIFSIGNALED(status):
            kills += 1
        store = EventStore(path)
        try:
            resumed = resume(store)
        finally:
            store.close()
        length = len(resumed.game.entries)
        lengths.add(length)
        assert length in by_length, f"after kill {kills} the record has a length the game never had"
        assert resumed.state == by_length[length], (
            f"after kill {kills} the state differs from the game"
        )
        if resumed.state.finished:
            assert resumed.state == final
            games += 1
            path = tmp_path / f"game-{games}.sqlite"
    # The kills landed all through play, not only at its start.
    assert len(lengths) > 30
    _play(path)  # finish the last game without interruption
    store = EventStore(path)
    try:
        assert resume(store).state == final
    finally:
        store.close()


def test_renamed_seats_new_links_and_an_ended_game_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    session = open_session(path, NAMES, seed=SEED)
    old_token = session.seats[1].token
    session.rename_seat(0, "Anita")
    fresh = session.new_token(1)
    session.end()
    store = EventStore(path)
    try:
        resumed = resume(store)
    finally:
        store.close()
    assert resumed.seats[0].name == "Anita"
    assert resumed.seat_for_token(fresh.token) == 1 and resumed.seat_for_token(old_token) is None
    assert resumed.ended


def test_house_rules_chosen_at_creation_survive_a_restart(tmp_path: Path) -> None:
    path = tmp_path / "game.sqlite"
    session = open_session(path, NAMES[:2], seed=SEED, options=["skip_no_wrap"])
    assert session.state.options == ("skip_no_wrap",)
    store = EventStore(path)
    try:
        resumed = resume(store)
    finally:
        store.close()
    assert resumed.state.options == ("skip_no_wrap",) and resumed.state == session.state


def test_the_house_rules_are_in_every_seats_view(tmp_path: Path) -> None:
    session = open_session(tmp_path / "g.sqlite", NAMES[:2], seed=SEED, options=["skip_no_wrap"])
    for seat in (None, 0, 1):
        view = session.seat_view(seat)
        assert view["game"]["options"] == ["skip_no_wrap"]
        (rule,) = view["house_rules"]
        assert rule["en"].startswith("A skipping worker") and rule["es"].startswith("Un trabajador")
