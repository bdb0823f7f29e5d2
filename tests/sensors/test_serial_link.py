"""Serial end to end: the real firmware on a simulated board, a real pty, pyserial.

The board (``SimulatedBoard``) runs the firmware files under CPython on fake
hardware and writes frames to one end of a pseudo-terminal; the companion's
``SerialLink`` opens the other end with pyserial, as it would /dev/ttyACM0.
"""

from __future__ import annotations

import os
import tty
from collections.abc import Iterator

import pytest

from companion.games.amritsar.sensors.events import BoardButton, ElephantArrived
from companion.games.amritsar.sensors.serial_link import SerialLink
from companion.games.amritsar.sim.simboard import ELEPHANT_UIDS, SimulatedBoard
from engine.amritsar.board import District
from tests.sensors.helpers import (
    BoardOffline,
    BoardOnline,
    BoardState,
    changes,
    collect,
    count,
    n_changes,
    settle,
)

STRANGER = "04DEADBEEF0001"
#: Seconds a step may take on a machine with a load average of 30: generous,
#: since every wait ends as soon as its condition holds.
LOADED = 60.0


@pytest.fixture
def sim() -> Iterator[SimulatedBoard]:
    board = SimulatedBoard("table-1", seed=11)
    try:
        yield board
    finally:
        board.stop()
        board.check()


def _link(port: str | None, sim: SimulatedBoard, **kwargs: object) -> SerialLink:
    return SerialLink(port, sim.registry(), retry_interval=0.1, **kwargs).start()  # type: ignore[arg-type]


def test_every_change_arrives_once(sim: SimulatedBoard) -> None:
    sim.place_elephant(District.WEST, "orange")  # standing there before power-up
    sim.start()
    link = _link(sim.port, sim)
    try:
        first = collect(
            link, lambda ev: count(BoardState)(ev) and count(BoardOnline)(ev), timeout=LOADED
        )
        assert changes(first) == []  # first contact: the state is the baseline, not a diff
        state = next(e for e in first if isinstance(e, BoardState))
        assert [e.colour for e in state.elephants[District.WEST]] == ["orange"]

        events: list = []
        sim.place_elephant("N", "purple")
        sim.place_elephant("N", "grey")
        sim.place_elephant("N", STRANGER)
        collect(link, n_changes(3), into=events, timeout=LOADED)
        sim.move_maharajah("NE")
        collect(link, n_changes(4), into=events, timeout=LOADED)
        sim.press(BoardButton.DONE)  # returns once the firmware has counted it
        collect(link, n_changes(5), into=events, timeout=LOADED)
        sim.place_elephant("E", "grey")
        collect(link, n_changes(7), into=events, timeout=LOADED)
        events += settle(link)
        got = changes(events)
        assert sorted(got[:3]) == sorted(
            [("ElephantArrived", "N", c) for c in ("purple", "grey", STRANGER)]
        )
        assert got[3:] == [
            ("MaharajahPlaced", "NE"),
            ("ButtonPressed", "done"),
            ("ElephantLeft", "N", "grey"),
            ("ElephantArrived", "E", "grey"),
        ]
        stranger = next(e for e in events if isinstance(e, ElephantArrived) and e.uid == STRANGER)
        assert stranger.colour is None and not stranger.known
        assert not any(e.resync for e in events)
        seqs = [e.seq for e in events]
        assert seqs == sorted(seqs)
    finally:
        link.close()


