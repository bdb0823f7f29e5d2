"""The board's logic on the fake table with a manual clock: exact and fast."""

from __future__ import annotations

import json
from typing import Any

from amritsar_fw.board import LEAVE_MISSES, RING_SIZE, Board
from amritsar_fw.messages import command
from amritsar_sim.fake_hw import FakeHardware

UID = bytes.fromhex("04A1B2C3D4E501")


class MemoryLink:
    name = "serial"

    def __init__(self) -> None:
        self.sent: list[bytes] = []
        self.inbox: list[bytes] = []

    def connected(self) -> bool:
        return True

    def send(self, payload: bytes, message: Any) -> None:
        self.sent.append(payload)

    def poll(self) -> list[bytes]:
        got, self.inbox = self.inbox, []
        return got

    def service(self, board: Any) -> None:
        pass

    def messages(self) -> list[dict[str, Any]]:
        return [json.loads(p) for p in self.sent]


def _board(**kwargs: Any) -> tuple[Board, FakeHardware, MemoryLink]:
    hw = FakeHardware(seed=3)
    link = MemoryLink()
    board = Board(hw, "table-1", link, **kwargs)
    board.start()
    return board, hw, link


def _run(board: Board, hw: FakeHardware, ms: int) -> None:
    end = hw.ticks_ms() + ms
    while hw.ticks_ms() < end:
        board.step()
        hw.sleep_ms(board.step_ms)


def test_boot_says_hello_then_full_state() -> None:
    board, _, link = _board()
    kinds = [m["t"] for m in link.messages()]
    assert kinds == ["hello", "state"]
    assert all(m["board"] == "table-1" and m["boot"] == board.boot for m in link.messages())


def test_lifting_an_elephant_for_less_than_the_leave_window_reports_nothing() -> None:
    board, hw, link = _board(scan_ms=40)
    hw.table.place("N", UID)
    _run(board, hw, 200)
    assert [m["t"] for m in link.messages()][-1] == "arrive"
    link.sent.clear()
    hw.table.take(UID)
    _run(board, hw, 40 * (LEAVE_MISSES - 1) - 10)  # fewer scans than the window
    hw.table.place("N", UID)
    _run(board, hw, 400)
    assert [m["t"] for m in link.messages() if m["t"] != "hb"] == []
    hw.table.take(UID)
    _run(board, hw, 40 * (LEAVE_MISSES + 1))
    assert [m["t"] for m in link.messages()] == ["leave"]


def test_a_held_button_counts_once_and_a_bounce_not_at_all() -> None:
    board, hw, link = _board()
    hw.table.press("done", 500)
    _run(board, hw, 700)
    hw.table.press("undo", 10)
    _run(board, hw, 100)
    presses = [(m["button"], m["presses"]) for m in link.messages() if m["t"] == "button"]
    assert presses == [("done", 1)]


def test_heartbeat_only_when_quiet() -> None:
    board, hw, link = _board(heartbeat_ms=1000)
    _run(board, hw, 3500)
    beats = [m for m in link.messages() if m["t"] == "hb"]
    assert len(beats) == 3
    assert [m["seq"] for m in beats] == [3, 4, 5]


def test_resend_replays_bytes_and_too_old_becomes_state() -> None:
    board, hw, link = _board(heartbeat_ms=10)
    _run(board, hw, 10 * (RING_SIZE + 20))
    assert board.seq > RING_SIZE + 10
    sent_before = list(link.sent)
    link.sent.clear()
    start = board.seq - 5
    link.inbox.append(command("resend", **{"from": start}))
    board.step()
    assert link.sent[:6] == sent_before[-6:]
    link.sent.clear()
    link.inbox.append(command("resend", **{"from": 2}))  # long gone from the ring
    board.step()
    assert [m["t"] for m in link.messages()] == ["state"]


def test_a_state_request_s_challenge_is_echoed_only_in_its_answer() -> None:
    """The companion's nonce comes back in the one state that answers it: a
    frame replayed from another power-up cannot carry a fresh one."""
    board, _, link = _board()
    link.sent.clear()
    link.inbox.append(command("state", nonce="00c0ffee5e1f0c2a"))
    board.step()
    link.inbox.append(command("state"))
    board.step()
    answers = [m for m in link.messages() if m["t"] == "state"]
    assert [a.get("nonce") for a in answers] == ["00c0ffee5e1f0c2a", None]
    assert all(a["boot"] == board.boot for a in answers)


def test_bad_commands_are_counted_and_ignored() -> None:
    board, _, link = _board()
    link.sent.clear()
    link.inbox += [b"not json", b'{"v":1,"t":"dance"}', b'{"v":1,"t":"resend","from":"x"}']
    link.inbox += [b'{"v":1,"t":"state","nonce":"NOT-HEX"}', b'{"v":1,"t":"state","nonce":7}']
    board.step()
    assert board.command_errors == 5
    assert link.sent == []


def test_a_reader_that_fails_and_returns_is_reported_both_times() -> None:
    board, hw, link = _board()
    hw.table.unplug_reader("S")
    _run(board, hw, 300)
    hw.table.unplug_reader("S", False)
    _run(board, hw, 5200)
    faults = [(m["reader"], m["ok"]) for m in link.messages() if m["t"] == "fault"]
    assert faults == [("S", False), ("S", True)]