def test_unplug_and_replug_twice_loses_and_doubles_nothing(sim: SimulatedBoard) -> None:
    sim.start()
    link = _link(sim.port, sim)
    try:
        events = collect(link, count(BoardState))
        sim.place_elephant("N", "purple")
        sim.place_elephant("S", "grey")
        sim.move_maharajah("ES")
        collect(link, n_changes(3), into=events)
        boots = {sim.boot}

        sim.unplug()
        collect(link, count(BoardOffline), into=events)
        sim.place_elephant("E", "purple")  # moved while the cable was out
        sim.lift_maharajah()
        sim.place_elephant("W", "pink")
        sim.replug()
        boots.add(sim.boot)
        collect(link, count(BoardState, 2), into=events)
        sim.press("undo")
        collect(link, n_changes(8), into=events)

        sim.unplug()
        collect(link, count(BoardOffline, 2), into=events)
        sim.remove_elephant("pink")
        sim.replug()
        boots.add(sim.boot)
        collect(link, count(BoardState, 3), into=events)
        sim.press("done")
        collect(link, n_changes(10), into=events)
        events += settle(link)

        assert len(boots) == 3
        got = changes(events)
        assert sorted(got[:3]) == sorted(
            [
                ("ElephantArrived", "N", "purple"),
                ("ElephantArrived", "S", "grey"),
                ("MaharajahPlaced", "ES"),
            ]
        )
        assert got[3:] == [
            ("ElephantLeft", "N", "purple"),
            ("ElephantArrived", "E", "purple"),
            ("ElephantArrived", "W", "pink"),
            ("MaharajahLifted", "ES"),
            ("ButtonPressed", "undo"),
            ("ElephantLeft", "W", "pink"),
            ("ButtonPressed", "done"),
        ]
        resynced = [e for e in events if e.resync]
        assert len(resynced) == 5  # the four changes made while unplugged, and the pink removal
        offline = [e for e in events if isinstance(e, BoardOffline)]
        assert len(offline) == 2 and "unplugged" in offline[0].reason
        assert "desconectó" in offline[0].reason_es
        assert link.connections == 3
    finally:
        link.close()


def test_line_noise_is_counted_and_recovered_by_resend(sim: SimulatedBoard) -> None:
    sim.heartbeat_ms = 500  # a spoiled last frame shows up as a gap at the next heartbeat
    sim.start()
    link = _link(sim.port, sim)
    try:
        events = collect(link, count(BoardState))
        colours = ["purple", "grey", "pink", "orange"]

        def bad() -> int:
            return sum(n for key, n in link.stats.items() if key.startswith("bad"))

        for i, colour in enumerate(colours):
            # Noise with no frame end: it spoils the next frame the board sends
            # (the change, or a heartbeat due first). Each noise is let spoil
            # its frame before the next is sent, so two never spoil one frame.
            before = bad()
            sim.inject_noise(bytes([0x55, 0xAA, 0x01, 0x7F]) * 3)
            sim.place_elephant("NESW"[i], colour)
            collect(link, lambda ev, i=i, b=before: len(changes(ev)) > i and bad() > b, 10, events)
        events += settle(link, 0.5)
        assert changes(events) == [
            ("ElephantArrived", d, c) for d, c in zip("NESW", colours, strict=True)
        ]
        assert bad() >= 4
        # A spoiled change is a gap the next heartbeat shows, recovered by a
        # resend (the changes above all came); a spoiled heartbeat due before
        # the change is no gap, so under load fewer than 4 noises make one.
        assert link.sessions["table-1"].stats["gaps"] >= 1
        assert link.last_error
    finally:
        link.close()


def test_finds_the_board_among_serial_ports(sim: SimulatedBoard) -> None:
    decoy_master, decoy_slave = os.openpty()  # a serial device that never answers
    tty.setraw(decoy_slave)
    sim.start()
    decoy = os.ttyname(decoy_slave)
    link = SerialLink(
        None, sim.registry(), find_ports=lambda: [decoy, sim.port], probe_timeout=0.3
    ).start()
    try:
        collect(link, count(BoardState))
        assert link.port_in_use == sim.port
        assert "no sensor board answered" in (link.last_error or "")
    finally:
        link.close()
        os.close(decoy_master)
        os.close(decoy_slave)


def test_reader_fault_is_reported_and_part_of_the_state(sim: SimulatedBoard) -> None:
    sim.start()
    link = sim.serial_link()
    try:
        events = collect(link, count(BoardState))
        sim.break_reader("E")
        collect(link, n_changes(1), into=events)
        link.request_state()
        collect(link, count(BoardState, 2), into=events)
        assert changes(events) == [("ReaderFault", "E", False)]
        assert [e for e in events if isinstance(e, BoardState)][-1].faulty_readers == {
            District.EAST
        }
        assert ELEPHANT_UIDS["purple"] == sim.uid_of("purple")
    finally:
        link.close()
